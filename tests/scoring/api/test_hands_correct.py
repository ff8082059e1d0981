"""Correct a hand: the game replayed, refusals, wins made and unmade."""

from typing import Any

import pytest
from django.contrib.auth.models import AbstractUser
from rest_framework.test import APIClient

from scoring.models import Game
from tests.factories import game_factory, record
from tests.helpers import error_at
from tests.scoring.api.helpers import (
    AWARD_HL,
    EXAMPLE_HAND,
    SEAT_1_MAKES_2,
    _as_record,
    hand_url,
    post_hand,
    read,
    without_timestamps,
)


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


def test_a_corrections_number_must_be_a_whole_number(
    api: APIClient, one_hand: Game
) -> None:
    # True == 1 in Python: it must not pass for hand 1.
    answer = api.put(
        hand_url(one_hand.pk, 1), {**SEAT_1_MAKES_2, "number": True}, format="json"
    )

    assert answer.status_code == 400
    assert error_at(answer.json(), "number")
