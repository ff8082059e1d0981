"""A hand record: pitcher and bid, trump, awards, single trump, game points."""

from __future__ import annotations

from typing import Any

import pytest

from scoring.engine import PASS, Rules, SideCredit, Suit

from .helpers import at, auction_rules, refused, score, thirteen_rules

P = PASS
HIGH_LOW = {"high": 1, "low": 2}


@pytest.mark.parametrize(
    ("rules", "hand"),
    [
        (auction_rules(), {"auction": [2, P, 3, P], "pitcher": 3}),
        (auction_rules(), {"auction": [2, P, 3, P], "bid": 3}),
        (auction_rules(), {"auction": [2, P, 3, P], "pitcher": 3, "bid": 3}),
        (auction_rules(), {"pitcher": 3, "bid": 3}),
        (auction_rules(), {"pitcher": 3, "bid": 3, "trump": "hearts"}),
    ],
)
def test_pitcher_and_bid_may_come_with_or_without_the_auction(
    rules: Rules, hand: dict[str, Any]
) -> None:
    result = score(rules, awards=HIGH_LOW, **hand)
    assert (result.pitcher, result.bid, result.bidding_side) == (3, 3, 3)


@pytest.mark.parametrize(
    ("rules", "hand", "code", "field"),
    [
        (
            auction_rules(),
            {"auction": [2, P, 3, P], "pitcher": 1},
            "pitcher_mismatch",
            "pitcher",
        ),
        (auction_rules(), {"auction": [2, P, 3, P], "bid": 2}, "bid_mismatch", "bid"),
        (
            auction_rules(),
            {"auction": [2, P, 3, P], "pitcher": 4},
            "unknown_seat",
            "pitcher",
        ),
        (
            auction_rules(),
            {"auction": [2, P, 3, P], "bid": 5},
            "bid_out_of_range",
            "bid",
        ),
        (auction_rules(), {"auction": [2, P, 3, P], "bid": "3"}, "invalid_bid", "bid"),
        (auction_rules(), {"bid": 2}, "missing_pitcher", "pitcher"),
        (auction_rules(), {}, "missing_pitcher", "pitcher"),
        (auction_rules(), {"pitcher": 1}, "missing_bid", "bid"),
        (auction_rules(), {"pitcher": 4, "bid": 2}, "unknown_seat", "pitcher"),
        (auction_rules(), {"pitcher": -1, "bid": 2}, "unknown_seat", "pitcher"),
        (auction_rules(), {"pitcher": "1", "bid": 2}, "invalid_seat", "pitcher"),
        (auction_rules(), {"pitcher": True, "bid": 2}, "invalid_seat", "pitcher"),
        (auction_rules(), {"pitcher": 1.0, "bid": 2}, "invalid_seat", "pitcher"),
        (auction_rules(), {"pitcher": 1, "bid": 0}, "bid_out_of_range", "bid"),
        (auction_rules(), {"pitcher": 1, "bid": 5}, "bid_out_of_range", "bid"),
        (auction_rules(), {"pitcher": 1, "bid": 2.0}, "invalid_bid", "bid"),
        (auction_rules(), {"pitcher": 1, "bid": True}, "invalid_bid", "bid"),
        (auction_rules(), {"pitcher": 1, "bid": "2"}, "invalid_bid", "bid"),
        (thirteen_rules(), {"pitcher": 1, "bid": 3}, "bid_out_of_range", "bid"),
        (thirteen_rules(), {"pitcher": 1, "bid": 14}, "bid_out_of_range", "bid"),
    ],
)
def test_a_wrong_pitcher_or_bid_is_refused(
    rules: Rules, hand: dict[str, Any], code: str, field: str
) -> None:
    awards = HIGH_LOW if rules.variant == "auction" else {}
    refused(rules, awards=awards, **hand, code=code, field=field)


