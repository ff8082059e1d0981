"""Record a hand: the answer, the rules refused field by field, the number
guard, client_id retries; the queries a write takes."""

from typing import Any

import pytest
from django.contrib.auth.models import AbstractUser
from rest_framework.test import APIClient

from scoring.models import Award, Game, Hand
from tests.factories import game_factory, record
from tests.helpers import error_at
from tests.scoring.api.helpers import (
    AWARD_HL,
    CLIENT_ID,
    EXAMPLE_HAND,
    SEAT_1_MAKES_2,
    _as_record,
    _game_with_hands,
    _queries,
    hand_url,
    hands_url,
    play,
    post_hand,
    read,
    without_timestamps,
)


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


def test_a_client_id_must_be_a_uuid_string(api: APIClient, game: Game) -> None:
    answer = post_hand(api, game.pk, {**SEAT_1_MAKES_2, "client_id": 5})

    assert answer.status_code == 400
    assert "client_id" in answer.json()
    assert not game.hands.exists()
