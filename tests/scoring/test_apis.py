"""REST API v1 end to end through HTTP: the contract of shared/API.md.

Every field, status code and permission of the contract is checked here; the rules
themselves (RULES.md) are checked hand by hand in tests/scoring/engine/.
"""

from typing import Any

import pytest
from django.contrib.auth.models import AbstractUser
from django.db import connection
from django.http import HttpRequest
from django.test.utils import CaptureQueriesContext
from rest_framework.authtoken.models import Token
from rest_framework.response import Response
from rest_framework.test import APIClient

from pitchclub import services as club_services
from pitchclub.models import Membership, Player, Role
from scoring import services
from scoring.models import Award, Game, Hand
from tests.factories import (
    PASSWORD,
    PlayerFactory,
    UserFactory,
    game_factory,
    record,
)

GAMES = "/api/v1/games/"

AUCTION_DEFAULTS = {
    "target": 7,
    "pitcher_only_win": True,
    "must_make_bid_to_win": False,
    "dealer_min_bid": 2,
    "dealer_may_steal": True,
    "low_goes_to": "captured",
}
THIRTEEN_DEFAULTS = {"target": 55, "pitcher_only_win": False, "moon_fail": "setback"}

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


def error_at(body: Any, field: str) -> list[str]:
    """The messages DRF's error shape holds at a dotted path ("options.target")."""
    node = body
    for part in field.split("."):
        assert isinstance(node, dict), f"{field!r} is not named in {body!r}"
        assert part in node, f"{field!r} is not named in {body!r}"
        node = node[part]
    assert isinstance(node, list), f"{field!r} holds no messages in {body!r}"
    assert node, f"{field!r} holds no messages in {body!r}"
    assert all(isinstance(message, str) and message for message in node)
    return node


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


# --- Create a game --------------------------------------------------------------------


def test_create_answers_201_with_every_field_of_the_game(api: APIClient) -> None:
    response = api.post(
        GAMES,
        {"variant": "auction", "players": ["Ann", "Bob", "Cy", "Di"]},
        format="json",
    )

    assert response.status_code == 201
    game = response.json()
    assert isinstance(game["id"], int)
    assert game["variant"] == "auction"
    assert game["players"] == ["Ann", "Bob", "Cy", "Di"]
    assert game["partnership"] is False
    assert game["sides"] == [[0], [1], [2], [3]]
    assert game["options"] == AUCTION_DEFAULTS
    assert game["status"] == "in_progress"
    assert game["winner"] is None
    assert game["scores"] == [0, 0, 0, 0]
    assert game["next_dealer"] == 0
    assert game["hands"] == []


def test_created_game_is_stored_and_read_back_the_same(
    api: APIClient, user: AbstractUser
) -> None:
    created = start(api, players=["Ann", "Bob", "Cy"], options={"target": 11})

    stored = Game.objects.get(pk=created["id"])
    assert stored.created_by == user
    assert list(stored.seats.values_list("player__name", flat=True)) == [
        "Ann",
        "Bob",
        "Cy",
    ]
    assert read(created["id"]) == created


def test_create_accepts_a_registered_player_by_id(
    api: APIClient, user: AbstractUser
) -> None:
    # The caller's own player (their account's): theirs to seat anywhere.
    registered = PlayerFactory(name="Zed", user=user)

    game = start(api, players=["Ann", {"player": registered.pk}, "Cy", "Di"])

    assert game["players"] == ["Ann", "Zed", "Cy", "Di"]
    assert Game.objects.get(pk=game["id"]).seats.get(number=1).player == registered


def test_create_seats_a_player_of_the_callers_own_clubless_games_by_id(
    api: APIClient,
) -> None:
    first = start(api, players=["Ann", "Bob"])

    again = start(api, players=[{"player": first["player_ids"][1]}, "Cy"])

    assert again["player_ids"][0] == first["player_ids"][1]
    assert again["players"] == ["Bob", "Cy"]


def test_create_refuses_someone_elses_clubless_player_by_id(api: APIClient) -> None:
    stranger = UserFactory()
    theirs = (
        Game.objects.get(pk=game_factory(created_by=stranger).pk).seats.first().player
    )

    response = api.post(
        GAMES,
        {"variant": "auction", "players": [{"player": theirs.pk}, "Bob"]},
        format="json",
    )

    assert response.status_code == 400
    assert "your own" in error_at(response.json(), "players.0")[0]
    assert (
        not Game.objects.filter(created_by__isnull=False)
        .exclude(created_by=stranger)
        .exists()
    )


def test_create_refuses_a_public_clubs_roster_player_outside_the_club(
    api: APIClient,
) -> None:
    from pitchclub import services as club_services

    club = club_services.club_create(name="Open Tables", by=UserFactory())
    member = club_services.guest_add(club=club, name="Maud")

    response = api.post(
        GAMES,
        {"variant": "auction", "players": [{"player": member.pk}, "Bob"]},
        format="json",
    )

    assert response.status_code == 400
    assert error_at(response.json(), "players.0")
    assert not member.seats.exists()


def test_create_reuses_the_scorekeepers_own_player_of_that_name(
    api: APIClient,
) -> None:
    first = start(api, players=["Ann", "Bob"])

    again = start(api, players=["Ann", "Cy"])

    assert again["player_ids"][0] == first["player_ids"][0]
    assert again["players"] == ["Ann", "Cy"]


def test_create_keeps_the_name_as_sent_and_never_takes_anothers_player(
    api: APIClient,
) -> None:
    someone_elses = PlayerFactory(name="Ann")

    game = start(api, players=["ann", "Bob"])

    assert game["players"] == ["ann", "Bob"]
    assert someone_elses.pk not in game["player_ids"]


def test_a_name_with_a_control_character_is_refused(api: APIClient) -> None:
    answer = api.post(
        GAMES,
        {"variant": "auction", "players": ["Quinn\u0000xyz", "Bob"]},
        format="json",
    )

    assert answer.status_code == 400
    assert "cannot be shown" in answer.json()["players"]["0"][0]


def test_auction_is_solo_unless_partnership_is_asked(api: APIClient) -> None:
    game = start(api, variant="auction")

    assert game["partnership"] is False
    assert game["sides"] == [[0], [1], [2], [3]]


@pytest.mark.parametrize("partnership", [None, True])
def test_thirteen_is_always_played_in_partnership(
    api: APIClient, partnership: bool | None
) -> None:
    body: dict[str, Any] = {"variant": "thirteen"}
    if partnership is not None:
        body["partnership"] = partnership

    game = start(api, **body)

    assert game["partnership"] is True
    assert game["sides"] == [[0, 2], [1, 3]]
    assert game["options"] == THIRTEEN_DEFAULTS
    assert game["scores"] == [0, 0]


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6, 7])
def test_solo_auction_has_one_side_per_seat(api: APIClient, players: int) -> None:
    names = [f"P{seat}" for seat in range(players)]

    game = start(api, players=names, partnership=False)

    assert game["players"] == names
    assert game["sides"] == [[seat] for seat in range(players)]
    assert game["scores"] == [0] * players


@pytest.mark.parametrize(
    ("players", "sides"),
    [(4, [[0, 2], [1, 3]]), (6, [[0, 3], [1, 4], [2, 5]])],
)
def test_partnership_auction_seats_partners_opposite(
    api: APIClient, players: int, sides: list[list[int]]
) -> None:
    game = start(api, players=[f"P{seat}" for seat in range(players)], partnership=True)

    assert game["partnership"] is True
    assert game["sides"] == sides
    assert game["scores"] == [0] * len(sides)


def test_first_dealer_defaults_to_seat_0(api: APIClient) -> None:
    assert start(api)["next_dealer"] == 0


def test_first_dealer_given_deals_the_first_hand(api: APIClient) -> None:
    game = start(api, first_dealer=2)

    assert game["next_dealer"] == 2
    hand = play(api, game["id"], {"auction": [2, "pass", "pass", "pass"], **AWARD_HL})
    assert hand["hands"][0]["dealer"] == 2
    assert hand["hands"][0]["pitcher"] == 3  # left of the dealer calls first
    assert hand["next_dealer"] == 3


@pytest.mark.parametrize(
    ("variant", "options"),
    [
        (
            "auction",
            {
                "target": 11,
                "pitcher_only_win": False,
                "must_make_bid_to_win": True,
                "dealer_min_bid": 3,
                "dealer_may_steal": False,
                "low_goes_to": "dealt",
            },
        ),
        (
            "auction",
            {
                "target": 1,
                "pitcher_only_win": True,
                "must_make_bid_to_win": False,
                "dealer_min_bid": 1,
                "dealer_may_steal": True,
                "low_goes_to": "captured",
            },
        ),
        ("auction", {**AUCTION_DEFAULTS, "target": 21, "dealer_min_bid": 4}),
        ("thirteen", {"target": 21, "pitcher_only_win": True, "moon_fail": "lose"}),
        ("thirteen", {"target": 1, "pitcher_only_win": False, "moon_fail": "setback"}),
    ],
)
def test_every_option_of_the_variant_is_accepted_and_echoed(
    api: APIClient, variant: str, options: dict[str, Any]
) -> None:
    game = start(api, variant=variant, options=options)

    assert game["options"] == options
    assert Game.objects.get(pk=game["id"]).options == options


@pytest.mark.parametrize(
    ("variant", "given", "in_force"),
    [
        ("auction", {"target": 11}, {**AUCTION_DEFAULTS, "target": 11}),
        (
            "auction",
            {"low_goes_to": "dealt"},
            {**AUCTION_DEFAULTS, "low_goes_to": "dealt"},
        ),
        ("thirteen", {"moon_fail": "lose"}, {**THIRTEEN_DEFAULTS, "moon_fail": "lose"}),
        ("thirteen", {}, THIRTEEN_DEFAULTS),
    ],
)
def test_options_left_out_are_filled_in_with_defaults(
    api: APIClient, variant: str, given: dict[str, Any], in_force: dict[str, Any]
) -> None:
    assert start(api, variant=variant, options=given)["options"] == in_force


