"""The games API reads a game's night back (issue 14, item 3): a game started with
`"night": id` says `"night": id` in the 201, in `GET /api/v1/games/{id}/`, in the
list and in the answer of a recorded hand; every other game's representation has
no `night` at all (API.md's exactly). The schema documents it as an optional
integer. Reading it costs no query."""

from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from pitchclub.models import Club
from tests.tournaments.helpers import hand_for
from tests.tournaments.seasons.test_seasons_api import add_night, create

pytestmark = pytest.mark.django_db


def _body(club: Club, **extra: Any) -> dict[str, Any]:
    return {
        "variant": "auction",
        "players": ["Ann", "Bob"],
        "options": {"target": 7},
        "club": club.slug,
        **extra,
    }


@pytest.fixture
def night(club: Club, organiser_api: APIClient) -> dict[str, Any]:
    season = create(organiser_api, club, starts="2026-12-01", ends="2026-12-31")
    return add_night(organiser_api, season["id"], "2026-12-03")


def test_a_game_started_for_a_night_reads_it_back(
    club: Club, keeper_api: APIClient, night: dict[str, Any]
) -> None:
    created = keeper_api.post(
        "/api/v1/games/", _body(club, night=night["id"]), format="json"
    )
    assert created.status_code == 201, created.json()
    game = created.json()
    assert game["night"] == night["id"]
    # Placed as GameOutput renders it: after `abandoned`, before the hands.
    keys = list(game)
    assert keys.index("abandoned") + 1 == keys.index("night") == keys.index("hands") - 1

    read = keeper_api.get(f"/api/v1/games/{game['id']}/").json()
    assert read == game

    recorded = keeper_api.post(
        f"/api/v1/games/{game['id']}/hands/", hand_for(0), format="json"
    )
    assert recorded.status_code == 201, recorded.json()
    assert recorded.json()["night"] == night["id"]

    listed = keeper_api.get("/api/v1/games/").json()["results"]
    assert [(g["id"], g["night"]) for g in listed] == [(game["id"], night["id"])]


def test_a_game_without_a_night_has_no_night_field(
    club: Club, keeper_api: APIClient, night: dict[str, Any]
) -> None:
    outside = {**_body(club), "club": None}
    for body in (_body(club), _body(club, night=None), outside):
        created = keeper_api.post("/api/v1/games/", body, format="json")
        assert created.status_code == 201, created.json()
        assert "night" not in created.json()
        read = keeper_api.get(f"/api/v1/games/{created.json()['id']}/").json()
        assert "night" not in read
    listed = keeper_api.get("/api/v1/games/").json()["results"]
    assert len(listed) == 3
    assert all("night" not in game for game in listed)


def test_reading_a_nights_game_takes_the_queries_of_any_game(
    club: Club, keeper_api: APIClient, night: dict[str, Any]
) -> None:
    counts = []
    for extra in ({}, {"night": night["id"]}):
        game = keeper_api.post("/api/v1/games/", _body(club, **extra), format="json")
        with CaptureQueriesContext(connection) as read:
            keeper_api.get(f"/api/v1/games/{game.json()['id']}/")
        with CaptureQueriesContext(connection) as listed:
            keeper_api.get("/api/v1/games/")
        counts.append((len(read), len(listed)))
    assert counts[0] == counts[1]


def test_the_schema_documents_night_as_an_optional_integer(
    anon_api: APIClient,
) -> None:
    schema = anon_api.get("/api/v1/schema/?format=json").json()
    schemas = schema["components"]["schemas"]
    for name in ("GameOutput", "GameSummaryOutput"):
        night = schemas[name]["properties"]["night"]
        assert night["type"] == "integer"
        assert "night" not in schemas[name]["required"]
        assert (
            "Present when the game was started for a season's night"
            in (night["description"])
        )
        assert "abandoned" in schemas[name]["required"]
