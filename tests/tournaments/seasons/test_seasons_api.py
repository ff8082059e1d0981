"""The seasons API as EVENTS.md says: a club's seasons (create, list), one season
with its nights and standings, a night added; a game started with `"night": id`;
the errors (400 naming the field, 404 to outsiders of a private club, 409 for a
conflict); who may do what, like the tournaments' permission matrix."""

from typing import Any

import pytest
from rest_framework.test import APIClient

from pitchclub.models import Club
from pitchclub.services import clubs as club_services
from scoring.engine import OPTION_DEFAULTS
from scoring.models import Game, Seat
from tests.helpers import error_at
from tests.tournaments.conftest import People, client_for
from tests.tournaments.helpers import win_game
from tests.tournaments.seasons.test_seasons import DEC, at

pytestmark = pytest.mark.django_db

BODY = {
    "name": "Winter 2026",
    "starts": "2026-12-01",
    "ends": "2027-03-30",
    "variant": "auction",
    "options": {},
    "scoring": "wins",
    "drop_worst": 2,
    "min_nights": 4,
}


def seasons_url(club: Club) -> str:
    return f"/api/v1/clubs/{club.slug}/seasons/"


def create(api: APIClient, club: Club, expect: int = 201, **fields: Any) -> Any:
    response = api.post(seasons_url(club), {**BODY, **fields}, format="json")
    assert response.status_code == expect, response.json()
    return response.json()


def add_night(api: APIClient, season_id: int, date: str, expect: int = 201) -> Any:
    response = api.post(
        f"/api/v1/seasons/{season_id}/nights/", {"date": date}, format="json"
    )
    assert response.status_code == expect, response.json()
    return response.json()


def test_a_season_is_created_read_and_listed_as_events_md_shows(
    club: Club, organiser_api: APIClient
) -> None:
    season = create(organiser_api, club)

    assert season == {
        "id": season["id"],
        "club": club.slug,
        "name": "Winter 2026",
        "starts": "2026-12-01",
        "ends": "2027-03-30",
        "variant": "auction",
        "options": season["options"],
        "scoring": "wins",
        "drop_worst": 2,
        "min_nights": 4,
        "nights": [],
        "standings": [],
        "playoffs": None,
        "champion": None,
    }
    # Every option in force, defaults filled in, as a game keeps them.
    assert season["options"]["target"] == OPTION_DEFAULTS["auction"]["target"] == 7
    assert organiser_api.get(f"/api/v1/seasons/{season['id']}/").json() == season
    listed = organiser_api.get(seasons_url(club)).json()
    assert listed["count"] == 1
    assert listed["results"][0]["name"] == "Winter 2026"
    assert "standings" not in listed["results"][0]


def test_nights_games_and_standings_through_the_api(
    club: Club, organiser_api: APIClient, keeper_api: APIClient
) -> None:
    season = create(organiser_api, club, starts="2026-12-01", ends="2026-12-31")
    night = add_night(organiser_api, season["id"], "2026-12-03")
    assert night == {
        "id": night["id"],
        "date": "2026-12-03",
        "games": [],
        "tournaments": [],
    }
    later = add_night(organiser_api, season["id"], "2026-12-10")

    # A game started with the night's id belongs to it, whatever today is.
    body = {
        "variant": "auction",
        "players": ["Ann", "Bob"],
        "options": {"target": 3},
        "club": club.slug,
        "night": night["id"],
    }
    response = keeper_api.post("/api/v1/games/", body, format="json")
    assert response.status_code == 201, response.json()
    linked = response.json()["id"]
    win_game(keeper_api, linked, 1)
    # A game of the 10th, started that day (its start moved there by hand).
    response = keeper_api.post("/api/v1/games/", {**body, "night": None}, format="json")
    dated = response.json()["id"]
    Game.objects.filter(pk=dated).update(created_at=at(DEC[10]))
    win_game(keeper_api, dated, 1)

    read = organiser_api.get(f"/api/v1/seasons/{season['id']}/").json()
    assert read["nights"] == [
        {"id": night["id"], "date": "2026-12-03", "games": [linked], "tournaments": []},
        {"id": later["id"], "date": "2026-12-10", "games": [dated], "tournaments": []},
    ]
    bob, ann = read["standings"]
    assert bob == {
        "rank": 1,
        "player": {"id": bob["player"]["id"], "name": "Bob"},
        "nights": 2,
        "games": 2,
        "wins": 2,
        "points": bob["points"],
        "counted": 0,  # two nights played, two dropped
        "qualified": False,  # four nights needed
    }
    assert (ann["rank"], ann["wins"], ann["player"]["name"]) == (2, 0, "Ann")
    assert bob["points"] >= 3 > ann["points"]