FOUR = ["Ann", "Bob", "Cy", "Di"]


@pytest.mark.parametrize(
    ("body", "field"),
    [
        pytest.param({"variant": "whist"}, "variant", id="unknown variant"),
        pytest.param({"variant": None}, "variant", id="null variant"),
        pytest.param({"players": ["Ann"]}, "players", id="auction 1 player"),
        pytest.param(
            {"players": [f"P{n}" for n in range(8)]}, "players", id="auction 8 players"
        ),
        pytest.param(
            {"players": [f"P{n}" for n in range(5)], "partnership": True},
            "players",
            id="partnership of 5",
        ),
        pytest.param(
            {"players": [f"P{n}" for n in range(3)], "partnership": True},
            "players",
            id="partnership of 3",
        ),
        pytest.param(
            {"variant": "thirteen", "players": ["Ann", "Bob", "Cy"]},
            "players",
            id="thirteen with 3",
        ),
        pytest.param(
            {"variant": "thirteen", "players": [f"P{n}" for n in range(6)]},
            "players",
            id="thirteen with 6",
        ),
        pytest.param(
            {"variant": "thirteen", "partnership": False},
            "partnership",
            id="thirteen solo",
        ),
        pytest.param({"partnership": "yes"}, "partnership", id="partnership not bool"),
        pytest.param({"options": {"colour": 1}}, "options.colour", id="unknown option"),
        pytest.param(
            {"options": {"moon_fail": "lose"}},
            "options.moon_fail",
            id="thirteen option in auction",
        ),
        pytest.param(
            {"variant": "thirteen", "options": {"dealer_min_bid": 5}},
            "options.dealer_min_bid",
            id="auction option in thirteen",
        ),
        pytest.param(
            {"variant": "thirteen", "options": {"must_make_bid_to_win": True}},
            "options.must_make_bid_to_win",
            id="must_make_bid_to_win in thirteen",
        ),
        pytest.param({"options": {"target": 0}}, "options.target", id="target 0"),
        pytest.param({"options": {"target": -7}}, "options.target", id="target -7"),
        pytest.param({"options": {"target": "7"}}, "options.target", id="target str"),
        pytest.param({"options": {"target": 7.5}}, "options.target", id="target 7.5"),
        pytest.param({"options": {"target": True}}, "options.target", id="target bool"),
        pytest.param(
            {"variant": "thirteen", "options": {"target": 0}},
            "options.target",
            id="thirteen target 0",
        ),
        pytest.param(
            {"options": {"dealer_min_bid": 5}},
            "options.dealer_min_bid",
            id="dealer_min_bid 5",
        ),
        pytest.param(
            {"options": {"dealer_min_bid": 0}},
            "options.dealer_min_bid",
            id="dealer_min_bid 0",
        ),
        pytest.param(
            {"options": {"low_goes_to": "x"}}, "options.low_goes_to", id="low_goes_to x"
        ),
        pytest.param(
            {"variant": "thirteen", "options": {"moon_fail": "x"}},
            "options.moon_fail",
            id="moon_fail x",
        ),
        pytest.param(
            {"options": {"pitcher_only_win": "yes"}},
            "options.pitcher_only_win",
            id="pitcher_only_win str",
        ),
        pytest.param(
            {"options": {"must_make_bid_to_win": 1}},
            "options.must_make_bid_to_win",
            id="must_make_bid_to_win 1",
        ),
        pytest.param(
            {"options": {"dealer_may_steal": "false"}},
            "options.dealer_may_steal",
            id="dealer_may_steal str",
        ),
        pytest.param(
            {"variant": "thirteen", "options": {"pitcher_only_win": 0}},
            "options.pitcher_only_win",
            id="thirteen pitcher_only_win 0",
        ),
        pytest.param({"options": [7]}, "options", id="options not an object"),
        pytest.param({"first_dealer": 4}, "first_dealer", id="first dealer 4 of 4"),
        pytest.param({"first_dealer": -1}, "first_dealer", id="first dealer -1"),
        pytest.param({"first_dealer": "1"}, "first_dealer", id="first dealer str"),
        pytest.param({"first_dealer": True}, "first_dealer", id="first dealer bool"),
        pytest.param(
            {"players": ["Ann", "Bob", "ann", "Di"]}, "players.2", id="duplicate name"
        ),
        pytest.param(
            {"players": ["Ann", "", "Cy", "Di"]}, "players.1", id="empty name"
        ),
        pytest.param(
            {"players": ["Ann", "Bob", "  ", "Di"]}, "players.2", id="blank name"
        ),
        pytest.param(
            {"players": ["Ann", "x" * 41, "Cy", "Di"]}, "players.1", id="name too long"
        ),
        pytest.param(
            {"players": ["Ann", {"player": 987654}, "Cy", "Di"]},
            "players.1",
            id="unknown player id",
        ),
        pytest.param(
            {"players": ["Ann", {"player": "1"}, "Cy", "Di"]},
            "players.1",
            id="player id not a number",
        ),
        pytest.param(
            {"players": ["Ann", {"name": "Bob"}, "Cy", "Di"]},
            "players.1",
            id="player object without id",
        ),
        pytest.param({"players": ["Ann", 2, "Cy", "Di"]}, "players.1", id="number"),
        pytest.param({"players": "Ann, Bob"}, "players", id="players not a list"),
        pytest.param({"players": []}, "players", id="no players"),
        pytest.param({"colour": "red"}, "colour", id="unknown field"),
    ],
)
def test_create_refuses_and_names_the_field(
    api: APIClient, body: dict[str, Any], field: str
) -> None:
    players_before = Player.objects.count()
    payload = {"variant": "auction", "players": FOUR, **body}

    response = api.post(GAMES, payload, format="json")

    assert response.status_code == 400
    error_at(response.json(), field)
    assert not Game.objects.exists()
    assert Player.objects.count() == players_before


@pytest.mark.parametrize("missing", ["variant", "players"])
def test_create_refuses_a_missing_required_field(api: APIClient, missing: str) -> None:
    payload = {"variant": "auction", "players": FOUR}
    del payload[missing]

    response = api.post(GAMES, payload, format="json")

    assert response.status_code == 400
    error_at(response.json(), missing)


def test_create_refuses_the_same_registered_player_twice(
    api: APIClient, user: AbstractUser
) -> None:
    registered = PlayerFactory(user=user)

    response = api.post(
        GAMES,
        {
            "variant": "auction",
            "players": [{"player": registered.pk}, "Bob", {"player": registered.pk}],
        },
        format="json",
    )

    assert response.status_code == 400
    error_at(response.json(), "players.2")
    assert not Game.objects.exists()


def test_anonymous_create_is_refused(anon_api: APIClient, db: None) -> None:
    response = anon_api.post(
        GAMES, {"variant": "auction", "players": FOUR}, format="json"
    )

    assert response.status_code in (401, 403)
    assert not Game.objects.exists()
    assert not Player.objects.exists()


# --- Read a game ----------------------------------------------------------------------


def test_anyone_may_read_a_game(anon_api: APIClient, user: AbstractUser) -> None:
    game = game_factory(created_by=user)

    response = anon_api.get(game_url(game.pk))

    assert response.status_code == 200
    assert response.json()["id"] == game.pk
    assert response.json()["players"] == FOUR


def test_reading_an_unknown_game_is_404(anon_api: APIClient, db: None) -> None:
    assert anon_api.get(game_url(987654)).status_code == 404


def test_reading_a_game_id_too_large_for_the_database_is_404(
    anon_api: APIClient, db: None
) -> None:
    assert anon_api.get(game_url(10**30)).status_code == 404


def test_the_example_hand_of_the_contract_scores_as_shown(
    api: APIClient, user: AbstractUser
) -> None:
    game = game_factory(created_by=user, options={"target": 7})

    response = post_hand(api, game.pk, {**EXAMPLE_HAND, "trump": "hearts"})

    assert response.status_code == 201
    body = response.json()
    assert body["scores"] == [0, 1, 1, -3]
    assert body["next_dealer"] == 1
    assert body["status"] == "in_progress"
    assert body["winner"] is None
    [hand] = body["hands"]
    assert hand["number"] == 1
    assert hand["dealer"] == 0
    assert hand["auction"] == [2, "pass", 3, "pass"]
    assert hand["pitcher"] == 3
    assert hand["bid"] == 3
    assert hand["trump"] == "hearts"
    assert hand["awards"] == {"high": 3, "low": 1, "jack": 3, "game": 2}
    assert hand["won"] == [0, 1, 1, 2]
    assert hand["made"] is False
    assert hand["deltas"] == [0, 1, 1, -3]
    assert hand["scores"] == [0, 1, 1, -3]
    assert read(game.pk) == body


def test_the_game_list_is_public_and_paginated(
    anon_api: APIClient, user: AbstractUser
) -> None:
    older = game_factory(created_by=user)
    newer = game_factory(created_by=user, variant="thirteen")
    record(older, [2, "pass", "pass", "pass"], {"high": 1, "low": 1})

    response = anon_api.get(GAMES)

    assert response.status_code == 200
    body = response.json()
    assert body["count"] == 2
    ids = [game["id"] for game in body["results"]]
    assert ids == [older.pk, newer.pk]  # most recently changed first
    summary = body["results"][0]
    assert summary["hand_count"] == 1
    assert summary["scores"] == [0, 2, 0, 0]
    assert "hands" not in summary
    assert anon_api.get(GAMES, {"limit": 1}).json()["results"][0]["id"] == older.pk


@pytest.mark.parametrize("page", ["docs", "redoc"])
def test_browsable_docs_are_served_beside_the_schema(
    anon_api: APIClient, db: None, page: str
) -> None:
    assert anon_api.get(f"/api/v1/{page}/").status_code == 200


