"""Scoring hands and winning games, worked through with real numbers."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from scoring.engine import (
    PASS,
    POINTS,
    GameState,
    HandInput,
    HandResult,
    Rules,
    Variant,
    new_game,
    score_hand,
    waiting_to_go_out,
)

from .helpers import at, auction_rules, refusal, score, thirteen_rules

P = PASS


def thirteen_awards(*team_one: str) -> dict[str, int]:
    """Every point of thirteen to seat 1 (team 1) if named, else to seat 0 (team 0)."""
    return {point: 1 if point in team_one else 0 for point in POINTS[Variant.THIRTEEN]}


MOON = POINTS[Variant.THIRTEEN]  # all 13 points
TWELVE = tuple(point for point in MOON if point != "two")  # 12 to team 1, 1 to team 0
EIGHT = ("three", "off_three", "ace", "jack")  # 8 to team 1, 5 to team 0
SEVEN = ("three", "off_three", "ace")  # 7 to team 1, 6 to team 0
SIX = ("three", "off_three")  # 6 to team 1, 7 to team 0


def test_pitcher_is_set_back_when_bid_missed() -> None:
    rules = auction_rules()
    result = score(
        rules,
        auction=[2, P, 3, P],
        awards={"high": 3, "low": 1, "jack": 3, "game": 2},
        trump="hearts",
    )
    assert (result.number, result.dealer, result.pitcher, result.bid) == (1, 0, 3, 3)
    assert result.won == (0, 1, 1, 2)
    assert result.made is False
    assert result.deltas == (0, 1, 1, -3)
    assert result.scores == (0, 1, 1, -3)
    assert result.winner is None


def test_pitcher_scores_all_it_won_when_bid_made() -> None:
    result = score(
        auction_rules(),
        pitcher=1,
        bid=2,
        awards={"high": 1, "low": 1, "jack": 1, "game": 0},
    )
    assert result.made is True
    assert result.won == (1, 3, 0, 0)
    assert result.deltas == (1, 3, 0, 0)


def test_bid_met_exactly_is_made() -> None:
    result = score(auction_rules(), pitcher=2, bid=2, awards={"high": 2, "low": 2})
    assert (result.made, result.deltas) == (True, (0, 0, 2, 0))


def test_scores_may_go_negative() -> None:
    result = score(
        auction_rules(),
        at(1, 3, 0, 2, hands=4),
        pitcher=0,
        bid=4,
        awards={"high": 0, "low": 3, "jack": 0, "game": 1},
    )
    assert result.deltas == (-4, 1, 0, 1)
    assert result.scores == (-3, 4, 0, 3)


@pytest.mark.parametrize(
    ("players", "pitcher", "bid", "awards", "won", "deltas"),
    [
        (2, 0, 2, {"high": 0, "low": 1, "game": 0}, (2, 1), (2, 1)),
        (2, 1, 3, {"high": 0, "low": 1, "jack": 1, "game": 0}, (2, 2), (2, -3)),
        (3, 1, 3, {"high": 1, "low": 2, "jack": 1, "game": 0}, (1, 2, 1), (1, -3, 1)),
        (
            5,
            4,
            1,
            {"high": 2, "low": 4, "jack": None, "game": 3},
            (0, 0, 1, 1, 1),
            (0, 0, 1, 1, 1),
        ),
        (
            6,
            5,
            4,
            {"high": 5, "low": 5, "jack": 5, "game": 5},
            (0, 0, 0, 0, 0, 4),
            (0, 0, 0, 0, 0, 4),
        ),
        (
            7,
            6,
            2,
            {"high": 0, "low": 1, "jack": 2, "game": 3},
            (1, 1, 1, 1, 0, 0, 0),
            (1, 1, 1, 1, 0, 0, -2),
        ),
    ],
)
def test_every_solo_player_scores_for_themselves(
    players: int,
    pitcher: int,
    bid: int,
    awards: dict[str, Any],
    won: tuple[int, ...],
    deltas: tuple[int, ...],
) -> None:
    result = score(auction_rules(players), pitcher=pitcher, bid=bid, awards=awards)
    assert result.bidding_side == pitcher
    assert result.won == won
    assert result.deltas == deltas
    assert result.scores == deltas


@pytest.mark.parametrize(
    ("players", "pitcher", "bid", "awards", "bidding_side", "won", "deltas"),
    [
        # Seats 0 and 2 against 1 and 3: the pitcher's partner helps make the bid.
        (4, 1, 3, {"high": 3, "low": 1, "jack": 0, "game": 2}, 1, (2, 2), (2, -3)),
        (4, 3, 2, {"high": 1, "low": 0, "jack": None, "game": 2}, 1, (2, 1), (2, -2)),
        (4, 2, 3, {"high": 0, "low": 2, "jack": 0, "game": 3}, 0, (3, 1), (3, 1)),
        # Three teams of two: {0, 3}, {1, 4}, {2, 5}.
        (6, 2, 2, {"high": 5, "low": 2, "jack": 0, "game": 4}, 2, (1, 1, 2), (1, 1, 2)),
        (
            6,
            4,
            3,
            {"high": 1, "low": 3, "jack": 4, "game": 0},
            1,
            (2, 2, 0),
            (2, -3, 0),
        ),
    ],
)
def test_partners_score_together(
    players: int,
    pitcher: int,
    bid: int,
    awards: dict[str, Any],
    bidding_side: int,
    won: tuple[int, ...],
    deltas: tuple[int, ...],
) -> None:
    rules = auction_rules(players, partnership=True)
    result = score(rules, pitcher=pitcher, bid=bid, awards=awards)
    assert result.bidding_side == bidding_side
    assert result.won == won
    assert result.deltas == deltas


@pytest.mark.parametrize(
    ("bid", "team_one", "won", "made", "deltas"),
    [
        (7, SEVEN, (6, 7), True, (6, 7)),
        (8, SEVEN, (6, 7), False, (6, -8)),
        (4, ("two",), (12, 1), False, (12, -4)),
        (6, SIX, (7, 6), True, (7, 6)),
    ],
)
def test_thirteen_counts_threes_as_three_points(
    bid: int,
    team_one: tuple[str, ...],
    won: tuple[int, int],
    made: bool,
    deltas: tuple[int, int],
) -> None:
    result = score(
        thirteen_rules(), pitcher=1, bid=bid, awards=thirteen_awards(*team_one)
    )
    assert (result.won, result.made, result.deltas) == (won, made, deltas)


def test_thirteen_points_of_nobody_score_for_nobody() -> None:
    # The three was discarded and the two never played.
    awards = {**thirteen_awards(*SEVEN), "three": None, "two": None}
    result = score(thirteen_rules(), pitcher=3, bid=4, awards=awards)
    assert result.won == (5, 4)
    assert result.deltas == (5, 4)


def test_the_deal_moves_left_after_every_hand() -> None:
    rules = auction_rules(5, first_dealer=3, target=100)
    state = new_game(rules)
    dealers = []
    for number in range(1, 8):
        result, state = score_hand(
            rules, state, HandInput(pitcher=1, bid=2, awards={"high": 1, "low": 1})
        )
        assert result.number == number
        dealers.append(result.dealer)
    assert dealers == [3, 4, 0, 1, 2, 3, 4]
    assert state.hands == 7
    assert state.scores == (0, 14, 0, 0, 0)


def test_new_game_starts_every_side_at_zero() -> None:
    assert new_game(auction_rules(6, True)) == GameState((0, 0, 0), 0, None)
    assert new_game(thirteen_rules()).scores == (0, 0)
    assert new_game(auction_rules(7)).finished is False


# --- winning: the pitcher-only rule (auction default) ------------------------------


def test_pitcher_reaching_the_target_wins() -> None:
    rules = auction_rules()
    result, state = score_hand(
        rules,
        at(5, 6, 0, 0, hands=3),
        HandInput(pitcher=0, bid=2, awards={"high": 0, "low": 0}),
    )
    assert result.scores == (7, 6, 0, 0)
    assert result.winner == 0
    assert state == GameState(scores=(7, 6, 0, 0), hands=4, winner=0)
    assert state.finished is True


def test_a_side_past_the_target_must_win_a_bid_to_go_out() -> None:
    rules = auction_rules()
    result, state = score_hand(
        rules,
        at(5, 6, 0, 0, hands=3),
        HandInput(pitcher=0, bid=3, awards={"high": 1, "low": 1, "jack": 0, "game": 0}),
    )
    assert result.deltas == (-3, 2, 0, 0)
    assert result.scores == (2, 8, 0, 0)
    assert result.winner is None
    assert waiting_to_go_out(rules, state) == (1,)
    # Seat 1 pitches next and makes it: now it goes out.
    result, state = score_hand(
        rules, state, HandInput(pitcher=1, bid=1, awards={"high": 1, "low": 2})
    )
    assert result.scores == (2, 9, 1, 0)
    assert result.winner == 1
    assert waiting_to_go_out(rules, state) == ()


def test_pitcher_wins_with_fewer_points_than_a_waiting_side() -> None:
    rules = auction_rules()
    result = score(
        rules, at(6, 9, 0, 0, hands=2), pitcher=0, bid=1, awards={"high": 0, "low": 1}
    )
    assert result.scores == (7, 10, 0, 0)
    assert result.winner == 0


def test_a_waiting_side_can_be_set_back_below_the_target() -> None:
    rules = auction_rules()
    result, state = score_hand(
        rules,
        at(3, 7, 0, 0, hands=1),
        HandInput(pitcher=1, bid=3, awards={"high": 1, "low": 0, "jack": 0}),
    )
    assert result.scores == (5, 4, 0, 0)
    assert result.winner is None
    assert waiting_to_go_out(rules, state) == ()


@pytest.mark.parametrize(("must_make", "winner"), [(False, 0), (True, None)])
def test_a_set_pitcher_still_past_the_target_wins_unless_bids_must_be_made(
    must_make: bool, winner: int | None
) -> None:
    rules = auction_rules(must_make_bid_to_win=must_make)
    result, state = score_hand(
        rules,
        at(10, 0, 0, 0, hands=5),
        HandInput(pitcher=0, bid=2, awards={"high": 1, "low": 1}),
    )
    assert result.made is False
    assert result.scores == (8, 2, 0, 0)
    assert result.winner == winner
    if must_make:
        assert waiting_to_go_out(rules, state) == (0,)


def test_with_bids_to_be_made_the_pitcher_goes_out_on_a_made_bid() -> None:
    rules = auction_rules(must_make_bid_to_win=True)
    result = score(
        rules, at(8, 0, 0, 0, hands=6), pitcher=0, bid=2, awards={"high": 0, "low": 0}
    )
    assert (result.made, result.scores, result.winner) == (True, (10, 0, 0, 0), 0)


@pytest.mark.parametrize(
    ("target", "before", "after", "winner"),
    [
        (11, (8, 0, 0, 0), (10, 0, 0, 0), None),
        (11, (9, 0, 0, 0), (11, 0, 0, 0), 0),
        (21, (19, 0, 0, 0), (21, 0, 0, 0), 0),
        (1, (0, 0, 0, 0), (2, 0, 0, 0), 0),
    ],
)
def test_the_club_target_decides(
    target: int,
    before: tuple[int, ...],
    after: tuple[int, ...],
    winner: int | None,
) -> None:
    rules = auction_rules(target=target)
    result = score(rules, at(*before), pitcher=0, bid=2, awards={"high": 0, "low": 0})
    assert result.scores == after
    assert result.winner == winner


def test_partnership_team_goes_out_together() -> None:
    rules = auction_rules(4, True)
    result = score(
        rules,
        at(5, 6, hands=1),
        pitcher=3,
        bid=2,
        awards={"high": 1, "low": 3, "jack": 0},
    )
    assert result.scores == (6, 8)
    assert result.winner == 1


def test_no_hand_is_scored_after_the_game_is_won() -> None:
    rules = auction_rules()
    won = GameState(scores=(7, 0, 0, 0), hands=9, winner=0)
    error = refusal(
        lambda: score_hand(rules, won, HandInput(pitcher=1, bid=2, awards={})),
        "game_over",
        "game",
    )
    assert "seat 0 won it at hand 9" in error.message
    assert waiting_to_go_out(rules, won) == ()


# --- winning without the pitcher-only rule -----------------------------------------


def open_rules(**options: Any) -> Rules:
    return auction_rules(pitcher_only_win=False, **options)


def test_without_pitcher_only_any_side_reaching_the_target_wins() -> None:
    result = score(
        open_rules(),
        at(6, 0, 0, 0),
        pitcher=1,
        bid=2,
        awards={"high": 1, "low": 1, "jack": 0},
    )
    assert result.scores == (7, 2, 0, 0)
    assert result.winner == 0


def test_without_pitcher_only_the_bidding_side_wins_a_tie_at_the_target() -> None:
    result = score(
        open_rules(),
        at(6, 6, 0, 0),
        pitcher=1,
        bid=2,
        awards={"high": 1, "low": 1, "jack": 0, "game": 0},
    )
    assert result.scores == (8, 8, 0, 0)
    assert result.winner == 1


def test_without_pitcher_only_the_bidding_side_wins_even_with_fewer_points() -> None:
    result = score(
        open_rules(),
        at(6, 6, 0, 0),
        pitcher=1,
        bid=1,
        awards={"high": 0, "low": 0, "jack": 0, "game": 1},
    )
    assert result.scores == (9, 7, 0, 0)
    assert result.winner == 1


def test_without_pitcher_only_the_highest_non_bidder_wins() -> None:
    result = score(
        open_rules(),
        at(6, 5, 0, 0),
        pitcher=3,
        bid=2,
        awards={"high": 1, "low": 1, "jack": 1, "game": 0},
    )
    assert result.scores == (7, 8, 0, -2)
    assert result.winner == 1


def test_without_pitcher_only_a_tie_between_non_bidders_plays_on() -> None:
    rules = open_rules()
    result, state = score_hand(
        rules,
        at(6, 5, 0, 0),
        HandInput(pitcher=3, bid=2, awards={"high": 0, "low": 1, "jack": 1, "game": 3}),
    )
    assert result.scores == (7, 7, 0, -2)
    assert result.winner is None
    assert state.finished is False
    assert waiting_to_go_out(rules, state) == ()
    # The next hand breaks the tie.
    result, state = score_hand(
        rules, state, HandInput(pitcher=2, bid=1, awards={"high": 2, "low": 1})
    )
    assert result.scores == (7, 8, 1, -2)
    assert result.winner == 1


@pytest.mark.parametrize(("must_make", "winner"), [(False, 0), (True, 1)])
def test_without_pitcher_only_a_set_bidder_yields_when_bids_must_be_made(
    must_make: bool, winner: int
) -> None:
    rules = open_rules(must_make_bid_to_win=must_make)
    result = score(
        rules, at(12, 6, 0, 0), pitcher=0, bid=2, awards={"high": 1, "low": 0}
    )
    assert (result.made, result.scores) == (False, (10, 7, 0, 0))
    assert result.winner == winner


def test_without_pitcher_only_a_set_bidder_alone_past_the_target_waits() -> None:
    rules = open_rules(must_make_bid_to_win=True)
    result = score(
        rules, at(12, 0, 0, 0), pitcher=0, bid=2, awards={"high": 1, "low": 1}
    )
    assert result.scores == (10, 2, 0, 0)
    assert result.winner is None


# --- thirteen ----------------------------------------------------------------------


def test_thirteen_team_reaching_55_wins() -> None:
    result = score(
        thirteen_rules(),
        at(50, 20, hands=7),
        pitcher=1,
        bid=6,
        awards=thirteen_awards(*EIGHT),
    )
    assert result.scores == (55, 28)
    assert result.winner == 0


def test_thirteen_below_55_plays_on() -> None:
    result = score(
        thirteen_rules(),
        at(48, 20, hands=7),
        pitcher=1,
        bid=6,
        awards=thirteen_awards(*EIGHT),
    )
    assert result.scores == (53, 28)
    assert result.winner is None


@pytest.mark.parametrize(
    ("before", "after"),
    [((50, 50), (56, 57)), ((54, 48), (60, 55))],
)
def test_thirteen_both_teams_reaching_the_target_go_to_the_bidding_team(
    before: tuple[int, int], after: tuple[int, int]
) -> None:
    result = score(
        thirteen_rules(),
        at(*before, hands=3),
        pitcher=1,
        bid=6,
        awards=thirteen_awards(*SEVEN),
    )
    assert result.scores == after
    assert result.winner == 1


def test_thirteen_with_pitcher_only_the_other_team_waits() -> None:
    rules = thirteen_rules(pitcher_only_win=True)
    result, state = score_hand(
        rules,
        at(50, 20, hands=7),
        HandInput(pitcher=1, bid=6, awards=thirteen_awards(*EIGHT)),
    )
    assert result.scores == (55, 28)
    assert result.winner is None
    assert waiting_to_go_out(rules, state) == (0,)
    result, state = score_hand(
        rules, state, HandInput(pitcher=2, bid=4, awards=thirteen_awards(*SEVEN))
    )
    assert result.scores == (61, 35)
    assert result.winner == 0


def test_shooting_the_moon_and_making_it_wins_at_once() -> None:
    result = score(
        thirteen_rules(), at(0, 0), auction=[13], awards=thirteen_awards(*MOON)
    )
    assert (result.pitcher, result.bid, result.made) == (1, 13, True)
    assert result.deltas == (0, 13)
    assert result.scores == (0, 13)
    assert result.winner == 1


def test_shooting_the_moon_wins_whatever_the_scores() -> None:
    result = score(
        thirteen_rules(),
        at(-20, 54, hands=1),
        pitcher=2,
        bid=13,
        awards=dict.fromkeys(MOON, 0),
    )
    assert result.scores == (-7, 54)
    assert result.winner == 0


def test_a_failed_moon_is_set_back_13_by_default() -> None:
    result = score(
        thirteen_rules(), at(10, 20), pitcher=1, bid=13, awards=thirteen_awards(*TWELVE)
    )
    assert (result.won, result.made) == ((1, 12), False)
    assert result.deltas == (1, -13)
    assert result.scores == (11, 7)
    assert result.winner is None


def test_a_failed_moon_can_let_the_other_team_reach_the_target() -> None:
    result = score(
        thirteen_rules(), at(54, 20), pitcher=1, bid=13, awards=thirteen_awards(*TWELVE)
    )
    assert result.scores == (55, 7)
    assert result.winner == 0


@pytest.mark.parametrize("pitcher_only_win", [False, True])
def test_a_failed_moon_loses_the_game_where_the_club_says_so(
    pitcher_only_win: bool,
) -> None:
    rules = thirteen_rules(moon_fail="lose", pitcher_only_win=pitcher_only_win)
    result, state = score_hand(
        rules,
        at(10, 50, hands=2),
        HandInput(pitcher=1, bid=13, awards=thirteen_awards(*TWELVE)),
    )
    assert result.deltas == (1, -13)
    assert result.scores == (11, 37)
    assert result.winner == 0
    assert state.finished is True


def test_a_made_moon_wins_under_the_pitcher_only_rule_too() -> None:
    rules = thirteen_rules(pitcher_only_win=True, moon_fail="lose")
    result = score(rules, at(0, 0), pitcher=3, bid=13, awards=thirteen_awards(*MOON))
    assert result.winner == 1


def test_a_bid_below_13_taking_every_point_is_no_moon() -> None:
    result = score(
        thirteen_rules(), at(0, 0), pitcher=1, bid=12, awards=thirteen_awards(*MOON)
    )
    assert result.deltas == (0, 13)
    assert result.winner is None


def test_a_four_in_auction_pitch_taking_every_point_is_no_moon() -> None:
    result = score(
        auction_rules(),
        pitcher=1,
        bid=4,
        awards={"high": 1, "low": 1, "jack": 1, "game": 1},
    )
    assert result.deltas == (0, 4, 0, 0)
    assert result.winner is None


def test_results_are_complete_frozen_dataclasses() -> None:
    rules = auction_rules()
    result, state = score_hand(
        rules,
        new_game(rules),
        HandInput(
            auction=[2, P, 3, P],
            awards={"high": 3, "low": 1, "game": 3},
            game_points=[0, 10, 2, 30],
            trump="clubs",
        ),
    )
    # Rebuilt through __init__, every field is there and equal.
    fields = {
        field.name: getattr(result, field.name) for field in dataclasses.fields(result)
    }
    assert HandResult(**fields) == result
    assert dataclasses.replace(state) == state == GameState((0, 1, 0, -3), 1, None)
    assert result.game_points == (0, 10, 2, 30)
    assert result.awards == {"high": 3, "low": 1, "jack": None, "game": 3}
    with pytest.raises(dataclasses.FrozenInstanceError):
        result.bid = 4  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        state.winner = 0  # type: ignore[misc]
