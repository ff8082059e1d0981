"""Games: create (every field, options, players, refusals), read, list;
and the queries a read and a list take."""

from typing import Any

import pytest
from django.contrib.auth.models import AbstractUser
from rest_framework.test import APIClient

from pitchclub.models import Player
from pitchclub.services.clubs import club_create
from pitchclub.services.players import guest_add
from scoring.models import Game
from tests.factories import PlayerFactory, UserFactory, game_factory, record
from tests.helpers import error_at
from tests.scoring.api.helpers import (
    AUCTION_DEFAULTS,
    AWARD_HL,
    FOUR,
    GAMES,
    THIRTEEN_DEFAULTS,
    _game_with_hands,
    _queries,
    game_url,
    play,
    read,
    start,
)


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
    club = club_create(name="Open Tables", by=UserFactory())
    member = guest_add(club=club, name="Maud")

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
                "hand_limit": 8,
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
                "hand_limit": None,
            },
        ),
        ("auction", {**AUCTION_DEFAULTS, "target": 21, "dealer_min_bid": 4}),
        (
            "thirteen",
            {
                "target": 21,
                "pitcher_only_win": True,
                "moon_fail": "lose",
                "hand_limit": None,
            },
        ),
        (
            "thirteen",
            {
                "target": 1,
                "pitcher_only_win": False,
                "moon_fail": "setback",
                "hand_limit": 12,
            },
        ),
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


def test_an_unknown_api_address_answers_404_in_json(anon_api: APIClient) -> None:
    answer = anon_api.get("/api/v1/games/abc/")

    assert answer.status_code == 404
    assert answer.json() == {"detail": "Not found."}


def test_a_club_given_as_a_number_is_refused_even_if_a_slug_reads_so(
    api: APIClient, user: AbstractUser
) -> None:
    club = club_create(name="7", by=user)
    assert club.slug == "7"

    answer = api.post(
        GAMES,
        {"variant": "auction", "players": ["Ann", "Bob"], "club": 7},
        format="json",
    )

    assert answer.status_code == 400
    assert error_at(answer.json(), "club")
    assert not Game.objects.exists()