def test_the_schema_is_served(anon_api: APIClient, db: None) -> None:
    response = anon_api.get("/api/v1/schema/", HTTP_ACCEPT="application/json")

    assert response.status_code == 200
    assert "/api/v1/games/{game_id}/hands/" in response.json()["paths"]


# --- Record a hand --------------------------------------------------------------------


@pytest.fixture
def game(user: AbstractUser) -> Game:
    """A 4-player solo auction game (dealer 0, target 7) kept by `user`."""
    return game_factory(created_by=user)


@pytest.fixture
def thirteen(user: AbstractUser) -> Game:
    return game_factory(created_by=user, variant="thirteen")


def test_record_answers_201_with_the_whole_game(api: APIClient, game: Game) -> None:
    response = post_hand(api, game.pk, SEAT_1_MAKES_2)

    assert response.status_code == 201
    body = response.json()
    assert body["id"] == game.pk
    assert body["scores"] == [0, 2, 1, 0]
    assert len(body["hands"]) == 1
    assert body["hands"][0]["made"] is True
    assert body["next_dealer"] == 1
    assert Hand.objects.filter(game=game).count() == 1


def test_record_with_pitcher_and_bid_only(api: APIClient, game: Game) -> None:
    response = post_hand(
        api, game.pk, {"pitcher": 3, "bid": 3, "awards": EXAMPLE_HAND["awards"]}
    )

    assert response.status_code == 201
    [hand] = response.json()["hands"]
    assert hand["auction"] is None
    assert hand["pitcher"] == 3
    assert hand["bid"] == 3
    assert hand["deltas"] == [0, 1, 1, -3]
    assert hand["trump"] is None


def test_record_with_auction_pitcher_and_bid_that_agree(
    api: APIClient, game: Game
) -> None:
    response = post_hand(api, game.pk, {**EXAMPLE_HAND, "pitcher": 3, "bid": 3})

    assert response.status_code == 201
    assert response.json()["hands"][0]["scores"] == [0, 1, 1, -3]


def test_a_point_left_out_counts_as_nobody(api: APIClient, game: Game) -> None:
    response = post_hand(
        api, game.pk, {"auction": [2, "pass", "pass", "pass"], **AWARD_HL}
    )

    assert response.status_code == 201
    hand = response.json()["hands"][0]
    assert hand["awards"] == {"high": 0, "low": 0, "jack": None, "game": None}
    assert hand["won"] == [2, 0, 0, 0]
    assert hand["deltas"] == [2, -2, 0, 0]


def test_a_bid_of_4_ends_the_auction_and_later_calls_may_be_left_out(
    api: APIClient, game: Game
) -> None:
    game_data = play(
        api,
        game.pk,
        {"auction": [4], "awards": {"high": 1, "low": 1, "jack": 1, "game": 1}},
    )

    assert game_data["hands"][0]["pitcher"] == 1
    assert game_data["hands"][0]["bid"] == 4
    assert game_data["hands"][0]["auction"] == [4]


def test_the_dealer_may_steal(api: APIClient, game: Game) -> None:
    body = play(api, game.pk, {"auction": [2, "pass", "pass", 2], **AWARD_HL})

    assert body["hands"][0]["pitcher"] == 0
    assert body["hands"][0]["bid"] == 2


def test_single_trump_and_game_points_are_kept(api: APIClient, game: Game) -> None:
    body = play(
        api,
        game.pk,
        {
            "auction": [2, "pass", "pass", "pass"],
            "awards": {"high": 1, "low": 1, "jack": 1, "game": 1},
            "single_trump": True,
            "game_points": [10, 25, 3, 0],
        },
    )

    hand = body["hands"][0]
    assert hand["single_trump"] is True
    assert hand["game_points"] == [10, 25, 3, 0]
    assert hand["won"] == [0, 4, 0, 0]


def test_a_tie_in_game_points_gives_game_to_nobody(api: APIClient, game: Game) -> None:
    body = play(
        api,
        game.pk,
        {
            "auction": [2, "pass", "pass", "pass"],
            "awards": {"high": 1, "low": 1, "game": None},
            "game_points": [10, 10, 3, 0],
        },
    )

    assert body["hands"][0]["won"] == [0, 2, 0, 0]


BAD_HANDS = [
    pytest.param(
        {"auction": ["pass", "pass", "pass", "pass"], **AWARD_HL},
        "auction.3",
        id="stuck dealer passes",
    ),
    pytest.param(
        {"auction": ["pass", "pass", "pass", 1], **AWARD_HL},
        "auction.3",
        id="stuck dealer bids under the minimum",
    ),
    pytest.param(
        {"auction": [2, 2, "pass", "pass"], **AWARD_HL},
        "auction.1",
        id="bid not higher",
    ),
    pytest.param(
        {"auction": [3, "pass", 2, "pass"], **AWARD_HL},
        "auction.2",
        id="bid lower",
    ),
    pytest.param(
        {"auction": [2, "pass", 3, 2], **AWARD_HL},
        "auction.3",
        id="dealer bids lower than the high bid",
    ),
    pytest.param(
        {"auction": [4, 1, "pass", "pass"], **AWARD_HL},
        "auction.1",
        id="call after a 4",
    ),
    pytest.param(
        {"auction": [4, "pass", "pass", 4], **AWARD_HL},
        "auction.3",
        id="dealer steals a 4",
    ),
    pytest.param(
        {"auction": [2, "pass", "pass", "pass", "pass"], **AWARD_HL},
        "auction",
        id="too many calls",
    ),
    pytest.param(
        {"auction": [2, "pass", "pass"], **AWARD_HL}, "auction", id="too few calls"
    ),
    pytest.param({"auction": [], **AWARD_HL}, "auction", id="no calls"),
    pytest.param(
        {"auction": [5, "pass", "pass", "pass"], **AWARD_HL},
        "auction.0",
        id="bid 5 in the auction",
    ),
    pytest.param(
        {"auction": [0, "pass", "pass", "pass"], **AWARD_HL},
        "auction.0",
        id="bid 0 in the auction",
    ),
    pytest.param(
        {"auction": ["two", "pass", "pass", "pass"], **AWARD_HL},
        "auction.0",
        id="call that is no call",
    ),
    pytest.param(
        {"auction": ["2", "pass", "pass", "pass"], **AWARD_HL},
        "auction.0",
        id="bid as a string",
    ),
    pytest.param(
        {"auction": [True, "pass", "pass", "pass"], **AWARD_HL},
        "auction.0",
        id="bid as a boolean",
    ),
    pytest.param({"auction": "2 pass pass pass", **AWARD_HL}, "auction", id="str"),
    pytest.param({"pitcher": 1, "bid": 5, **AWARD_HL}, "bid", id="bid 5"),
    pytest.param({"pitcher": 1, "bid": 0, **AWARD_HL}, "bid", id="bid 0"),
    pytest.param({"pitcher": 1, "bid": "3", **AWARD_HL}, "bid", id="bid str"),
    pytest.param({"pitcher": 1, "bid": 3.0, **AWARD_HL}, "bid", id="bid float"),
    pytest.param({"pitcher": 1, **AWARD_HL}, "bid", id="pitcher without bid"),
    pytest.param({"bid": 2, **AWARD_HL}, "pitcher", id="bid without pitcher"),
    pytest.param({**AWARD_HL}, "pitcher", id="no auction, no pitcher"),
    pytest.param({"pitcher": 4, "bid": 2, **AWARD_HL}, "pitcher", id="pitcher seat 4"),
    pytest.param({"pitcher": -1, "bid": 2, **AWARD_HL}, "pitcher", id="pitcher -1"),
    pytest.param({"pitcher": "3", "bid": 2, **AWARD_HL}, "pitcher", id="pitcher str"),
    pytest.param({"pitcher": True, "bid": 2, **AWARD_HL}, "pitcher", id="pitcher bool"),
    pytest.param(
        {**EXAMPLE_HAND, "pitcher": 1}, "pitcher", id="pitcher contradicts auction"
    ),
    pytest.param({**EXAMPLE_HAND, "bid": 2}, "bid", id="bid contradicts auction"),
    pytest.param(
        {**EXAMPLE_HAND, "pitcher": 9}, "pitcher", id="pitcher no seat with auction"
    ),
    pytest.param(
        {**SEAT_1_MAKES_2, "awards": {"high": 4, "low": 1}},
        "awards.high",
        id="award to seat 4",
    ),
    pytest.param(
        {**SEAT_1_MAKES_2, "awards": {"high": 1, "low": 1, "jack": -1}},
        "awards.jack",
        id="award to seat -1",
    ),
    pytest.param(
        {**SEAT_1_MAKES_2, "awards": {"high": "3", "low": 1}},
        "awards.high",
        id="award seat as a string",
    ),
    pytest.param(
        {**SEAT_1_MAKES_2, "awards": {"high": 1, "low": True}},
        "awards.low",
        id="award seat as a boolean",
    ),
    pytest.param(
        {**SEAT_1_MAKES_2, "awards": {"high": 1, "low": 1, "game": 1.0}},
        "awards.game",
        id="award seat as a float",
    ),
    pytest.param(
        {**SEAT_1_MAKES_2, "awards": {"low": 1, "jack": 1}},
        "awards.high",
        id="missing High",
    ),
    pytest.param(
        {**SEAT_1_MAKES_2, "awards": {"high": None, "low": 1}},
        "awards.high",
        id="High to nobody",
    ),
    pytest.param(
        {**SEAT_1_MAKES_2, "awards": {"high": 1, "jack": 1}},
        "awards.low",
        id="missing Low",
    ),
    pytest.param(
        {**SEAT_1_MAKES_2, "awards": {}},
        "awards.high",
        id="no awards",
    ),
    pytest.param(
        {**SEAT_1_MAKES_2, "awards": {"high": 1, "low": 1, "queen": 2}},
        "awards.queen",
        id="unknown award key",
    ),
    pytest.param(
        {**SEAT_1_MAKES_2, "awards": {"high": 1, "low": 1, "ace": 2}},
        "awards.ace",
        id="thirteen award key in auction",
    ),
    pytest.param(
        {**SEAT_1_MAKES_2, "awards": [1, 1, None, 2]}, "awards", id="awards as list"
    ),
    pytest.param(
        {**SEAT_1_MAKES_2, "awards": {"high": 1, "low": 2}, "single_trump": True},
        "awards.low",
        id="single trump High and Low split",
    ),
    pytest.param(
        {
            **SEAT_1_MAKES_2,
            "awards": {"high": 1, "low": 1, "jack": 2},
            "single_trump": True,
        },
        "awards.jack",
        id="single trump Jack elsewhere",
    ),
    pytest.param(
        {**SEAT_1_MAKES_2, "single_trump": "yes"}, "single_trump", id="single_trump str"
    ),
    pytest.param(
        {**SEAT_1_MAKES_2, "game_points": [10, 20, 5, 3]},
        "awards.game",
        id="Game contradicts game points",
    ),
    pytest.param(
        {**SEAT_1_MAKES_2, "game_points": [20, 20, 5, 3]},
        "awards.game",
        id="Game awarded on a tie",
    ),
    pytest.param(
        {**SEAT_1_MAKES_2, "game_points": [10, 20, 5]},
        "game_points",
        id="game points of 3 sides",
    ),
    pytest.param(
        {**SEAT_1_MAKES_2, "game_points": [10, 20, 5, -1]},
        "game_points",
        id="negative game points",
    ),
    pytest.param(
        {**SEAT_1_MAKES_2, "game_points": [40, 30, 20, 0]},
        "game_points",
        id="more than 80 game points",
    ),
    pytest.param(
        {**SEAT_1_MAKES_2, "game_points": [10, "20", 5, 3]},
        "game_points.1",
        id="game points as a string",
    ),
    pytest.param({**SEAT_1_MAKES_2, "trump": "stars"}, "trump", id="unknown trump"),
    pytest.param({**SEAT_1_MAKES_2, "number": "1"}, "number", id="number as a string"),
    pytest.param({**SEAT_1_MAKES_2, "number": 0}, "number", id="number 0"),
    pytest.param(
        {**SEAT_1_MAKES_2, "client_id": "not-a-uuid"}, "client_id", id="client_id"
    ),
    pytest.param({**SEAT_1_MAKES_2, "colour": "red"}, "colour", id="unknown field"),
]