@pytest.mark.parametrize(
    ("fields", "field"),
    [
        ({"ends": "2026-11-30"}, "ends"),
        ({"starts": "1 December"}, "starts"),
        ({"scoring": "elo"}, "scoring"),
        ({"variant": "whist"}, "variant"),
        ({"options": {"target": 0}}, "options.target"),
        ({"options": {"jokers": 3}}, "options.jokers"),
        ({"drop_worst": -1}, "drop_worst"),
        ({"drop_worst": "2"}, "drop_worst"),
        ({"min_nights": 200, "ends": "2026-12-31"}, "min_nights"),
        ({"name": ""}, "name"),
        ({"name": "   "}, "name"),
        ({"name": "W" * 81}, "name"),
        ({"nights": 4}, "nights"),
    ],
)
def test_bad_input_is_a_400_naming_the_field(
    club: Club, organiser_api: APIClient, fields: dict[str, Any], field: str
) -> None:
    body = create(organiser_api, club, expect=400, **fields)
    assert error_at(body, field)


def test_a_name_the_club_gave_a_season_already_is_a_conflict(
    club: Club, organiser_api: APIClient
) -> None:
    create(organiser_api, club)
    body = create(organiser_api, club, expect=409, name="winter 2026")
    assert body["code"] == "season_name_taken"
    assert body["field"] == "name"
    assert "already has a season called winter 2026" in body["detail"]


def test_a_night_outside_the_season_is_a_400_and_twice_a_409(
    club: Club, organiser_api: APIClient
) -> None:
    season = create(organiser_api, club, ends="2026-12-31")
    body = add_night(organiser_api, season["id"], "2027-01-07", expect=400)
    assert (
        "is not in Winter 2026 (2026-12-01 to 2026-12-31)" in error_at(body, "date")[0]
    )
    assert error_at(add_night(organiser_api, season["id"], "soon", expect=400), "date")
    add_night(organiser_api, season["id"], "2026-12-03")
    body = add_night(organiser_api, season["id"], "2026-12-03", expect=409)
    assert (body["code"], body["field"]) == ("night_exists", "date")


def test_a_game_for_another_clubs_night_is_a_400_at_night(
    club: Club, organiser_api: APIClient, people: People
) -> None:
    season = create(organiser_api, club)
    night = add_night(organiser_api, season["id"], "2026-12-03")
    elks = club_services.club_create(name="Elks", by=people.outsider)
    body = {
        "variant": "auction",
        "players": ["Ann", "Bob"],
        "club": elks.slug,
        "night": night["id"],
    }
    before = Game.objects.count()
    response = client_for(people.outsider).post("/api/v1/games/", body, format="json")
    assert response.status_code == 400
    assert (
        "is not a night of a season of this game's club"
        in error_at(response.json(), "night")[0]
    )
    for wrong in ("3", True, 1.5):
        response = organiser_api.post(
            "/api/v1/games/", {**body, "club": club.slug, "night": wrong}, format="json"
        )
        assert response.status_code == 400
        assert error_at(response.json(), "night")
    assert Game.objects.count() == before


# -- who may do what

ROLES = ["anonymous", "outsider", "member", "scorekeeper", "organiser", "superuser"]

# (public club, private club) per operation.
EXPECTED: dict[str, dict[str, tuple[int, int]]] = {
    "read": {
        "anonymous": (200, 404),
        "outsider": (200, 404),
        "member": (200, 200),
        "scorekeeper": (200, 200),
        "organiser": (200, 200),
        "superuser": (200, 200),
    },
    "create": {
        "anonymous": (401, 404),
        "outsider": (403, 404),
        "member": (403, 403),
        "scorekeeper": (403, 403),
        "organiser": (201, 201),
        "superuser": (201, 201),
    },
    "night": {
        "anonymous": (401, 404),
        "outsider": (403, 404),
        "member": (403, 403),
        "scorekeeper": (403, 403),
        "organiser": (201, 201),
        "superuser": (201, 201),
    },
}


