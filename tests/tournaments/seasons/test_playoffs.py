"""A season's playoffs (EVENTS.md "Club nights and leagues"): the one tournament
started from its standings, not counted in its regular standings (neither its
games nor its paper results), its champion the season's; started once (a second
start is a 409 naming the first), by the page and by
`POST /api/v1/seasons/{id}/playoffs/`."""

import importlib
from typing import Any

import pytest
from rest_framework.test import APIClient

from pitchclub.models import Club
from tests.helpers import error_at, signed_in
from tests.tournaments.conftest import People, client_for
from tests.tournaments.seasons.test_paper_results import (
    Expected,
    at_the_table,
    on_paper,
)
from tests.tournaments.seasons.test_seasons import DEC, at, make_season, played, table
from tournaments.models import Match, MatchStatus, Season, Tournament
from tournaments.seasons import services
from tournaments.seasons.overview import season_read
from tournaments.seasons.refusals import SeasonRefusal

pytestmark = pytest.mark.django_db


@pytest.fixture
def season(club: Club) -> Season:
    """One night: Ann 2 wins, Bob 1, Cy 1 (fewer points), Di none; the
    season's games to 6 (the playoffs play them)."""
    season = make_season(club, DEC[3], options={"target": 6})
    played(club, DEC[3], "Ann", "Bob", 2)
    played(club, DEC[3], "Ann", "Cy", 1)
    played(club, DEC[3], "Bob", "Di", 1)
    played(club, DEC[3], "Cy", "Di")
    return season


def on_the_night(cup: Tournament) -> Tournament:
    Tournament.objects.filter(pk=cup.pk).update(created_at=at(DEC[3], 22))
    cup.refresh_from_db()
    return cup


def test_the_playoffs_games_and_paper_results_do_not_count(season: Season) -> None:
    before = table(season)
    assert [line[1] for line in before] == ["Ann", "Bob", "Cy", "Di"]
    cup = on_the_night(
        services.playoffs_start(
            season=season,
            size=4,
            format="single_elimination",
            settings={"seeding": "given"},
        )
    )
    season.refresh_from_db()
    assert season.playoffs == cup
    # Semi-finals: Ann beats Di on paper, Bob beats Cy at the table; the final
    # (Ann against Bob) at the table too.
    on_paper(cup, "Ann", "Di", None, Expected())
    semi = next(
        m
        for m in Match.objects.filter(
            tournament=cup, status=MatchStatus.READY
        ).select_related("entrant_a", "entrant_b")
        if "Cy" in (m.entrant_a.name, m.entrant_b.name)
    )
    at_the_table(semi, "Bob", 1, Expected())
    final = Match.objects.select_related("entrant_a", "entrant_b").get(
        tournament=cup, status=MatchStatus.READY
    )
    game = at_the_table(final, "Bob", 2, Expected())
    cup.refresh_from_db()
    assert cup.status == "finished"

    assert table(season) == before
    view = season_read(season)
    night = view.nights[0]
    assert game.pk not in night.games
    assert len(night.games) == 4
    assert [t.pk for t in night.tournaments] == [cup.pk]


def test_playoffs_start_once(season: Season) -> None:
    first = services.playoffs_start(season=season, size=2, format="round_robin")
    with pytest.raises(SeasonRefusal) as refused:
        services.playoffs_start(season=season, size=2, format="swiss")
    assert refused.value.conflict
    assert refused.value.code == "playoffs_started"
    assert first.name in refused.value.message
    assert Tournament.objects.count() == 1


def test_the_season_page_links_its_playoffs_and_shows_the_champion(
    people: People, season: Season
) -> None:
    organiser = signed_in(people.organiser)
    page = organiser.get(f"/seasons/{season.pk}/").content.decode()
    assert "Start playoffs" in page
    answer = organiser.post(
        f"/seasons/{season.pk}/playoffs/", {"format": "single_elimination", "size": 2}
    )
    cup = Tournament.objects.get()
    assert answer.status_code == 302
    page = organiser.get(f"/seasons/{season.pk}/").content.decode()
    assert "Start playoffs" not in page
    assert "Playoffs running" in page
    assert f'href="/tournaments/{cup.pk}/"' in page
    # A second start (a stale page, a double submit) is refused, naming the first.
    again = organiser.post(
        f"/seasons/{season.pk}/playoffs/", {"format": "single_elimination", "size": 2}
    )
    assert again.status_code == 409
    assert cup.name in again.content.decode()
    assert Tournament.objects.count() == 1
    # Once the final is played, its champion is the season's.
    final = Match.objects.select_related("entrant_a", "entrant_b").get(tournament=cup)
    on_paper(cup, "Bob", "Ann", (11, 3), Expected())
    page = organiser.get(f"/seasons/{season.pk}/").content.decode()
    assert "Playoffs running" not in page
    assert "Season champion" in page
    assert "Bob" in page.split("Season champion")[1][:400]
    assert final.pk