def test_a_contradicting_pitcher_is_explained() -> None:
    error = refused(
        auction_rules(),
        auction=[2, P, 3, P],
        pitcher=1,
        awards=HIGH_LOW,
        code="pitcher_mismatch",
        field="pitcher",
    )
    assert error.message == (
        "The auction makes seat 3 the pitcher, but the pitcher is given as seat 1: "
        "correct the auction or the pitcher."
    )


@pytest.mark.parametrize(
    ("rules", "pitcher", "bid", "possible"),
    [
        # Thirteen: a stuck dealer bids at least 5 and must top any 4.
        (thirteen_rules(), 0, 4, False),
        (thirteen_rules(), 0, 5, True),
        (thirteen_rules(), 1, 4, True),
        # Auction: a dealer's 1 needs a steal of a 1, or a house minimum of 1.
        (auction_rules(), 0, 1, True),
        (auction_rules(dealer_may_steal=False), 0, 1, False),
        (auction_rules(dealer_may_steal=False, dealer_min_bid=1), 0, 1, True),
        (auction_rules(dealer_may_steal=False), 0, 2, True),
        (auction_rules(dealer_may_steal=False, dealer_min_bid=4), 0, 2, True),
        (auction_rules(dealer_may_steal=False), 1, 1, True),
    ],
)
def test_a_bid_no_auction_can_produce_is_refused(
    rules: Rules, pitcher: int, bid: int, possible: bool
) -> None:
    awards = HIGH_LOW if rules.variant == "auction" else {}
    if possible:
        assert score(rules, pitcher=pitcher, bid=bid, awards=awards).bid == bid
    else:
        refused(
            rules,
            pitcher=pitcher,
            bid=bid,
            awards=awards,
            code="impossible_bid",
            field="bid",
        )


def test_an_impossible_dealer_bid_is_checked_against_that_hands_dealer() -> None:
    rules = thirteen_rules()
    # Hand 3 is dealt by seat 2, so seat 0 may be the pitcher at 4 but seat 2 not.
    assert score(rules, at(0, 0, hands=2), pitcher=0, bid=4).bid == 4
    refused(
        rules, at(0, 0, hands=2), pitcher=2, bid=4, code="impossible_bid", field="bid"
    )


@pytest.mark.parametrize(
    ("trump", "stored"),
    [(None, None), ("hearts", "hearts"), ("clubs", "clubs"), (Suit.SPADES, "spades")],
)
def test_trump_is_a_suit_or_left_out(trump: Any, stored: str | None) -> None:
    result = score(auction_rules(), pitcher=1, bid=2, trump=trump, awards=HIGH_LOW)
    assert result.trump == stored
    assert result.trump is None or type(result.trump) is str


@pytest.mark.parametrize("trump", ["Hearts", "notrump", "", 1, True])
def test_an_unknown_trump_is_refused(trump: Any) -> None:
    refused(
        auction_rules(),
        pitcher=1,
        bid=2,
        trump=trump,
        awards=HIGH_LOW,
        code="unknown_suit",
        field="trump",
    )


