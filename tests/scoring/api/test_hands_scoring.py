"""What a recorded hand scores: thirteen, and winning (the pitcher-only rule)."""

from typing import Any

import pytest
from django.contrib.auth.models import AbstractUser
from rest_framework.test import APIClient

from scoring.models import Game, Hand
from tests.factories import game_factory, record
from tests.helpers import error_at
from tests.scoring.api.helpers import (
    MOON_FAILED,
    MOON_MADE,
    SEAT_1_SET_SEAT_2_TAKES_ALL,
    _as_record,
    play,
    post_hand,
    read,
)


@pytest.fixture
def thirteen(user: AbstractUser) -> Game:
    return game_factory(created_by=user, variant="thirteen")


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