@pytest.mark.parametrize(("body", "field"), BAD_HANDS)
def test_record_refuses_a_broken_rule_and_names_the_field(
    api: APIClient, game: Game, body: dict[str, Any], field: str
) -> None:
    before = read(game.pk)

    response = post_hand(api, game.pk, body)

    assert response.status_code == 400
    error_at(response.json(), field)
    assert not Hand.objects.exists()
    assert not Award.objects.exists()
    assert read(game.pk) == before


@pytest.mark.parametrize(
    ("options", "auction", "field"),
    [
        pytest.param(
            {"dealer_min_bid": 3},
            ["pass", "pass", "pass", 2],
            "auction.3",
            id="stuck dealer under dealer_min_bid 3",
        ),
        pytest.param(
            {"dealer_may_steal": False},
            [2, "pass", "pass", 2],
            "auction.3",
            id="steal turned off",
        ),
    ],
)
def test_record_applies_the_game_options_to_the_auction(
    api: APIClient,
    user: AbstractUser,
    options: dict[str, Any],
    auction: list[Any],
    field: str,
) -> None:
    strict = game_factory(created_by=user, options=options)

    response = post_hand(api, strict.pk, {"auction": auction, **AWARD_HL})

    assert response.status_code == 400
    error_at(response.json(), field)


def test_a_stuck_dealer_may_bid_1_when_the_club_allows_it(
    api: APIClient, user: AbstractUser
) -> None:
    lenient = game_factory(created_by=user, options={"dealer_min_bid": 1})

    body = play(api, lenient.pk, {"auction": ["pass", "pass", "pass", 1], **AWARD_HL})

    assert body["hands"][0]["pitcher"] == 0
    assert body["hands"][0]["bid"] == 1


def test_record_on_a_won_game_is_409(api: APIClient, user: AbstractUser) -> None:
    won = game_factory(created_by=user, options={"target": 4})
    record(won, [4], {"high": 1, "low": 1, "jack": 1, "game": 1})
    assert won.status == "finished"
    before = read(won.pk)

    response = post_hand(api, won.pk, SEAT_1_MAKES_2)

    assert response.status_code == 409
    assert response.json()["detail"]
    assert read(won.pk) == before
    assert Hand.objects.filter(game=won).count() == 1


def test_record_on_an_unknown_game_is_404(api: APIClient, db: None) -> None:
    assert post_hand(api, 987654, SEAT_1_MAKES_2).status_code == 404


# --- the number guard and client_id ---------------------------------------------------


@pytest.mark.parametrize("number", [1, 3, 10])
def test_a_wrong_number_is_409_and_records_nothing(
    api: APIClient, game: Game, number: int
) -> None:
    record(game, **_as_record(SEAT_1_MAKES_2))
    before = read(game.pk)

    response = post_hand(api, game.pk, {**SEAT_1_MAKES_2, "number": number})

    assert response.status_code == 409
    assert response.json()["detail"]
    assert read(game.pk) == before
    assert Hand.objects.filter(game=game).count() == 1


def test_the_right_number_records_the_hand(api: APIClient, game: Game) -> None:
    record(game, **_as_record(SEAT_1_MAKES_2))

    response = post_hand(api, game.pk, {**EXAMPLE_HAND, "number": 2})

    assert response.status_code == 201
    assert [hand["number"] for hand in response.json()["hands"]] == [1, 2]


def test_number_1_records_the_first_hand(api: APIClient, game: Game) -> None:
    assert post_hand(api, game.pk, {**EXAMPLE_HAND, "number": 1}).status_code == 201


CLIENT_ID = "6f1c0c1e-3a7e-4d2b-9a51-0f0c2b1f6d11"


def test_the_same_client_id_again_records_nothing_and_answers_200(
    api: APIClient, game: Game
) -> None:
    first = post_hand(api, game.pk, {**EXAMPLE_HAND, "client_id": CLIENT_ID})
    assert first.status_code == 201

    retry = post_hand(api, game.pk, {**EXAMPLE_HAND, "client_id": CLIENT_ID})

    assert retry.status_code == 200
    assert without_timestamps(retry.json()) == without_timestamps(first.json())
    assert len(retry.json()["hands"]) == 1
    assert Hand.objects.filter(game=game).count() == 1


def test_a_retry_is_recognised_before_the_number_guard(
    api: APIClient, game: Game
) -> None:
    body = {**EXAMPLE_HAND, "number": 1, "client_id": CLIENT_ID}
    assert post_hand(api, game.pk, body).status_code == 201

    retry = post_hand(api, game.pk, body)

    assert retry.status_code == 200
    assert len(retry.json()["hands"]) == 1


def test_a_retry_answers_the_game_as_it_stands_now(api: APIClient, game: Game) -> None:
    body = {**EXAMPLE_HAND, "number": 1, "client_id": CLIENT_ID}
    assert post_hand(api, game.pk, body).status_code == 201
    later = play(
        api, game.pk, {**SEAT_1_MAKES_2, "auction": ["pass", 2, "pass", "pass"]}
    )

    retry = post_hand(api, game.pk, body)

    assert retry.status_code == 200
    assert len(retry.json()["hands"]) == 2
    assert without_timestamps(retry.json()) == without_timestamps(later)


def test_a_retry_of_the_winning_hand_answers_200(
    api: APIClient, user: AbstractUser
) -> None:
    short = game_factory(created_by=user, options={"target": 2})
    body = {**SEAT_1_MAKES_2, "client_id": CLIENT_ID}
    assert post_hand(api, short.pk, body).json()["status"] == "finished"

    retry = post_hand(api, short.pk, body)

    assert retry.status_code == 200
    assert retry.json()["winner"] == 1


def test_another_client_id_records_another_hand(api: APIClient, game: Game) -> None:
    post_hand(api, game.pk, {**EXAMPLE_HAND, "client_id": CLIENT_ID})

    response = post_hand(
        api,
        game.pk,
        {
            **SEAT_1_MAKES_2,
            "auction": ["pass", 2, "pass", "pass"],
            "client_id": "0b7a3f4e-8d2c-4c7e-9f7a-1c2d3e4f5a6b",
        },
    )

    assert response.status_code == 201
    assert len(response.json()["hands"]) == 2


def test_another_game_may_reuse_a_client_id(api: APIClient, user: AbstractUser) -> None:
    one = game_factory(created_by=user)
    other = game_factory(created_by=user)
    assert (
        post_hand(api, one.pk, {**EXAMPLE_HAND, "client_id": CLIENT_ID}).status_code
        == 201
    )

    response = post_hand(api, other.pk, {**EXAMPLE_HAND, "client_id": CLIENT_ID})

    assert response.status_code == 201
    assert Hand.objects.filter(client_id=CLIENT_ID).count() == 2


def test_a_refused_hand_does_not_take_its_client_id(api: APIClient, game: Game) -> None:
    broken = {**EXAMPLE_HAND, "awards": {"high": 3}, "client_id": CLIENT_ID}
    assert post_hand(api, game.pk, broken).status_code == 400

    response = post_hand(api, game.pk, {**EXAMPLE_HAND, "client_id": CLIENT_ID})

    assert response.status_code == 201


def test_an_undone_hands_client_id_records_nothing_and_answers_409(
    api: APIClient, game: Game
) -> None:
    body = {**EXAMPLE_HAND, "number": 1, "client_id": CLIENT_ID}
    assert post_hand(api, game.pk, body).status_code == 201
    assert api.delete(hand_url(game.pk, 1)).status_code == 200

    again = post_hand(api, game.pk, body)

    assert again.status_code == 409
    assert again.json()["code"] == "hand_undone"
    assert "undone" in again.json()["detail"]
    assert not Hand.objects.filter(game=game).exists()
    assert read(game.pk)["next_hand"] == 1


