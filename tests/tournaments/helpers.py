"""Running tournaments through the API as the club's phones do."""

from typing import Any

from rest_framework.test import APIClient

TOURNAMENTS = "/api/v1/tournaments/"
NAMES = [
    "Ann", "Bob", "Cy", "Di", "Eve", "Finn", "Gus", "Hal", "Ida", "Jo", "Kit",
    "Lou", "Max", "Ned", "Oz", "Pat", "Quin", "Rae", "Sam", "Tess", "Uma", "Vic",
    "Wes", "Xan", "Yul", "Zed", "Abe", "Bea", "Cal", "Dot", "Eli", "Fay",
]  # fmt: skip


def create(
    api: APIClient,
    club: Any,
    *,
    format: str,
    entrants: int | list[Any] = 4,
    team_size: int = 1,
    settings: dict[str, Any] | None = None,
    options: dict[str, Any] | None = None,
    expect: int = 201,
) -> dict[str, Any]:
    if isinstance(entrants, int):
        if team_size == 1:
            entrants = NAMES[:entrants]
        else:
            entrants = [
                {"name": f"Team {i + 1}", "players": NAMES[2 * i : 2 * i + 2]}
                for i in range(entrants)
            ]
    body = {
        "club": club.slug,
        "name": "Spring Cup",
        "format": format,
        "variant": "auction",
        "team_size": team_size,
        "options": {"target": 3} if options is None else options,
        "settings": settings or {},
        "entrants": entrants,
    }
    response = api.post(TOURNAMENTS, body, format="json")
    assert response.status_code == expect, response.json()
    return response.json()


def read(api: APIClient, tournament_id: int) -> dict[str, Any]:
    response = api.get(f"{TOURNAMENTS}{tournament_id}/")
    assert response.status_code == 200, response.json()
    return response.json()


def matches(tournament: dict[str, Any]) -> list[dict[str, Any]]:
    return [m for r in tournament["rounds"] for m in r["matches"]]


def match_at(
    tournament: dict[str, Any], bracket: str, round_number: int, number: int
) -> dict[str, Any]:
    for round_ in tournament["rounds"]:
        if round_["bracket"] == bracket and round_["number"] == round_number:
            for match in round_["matches"]:
                if match["number"] == number:
                    return match
    raise AssertionError(f"no {bracket} round {round_number} match {number}")


def start_game(api: APIClient, tournament_id: int, match_id: int) -> dict[str, Any]:
    response = api.post(f"{TOURNAMENTS}{tournament_id}/matches/{match_id}/game/")
    assert response.status_code == 201, response.json()
    return response.json()


def hand_for(seat: int) -> dict[str, Any]:
    """`seat` pitches 4 and takes every point (its side makes 4)."""
    return {
        "pitcher": seat,
        "bid": 4,
        "awards": {"high": seat, "low": seat, "jack": seat, "game": seat},
    }


def win_game(api: APIClient, game_id: int, side: int) -> dict[str, Any]:
    """Record hands through the games API until `side` has won (seat `side` is on
    side `side` in a 2-player game and in a partnership of four alike)."""
    for _ in range(10):
        response = api.post(
            f"/api/v1/games/{game_id}/hands/", hand_for(side), format="json"
        )
        assert response.status_code == 201, response.json()
        game = response.json()
        if game["status"] == "finished":
            assert game["winner"] == side
            return game
    raise AssertionError("the game was not won")


def play(
    api: APIClient, tournament_id: int, match: dict[str, Any], winner: int
) -> dict[str, Any]:
    """Play the match at its table: games until entrant `winner` has won it."""
    side = match["entrants"].index(winner)
    while True:
        game = start_game(api, tournament_id, match["id"])
        assert game["match"] == match["id"]
        win_game(api, game["id"], side)
        current = next(
            m for m in matches(read(api, tournament_id)) if m["id"] == match["id"]
        )
        if current["status"] == "completed":
            assert current["winner"] == winner
            return read(api, tournament_id)


def ready(tournament: dict[str, Any]) -> list[dict[str, Any]]:
    return [m for m in matches(tournament) if m["status"] == "ready"]


def entrant_ids(tournament: dict[str, Any]) -> dict[str, int]:
    return {e["name"]: e["id"] for e in tournament["entrants"]}