@pytest.mark.parametrize(
    ("rules", "awards", "code", "field"),
    [
        (auction_rules(), [1, 2, None, None], "invalid_awards", "awards"),
        (auction_rules(), None, "invalid_awards", "awards"),
        (auction_rules(), {**HIGH_LOW, "ace": 1}, "unknown_point", "awards.ace"),
        (auction_rules(), {**HIGH_LOW, "High": 1}, "unknown_point", "awards.High"),
        (thirteen_rules(), {"high": 1}, "unknown_point", "awards.high"),
        (thirteen_rules(), {"game": None}, "unknown_point", "awards.game"),
        (auction_rules(), {**HIGH_LOW, "jack": 4}, "unknown_seat", "awards.jack"),
        (auction_rules(), {**HIGH_LOW, "game": -1}, "unknown_seat", "awards.game"),
        (auction_rules(), {"high": 7, "low": 1}, "unknown_seat", "awards.high"),
        (auction_rules(), {**HIGH_LOW, "jack": "2"}, "invalid_seat", "awards.jack"),
        (auction_rules(), {**HIGH_LOW, "jack": True}, "invalid_seat", "awards.jack"),
        (auction_rules(), {**HIGH_LOW, "jack": 1.0}, "invalid_seat", "awards.jack"),
        (thirteen_rules(), {"two": 5}, "unknown_seat", "awards.two"),
        (thirteen_rules(), {"three": False}, "invalid_seat", "awards.three"),
        (auction_rules(), {"low": 2}, "missing_high", "awards.high"),
        (auction_rules(), {"high": None, "low": 2}, "missing_high", "awards.high"),
        (auction_rules(), {"high": 1}, "missing_low", "awards.low"),
        (
            auction_rules(),
            {"high": 1, "low": None, "jack": 1},
            "missing_low",
            "awards.low",
        ),
        (auction_rules(low_goes_to="dealt"), {"high": 1}, "missing_low", "awards.low"),
    ],
)
def test_wrong_awards_are_refused(
    rules: Rules, awards: Any, code: str, field: str
) -> None:
    bid = rules.min_bid + 1
    refused(rules, pitcher=1, bid=bid, awards=awards, code=code, field=field)


def test_an_award_to_a_missing_seat_names_the_seats() -> None:
    error = refused(
        auction_rules(),
        pitcher=1,
        bid=2,
        awards={"high": 7, "low": 1},
        code="unknown_seat",
        field="awards.high",
    )
    assert error.message == "Seat 7 does not exist: this game has seats 0 to 3."


def test_where_low_goes_changes_only_the_help_text() -> None:
    missing = {"code": "missing_low", "field": "awards.low"}
    captured = refused(auction_rules(), pitcher=1, bid=2, awards={"high": 1}, **missing)
    dealt = refused(
        auction_rules(low_goes_to="dealt"),
        pitcher=1,
        bid=2,
        awards={"high": 1},
        **missing,
    )
    assert "captured the lowest trump" in captured.message
    assert "dealt the lowest trump" in dealt.message
    hand = {"pitcher": 1, "bid": 2, "awards": {"high": 1, "low": 3, "jack": 1}}
    assert (
        score(auction_rules(low_goes_to="dealt"), **hand).deltas
        == score(auction_rules(), **hand).deltas
        == (0, 2, 0, 1)
    )


def test_points_left_out_count_as_nobody() -> None:
    result = score(auction_rules(), pitcher=1, bid=2, awards={"high": 1, "low": 2})
    assert result.awards == {"high": 1, "low": 2, "jack": None, "game": None}
    assert list(result.awards) == ["high", "low", "jack", "game"]
    result = score(thirteen_rules(), pitcher=1, bid=5, awards={"two": 0, "three": 3})
    assert list(result.awards) == [
        "ace", "jack", "jick", "high_joker", "low_joker", "ten", "three",
        "off_three", "two",
    ]  # fmt: skip
    assert result.awards["three"] == 3
    assert result.awards["ace"] is None
    assert result.won == (1, 3)


@pytest.mark.parametrize(
    ("awards", "won"),
    [
        # One trump in play: its capturer takes High and Low, 2 points.
        ({"high": 2, "low": 2, "jack": None, "game": 1}, (0, 1, 2, 0)),
        # The single trump is the jack: High, Low and Jack, 3 points.
        ({"high": 2, "low": 2, "jack": 2, "game": 1}, (0, 1, 3, 0)),
        ({"high": 2, "low": 2, "jack": 2, "game": 2}, (0, 0, 4, 0)),
    ],
)
def test_a_single_trump_is_both_high_and_low(
    awards: dict[str, int | None], won: tuple[int, ...]
) -> None:
    result = score(auction_rules(), pitcher=2, bid=3, single_trump=True, awards=awards)
    assert result.single_trump is True
    assert result.won == won