def test_an_undone_hands_client_id_stays_used_after_other_hands(
    api: APIClient, game: Game
) -> None:
    first = post_hand(api, game.pk, {**EXAMPLE_HAND, "client_id": CLIENT_ID})
    assert first.status_code == 201
    assert api.delete(hand_url(game.pk, 1)).status_code == 200
    play(api, game.pk, SEAT_1_MAKES_2)

    # Sent without a number (no number guard to stop it): still refused.
    again = post_hand(api, game.pk, {**EXAMPLE_HAND, "client_id": CLIENT_ID})

    assert again.status_code == 409
    assert again.json()["code"] == "hand_undone"
    assert Hand.objects.filter(game=game).count() == 1


def _as_record(hand: dict[str, Any]) -> dict[str, Any]:
    """A hand body as the `record` factory takes it."""
    return {"auction": hand["auction"], "awards": hand["awards"]}


# --- thirteen -------------------------------------------------------------------------


def test_thirteen_hand_scores_points_by_value(api: APIClient, thirteen: Game) -> None:
    response = post_hand(
        api,
        thirteen.pk,
        {
            "auction": [5, "pass", "pass", "pass"],
            "trump": "spades",
            "awards": {"ace": 1, "three": 3, "off_three": 0, "two": 2, "ten": None},
        },
    )

    assert response.status_code == 201
    hand = response.json()["hands"][0]
    assert hand["pitcher"] == 1
    assert hand["awards"] == {
        "ace": 1,
        "jack": None,
        "jick": None,
        "high_joker": None,
        "low_joker": None,
        "ten": None,
        "three": 3,
        "off_three": 0,
        "two": 2,
    }
    assert hand["won"] == [4, 4]
    assert hand["made"] is False
    assert hand["deltas"] == [4, -5]
    assert response.json()["scores"] == [4, -5]


@pytest.mark.parametrize("bid", [4, 5, 12, 13])
def test_thirteen_accepts_bids_4_to_13(
    api: APIClient, thirteen: Game, bid: int
) -> None:
    auction = [bid, "pass", "pass", "pass"]

    response = post_hand(api, thirteen.pk, {"auction": auction, "awards": {}})

    assert response.status_code == 201
    assert response.json()["hands"][0]["bid"] == bid


@pytest.mark.parametrize(
    ("body", "field"),
    [
        pytest.param({"auction": [3, "pass", "pass", "pass"]}, "auction.0", id="bid 3"),
        pytest.param({"auction": [14, "pass", "pass", "pass"]}, "auction.0", id="14"),
        pytest.param({"pitcher": 1, "bid": 3}, "bid", id="bid 3 given"),
        pytest.param({"pitcher": 1, "bid": 14}, "bid", id="bid 14 given"),
        pytest.param(
            {"auction": ["pass", "pass", "pass", 4]}, "auction.3", id="stuck dealer 4"
        ),
        pytest.param(
            {"auction": ["pass", "pass", "pass", "pass"]},
            "auction.3",
            id="stuck dealer passes",
        ),
        pytest.param({"pitcher": 0, "bid": 4}, "bid", id="dealer cannot win with 4"),
        pytest.param(
            {"auction": [5, "pass", "pass", 5]}, "auction.3", id="no steal in thirteen"
        ),
        pytest.param({"auction": [13, 4]}, "auction.1", id="call after 13"),
        pytest.param(
            {"auction": [5, "pass", "pass", "pass"], "awards": {"high": 1}},
            "awards.high",
            id="auction point in thirteen",
        ),
        pytest.param(
            {"auction": [5, "pass", "pass", "pass"], "single_trump": True},
            "single_trump",
            id="single trump in thirteen",
        ),
        pytest.param(
            {"auction": [5, "pass", "pass", "pass"], "game_points": [10, 20]},
            "game_points",
            id="game points in thirteen",
        ),
        pytest.param(
            {"auction": [5, "pass", "pass", "pass"], "awards": {"ace": 4}},
            "awards.ace",
            id="award to seat 4",
        ),
    ],
)
def test_thirteen_refuses_and_names_the_field(
    api: APIClient, thirteen: Game, body: dict[str, Any], field: str
) -> None:
    response = post_hand(api, thirteen.pk, {"awards": {}, **body})

    assert response.status_code == 400
    error_at(response.json(), field)
    assert not Hand.objects.exists()


def test_thirteen_stuck_dealer_bids_5(api: APIClient, thirteen: Game) -> None:
    body = play(
        api, thirteen.pk, {"auction": ["pass", "pass", "pass", 5], "awards": {}}
    )

    assert body["hands"][0]["pitcher"] == 0
    assert body["hands"][0]["bid"] == 5
    assert body["scores"] == [-5, 0]


def test_shooting_the_moon_and_making_it_wins_at_once(
    api: APIClient, thirteen: Game
) -> None:
    body = play(api, thirteen.pk, MOON_MADE)

    assert body["status"] == "finished"
    assert body["winner"] == 1
    assert body["scores"] == [0, 13]
    assert body["next_dealer"] == 1
    assert body["next_hand"] is None
    assert post_hand(api, thirteen.pk, MOON_MADE).status_code == 409


def test_shooting_the_moon_and_failing_is_set_back_13(
    api: APIClient, thirteen: Game
) -> None:
    body = play(api, thirteen.pk, MOON_FAILED)

    assert body["status"] == "in_progress"
    assert body["winner"] is None
    assert body["hands"][0]["won"] == [1, 12]
    assert body["hands"][0]["deltas"] == [1, -13]
    assert body["scores"] == [1, -13]


def test_shooting_the_moon_and_failing_loses_when_the_club_says_so(
    api: APIClient, user: AbstractUser
) -> None:
    lose = game_factory(
        created_by=user, variant="thirteen", options={"moon_fail": "lose"}
    )

    body = play(api, lose.pk, MOON_FAILED)

    assert body["status"] == "finished"
    assert body["winner"] == 0


# Thirteen, target 5: seat 1's team bids 5; seats 0/2 take both threes (6 points).
THIRTEEN_BOTH_REACH: dict[str, Any] = {
    "auction": [5, "pass", "pass", "pass"],
    "awards": {
        "ace": 1,
        "jack": 1,
        "jick": 3,
        "high_joker": 3,
        "low_joker": 1,
        "ten": 1,
        "three": 0,
        "off_three": 2,
        "two": 3,
    },
}
# The same bid, but the bidding team takes only 4 and the other team 9.
THIRTEEN_BIDDER_SET: dict[str, Any] = {
    "auction": [5, "pass", "pass", "pass"],
    "awards": {
        "ace": 1,
        "jack": 1,
        "jick": 3,
        "high_joker": 0,
        "low_joker": 0,
        "ten": 3,
        "three": 0,
        "off_three": 2,
        "two": 2,
    },
}


def test_thirteen_when_both_teams_reach_the_target_the_bidders_win(
    api: APIClient, user: AbstractUser
) -> None:
    short = game_factory(created_by=user, variant="thirteen", options={"target": 5})

    body = play(api, short.pk, THIRTEEN_BOTH_REACH)

    assert body["scores"] == [6, 7]
    assert body["status"] == "finished"
    assert body["winner"] == 1


def test_thirteen_the_other_team_reaching_the_target_wins(
    api: APIClient, user: AbstractUser
) -> None:
    short = game_factory(created_by=user, variant="thirteen", options={"target": 5})

    body = play(api, short.pk, THIRTEEN_BIDDER_SET)

    assert body["scores"] == [9, -5]
    assert body["winner"] == 0


def test_thirteen_with_the_pitcher_only_rule_the_other_team_waits(
    api: APIClient, user: AbstractUser
) -> None:
    short = game_factory(
        created_by=user,
        variant="thirteen",
        options={"target": 5, "pitcher_only_win": True},
    )

    body = play(api, short.pk, THIRTEEN_BIDDER_SET)

    assert body["scores"] == [9, -5]
    assert body["status"] == "in_progress"
    assert body["waiting_to_go_out"] == [0]


# --- winning: the pitcher-only rule ---------------------------------------------------


@pytest.fixture
def to_3(user: AbstractUser) -> Game:
    """Four solo players to 3, default rules: seat 2 reaches 4 without bidding."""
    game = game_factory(created_by=user, options={"target": 3})
    return record(game, **_as_record(SEAT_1_SET_SEAT_2_TAKES_ALL))


def test_a_side_over_the_target_without_the_bid_does_not_win(
    to_3: Game, api: APIClient
) -> None:
    body = read(to_3.pk)

    assert body["scores"] == [0, -2, 4, 0]
    assert body["status"] == "in_progress"
    assert body["winner"] is None
    assert body["waiting_to_go_out"] == [2]


def test_the_game_goes_on_until_the_waiting_side_makes_a_bid(
    to_3: Game, api: APIClient
) -> None:
    # Dealer 1; seat 3 wins the auction and is set: seat 2 still waits.
    body = play(
        api,
        to_3.pk,
        {"auction": ["pass", 2, "pass", "pass"], "awards": {"high": 3, "low": 0}},
    )
    assert body["scores"] == [1, -2, 4, -2]
    assert body["status"] == "in_progress"

    # Dealer 2 is stuck, bids 2 and makes it: seat 2 goes out.
    body = play(
        api,
        to_3.pk,
        {"auction": ["pass", "pass", "pass", 2], "awards": {"high": 2, "low": 2}},
    )
    assert body["scores"] == [1, -2, 6, -2]
    assert body["status"] == "finished"
    assert body["winner"] == 2
    assert body["waiting_to_go_out"] == []


