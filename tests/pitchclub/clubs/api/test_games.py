"""Games started in a club through the games API: the roster seats them, only
keepers start them, a private club's players stay unknown to outsiders."""

from typing import Any

import pytest
from django.contrib.auth.models import AbstractUser
from rest_framework.test import APIClient

from pitchclub.models import Club, Membership, Role
from pitchclub.services.clubs import club_create
from pitchclub.services.players import guest_add
from scoring.models import Game
from tests.factories import UserFactory
from tests.helpers import error_at
from tests.pitchclub.clubs.api.helpers import GAMES, client_for, club_url, member

pytestmark = pytest.mark.django_db


def start_in(client: APIClient, club: Club, players: list[Any]) -> Any:
    return client.post(
        GAMES,
        {"variant": "auction", "players": players, "club": club.slug},
        format="json",
    )


def test_a_game_in_a_club_seats_the_rosters_players_by_name_in_any_case(
    api: APIClient, club: Club
) -> None:
    ann = guest_add(club=club, name="Ann")

    response = start_in(api, club, ["ann", "Bob", "Cy"])

    assert response.status_code == 201, response.json()
    game = response.json()
    assert game["club"] == "elks-lodge"
    assert game["players"] == ["Ann", "Bob", "Cy"]
    assert game["player_ids"][0] == ann.pk


def test_a_new_name_in_a_club_game_adds_a_guest_to_the_roster(
    api: APIClient, club: Club
) -> None:
    start_in(api, club, ["Ann", "Bob", "Cy"])

    roster = client_for(None).get(club_url(club, "players/")).json()
    guests = {p["name"] for p in roster if p["is_guest"]}
    assert guests == {"Ann", "Bob", "Cy"}


def test_a_club_game_seats_roster_players_by_id(
    api: APIClient, club: Club, user: AbstractUser
) -> None:
    mine = club.players.get(user=user)
    ann = api.post(club_url(club, "players/"), {"name": "Ann"}, format="json").json()

    response = start_in(api, club, [{"player": mine.pk}, {"player": ann["id"]}, "Cy"])

    assert response.status_code == 201, response.json()
    assert response.json()["player_ids"][:2] == [mine.pk, ann["id"]]


def test_a_player_from_another_clubs_roster_is_refused_naming_the_seat(
    api: APIClient, club: Club
) -> None:
    elsewhere = club_create(name="Attic", by=UserFactory())
    stranger = guest_add(club=elsewhere, name="Zed")

    response = start_in(api, club, ["Ann", {"player": stranger.pk}, "Cy"])

    assert response.status_code == 400
    assert "roster" in error_at(response.json(), "players.1")[0]
    assert not Game.objects.exists()


@pytest.mark.parametrize("role", [None, Role.MEMBER])
def test_only_keepers_start_a_clubs_games(club: Club, role: str | None) -> None:
    person = member(club, role) if role else UserFactory()

    response = start_in(client_for(person), club, ["Ann", "Bob", "Cy"])

    assert response.status_code == 403
    assert "organisers and scorekeepers" in response.json()["detail"]
    assert not Game.objects.exists()
    assert not club.players.filter(name="Bob").exists()


def test_a_private_club_unknown_to_the_caller_is_refused_naming_club(
    private_club: Club,
) -> None:
    response = start_in(client_for(UserFactory()), private_club, ["Ann", "Bob", "Cy"])

    assert response.status_code == 400
    assert error_at(response.json(), "club") == [
        f"There is no club {private_club.slug!r}."
    ]
    assert not Game.objects.exists()


def test_a_scorekeeper_starts_a_game_and_an_organiser_may_record_its_hands(
    club: Club, api: APIClient
) -> None:
    keeper = client_for(member(club, Role.SCOREKEEPER))
    game = start_in(keeper, club, ["Ann", "Bob", "Cy"]).json()

    response = api.post(
        f"{GAMES}{game['id']}/hands/",
        {"auction": [2, "pass", "pass"], "awards": {"high": 1, "low": 1}},
        format="json",
    )

    assert response.status_code == 201, response.json()
    assert response.json()["scores"] == [0, 2, 0]
    assert Membership.objects.filter(club=club).count() == 2


def test_a_huge_limit_on_games_is_capped_rather_than_a_server_error(
    api: APIClient, club: Club
) -> None:
    api.post(GAMES, {"variant": "auction", "players": ["A", "B"]}, format="json")

    answer = api.get(f"{GAMES}?limit={2**70}")

    assert answer.status_code == 200
    assert len(answer.json()["results"]) == 1


def test_a_private_rosters_player_id_is_unknown_to_outsiders(
    private_club: Club,
) -> None:
    guest = guest_add(club=private_club, name="Secret Sam")
    outsider = client_for(UserFactory())

    answer = outsider.post(
        GAMES,
        {"variant": "auction", "players": [{"player": guest.pk}, "Bob"]},
        format="json",
    )

    assert answer.status_code == 400
    assert "Secret Sam" not in answer.content.decode()
    assert error_at(answer.json(), "players.0")
