"""Creating a tournament: entrants resolved against the roster, settings with their
defaults, and every wrong input a 400 naming the field. Reading: the whole
tournament in a constant number of queries; the list, paginated."""

from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from pitchclub.models import Club, Player
from tests.helpers import error_at
from tests.tournaments.helpers import TOURNAMENTS, create, matches, read
from tournaments.models import Entrant, Tournament

ANN_BOB = {"players": ["Ann", "Bob"]}


def _body(of: Club, **changes: Any) -> dict[str, Any]:
    body = {
        "club": of.slug,
        "name": "Spring Cup",
        "format": "single_elimination",
        "variant": "auction",
        "team_size": 1,
        "entrants": ["Ann", "Bob", "Cy"],
    }
    return {**body, **changes}


def test_names_resolve_against_the_roster_and_new_ones_add_guests(
    club: Club, organiser_api: APIClient
) -> None:
    ann = Player.objects.create(club=club, name="Ann")
    t = create(
        organiser_api,
        club,
        format="round_robin",
        entrants=["ann", "Bob", "Cy"],
    )
    assert next(e["players"][0]["id"] for e in t["entrants"]) == ann.pk
    assert [e["name"] for e in t["entrants"]] == ["Ann", "Bob", "Cy"]
    assert set(club.players.values_list("name", flat=True)) >= {"Ann", "Bob", "Cy"}
    assert club.players.filter(name__iexact="ann").count() == 1


def test_teams_are_named_or_named_after_their_players(
    club: Club, organiser_api: APIClient
) -> None:
    bob = Player.objects.create(club=club, name="Bob")
    t = create(
        organiser_api,
        club,
        format="single_elimination",
        team_size=2,
        entrants=[
            {"name": "Aces", "players": ["Ann", "Cy"]},
            {"players": [{"player": bob.pk}, "Di"]},
        ],
    )
    assert [e["name"] for e in t["entrants"]] == ["Aces", "Bob & Di"]
    assert [p["name"] for p in t["entrants"][1]["players"]] == ["Bob", "Di"]
    assert [e["seed"] for e in t["entrants"]] == [1, 2]


def test_random_seeding_draws_the_seeds_once(
    club: Club, organiser_api: APIClient
) -> None:
    names = [f"P{i}" for i in range(12)]
    t = create(
        organiser_api, club, format="swiss", entrants=names,
        settings={"seeding": "random"},
    )  # fmt: skip
    assert sorted(e["name"] for e in t["entrants"]) == sorted(names)
    assert [e["seed"] for e in t["entrants"]] == list(range(1, 13))
    # 12! orders: a random draw that gives back the order typed is not this one.
    assert [e["name"] for e in t["entrants"]] != names
    assert read(organiser_api, t["id"])["entrants"] == t["entrants"]


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"format": "knockout"}, "format"),
        ({"format": "progressive"}, "entrants"),  # a night needs 4 players
        ({"variant": "bridge"}, "variant"),
        ({"team_size": 3}, "team_size"),
        ({"variant": "thirteen"}, "team_size"),
        ({"options": {"target": 0}}, "options.target"),
        ({"settings": {"third_place": True, "cycles": 2}}, "settings.cycles"),
        ({"settings": {"games_per_match": 2}}, "settings.games_per_match"),
        ({"settings": {"seeding": "alphabetical"}}, "settings.seeding"),
        ({"settings": {"third_place": "yes"}}, "settings.third_place"),
        ({"entrants": ["Ann"]}, "entrants"),
        ({"entrants": ["Ann", "Bob", "ann"]}, "entrants.2"),
        ({"entrants": ["Ann", "", "Cy"]}, "entrants.1"),
        ({"entrants": ["Ann", "Bob", 7]}, "entrants.2"),
        ({"entrants": ["Ann", "B" * 41]}, "entrants.1"),
        ({"name": ""}, "name"),
        ({"name": "x" * 81}, "name"),
        ({"club": "no-such-club"}, "club"),
        ({"surprise": 1}, "surprise"),
        (
            {"team_size": 2, "entrants": [ANN_BOB, {"players": ["Cy"]}]},
            "entrants.1.players",
        ),
        (
            {"team_size": 2, "entrants": [ANN_BOB, {"players": ["Cy", "Bob"]}]},
            "entrants.1.players.1",
        ),
        (
            {"team_size": 2, "entrants": [
                {"name": "Aces", "players": ["Ann", "Bob"]},
                {"name": "aces", "players": ["Cy", "Di"]},
            ]},
            "entrants.1.name",
        ),
    ],
)  # fmt: skip
def test_bad_input_is_a_400_naming_the_field(
    club: Club, organiser_api: APIClient, changes: dict[str, Any], field: str
) -> None:
    roster = club.players.count()
    response = organiser_api.post(TOURNAMENTS, _body(club, **changes), format="json")
    assert response.status_code == 400, response.json()
    error_at(response.json(), field)
    # Nothing half-written: no tournament, no guest added.
    assert not Tournament.objects.exists()
    assert not Entrant.objects.exists()
    assert club.players.count() == roster