def test_the_single_jack_makes_a_three_bid() -> None:
    awards = {"high": 2, "low": 2, "jack": 2, "game": 1}
    result = score(auction_rules(), pitcher=2, bid=3, single_trump=True, awards=awards)
    assert result.made is True
    assert result.deltas == (0, 1, 3, 0)


@pytest.mark.parametrize(
    ("rules", "single_trump", "awards", "code", "field"),
    [
        (
            auction_rules(),
            True,
            {"high": 1, "low": 2},
            "single_trump_split",
            "awards.low",
        ),
        (
            auction_rules(),
            True,
            {"high": 2, "low": 2, "jack": 1},
            "single_trump_jack_split",
            "awards.jack",
        ),
        (
            auction_rules(),
            "yes",
            {"high": 2, "low": 2},
            "invalid_single_trump",
            "single_trump",
        ),
        (
            auction_rules(),
            1,
            {"high": 2, "low": 2},
            "invalid_single_trump",
            "single_trump",
        ),
        (
            auction_rules(),
            None,
            {"high": 2, "low": 2},
            "invalid_single_trump",
            "single_trump",
        ),
        (thirteen_rules(), True, {}, "single_trump_not_allowed", "single_trump"),
    ],
)
def test_a_single_trump_hand_that_contradicts_itself_is_refused(
    rules: Rules, single_trump: Any, awards: dict[str, Any], code: str, field: str
) -> None:
    refused(
        rules,
        pitcher=1,
        bid=rules.min_bid + 1,
        single_trump=single_trump,
        awards=awards,
        code=code,
        field=field,
    )


def test_a_split_single_trump_is_explained() -> None:
    error = refused(
        auction_rules(),
        pitcher=1,
        bid=2,
        single_trump=True,
        awards={"high": 1, "low": 2},
        code="single_trump_split",
        field="awards.low",
    )
    assert error.message.startswith(
        "High and Low must go to the same player in a single-trump hand."
    )


@pytest.mark.parametrize(
    ("rules", "game_points", "game"),
    [
        (auction_rules(), [10, 24, 3, 0], 1),
        (auction_rules(), (0, 0, 0, 1), 3),
        (auction_rules(), [20, 20, 4, 0], None),  # a tie for the most: nobody
        (auction_rules(), [0, 0, 0, 0], None),
        (auction_rules(), [80, 0, 0, 0], 0),
        (auction_rules(2), [31, 30], 0),
        (auction_rules(4, True), [40, 39], 0),
        (auction_rules(4, True), [40, 39], 2),  # the award goes to a seat of team 0
        (auction_rules(4, True), [12, 12], None),
        (auction_rules(6, True), [10, 30, 20], 4),
        (auction_rules(6, True), [30, 30, 20], None),
    ],
)
def test_game_points_decide_the_game_point(
    rules: Rules, game_points: Any, game: int | None
) -> None:
    awards = {"high": 0, "low": 0, "game": game}
    result = score(rules, pitcher=1, bid=2, game_points=game_points, awards=awards)
    assert result.game_points == tuple(game_points)
    assert result.awards["game"] == game


def test_the_game_point_counts_for_the_team_of_its_seat() -> None:
    rules = auction_rules(6, True)
    awards = {"high": 0, "low": 3, "jack": 1, "game": 5}
    result = score(rules, pitcher=1, bid=2, game_points=[10, 5, 30], awards=awards)
    assert result.won == (2, 1, 1)
    assert result.deltas == (2, -2, 1)