def url(season: Season) -> str:
    return f"/api/v1/seasons/{season.pk}/playoffs/"


def test_the_api_starts_the_playoffs_once(
    season: Season, organiser_api: APIClient
) -> None:
    body = {"size": 2, "format": "single_elimination", "settings": {}}
    answer = organiser_api.post(url(season), body, format="json")
    assert answer.status_code == 201, answer.json()
    cup = answer.json()
    assert cup == organiser_api.get(f"/api/v1/tournaments/{cup['id']}/").json()
    assert [e["name"] for e in cup["entrants"]] == ["Ann", "Bob"]
    again = organiser_api.post(url(season), body, format="json")
    assert again.status_code == 409
    assert again.json()["code"] == "playoffs_started"
    assert cup["name"] in again.json()["detail"]
    read = organiser_api.get(f"/api/v1/seasons/{season.pk}/").json()
    assert (read["playoffs"], read["champion"]) == (cup["id"], None)
    final = Tournament.objects.get(pk=cup["id"])
    on_paper(final, "Ann", "Bob", None, Expected())
    read = organiser_api.get(f"/api/v1/seasons/{season.pk}/").json()
    ann = next(line["player"] for line in read["standings"] if line["rank"] == 1)
    assert read["champion"] == ann


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"size": 1, "format": "swiss"}, "size"),
        ({"size": 9, "format": "swiss"}, "size"),
        ({"size": "four", "format": "swiss"}, "size"),
        ({"size": 2, "format": "progressive"}, "format"),
        ({"size": 2, "format": "swiss", "settings": {"bogus": 1}}, "settings.bogus"),
        ({"format": "swiss"}, "size"),
    ],
)
def test_bad_playoffs_are_a_400_naming_the_field(
    season: Season, organiser_api: APIClient, body: dict[str, Any], field: str
) -> None:
    answer = organiser_api.post(url(season), body, format="json")
    assert answer.status_code == 400, answer.json()
    assert error_at(answer.json(), field)
    assert Tournament.objects.count() == 0
    assert organiser_api.get(f"/api/v1/seasons/{season.pk}/").json()["playoffs"] is None


@pytest.mark.parametrize(
    ("who", "private", "status"),
    [
        ("anon", False, 401),
        ("member", False, 403),
        ("scorekeeper", False, 403),
        ("outsider", False, 403),
        ("outsider", True, 404),
        ("anon", True, 404),
    ],
)
def test_only_organisers_start_playoffs_through_the_api(
    season: Season, people: People, who: str, private: bool, status: int
) -> None:
    if private:
        Club.objects.filter(pk=season.club_id).update(is_private=True)
    api = client_for(None if who == "anon" else getattr(people, who))
    answer = api.post(url(season), {"size": 2, "format": "swiss"}, format="json")
    assert answer.status_code == status
    assert Tournament.objects.count() == 0


def test_the_schema_documents_the_playoffs(anon_api: APIClient) -> None:
    schema = anon_api.get("/api/v1/schema/?format=json").json()
    operation = schema["paths"]["/api/v1/seasons/{season_id}/playoffs/"]["post"]
    assert set(operation["responses"]) >= {"201", "400", "401", "403", "404", "409"}
    ref = operation["requestBody"]["content"]["application/json"]["schema"]["$ref"]
    body = schema["components"]["schemas"][ref.rsplit("/", 1)[1]]
    assert set(body["properties"]) >= {"size", "format", "settings"}
    assert body["properties"]["size"]["minimum"] == 2
    assert body["required"] == ["format", "size"] or set(body["required"]) == {
        "format",
        "size",
    }
    season = schema["components"]["schemas"]["SeasonOutput"]["properties"]
    assert season["playoffs"]["nullable"] is True
    assert {"playoffs", "champion"} <= set(season)


def test_playoffs_started_before_the_link_are_linked_by_the_data_step(
    season: Season, club: Club
) -> None:
    """Migration 0005_seasons: the tournament "Start playoffs" made (named after
    the season) becomes its playoffs; another season's, or another name, not."""
    from django.apps import apps

    link_playoffs = importlib.import_module(
        "tournaments.migrations.0005_seasons"
    ).link_playoffs
    old = services.playoffs_start(season=season, size=2, format="swiss")
    Season.objects.filter(pk=season.pk).update(playoffs=None)
    other = make_season(club, DEC[3], name="Spring", starts=DEC[2])
    cup = services.playoffs_start(
        season=other, size=2, format="swiss", name="Spring cup"
    )
    Season.objects.filter(pk=other.pk).update(playoffs=None)
    assert table(season)[0][3] == 2  # Ann's 2 games: the playoffs are not seen

    link_playoffs(apps, None)
    link_playoffs(apps, None)

    season.refresh_from_db()
    other.refresh_from_db()
    assert season.playoffs_id == old.pk
    assert other.playoffs_id is None
    assert cup.pk != old.pk