def _as(people: People, role: str) -> APIClient:
    return client_for(None if role == "anonymous" else getattr(people, role))


@pytest.fixture(params=[False, True], ids=["public", "private"])
def private(request: pytest.FixtureRequest, club: Club) -> bool:
    club.is_private = request.param
    club.save()
    return request.param


@pytest.mark.parametrize("role", ROLES)
def test_who_reads_creates_and_adds_nights(
    role: str, people: People, club: Club, private: bool, organiser_api: APIClient
) -> None:
    season = create(organiser_api, club, name="Existing")
    api = _as(people, role)

    expected = EXPECTED["read"][role][private]
    assert api.get(f"/api/v1/seasons/{season['id']}/").status_code == expected
    assert api.get(seasons_url(club)).status_code == expected

    response = api.post(seasons_url(club), BODY, format="json")
    assert response.status_code == EXPECTED["create"][role][private]

    response = api.post(
        f"/api/v1/seasons/{season['id']}/nights/", {"date": "2026-12-03"}, format="json"
    )
    assert response.status_code == EXPECTED["night"][role][private]


def test_an_unknown_season_or_club_is_a_404(organiser_api: APIClient) -> None:
    assert organiser_api.get("/api/v1/seasons/999/").status_code == 404
    assert organiser_api.get("/api/v1/clubs/nowhere/seasons/").status_code == 404


def test_the_schema_lists_the_seasons_operations(anon_api: APIClient) -> None:
    schema = anon_api.get("/api/v1/schema/?format=json").json()
    paths = schema["paths"]
    assert set(paths["/api/v1/clubs/{slug}/seasons/"]) >= {"get", "post"}
    assert "get" in paths["/api/v1/seasons/{season_id}/"]
    assert "post" in paths["/api/v1/seasons/{season_id}/nights/"]
    standing = schema["components"]["schemas"]["SeasonStandingOutput"]
    assert set(standing["properties"]) == {
        "rank", "player", "nights", "games", "wins", "points", "counted", "qualified",
    }  # fmt: skip
    games_create = schema["components"]["schemas"]["GameCreateInputRequest"]
    assert games_create["properties"]["night"]["nullable"] is True


def test_a_players_statistics_narrowed_to_a_season(
    club: Club, organiser_api: APIClient, keeper_api: APIClient
) -> None:
    season = create(organiser_api, club, starts="2026-12-01", ends="2026-12-31")
    night = add_night(organiser_api, season["id"], "2026-12-03")
    body = {
        "variant": "auction",
        "players": ["Ann", "Bob"],
        "options": {"target": 3},
        "club": club.slug,
    }
    # One game of the night, one outside the season.
    response = keeper_api.post(
        "/api/v1/games/", {**body, "night": night["id"]}, format="json"
    )
    in_season = response.json()
    win_game(keeper_api, in_season["id"], 1)
    response = keeper_api.post("/api/v1/games/", body, format="json")
    win_game(keeper_api, response.json()["id"], 1)
    bob = Seat.objects.get(game_id=in_season["id"], number=1).player_id
    stats = f"/api/v1/players/{bob}/stats/"

    assert keeper_api.get(stats).json()["games"]["played"] == 2
    narrowed = keeper_api.get(f"{stats}?season={season['id']}")
    assert narrowed.status_code == 200, narrowed.json()
    assert narrowed.json()["games"] == {"played": 1, "finished": 1, "won": 1}
    page = keeper_api.get(f"/players/{bob}/?season={season['id']}")
    assert page.status_code == 200
    # A season that does not exist, or not a number: 400 naming `season`.
    missing = keeper_api.get(f"{stats}?season=999999")
    assert error_at(missing.json(), "season") == ["There is no season 999999."]
    wrong = keeper_api.get(f"{stats}?season=winter")
    assert error_at(wrong.json(), "season") == ["“winter” is not a season number."]