def test_a_name_given_twice_quotes_the_earlier_spelling(
    club: Club, organiser_api: APIClient
) -> None:
    response = organiser_api.post(
        TOURNAMENTS,
        _body(
            club,
            team_size=2,
            entrants=[
                {"name": "Aces", "players": ["Ann", "Cy"]},
                {"name": "aces", "players": ["Bob", "Di"]},
            ],
        ),
        format="json",
    )
    assert response.status_code == 400
    assert error_at(response.json(), "entrants.1.name") == [
        "Entrant 1 is already called Aces: give each entrant its own name."
    ]


def test_swiss_rounds_out_of_range_name_the_setting(
    club: Club, organiser_api: APIClient
) -> None:
    response = organiser_api.post(
        TOURNAMENTS,
        _body(club, format="swiss", settings={"rounds": 3}),
        format="json",
    )
    assert response.status_code == 400
    assert "1 to 2 rounds" in error_at(response.json(), "settings.rounds")[0]


def test_a_player_of_another_club_is_refused(
    club: Club, organiser_api: APIClient, people: Any
) -> None:
    from pitchclub.services import clubs as club_services

    other = club_services.club_create(name="Other", by=people.organiser)
    stranger = Player.objects.create(club=other, name="Zed")
    response = organiser_api.post(
        TOURNAMENTS,
        _body(club, entrants=["Ann", {"player": stranger.pk}]),
        format="json",
    )
    assert response.status_code == 400
    assert "roster" in error_at(response.json(), "entrants.1")[0]


def _queries(api: APIClient, tournament_id: int) -> int:
    with CaptureQueriesContext(connection) as queries:
        assert api.get(f"{TOURNAMENTS}{tournament_id}/").status_code == 200
    return len(queries)


@pytest.mark.parametrize(
    "format", ["single_elimination", "double_elimination", "round_robin", "swiss"]
)
def test_reading_a_tournament_takes_the_same_queries_for_4_and_16(
    club: Club, organiser_api: APIClient, format: str
) -> None:
    small = create(organiser_api, club, format=format, entrants=4, team_size=2)
    names = [f"Player {i}" for i in range(32)]
    big = create(
        organiser_api,
        club,
        format=format,
        team_size=2,
        entrants=[{"players": names[2 * i : 2 * i + 2]} for i in range(16)],
    )
    assert len(matches(big)) > len(matches(small))
    # The club is public: no query for the reader's role.
    assert _queries(organiser_api, small["id"]) == _queries(organiser_api, big["id"])
    assert _queries(APIClient(), big["id"]) <= 6


def test_the_list_pages_and_filters_by_club(
    club: Club, organiser_api: APIClient, people: Any
) -> None:
    from pitchclub.services import clubs as club_services

    other = club_services.club_create(name="Other Club", by=people.organiser)
    for _ in range(3):
        create(organiser_api, club, format="round_robin", entrants=3)
    create(organiser_api, other, format="round_robin", entrants=3)
    listed = organiser_api.get(TOURNAMENTS, {"club": club.slug, "limit": 2})
    assert listed.status_code == 200
    body = listed.json()
    assert body["count"] == 3
    assert len(body["results"]) == 2
    assert body["next"]
    assert {t["club"] for t in body["results"]} == {club.slug}
    assert body["results"][0]["entrant_count"] == 3
    assert "rounds" not in body["results"][0]
    assert organiser_api.get(TOURNAMENTS).json()["count"] == 4
    unknown = organiser_api.get(TOURNAMENTS, {"club": "nowhere"})
    assert unknown.status_code == 400
    error_at(unknown.json(), "club")
