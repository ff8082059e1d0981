"""Properties that hold for every legal game, checked on random ones."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.engine import (
    PASS,
    GameState,
    HandInput,
    HandResult,
    Rules,
    RuleViolation,
    SideCredit,
    Variant,
    legal_calls,
    new_game,
    replay,
    score_hand,
)

from .helpers import allowed_calls, auction_outcome, games, rules_strategy

PROPERTY = settings(
    max_examples=100,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)


def results_of(rules: Rules, hands: list[HandInput]) -> tuple[HandResult, ...]:
    return replay(rules, hands).results


@PROPERTY
@given(games())
def test_scores_are_the_running_sum_of_deltas(game: tuple[Rules, Any]) -> None:
    rules, hands = game
    played = replay(rules, hands)
    totals = [0] * len(rules.sides)
    for result in played.results:
        totals = [
            total + delta for total, delta in zip(totals, result.deltas, strict=True)
        ]
        assert result.scores == tuple(totals)
    assert played.state.scores == tuple(totals)
    assert played.state.hands == len(hands)


@PROPERTY
@given(games())
def test_a_set_side_loses_exactly_its_bid(game: tuple[Rules, Any]) -> None:
    rules, hands = game
    for result in results_of(rules, hands):
        side = result.bidding_side
        assert result.made == (result.won[side] >= result.bid)
        expected = result.won[side] if result.made else -result.bid
        assert result.deltas[side] == expected


@PROPERTY
@given(games())
def test_non_bidding_sides_never_lose_points(game: tuple[Rules, Any]) -> None:
    rules, hands = game
    for result in results_of(rules, hands):
        for side, delta in enumerate(result.deltas):
            if side != result.bidding_side:
                assert delta == result.won[side] >= 0


@PROPERTY
@given(games())
def test_no_side_gains_more_than_a_hand_holds(game: tuple[Rules, Any]) -> None:
    rules, hands = game
    for result in results_of(rules, hands):
        assert sum(result.won) <= rules.max_points
        assert max(result.deltas) <= rules.max_points
        assert min(result.deltas) >= -rules.max_bid


@PROPERTY
@given(games())
def test_replay_is_deterministic_and_equals_scoring_hand_by_hand(
    game: tuple[Rules, Any],
) -> None:
    rules, hands = game
    state = new_game(rules)
    one_by_one = []
    for hand in hands:
        result, state = score_hand(rules, state, hand)
        one_by_one.append(result)
    first = replay(rules, hands)
    assert first == replay(rules, list(hands))
    assert first.results == tuple(one_by_one)
    assert first.state == state


@PROPERTY
@given(games())
def test_each_result_records_the_hand_as_dealt_and_bid(game: tuple[Rules, Any]) -> None:
    rules, hands = game
    for number, (hand, result) in enumerate(
        zip(hands, results_of(rules, hands), strict=True), start=1
    ):
        assert result.number == number
        assert result.dealer == (rules.first_dealer + number - 1) % rules.players
        if hand.auction is not None:
            assert (result.pitcher, result.bid) == auction_outcome(
                rules, number, hand.auction
            )
        else:
            assert (result.pitcher, result.bid) == (hand.pitcher, hand.bid)
        assert result.bidding_side == rules.side_of(result.pitcher)
        assert list(result.awards) == list(rules.points)
        assert result.awards == {
            point: hand.awards.get(point) for point in rules.points
        }


@PROPERTY
@given(games())
def test_only_the_last_hand_can_win(game: tuple[Rules, Any]) -> None:
    rules, hands = game
    played = replay(rules, hands)
    assert all(result.winner is None for result in played.results[:-1])
    assert played.state.winner == played.results[-1].winner


@PROPERTY
@given(games(pitcher_only_win=True))
def test_with_pitcher_only_win_only_the_bidding_side_wins(
    game: tuple[Rules, Any],
) -> None:
    rules, hands = game
    for result in results_of(rules, hands):
        if result.winner is None:
            continue
        failed_moon = (
            rules.variant is Variant.THIRTEEN and result.bid == 13 and not result.made
        )
        if failed_moon and rules.moon_fail == "lose":
            # The moon rule, not the pitcher-only rule: the other team wins.
            assert result.winner == 1 - result.bidding_side
        else:
            assert result.winner == result.bidding_side
            assert result.made or not rules.must_make_bid_to_win
            assert result.scores[result.winner] >= rules.target or (
                rules.variant is Variant.THIRTEEN and result.bid == 13
            )


def same_call(a: object, b: object) -> bool:
    # True == 1 in Python; a call must match in type too.
    return type(a) is type(b) and a == b


@st.composite
def call_sequences(draw: st.DrawFn) -> tuple[Rules, int, list[Any]]:
    """An auction that is mostly legal, with an occasional wrong call or length."""
    rules = draw(rules_strategy())
    number = draw(st.integers(1, 30))
    wrong = st.sampled_from(
        [PASS, 0, 1, 2, 3, 4, 5, 6, 12, 13, 14, "4", "Pass", True, 2.5, None]
    )
    calls: list[Any] = []
    legal_so_far = True
    for _ in range(draw(st.integers(0, rules.players))):
        options = allowed_calls(rules, calls) if legal_so_far else []
        if options and draw(st.integers(0, 9)) < 8:
            calls.append(draw(st.sampled_from(options)))
        else:
            call = draw(wrong)
            calls.append(call)
            # The wrong call may happen to be legal; later calls are drawn blind.
            legal_so_far = False
    return rules, number, calls


@PROPERTY
@given(call_sequences())
def test_legal_calls_agrees_with_auction_validation(
    case: tuple[Rules, int, list[Any]],
) -> None:
    rules, number, calls = case
    first_wrong = None
    closed = False
    for index, call in enumerate(calls):
        if closed:
            if not same_call(call, PASS):
                first_wrong = index
                break
            continue
        offered = legal_calls(rules, number, calls[:index])
        # The engine offers exactly what RULES.md allows.
        assert list(offered) == allowed_calls(rules, calls[:index])
        if not any(same_call(call, option) for option in offered):
            first_wrong = index
            break
        closed = call == rules.max_bid
    awards = {"high": 0, "low": 0} if rules.variant is Variant.AUCTION else {}
    state = GameState(new_game(rules).scores, hands=number - 1, winner=None)
    hand = HandInput(auction=calls, awards=awards)
    if first_wrong is not None:
        with pytest.raises(RuleViolation) as refused:
            score_hand(rules, state, hand)
        assert refused.value.field == f"auction.{first_wrong}"
    elif not closed and len(calls) < rules.players:
        with pytest.raises(RuleViolation) as refused:
            score_hand(rules, state, hand)
        assert (refused.value.code, refused.value.field) == ("too_few_calls", "auction")
        assert legal_calls(rules, number, calls) != ()
    else:
        result, _ = score_hand(rules, state, hand)
        assert legal_calls(rules, number, calls) == ()
        assert (result.pitcher, result.bid) == auction_outcome(rules, number, calls)


@PROPERTY
@given(games())
def test_each_side_wins_the_points_of_its_seats_and_those_credited_to_it(
    game: tuple[Rules, Any],
) -> None:
    rules, hands = game
    values = dict(zip(rules.points, rules.point_values, strict=True))
    for result in results_of(rules, hands):
        won = [0] * len(rules.sides)
        for point, award in result.awards.items():
            if isinstance(award, SideCredit):
                won[award.side] += values[point]
            elif award is not None:
                won[rules.side_of(award)] += values[point]
        assert result.won == tuple(won)