def test_a_waiting_side_can_be_set_back_below_the_target(
    to_3: Game, api: APIClient
) -> None:
    body = play(
        api,
        to_3.pk,
        {"auction": [3, "pass", "pass", "pass"], "awards": {"high": 3, "low": 3}},
    )

    assert body["scores"] == [0, -2, 1, 2]
    assert body["status"] == "in_progress"
    assert body["waiting_to_go_out"] == []


def test_the_bidding_side_wins_with_fewer_points_than_another(
    to_3: Game, api: APIClient
) -> None:
    body = play(
        api,
        to_3.pk,
        {
            "auction": ["pass", 2, "pass", "pass"],
            "awards": {"high": 3, "low": 3, "jack": 3},
        },
    )

    assert body["scores"] == [0, -2, 4, 3]
    assert body["status"] == "finished"
    assert body["winner"] == 3


@pytest.mark.parametrize(
    ("must_make_bid_to_win", "status", "winner"),
    [(False, "finished", 2), (True, "in_progress", None)],
)
def test_a_set_pitcher_still_over_the_target_wins_unless_the_bid_must_be_made(
    api: APIClient,
    user: AbstractUser,
    must_make_bid_to_win: bool,
    status: str,
    winner: int | None,
) -> None:
    game = game_factory(
        created_by=user,
        options={"target": 3, "must_make_bid_to_win": must_make_bid_to_win},
    )
    record(game, **_as_record(SEAT_1_SET_SEAT_2_TAKES_ALL))

    # Dealer 1: seat 2 bids 1 and takes nothing: set back from 4 to 3.
    body = play(
        api,
        game.pk,
        {"auction": [1, "pass", "pass", "pass"], "awards": {"high": 3, "low": 3}},
    )

    assert body["hands"][1]["made"] is False
    assert body["scores"] == [0, -2, 3, 2]
    assert body["status"] == status
    assert body["winner"] == winner


@pytest.mark.parametrize(
    ("target", "awards", "scores", "winner"),
    [
        pytest.param(
            3,
            {"high": 2, "low": 2, "jack": 2, "game": 2},
            [0, -2, 4, 0],
            2,
            id="a side that did not bid wins",
        ),
        pytest.param(
            2,
            {"high": 2, "low": 2, "jack": 3, "game": 3},
            [0, -2, 2, 2],
            None,
            id="an exact tie between non-bidders plays on",
        ),
        pytest.param(
            2,
            {"high": 1, "low": 1, "jack": 2, "game": 2},
            [0, 2, 2, 0],
            1,
            id="the bidding side wins among several",
        ),
        pytest.param(
            1,
            {"high": 2, "low": 2, "jack": 2, "game": 3},
            [0, -2, 3, 1],
            2,
            id="else the highest score wins",
        ),
    ],
)
def test_without_the_pitcher_only_rule_any_side_over_the_target_ends_the_game(
    api: APIClient,
    user: AbstractUser,
    target: int,
    awards: dict[str, int],
    scores: list[int],
    winner: int | None,
) -> None:
    game = game_factory(
        created_by=user, options={"target": target, "pitcher_only_win": False}
    )

    body = play(
        api, game.pk, {"auction": [2, "pass", "pass", "pass"], "awards": awards}
    )

    assert body["scores"] == scores
    assert body["winner"] == winner
    assert body["status"] == ("in_progress" if winner is None else "finished")
    assert body["waiting_to_go_out"] == []


# --- Correct a hand -------------------------------------------------------------------


@pytest.fixture
def three_hands(game: Game) -> Game:
    """Three hands: scores [0,2,1,0], then [0,2,1,2], then [1,0,1,2]."""
    record(game, [2, "pass", "pass", "pass"], {"high": 1, "low": 1, "game": 2})
    record(game, ["pass", 2, "pass", "pass"], {"high": 3, "low": 3})
    return record(game, ["pass", "pass", 2, "pass"], {"high": 1, "low": 0})


def test_correcting_a_hand_replays_the_game(api: APIClient, three_hands: Game) -> None:
    before = read(three_hands.pk)
    assert [hand["scores"] for hand in before["hands"]] == [
        [0, 2, 1, 0],
        [0, 2, 1, 2],
        [1, 0, 1, 2],
    ]

    response = api.put(
        hand_url(three_hands.pk, 1),
        {
            "auction": [2, "pass", "pass", "pass"],
            "awards": {"high": 0, "low": 0, "jack": 0, "game": 0},
        },
        format="json",
    )

    assert response.status_code == 200
    body = response.json()
    assert body["hands"][0]["awards"] == {"high": 0, "low": 0, "jack": 0, "game": 0}
    assert body["hands"][0]["deltas"] == [4, -2, 0, 0]
    assert [hand["scores"] for hand in body["hands"]] == [
        [4, -2, 0, 0],
        [4, -2, 0, 2],
        [5, -4, 0, 2],
    ]
    # Later hands keep what was recorded; only their running scores move.
    assert [hand["deltas"] for hand in body["hands"][1:]] == [
        hand["deltas"] for hand in before["hands"][1:]
    ]
    assert body["scores"] == [5, -4, 0, 2]
    assert body["next_dealer"] == 3
    assert read(three_hands.pk) == body


def test_a_hand_read_back_can_be_sent_back_unchanged(
    api: APIClient, three_hands: Game
) -> None:
    before = read(three_hands.pk)

    response = api.put(hand_url(three_hands.pk, 2), before["hands"][1], format="json")

    assert response.status_code == 200
    assert without_timestamps(response.json()) == without_timestamps(before)


def test_a_correction_may_switch_to_pitcher_and_bid(
    api: APIClient, three_hands: Game
) -> None:
    response = api.put(
        hand_url(three_hands.pk, 2),
        {"pitcher": 3, "bid": 3, "awards": {"high": 3, "low": 3, "jack": 3}},
        format="json",
    )

    assert response.status_code == 200
    hand = response.json()["hands"][1]
    assert hand["auction"] is None
    assert (hand["pitcher"], hand["bid"], hand["made"]) == (3, 3, True)
    assert response.json()["scores"] == [1, 0, 1, 3]


@pytest.mark.parametrize(
    ("body", "field"),
    [
        pytest.param(
            {"auction": ["pass", "pass", "pass", "pass"], **AWARD_HL},
            "auction.3",
            id="stuck dealer",
        ),
        pytest.param(
            {"auction": [2, "pass", "pass", "pass"], "awards": {"high": 1}},
            "awards.low",
            id="missing Low",
        ),
        pytest.param(
            {"auction": [2, "pass", "pass", "pass"], "awards": {"high": 7, "low": 1}},
            "awards.high",
            id="no such seat",
        ),
        pytest.param(
            {**EXAMPLE_HAND, "bid": 2}, "bid", id="bid contradicts the auction"
        ),
        pytest.param({**EXAMPLE_HAND, "number": 2}, "number", id="number disagrees"),
        pytest.param({**EXAMPLE_HAND, "colour": 1}, "colour", id="unknown field"),
    ],
)
def test_a_correction_that_breaks_a_rule_is_400_and_changes_nothing(
    api: APIClient, three_hands: Game, body: dict[str, Any], field: str
) -> None:
    before = read(three_hands.pk)

    response = api.put(hand_url(three_hands.pk, 1), body, format="json")

    assert response.status_code == 400
    error_at(response.json(), field)
    assert read(three_hands.pk) == before


def test_a_correction_that_wins_before_the_last_hand_is_409_and_changes_nothing(
    api: APIClient, user: AbstractUser
) -> None:
    game = game_factory(created_by=user, options={"target": 3})
    record(game, [2, "pass", "pass", "pass"], {"high": 1, "low": 1, "game": 2})
    record(game, ["pass", 2, "pass", "pass"], {"high": 3, "low": 3})
    before = read(game.pk)

    response = api.put(
        hand_url(game.pk, 1),
        {
            "auction": [2, "pass", "pass", "pass"],
            "awards": {"high": 1, "low": 1, "jack": 1, "game": 1},
        },
        format="json",
    )

    assert response.status_code == 409
    assert response.json()["detail"]
    assert read(game.pk) == before


@pytest.fixture
def won_by_seat_1(user: AbstractUser) -> Game:
    """Target 3: seat 1 pitches 4, takes everything and wins at hand 1."""
    game = game_factory(created_by=user, options={"target": 3})
    record(game, [4], {"high": 1, "low": 1, "jack": 1, "game": 1})
    assert game.status == "finished"
    return game


def test_a_correction_that_removes_the_win_reopens_the_game(
    api: APIClient, won_by_seat_1: Game
) -> None:
    response = api.put(
        hand_url(won_by_seat_1.pk, 1),
        {"auction": [4], "awards": {"high": 1, "low": 1, "jack": 2, "game": 2}},
        format="json",
    )

    assert response.status_code == 200
    body = response.json()
    assert body["status"] == "in_progress"
    assert body["winner"] is None
    assert body["scores"] == [0, -4, 2, 0]
    assert body["next_dealer"] == 1
    next_hand = {"auction": ["pass", "pass", "pass", 2], **AWARD_HL}
    assert post_hand(api, won_by_seat_1.pk, next_hand).status_code == 201


def test_a_correction_of_the_last_hand_may_win_the_game(
    api: APIClient, user: AbstractUser
) -> None:
    game = game_factory(created_by=user, options={"target": 5})
    record(game, **_as_record(SEAT_1_MAKES_2))
    record(game, ["pass", 2, "pass", "pass"], {"high": 3, "low": 3})

    # Hand 2 becomes the dealer's (seat 1's) 3, made: seat 1 reaches 5.
    response = api.put(
        hand_url(game.pk, 2),
        {
            "auction": ["pass", "pass", "pass", 3],
            "awards": {"high": 1, "low": 1, "jack": 1},
        },
        format="json",
    )

    assert response.status_code == 200
    body = response.json()
    assert body["scores"] == [0, 5, 1, 0]
    assert body["status"] == "finished"
    assert body["winner"] == 1
    assert body["next_dealer"] == 2


