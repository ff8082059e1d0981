"""A club's roster of players: autocomplete, guests added, refusals."""

from typing import Any

import pytest
from rest_framework.test import APIClient

from pitchclub.models import Club, Player, Role
from pitchclub.services import players as services
from tests.helpers import error_at
from tests.pitchclub.clubs.api.helpers import client_for, club_url, member

pytestmark = pytest.mark.django_db


def test_the_roster_autocompletes_names_in_any_case_sorted_by_name(
    club: Club,
) -> None:
    for name in ["Dan", "bob", "Ann", "Joanne", "Cy"]:
        services.guest_add(club=club, name=name)
    member(club, first_name="Hannah", last_name="Ng")

    response = client_for(None).get(club_url(club, "players/"), {"q": "AN"})

    assert response.status_code == 200
    assert [(p["name"], p["is_guest"]) for p in response.json()] == [
        ("Ann", True),
        ("Dan", True),
        ("Hannah Ng", False),
        ("Joanne", True),
    ]
    everyone = client_for(None).get(club_url(club, "players/")).json()
    assert [p["name"] for p in everyone][:3] == ["Ann", "bob", "Cy"]
    ann = Player.objects.get(club=club, name="Ann")
    assert response.json()[0]["id"] == ann.pk


def test_a_guest_typed_with_a_combining_accent_is_the_existing_player(
    club: Club,
) -> None:
    keeper = client_for(member(club, Role.SCOREKEEPER))
    added = keeper.post(
        club_url(club, "players/"), {"name": "Jos\u00e9"}, format="json"
    )

    again = keeper.post(
        club_url(club, "players/"), {"name": "Jose\u0301"}, format="json"
    )

    assert added.status_code == 201
    assert again.status_code == 200
    assert again.json() == added.json()


def test_a_keeper_adds_a_guest_and_an_existing_name_is_that_player(
    club: Club,
) -> None:
    keeper = client_for(member(club, Role.SCOREKEEPER))

    added = keeper.post(
        club_url(club, "players/"), {"name": " Ann  Lee "}, format="json"
    )
    again = keeper.post(club_url(club, "players/"), {"name": "ann lee"}, format="json")

    assert added.status_code == 201
    assert added.json()["name"] == "Ann Lee"
    assert added.json()["is_guest"] is True
    assert again.status_code == 200
    assert again.json() == added.json()
    assert club.players.filter(name__iexact="ann lee").count() == 1


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"name": "   "}, "name"),
        ({"name": "x" * 41}, "name"),
        ({}, "name"),
        ({"name": 7}, "name"),
        ({"name": "Ann", "user": 1}, "user"),
    ],
)
def test_a_wrong_guest_is_refused_naming_the_field(
    api: APIClient, club: Club, body: dict[str, Any], field: str
) -> None:
    response = api.post(club_url(club, "players/"), body, format="json")

    assert response.status_code == 400
    error_at(response.json(), field)
    assert club.players.count() == 1
