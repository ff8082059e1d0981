"""Who may do what with a club's tournaments: exactly as with its games (API.md).
Anyone who may read the club's games reads its tournaments (a private club's are
404 to outsiders, anonymous included); organisers and scorekeepers create them,
start match games and draw Swiss rounds; organisers enter paper results."""

from typing import Any

import pytest
from rest_framework.test import APIClient

from pitchclub.models import Club
from tests.tournaments.conftest import People, client_for
from tests.tournaments.helpers import TOURNAMENTS, create

ROLES = ["anonymous", "outsider", "member", "scorekeeper", "organiser", "superuser"]

# What each role gets, (public club, private club), per operation. "ok" is the
# operation's own success (or, for drawing a round while one is open, its 409).
EXPECTED: dict[str, dict[str, tuple[int, int]]] = {
    "read": {
        "anonymous": (200, 404),
        "outsider": (200, 404),
        "member": (200, 200),
        "scorekeeper": (200, 200),
        "organiser": (200, 200),
        "superuser": (200, 200),
    },
    "list": {
        "anonymous": (1, 0),
        "outsider": (1, 0),
        "member": (1, 1),
        "scorekeeper": (1, 1),
        "organiser": (1, 1),
        "superuser": (1, 1),
    },
    "create": {
        "anonymous": (401, 401),
        "outsider": (403, 400),
        "member": (403, 403),
        "scorekeeper": (201, 201),
        "organiser": (201, 201),
        "superuser": (201, 201),
    },
    "game": {
        "anonymous": (401, 404),
        "outsider": (403, 404),
        "member": (403, 403),
        "scorekeeper": (201, 201),
        "organiser": (201, 201),
        "superuser": (201, 201),
    },
    "result": {
        "anonymous": (401, 404),
        "outsider": (403, 404),
        "member": (403, 403),
        "scorekeeper": (403, 403),
        "organiser": (200, 200),
        "superuser": (200, 200),
    },
    "rounds": {
        "anonymous": (401, 404),
        "outsider": (403, 404),
        "member": (403, 403),
        "scorekeeper": (409, 409),
        "organiser": (409, 409),
        "superuser": (409, 409),
    },
}


def _as(people: People, role: str) -> APIClient:
    return client_for(None if role == "anonymous" else getattr(people, role))


@pytest.fixture(params=[False, True], ids=["public", "private"])
def private(request: pytest.FixtureRequest, club: Club) -> bool:
    club.is_private = request.param
    club.save()
    return request.param


@pytest.fixture
def swiss(club: Club, people: People, private: bool) -> dict[str, Any]:
    return create(client_for(people.organiser), club, format="swiss", entrants=4)


@pytest.mark.parametrize("role", ROLES)
def test_reading(
    role: str, people: People, club: Club, private: bool, swiss: dict[str, Any]
) -> None:
    api = _as(people, role)
    expected = EXPECTED["read"][role][private]
    assert api.get(f"{TOURNAMENTS}{swiss['id']}/").status_code == expected
    listed = api.get(TOURNAMENTS)
    assert listed.status_code == 200
    assert listed.json()["count"] == EXPECTED["list"][role][private]


@pytest.mark.parametrize("role", ROLES)
def test_creating(role: str, people: People, club: Club, private: bool) -> None:
    body = {
        "club": club.slug,
        "name": "Cup",
        "format": "round_robin",
        "variant": "auction",
        "entrants": ["Ann", "Bob"],
    }
    response = _as(people, role).post(TOURNAMENTS, body, format="json")
    assert response.status_code == EXPECTED["create"][role][private], response.json()


@pytest.mark.parametrize("role", ROLES)
def test_running_a_match(
    role: str, people: People, club: Club, private: bool, swiss: dict[str, Any]
) -> None:
    api = _as(people, role)
    match = swiss["rounds"][0]["matches"][0]
    url = f"{TOURNAMENTS}{swiss['id']}/matches/{match['id']}/"
    game = api.post(f"{url}game/")
    assert game.status_code == EXPECTED["game"][role][private]
    if game.status_code == 201:
        # The match's game is the club's: its hands are recorded like any game's.
        assert game.json()["club"] == club.slug
    other = swiss["rounds"][0]["matches"][1]
    result = api.post(
        f"{TOURNAMENTS}{swiss['id']}/matches/{other['id']}/result/",
        {"winner": other["entrants"][0]},
        format="json",
    )
    assert result.status_code == EXPECTED["result"][role][private]
    rounds = api.post(f"{TOURNAMENTS}{swiss['id']}/rounds/")
    assert rounds.status_code == EXPECTED["rounds"][role][private]