@pytest.mark.parametrize("number", [0, 4, 99])
def test_correcting_a_hand_that_does_not_exist_is_404(
    api: APIClient, three_hands: Game, number: int
) -> None:
    response = api.put(hand_url(three_hands.pk, number), EXAMPLE_HAND, format="json")

    assert response.status_code == 404


def test_correcting_a_hand_of_an_unknown_game_is_404(api: APIClient, db: None) -> None:
    assert api.put(hand_url(987654, 1), EXAMPLE_HAND, format="json").status_code == 404


# --- Undo -----------------------------------------------------------------------------


def test_undo_removes_the_last_hand(api: APIClient, three_hands: Game) -> None:
    before = read(three_hands.pk)

    response = api.delete(hand_url(three_hands.pk, 3))

    assert response.status_code == 200
    body = response.json()
    assert body["hands"] == before["hands"][:2]
    assert body["scores"] == [0, 2, 1, 2]
    assert body["next_dealer"] == 2
    assert read(three_hands.pk) == body


def test_undo_every_hand_in_turn_leaves_a_new_game(
    api: APIClient, three_hands: Game
) -> None:
    for number in (3, 2, 1):
        assert api.delete(hand_url(three_hands.pk, number)).status_code == 200

    body = read(three_hands.pk)
    assert body["hands"] == []
    assert body["scores"] == [0, 0, 0, 0]
    assert body["next_dealer"] == 0


@pytest.mark.parametrize("number", [1, 2])
def test_undo_of_an_earlier_hand_is_409(
    api: APIClient, three_hands: Game, number: int
) -> None:
    before = read(three_hands.pk)

    response = api.delete(hand_url(three_hands.pk, number))

    assert response.status_code == 409
    assert response.json()["detail"]
    assert read(three_hands.pk) == before


@pytest.mark.parametrize("number", [0, 4, 99])
def test_undo_of_a_missing_hand_is_404(
    api: APIClient, three_hands: Game, number: int
) -> None:
    before = read(three_hands.pk)

    assert api.delete(hand_url(three_hands.pk, number)).status_code == 404
    assert read(three_hands.pk) == before


def test_undo_in_a_game_without_hands_is_404(api: APIClient, game: Game) -> None:
    assert api.delete(hand_url(game.pk, 1)).status_code == 404


def test_undo_of_the_winning_hand_reopens_the_game(
    api: APIClient, won_by_seat_1: Game
) -> None:
    response = api.delete(hand_url(won_by_seat_1.pk, 1))

    assert response.status_code == 200
    body = response.json()
    assert body["status"] == "in_progress"
    assert body["winner"] is None
    assert body["scores"] == [0, 0, 0, 0]
    assert body["next_dealer"] == 0
    assert post_hand(api, won_by_seat_1.pk, EXAMPLE_HAND).status_code == 201


# --- Who may do what ------------------------------------------------------------------


def _writes(game_id: int) -> list[tuple[str, str, dict[str, Any] | None]]:
    """Every write on hands: record the next, correct hand 1, undo hand 1."""
    return [
        ("post", hands_url(game_id), EXAMPLE_HAND),
        ("put", hand_url(game_id, 1), EXAMPLE_HAND),
        ("delete", hand_url(game_id, 1), None),
    ]


def _write(client: APIClient, method: str, url: str, body: Any) -> Response:
    if body is None:
        return getattr(client, method)(url)
    return getattr(client, method)(url, body, format="json")


@pytest.fixture
def one_hand(user: AbstractUser) -> Game:
    game = game_factory(created_by=user)
    return record(game, **_as_record(SEAT_1_MAKES_2))


@pytest.mark.parametrize("write", [0, 1, 2], ids=["record", "correct", "undo"])
def test_anonymous_writes_are_refused(
    anon_api: APIClient, one_hand: Game, write: int
) -> None:
    before = read(one_hand.pk)
    method, url, body = _writes(one_hand.pk)[write]

    response = _write(anon_api, method, url, body)

    assert response.status_code in (401, 403)
    assert read(one_hand.pk) == before


@pytest.mark.parametrize("write", [0, 1, 2], ids=["record", "correct", "undo"])
def test_a_user_who_did_not_create_the_game_gets_403(
    one_hand: Game, write: int
) -> None:
    stranger = APIClient()
    stranger.force_authenticate(UserFactory())
    before = read(one_hand.pk)
    method, url, body = _writes(one_hand.pk)[write]

    response = _write(stranger, method, url, body)

    assert response.status_code == 403
    assert read(one_hand.pk) == before


@pytest.mark.parametrize("write", [0, 1, 2], ids=["record", "correct", "undo"])
def test_nobody_but_a_superuser_may_write_a_game_without_a_creator(
    db: None, write: int
) -> None:
    orphan = game_factory(created_by=None)
    record(orphan, **_as_record(SEAT_1_MAKES_2))
    signed_in = APIClient()
    signed_in.force_authenticate(UserFactory())
    method, url, body = _writes(orphan.pk)[write]

    assert _write(signed_in, method, url, body).status_code == 403


@pytest.mark.parametrize(
    ("write", "status"),
    [(0, 201), (1, 200), (2, 200)],
    ids=["record", "correct", "undo"],
)
def test_a_superuser_may_write_any_game(
    one_hand: Game, write: int, status: int
) -> None:
    admin = APIClient()
    admin.force_authenticate(UserFactory(is_superuser=True, is_staff=True))
    method, url, body = _writes(one_hand.pk)[write]

    assert _write(admin, method, url, body).status_code == status


def test_token_authentication_creates_and_records(user: AbstractUser) -> None:
    token = Token.objects.create(user=user)
    script = APIClient(enforce_csrf_checks=True)
    script.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")

    created = script.post(GAMES, {"variant": "auction", "players": FOUR}, format="json")
    assert created.status_code == 201
    game_id = created.json()["id"]
    assert Game.objects.get(pk=game_id).created_by == user

    assert post_hand(script, game_id, EXAMPLE_HAND).status_code == 201
    assert (
        script.put(hand_url(game_id, 1), EXAMPLE_HAND, format="json").status_code == 200
    )
    assert script.delete(hand_url(game_id, 1)).status_code == 200


def test_a_wrong_token_is_401(one_hand: Game) -> None:
    script = APIClient()
    script.credentials(HTTP_AUTHORIZATION="Token not-a-real-token")

    response = post_hand(script, one_hand.pk, EXAMPLE_HAND)

    assert response.status_code == 401
    assert Hand.objects.filter(game=one_hand).count() == 1


def test_a_token_of_another_user_gets_403(one_hand: Game) -> None:
    script = APIClient()
    script.credentials(
        HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=UserFactory()).key}"
    )

    assert post_hand(script, one_hand.pk, EXAMPLE_HAND).status_code == 403


@pytest.fixture
def session_client(user: AbstractUser) -> APIClient:
    """The site's session login, with CSRF checks as a session_client meets them."""
    client = APIClient(enforce_csrf_checks=True)
    assert client.login(
        request=HttpRequest(), username=user.username, password=PASSWORD
    )
    return client


def _csrf_token(client: APIClient) -> str:
    """A CSRF token as a page of the site hands it out (the login form sets it)."""
    assert client.get("/api-auth/login/").status_code == 200
    return client.cookies["csrftoken"].value


def test_session_login_reads_without_a_csrf_token(
    session_client: APIClient, one_hand: Game
) -> None:
    assert session_client.get(game_url(one_hand.pk)).status_code == 200


def test_session_writes_without_a_csrf_token_are_403(
    session_client: APIClient, one_hand: Game
) -> None:
    create = session_client.post(
        GAMES, {"variant": "auction", "players": FOUR}, format="json"
    )
    record_hand = post_hand(session_client, one_hand.pk, EXAMPLE_HAND)
    undo = session_client.delete(hand_url(one_hand.pk, 1))

    assert create.status_code == 403
    assert record_hand.status_code == 403
    assert undo.status_code == 403
    assert "CSRF" in record_hand.json()["detail"]
    assert Game.objects.count() == 1
    assert Hand.objects.filter(game=one_hand).count() == 1


def test_session_writes_with_the_csrf_token_work(
    session_client: APIClient, one_hand: Game
) -> None:
    token = _csrf_token(session_client)

    created = session_client.post(
        GAMES,
        {"variant": "auction", "players": FOUR},
        format="json",
        HTTP_X_CSRFTOKEN=token,
    )
    recorded = session_client.post(
        hands_url(one_hand.pk),
        EXAMPLE_HAND | {"auction": ["pass", 2, "pass", "pass"]},
        format="json",
        HTTP_X_CSRFTOKEN=token,
    )
    undone = session_client.delete(hand_url(one_hand.pk, 2), HTTP_X_CSRFTOKEN=token)

    assert created.status_code == 201
    assert recorded.status_code == 201
    assert undone.status_code == 200


def test_a_session_of_another_user_gets_403(one_hand: Game) -> None:
    stranger = UserFactory()
    client = APIClient(enforce_csrf_checks=True)
    assert client.login(
        request=HttpRequest(), username=stranger.username, password=PASSWORD
    )

    response = client.post(
        hands_url(one_hand.pk),
        {"auction": ["pass", 2, "pass", "pass"], **AWARD_HL},
        format="json",
        HTTP_X_CSRFTOKEN=_csrf_token(client),
    )

    assert response.status_code == 403
    assert "CSRF" not in response.json()["detail"]


# --- Query counts ---------------------------------------------------------------------


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


def test_reading_a_game_takes_the_same_queries_for_1_or_10_hands(
    anon_api: APIClient, user: AbstractUser
) -> None:
    short = _game_with_hands(user, 1)
    long = _game_with_hands(user, 10)

    few = _queries(anon_api, "get", game_url(short.pk))
    many = _queries(anon_api, "get", game_url(long.pk))

    assert few == many
    assert many <= 4


