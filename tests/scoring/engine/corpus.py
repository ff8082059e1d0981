"""One refusal of the engine for every sentence of its catalogue: what the scorekeeper
did wrong, and the catalogue key (code, or code/reason) the refusal must carry.

Shared by the catalogue's tests (test_messages.py) and the pages' renderer's
(tests/scoring/test_refusals.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from scoring.engine import (
    GameState,
    HandInput,
    RuleViolation,
    SideCredit,
    make_rules,
    replay,
    score_hand,
)

AWARDS = {"high": 0, "low": 1, "jack": 2, "game": 3}
THIRTEEN_AWARDS = {
    "ace": 0,
    "jack": 1,
    "jick": 1,
    "high_joker": 2,
    "low_joker": 3,
    "ten": 0,
    "three": 1,
    "off_three": 2,
    "two": 3,
}


def _hand(
    variant: str = "auction",
    players: int = 4,
    partnership: bool | None = None,
    options: dict[str, Any] | None = None,
    **hand: Any,
) -> Callable[[], object]:
    """Score one hand (the first: seat 0 deals, seat 1 bids first)."""
    hand.setdefault("awards", AWARDS if variant == "auction" else THIRTEEN_AWARDS)
    if "auction" not in hand:
        hand.setdefault("pitcher", 1)
        hand.setdefault("bid", 2 if variant == "auction" else 5)

    def play() -> object:
        rules = make_rules(variant, players, partnership, 0, options)
        state = GameState(scores=(0,) * len(rules.sides), hands=0, winner=None)
        return score_hand(rules, state, HandInput(**hand))

    return play


def _rules(*args: Any, **kwargs: Any) -> Callable[[], object]:
    return lambda: make_rules(*args, **kwargs)


def _over() -> object:
    rules = make_rules("auction", 4, True)
    state = GameState(scores=(7, 2), hands=9, winner=0)
    return score_hand(rules, state, HandInput(pitcher=1, bid=2, awards=AWARDS))


def _won_early() -> object:
    rules = make_rules("auction", 4, options={"target": 1})
    hand = HandInput(pitcher=1, bid=2, awards={"high": 1, "low": 1, "jack": 1})
    return replay(rules, [hand, hand])


PASSES = ["pass", "pass", "pass"]
NO_STEAL = {"dealer_may_steal": False}

REFUSALS: dict[str, Callable[[], object]] = {
    # The game's settings.
    "unknown_variant": _rules("whist", 4),
    "invalid_partnership": _rules("auction", 4, "yes"),
    "partnership_required": _rules("thirteen", 4, False),
    "invalid_players": _rules("auction", "4"),
    "wrong_player_count": _rules("auction", 8),
    "wrong_player_count/partners": _rules("auction", 5, True),
    "wrong_player_count/thirteen": _rules("thirteen", 6),
    "invalid_seat/first_dealer": _rules("auction", 4, first_dealer="0"),
    "unknown_seat/first_dealer": _rules("auction", 4, first_dealer=4),
    "invalid_option/target": _rules("auction", 4, options={"target": 0}),
    "invalid_option/hand_limit": _rules("auction", 4, options={"hand_limit": 0}),
    "invalid_option/moon_fail_hand_limit": _rules(
        "thirteen", 4, options={"hand_limit": 8, "moon_fail": "lose"}
    ),
    "invalid_option/switch": _rules("auction", 4, options={"dealer_may_steal": 1}),
    "invalid_option/dealer_min_bid": _rules(
        "auction", 4, options={"dealer_min_bid": 5}
    ),
    "invalid_option/choice": _rules("auction", 4, options={"low_goes_to": "me"}),
    "invalid_options": _rules("auction", 4, options=[("target", 7)]),
    "unknown_option": _rules("auction", 4, options={"trumps": 1}),
    "unknown_option/other_variant": _rules(
        "thirteen", 4, options={"dealer_may_steal": True}
    ),
    # The auction.
    "invalid_auction": _hand(auction="pass"),
    "too_many_calls": _hand(auction=[2, *PASSES, "pass"]),
    "too_few_calls": _hand(auction=[2, "pass"]),
    "too_few_calls/one": _hand(auction=[2]),
    "invalid_call": _hand(auction=["two", *PASSES]),
    "calls_after_closing_bid": _hand(auction=[4, 2]),
    "bid_out_of_range/call": _hand(auction=[5, *PASSES]),
    "bid_not_higher": _hand(auction=[2, 2, "pass", "pass"]),
    "dealer_stuck": _hand(auction=[*PASSES, 1]),
    "dealer_stuck/passed": _hand(auction=[*PASSES, "pass"]),
    "steal_not_allowed": _hand(options=NO_STEAL, auction=[2, "pass", "pass", 2]),
    "bid_not_higher/no_steal": _hand("thirteen", auction=[6, "pass", "pass", 6]),
    "bid_not_higher/dealer": _hand(options=NO_STEAL, auction=[3, "pass", "pass", 2]),
    "bid_not_higher/dealer_may_steal": _hand(auction=[3, "pass", "pass", 2]),
    # A hand.
    "unknown_suit": _hand(trump="stars"),
    "invalid_seat/pitcher": _hand(pitcher="1"),
    "unknown_seat": _hand(pitcher=7),
    "invalid_bid": _hand(bid=2.0),
    "bid_out_of_range": _hand(bid=5),
    "pitcher_mismatch": _hand(auction=[2, *PASSES], pitcher=2),
    "bid_mismatch": _hand(auction=[2, *PASSES], bid=3),
    "missing_pitcher": _hand(bid=2, pitcher=None),
    "missing_bid": _hand(pitcher=1, bid=None),
    "impossible_bid": _hand(options=NO_STEAL, pitcher=0, bid=1),
    "impossible_bid/thirteen": _hand("thirteen", pitcher=0, bid=4),
    "invalid_awards": _hand(awards=[0, 1, 2, 3]),
    "unknown_point": _hand(awards={**AWARDS, "ace": 0}),
    "invalid_seat/award": _hand(awards={**AWARDS, "low": True}),
    "invalid_seat/award_partners": _hand(
        partnership=True, awards={**AWARDS, "low": "1"}
    ),
    "side_credit_solo": _hand(awards={**AWARDS, "jack": SideCredit(1)}),
    "invalid_side": _hand(partnership=True, awards={**AWARDS, "jack": SideCredit("x")}),
    "unknown_side": _hand(partnership=True, awards={**AWARDS, "jack": SideCredit(5)}),
    "missing_high": _hand(awards={"low": 1}),
    "missing_low": _hand(awards={"high": 1}),
    "missing_low/dealt": _hand(options={"low_goes_to": "dealt"}, awards={"high": 1}),
    "invalid_single_trump": _hand(single_trump=1),
    "single_trump_not_allowed": _hand("thirteen", single_trump=True),
    "single_trump_split": _hand(single_trump=True),
    "single_trump_jack_split": _hand(
        single_trump=True, awards={"high": 0, "low": 0, "jack": 1}
    ),
    "game_points_not_allowed": _hand("thirteen", game_points=[10, 20]),
    "invalid_game_points/list_players": _hand(game_points=12),
    "invalid_game_points/list_teams": _hand(partnership=True, game_points="12"),
    "invalid_game_points": _hand(partnership=True, game_points=[12, -1]),
    "wrong_game_points_count/players": _hand(game_points=[10, 20]),
    "wrong_game_points_count/teams": _hand(partnership=True, game_points=[1, 2, 3]),
    "game_points_too_many": _hand(game_points=[40, 41, 0, 0]),
    "game_contradicts_game_points": _hand(
        partnership=True, game_points=[30, 10], awards={**AWARDS, "game": 1}
    ),
    "game_contradicts_game_points/tie": _hand(
        partnership=True, game_points=[20, 20], awards={**AWARDS, "game": 1}
    ),
    # A game.
    "game_over": _over,
    "won_before_last_hand": _won_early,
}


def raised(key: str) -> RuleViolation:
    """The refusal the corpus's example for ``key`` raises."""
    try:
        REFUSALS[key]()
    except RuleViolation as refusal:
        return refusal
    raise AssertionError(f"{key}: nothing was refused")