@pytest.mark.parametrize(
    ("rules", "game_points", "game", "code", "field"),
    [
        (thirteen_rules(), [10, 20], None, "game_points_not_allowed", "game_points"),
        (auction_rules(), "10,20,0,0", 1, "invalid_game_points", "game_points"),
        (auction_rules(), {0: 10}, 1, "invalid_game_points", "game_points"),
        (auction_rules(), [10, 20, 0], 1, "wrong_game_points_count", "game_points"),
        (
            auction_rules(4, True),
            [10, 20, 0, 0],
            1,
            "wrong_game_points_count",
            "game_points",
        ),
        (auction_rules(), [10, -1, 0, 0], 0, "invalid_game_points", "game_points"),
        (auction_rules(), [10, 2.0, 0, 0], 0, "invalid_game_points", "game_points"),
        (auction_rules(), [10, True, 0, 0], 0, "invalid_game_points", "game_points"),
        (auction_rules(), [10, None, 0, 0], 0, "invalid_game_points", "game_points"),
        (auction_rules(), [40, 30, 11, 0], 0, "game_points_too_many", "game_points"),
        # A Game award that contradicts the game points.
        (
            auction_rules(),
            [10, 24, 3, 0],
            2,
            "game_contradicts_game_points",
            "awards.game",
        ),
        (
            auction_rules(),
            [20, 20, 4, 0],
            0,
            "game_contradicts_game_points",
            "awards.game",
        ),
        (
            auction_rules(),
            [20, 20, 4, 0],
            2,
            "game_contradicts_game_points",
            "awards.game",
        ),
        (
            auction_rules(4, True),
            [40, 39],
            1,
            "game_contradicts_game_points",
            "awards.game",
        ),
        (
            auction_rules(4, True),
            [12, 12],
            0,
            "game_contradicts_game_points",
            "awards.game",
        ),
        (
            auction_rules(6, True),
            [10, 30, 20],
            2,
            "game_contradicts_game_points",
            "awards.game",
        ),
    ],
)
def test_wrong_game_points_are_refused(
    rules: Rules, game_points: Any, game: int | None, code: str, field: str
) -> None:
    awards: dict[str, Any] = {"high": 0, "low": 0, "game": game}
    if rules.variant == "thirteen":
        awards = {}
    refused(
        rules,
        pitcher=1,
        bid=rules.min_bid + 1,
        game_points=game_points,
        awards=awards,
        code=code,
        field=field,
    )


@pytest.mark.parametrize(
    ("rules", "game_points", "game_seat", "won"),
    [
        (auction_rules(), [10, 24, 3, 0], 1, (2, 1, 0, 0)),
        # Partners count together: the team is credited, no partner named.
        (auction_rules(4, True), [30, 41], SideCredit(1), (2, 1)),
        (auction_rules(6, True), [10, 20, 30], SideCredit(2), (2, 0, 1)),
    ],
)
def test_a_game_point_left_out_is_derived_from_the_game_points(
    rules: Rules,
    game_points: list[int],
    game_seat: int | SideCredit,
    won: tuple[int, ...],
) -> None:
    result = score(
        rules, pitcher=0, bid=2, awards={"high": 0, "low": 0}, game_points=game_points
    )

    assert result.awards["game"] == game_seat
    assert result.won == won


def test_a_game_point_left_out_stays_with_nobody_when_game_points_tie() -> None:
    result = score(
        auction_rules(),
        pitcher=0,
        bid=2,
        awards={"high": 0, "low": 0},
        game_points=[20, 20, 4, 0],
    )

    assert result.awards["game"] is None
    assert result.won == (2, 0, 0, 0)


def test_a_contradicting_game_point_says_who_should_have_it() -> None:
    awards = {"high": 0, "low": 0, "game": 2}
    contradiction = {"code": "game_contradicts_game_points", "field": "awards.game"}
    error = refused(
        auction_rules(),
        pitcher=1,
        bid=2,
        game_points=[10, 24, 3, 0],
        awards=awards,
        **contradiction,
    )
    assert error.message == (
        "The game points give Game to seat 1, with 24, the most, but Game is awarded "
        "to seat 2: award it to seat 1 (or leave it out), or correct the game "
        "points."
    )
    error = refused(
        auction_rules(4, True),
        pitcher=1,
        bid=2,
        game_points=[12, 12],
        awards=awards,
        **contradiction,
    )
    assert "tie for the most game points (12)" in error.message
    assert "award Game to nobody" in error.message
