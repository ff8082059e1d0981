"""The API's addresses, the hands the API tests post and the helpers that
post and read them."""

from typing import Any

from django.contrib.auth.models import AbstractUser
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.response import Response
from rest_framework.test import APIClient

from scoring.models import Game
from tests.factories import game_factory, record

GAMES = "/api/v1/games/"

AUCTION_DEFAULTS = {
    "target": 7,
    "pitcher_only_win": True,
    "must_make_bid_to_win": False,
    "dealer_min_bid": 2,
    "dealer_may_steal": True,
    "low_goes_to": "captured",
    "hand_limit": None,
}
THIRTEEN_DEFAULTS = {
    "target": 55,
    "pitcher_only_win": False,
    "moon_fail": "setback",
    "hand_limit": None,
}

# Seat 0 takes High and Low: all an auction hand needs.
AWARD_HL: dict[str, Any] = {"awards": {"high": 0, "low": 0}}
# The hand of API.md: dealer 0, seat 3 bids 3 and is set.
EXAMPLE_HAND: dict[str, Any] = {
    "auction": [2, "pass", 3, "pass"],
    "awards": {"high": 3, "low": 1, "jack": 3, "game": 2},
}
# Seat 1 (left of dealer 0) wins the auction at 2 and takes High and Low: made.
SEAT_1_MAKES_2: dict[str, Any] = {
    "auction": [2, "pass", "pass", "pass"],
    "awards": {"high": 1, "low": 1, "jack": None, "game": 2},
}
# Seat 1 bids 2 and is set; seat 2 takes all four points.
SEAT_1_SET_SEAT_2_TAKES_ALL: dict[str, Any] = {
    "auction": [2, "pass", "pass", "pass"],
    "awards": {"high": 2, "low": 2, "jack": 2, "game": 2},
}
# Thirteen, dealer 0: the team of seats 1 and 3 shoots the moon and takes every point.
MOON_MADE: dict[str, Any] = {
    "auction": [13],
    "awards": {
        "ace": 1,
        "jack": 3,
        "jick": 1,
        "high_joker": 3,
        "low_joker": 1,
        "ten": 3,
        "three": 1,
        "off_three": 3,
        "two": 1,
    },
}
# The same, but the two goes to seat 0: 12 points of 13, the moon fails.
MOON_FAILED: dict[str, Any] = {
    "auction": [13],
    "awards": {**MOON_MADE["awards"], "two": 0},
}


def game_url(game_id: int) -> str:
    return f"{GAMES}{game_id}/"


def hands_url(game_id: int) -> str:
    return f"{GAMES}{game_id}/hands/"


def hand_url(game_id: int, number: int) -> str:
    return f"{GAMES}{game_id}/hands/{number}/"


def start(api: APIClient, **body: Any) -> dict[str, Any]:
    """Start a game through the API; returns the game."""
    body.setdefault("variant", "auction")
    body.setdefault("players", ["Ann", "Bob", "Cy", "Di"])
    response = api.post(GAMES, body, format="json")
    assert response.status_code == 201, response.json()
    return response.json()


def post_hand(api: APIClient, game_id: int, body: dict[str, Any]) -> Response:
    return api.post(hands_url(game_id), body, format="json")


def play(api: APIClient, game_id: int, *hands: dict[str, Any]) -> dict[str, Any]:
    """Record hands through the API, each one a 201; returns the game after them."""
    game: dict[str, Any] = {}
    for hand in hands:
        response = post_hand(api, game_id, hand)
        assert response.status_code == 201, response.json()
        game = response.json()
    return game


def read(game_id: int) -> dict[str, Any]:
    response = APIClient().get(game_url(game_id))
    assert response.status_code == 200
    return response.json()


def without_timestamps(game: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in game.items() if k not in {"updated_at"}}


FOUR = ["Ann", "Bob", "Cy", "Di"]


CLIENT_ID = "6f1c0c1e-3a7e-4d2b-9a51-0f0c2b1f6d11"


def _as_record(hand: dict[str, Any]) -> dict[str, Any]:
    """A hand body as the `record` factory takes it."""
    return {"auction": hand["auction"], "awards": hand["awards"]}


def _write(client: APIClient, method: str, url: str, body: Any) -> Response:
    if body is None:
        return getattr(client, method)(url)
    return getattr(client, method)(url, body, format="json")


def _queries(client: APIClient, method: str, url: str, body: Any = None) -> int:
    with CaptureQueriesContext(connection) as queries:
        response = _write(client, method, url, body)
    assert response.status_code in (200, 201), response.json()
    return len(queries)


def _game_with_hands(user: AbstractUser, hands: int) -> Game:
    game = game_factory(created_by=user, options={"target": 1000})
    for number in range(hands):
        dealer = number % 4
        # The player left of the dealer bids 2 and takes everything.
        game = record(
            game,
            [2, "pass", "pass", "pass"],
            dict.fromkeys(("high", "low", "jack", "game"), (dealer + 1) % 4),
        )
    return game