def test_listing_games_takes_the_same_queries_for_1_or_10_games(
    anon_api: APIClient, user: AbstractUser
) -> None:
    _game_with_hands(user, 2)
    one = _queries(anon_api, "get", GAMES)
    for _ in range(9):
        _game_with_hands(user, 2)

    ten = _queries(anon_api, "get", GAMES)

    assert one == ten
    assert ten <= 3
    assert len(anon_api.get(GAMES).json()["results"]) == 10


def test_writes_take_the_same_queries_for_1_or_10_hands(
    api: APIClient, user: AbstractUser
) -> None:
    counts = []
    for hands in (1, 10):
        game = _game_with_hands(user, hands)
        counts.append(
            (
                _queries(
                    api,
                    "post",
                    hands_url(game.pk),
                    {"pitcher": 1, "bid": 2, **AWARD_HL},
                ),
                _queries(api, "delete", hand_url(game.pk, hands + 1)),
            )
        )

    assert counts[0] == counts[1]


def test_a_game_point_left_out_is_derived_from_the_game_points(
    api: APIClient, game: Game
) -> None:
    body = {
        "auction": [2, "pass", "pass", "pass"],
        "awards": {"high": 1, "low": 1},
        "game_points": [10, 5, 25, 3],
    }

    response = post_hand(api, game.pk, body)

    assert response.status_code == 201
    hand = response.json()["hands"][0]
    assert hand["awards"]["game"] == 2
    assert hand["won"] == [0, 2, 1, 0]
    assert hand["game_points"] == [10, 5, 25, 3]


def test_revisions_list_every_correction_and_undo_with_who_and_what(
    api: APIClient, user: AbstractUser, game: Game
) -> None:
    first = {"auction": [2, "pass", 3, "pass"], **AWARD_HL}
    play(api, game.pk, first, {"auction": ["pass", "pass", 2, "pass"], **AWARD_HL})
    corrected = {"auction": [2, "pass", "pass", "pass"], **AWARD_HL}
    assert api.put(hand_url(game.pk, 1), corrected, format="json").status_code == 200
    assert api.delete(hand_url(game.pk, 2)).status_code == 200

    revisions = api.get(f"{game_url(game.pk)}revisions/").json()

    assert [(r["hand_number"], r["action"]) for r in revisions] == [
        (1, "correct"),
        (2, "undo"),
    ]
    assert revisions[0]["before"]["auction"] == [2, "pass", 3, "pass"]
    assert revisions[0]["after"]["auction"] == [2, "pass", "pass", "pass"]
    assert revisions[1]["after"] is None
    assert {r["changed_by"] for r in revisions} == {user.get_username()}


def test_the_public_revision_log_shows_no_user_ids_or_client_ids(
    anon_api: APIClient, api: APIClient, user: AbstractUser, game: Game
) -> None:
    first = {"auction": [2, "pass", 3, "pass"], **AWARD_HL, "client_id": CLIENT_ID}
    play(api, game.pk, first)
    corrected = {"auction": [2, "pass", "pass", "pass"], **AWARD_HL}
    assert api.put(hand_url(game.pk, 1), corrected, format="json").status_code == 200
    assert api.delete(hand_url(game.pk, 1)).status_code == 200

    answer = anon_api.get(f"{game_url(game.pk)}revisions/")

    assert answer.status_code == 200
    text = answer.content.decode()
    assert CLIENT_ID not in text
    for revision in answer.json():
        for hand in filter(None, (revision["before"], revision["after"])):
            assert "client_id" not in hand
            assert "recorded_by" not in hand
            assert hand["number"] == 1


def test_revisions_of_an_unknown_game_are_404(db: None, anon_api: APIClient) -> None:
    assert anon_api.get(f"{game_url(999)}revisions/").status_code == 404


def test_a_body_nested_too_deeply_is_a_400(api: APIClient, game: Game) -> None:
    answer = api.post(
        hands_url(game.pk),
        "[" * 5000 + "]" * 5000,
        content_type="application/json",
    )

    assert answer.status_code == 400
    assert "nested too deeply" in answer.json()["detail"]


def test_a_client_id_must_be_a_uuid_string(api: APIClient, game: Game) -> None:
    answer = post_hand(api, game.pk, {**SEAT_1_MAKES_2, "client_id": 5})

    assert answer.status_code == 400
    assert "client_id" in answer.json()
    assert not game.hands.exists()


def test_an_unknown_api_address_answers_404_in_json(anon_api: APIClient) -> None:
    answer = anon_api.get("/api/v1/games/abc/")

    assert answer.status_code == 404
    assert answer.json() == {"detail": "Not found."}


# --- Bodies too deep or too big, pages asked for wrongly (issue 9) ------------------

BAD_BODIES = {
    "unparsable-deep": "[" * 60_000,
    "parsed-deep": '{"auction": ' + "[" * 40 + "]" * 40 + "}",
    "over-64-KB": '{"name": "' + "x" * 70_000 + '"}',
    "over-django-limit": '{"name": "' + "x" * 3_000_000 + '"}',
}


@pytest.fixture
def everything(user: AbstractUser) -> dict[str, Any]:
    """A path parameter for every operation: all of it `user`'s to change."""
    club = club_services.club_create(name="Elks", by=user)
    member = UserFactory()
    Membership.objects.create(club=club, user=member, role=Role.MEMBER)
    game = services.game_start(
        variant="auction",
        players=["Ann", "Bob", "Cy", "Di"],
        club=club,
        created_by=user,
    )
    record(game, **_as_record(SEAT_1_MAKES_2))
    return {
        "slug": club.slug,
        "game_id": game.pk,
        "number": 1,
        "user_id": member.pk,
        "code": club_services.invite_create(club=club, by=user).code,
    }


@pytest.mark.parametrize("accept", ["application/json", "text/html"])
@pytest.mark.parametrize("body", list(BAD_BODIES.values()), ids=list(BAD_BODIES))
def test_no_operation_answers_500_to_a_body_too_deep_or_too_big(
    api: APIClient, everything: dict[str, Any], body: str, accept: str
) -> None:
    # Every operation the schema lists that reads a body, the browsable API (HTML)
    # as well as JSON.
    paths = api.get("/api/v1/schema/?format=json").json()["paths"]
    answers = {}
    for path, operations in paths.items():
        for method, operation in operations.items():
            if "requestBody" in operation:
                answer = api.generic(
                    method.upper(),
                    path.format(**everything),
                    body,
                    content_type="application/json",
                    HTTP_ACCEPT=accept,
                )
                answers[f"{method} {path}"] = answer.status_code

    assert len(answers) == 10
    # The token operation answers in JSON only.
    assert answers.pop("post /api/v1/auth/token/") in (
        {400} if "json" in accept else {406}
    )
    assert set(answers.values()) == {400}, answers


@pytest.mark.parametrize(
    "body", list(BAD_BODIES.values())[:3], ids=list(BAD_BODIES)[:3]
)
def test_a_body_too_deep_or_too_big_is_refused_in_words(
    api: APIClient, game: Game, body: str
) -> None:
    answer = api.post(hands_url(game.pk), body, content_type="application/json")

    assert answer.status_code == 400
    assert answer.json()["detail"].startswith(
        ("JSON parse error - the body is nested too deeply", "The body is larger")
    )


def test_a_huge_list_of_players_is_refused_before_any_is_looked_up(
    api: APIClient,
) -> None:
    players = [{"player": 10**9 + n} for n in range(2000)]

    with CaptureQueriesContext(connection) as queries:
        answer = api.post(
            GAMES, {"variant": "auction", "players": players}, format="json"
        )

    assert answer.status_code == 400
    assert error_at(answer.json(), "players") == [
        "No game seats more than 7 players; this list has 2000."
    ]
    assert len(queries) <= 3


@pytest.mark.parametrize(
    "query",
    [
        "limit=x",
        "limit=0",
        "limit=-1",
        "limit=2.5",
        "limit=",
        "limit=²",
        "offset=-1",
        "offset=x",
        "offset=٣",
    ],
)
@pytest.mark.parametrize("listing", [GAMES, "/api/v1/clubs/"])
def test_a_page_asked_for_wrongly_is_a_400_naming_the_parameter(
    api: APIClient, listing: str, query: str
) -> None:
    answer = api.get(f"{listing}?{query}")

    assert answer.status_code == 400
    name = query.split("=")[0]
    assert error_at(answer.json(), name) == [
        f"Give {name} as a whole number from {1 if name == 'limit' else 0}."
    ]


@pytest.mark.parametrize("query", ["limit=1&offset=1", f"offset={10**30}", "limit=007"])
def test_a_page_asked_for_rightly_is_answered(api: APIClient, query: str) -> None:
    for variant in ("auction", "thirteen"):
        start(api, variant=variant)

    answer = api.get(f"{GAMES}?{query}")

    assert answer.status_code == 200
    assert answer.json()["count"] == 2
    expected = {"limit=1&offset=1": 1, f"offset={10**30}": 0, "limit=007": 2}[query]
    assert len(answer.json()["results"]) == expected


def test_a_club_given_as_a_number_is_refused_even_if_a_slug_reads_so(
    api: APIClient, user: AbstractUser
) -> None:
    club = club_services.club_create(name="7", by=user)
    assert club.slug == "7"

    answer = api.post(
        GAMES,
        {"variant": "auction", "players": ["Ann", "Bob"], "club": 7},
        format="json",
    )

    assert answer.status_code == 400
    assert error_at(answer.json(), "club")
    assert not Game.objects.exists()


def test_a_corrections_number_must_be_a_whole_number(
    api: APIClient, one_hand: Game
) -> None:
    # True == 1 in Python: it must not pass for hand 1.
    answer = api.put(
        hand_url(one_hand.pk, 1), {**SEAT_1_MAKES_2, "number": True}, format="json"
    )

    assert answer.status_code == 400
    assert error_at(answer.json(), "number")
