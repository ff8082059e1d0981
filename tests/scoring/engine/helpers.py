"""Builders and hypothesis strategies shared by the engine tests.

The strategies build legal hands from RULES.md directly (not from the engine's own
``legal_calls``), so the properties check the engine against an independent reading.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Sequence
from typing import Any

import pytest
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
    make_rules,
    score_hand,
)


def auction_rules(
    players: int = 4, partnership: bool = False, first_dealer: int = 0, **options: Any
) -> Rules:
    """Rules of an auction game with the given options."""
    return make_rules("auction", players, partnership, first_dealer, options)


def thirteen_rules(first_dealer: int = 0, **options: Any) -> Rules:
    """Rules of a thirteen game with the given options."""
    return make_rules("thirteen", 4, None, first_dealer, options)


def at(*scores: int, hands: int = 0) -> GameState:
    """A game in progress with these scores after ``hands`` hands."""
    return GameState(scores=tuple(scores), hands=hands, winner=None)


def score(rules: Rules, state: GameState | None = None, **hand: Any) -> HandResult:
    """Score one hand given as HandInput fields (on a new game by default)."""
    if state is None:
        state = GameState(scores=(0,) * len(rules.sides), hands=0, winner=None)
    result, _ = score_hand(rules, state, HandInput(**hand))
    return result


def refusal(call: Callable[[], object], code: str, field: str) -> RuleViolation:
    """The RuleViolation that ``call`` raises; it must have ``code`` and ``field``."""
    with pytest.raises(RuleViolation) as caught:
        call()
    assert (caught.value.code, caught.value.field) == (code, field)
    return caught.value


def refused(
    rules: Rules,
    state: GameState | None = None,
    *,
    code: str,
    field: str,
    **hand: Any,
) -> RuleViolation:
    """The RuleViolation raised when scoring this hand, checked like ``refusal``."""
    return refusal(lambda: score(rules, state, **hand), code, field)


# --- hypothesis strategies -------------------------------------------------------


@st.composite
def rules_strategy(
    draw: st.DrawFn, variant: Variant | None = None, hand_limit: bool | None = None
) -> Rules:
    """Any valid Rules, with targets low enough that games end. ``hand_limit``:
    True for fixed-hands games only, False for none, None for about one in four."""
    if variant is None:
        variant = draw(st.sampled_from(Variant))
    if hand_limit is None:
        hand_limit = draw(st.integers(0, 3)) == 0
    limit = draw(st.integers(1, 12)) if hand_limit else None
    if variant is Variant.THIRTEEN:
        options: dict[str, object] = {
            "target": draw(st.integers(1, 60)),
            "pitcher_only_win": draw(st.booleans()),
            # A failed moon cannot lose a fixed-hands game at once (RULES: refused).
            "moon_fail": "setback"
            if limit
            else draw(st.sampled_from(["setback", "lose"])),
            "hand_limit": limit,
        }
        return make_rules("thirteen", 4, None, draw(st.integers(0, 3)), options)
    partnership = draw(st.booleans())
    players = draw(
        st.sampled_from([4, 6]) if partnership else st.integers(2, 7),
    )
    options = {
        "target": draw(st.integers(1, 21)),
        "pitcher_only_win": draw(st.booleans()),
        "must_make_bid_to_win": draw(st.booleans()),
        "dealer_min_bid": draw(st.integers(1, 4)),
        "dealer_may_steal": draw(st.booleans()),
        "low_goes_to": draw(st.sampled_from(["captured", "dealt"])),
        "hand_limit": limit,
    }
    first_dealer = draw(st.integers(0, players - 1))
    return make_rules("auction", players, partnership, first_dealer, options)


def allowed_calls(rules: Rules, calls: Sequence[int | str]) -> list[int | str]:
    """The next legal calls by RULES.md, written independently of the engine.

    Empty when the auction is over. Assumes ``calls`` so far are legal.
    """
    low, high_bid = (1, 4) if rules.variant is Variant.AUCTION else (4, 13)
    bids = [call for call in calls if call != PASS]
    high = max(bids, default=0)
    if high == high_bid or len(calls) == rules.players:
        return []
    if len(calls) < rules.players - 1:
        return [PASS, *range(max(low, high + 1), high_bid + 1)]
    if not bids:
        stuck = rules.dealer_min_bid if rules.variant is Variant.AUCTION else 5
        return list(range(max(low, stuck), high_bid + 1))
    steal = rules.variant is Variant.AUCTION and rules.dealer_may_steal
    return [PASS, *range(high if steal else high + 1, high_bid + 1)]


def legal_auction(rng: random.Random, rules: Rules) -> list[int | str]:
    """A legal auction; after a closing bid the rest is left out or passed."""
    calls: list[int | str] = []
    while options := allowed_calls(rules, calls):
        # Passes are common at a real table; bias towards them.
        if PASS in options and rng.random() < 0.6:
            calls.append(PASS)
        else:
            calls.append(rng.choice([call for call in options if call != PASS]))
    calls.extend([PASS] * rng.randint(0, rules.players - len(calls)))
    return calls


def auction_outcome(
    rules: Rules, number: int, calls: Sequence[int | str]
) -> tuple[int, int]:
    """Pitcher and bid of a legal auction: the last bid stands (a steal equals it)."""
    dealer = rules.dealer_of(number)
    for index in range(len(calls) - 1, -1, -1):
        if calls[index] != PASS:
            return (dealer + 1 + index) % rules.players, int(calls[index])
    raise AssertionError("a legal auction always has a bid")


def legal_hand(rng: random.Random, rules: Rules, number: int) -> HandInput:
    """A legal hand for hand ``number``: auction and/or pitcher and bid, awards."""
    calls = legal_auction(rng, rules)
    pitcher, bid = auction_outcome(rules, number, calls)
    seats = range(rules.players)
    # Points lean towards the bidding side, so bids are made about as often as not.
    partners = rules.sides[rules.side_of(pitcher)]
    sweep = rng.random() < 0.2
    awards: dict[str, int | SideCredit | None] = {
        point: rng.choice(partners)
        if sweep or rng.random() < 0.5
        else (rng.choice(seats) if rng.random() < 0.8 else None)
        for point in rules.points
    }
    if rules.partnership:
        # Some points credited to a team without naming the partner ("rest to team").
        for point, seat in awards.items():
            if seat is not None and rng.random() < 0.2:
                awards[point] = SideCredit(rules.side_of(seat))
    single_trump = False
    game_points = None
    if rules.variant is Variant.AUCTION:
        # High and Low always go to someone.
        for point in ("high", "low"):
            if awards[point] is None:
                awards[point] = rng.choice(seats)
        if rng.random() < 0.3:
            single_trump = True
            awards["low"] = awards["high"]
            awards["jack"] = rng.choice([None, awards["high"]])
        if rng.random() < 0.5:
            game_points = [rng.randint(0, 80) for _ in rules.sides]
            while sum(game_points) > 80:
                game_points = [points // 2 for points in game_points]
            top = max(game_points)
            leaders = [side for side, points in enumerate(game_points) if points == top]
            awards["game"] = (
                rng.choice([*rules.sides[leaders[0]], SideCredit(leaders[0])])
                if len(leaders) == 1 and rules.partnership
                else rng.choice(rules.sides[leaders[0]])
                if len(leaders) == 1
                else None
            )
    # Points left out count as nobody.
    for point in [p for p, seat in awards.items() if seat is None]:
        if rng.random() < 0.5:
            del awards[point]
    how = rng.choice(["auction", "both", "pitcher_and_bid"])
    return HandInput(
        auction=None if how == "pitcher_and_bid" else calls,
        pitcher=None if how == "auction" else pitcher,
        bid=None if how == "auction" else bid,
        trump=rng.choice([None, "spades", "hearts", "diamonds", "clubs"]),
        awards=awards,
        single_trump=single_trump,
        game_points=game_points,
    )


def legal_game(
    rng: random.Random, rules: Rules, max_hands: int = 25
) -> list[HandInput]:
    """Legal hands in order, stopping at the hand that wins the game (if any)."""
    hands: list[HandInput] = []
    state = GameState(scores=(0,) * len(rules.sides), hands=0, winner=None)
    for number in range(1, rng.randint(1, max_hands) + 1):
        hand = legal_hand(rng, rules, number)
        hands.append(hand)
        _, state = score_hand(rules, state, hand)
        if state.finished:
            break
    return hands


@st.composite
def games(
    draw: st.DrawFn,
    pitcher_only_win: bool | None = None,
    hand_limit: bool | None = None,
    max_hands: int = 25,
) -> tuple[Rules, list[HandInput]]:
    """Rules and a legal game under them (ending at its winning hand, if any).
    ``hand_limit`` as for ``rules_strategy`` (a pitcher-only game has none).

    The hands come from a Hypothesis-controlled Random: much cheaper than a
    draw per choice, and Hypothesis still shrinks it.
    """
    if pitcher_only_win is not None:
        hand_limit = False
    rules = draw(rules_strategy(hand_limit=hand_limit))
    if pitcher_only_win is not None and rules.pitcher_only_win != pitcher_only_win:
        rules = dataclasses.replace(rules, pitcher_only_win=pitcher_only_win)
    rng = draw(st.randoms(use_true_random=False))
    return rules, legal_game(rng, rules, max_hands)
