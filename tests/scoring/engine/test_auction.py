"""The auction: every legal shape, every refusal, and the calls offered to the UI."""

from __future__ import annotations

from typing import Any

import pytest

from scoring.engine import PASS, HandInput, Rules, legal_calls, new_game, score_hand

from .helpers import at, auction_rules, refusal, refused, score, thirteen_rules

P = PASS
SOME_AWARDS = {"high": 0, "low": 0}


def outcome(rules: Rules, calls: list[Any], hands_before: int = 0) -> tuple[int, int]:
    """Pitcher and bid the engine derives from an auction."""
    state = at(*([0] * len(rules.sides)), hands=hands_before)
    result = score(
        rules, state, auction=calls, awards=dict.fromkeys(rules.points[:2], 0)
    )
    assert result.auction == tuple(calls)
    return result.pitcher, result.bid


@pytest.mark.parametrize(
    ("calls", "pitcher", "bid"),
    [
        # Hand 1 of four players: seat 0 deals, seat 1 calls first.
        ([2, P, 3, P], 3, 3),
        ([1, 2, 3, P], 3, 3),
        ([P, P, P, 2], 0, 2),
        ([P, P, P, 4], 0, 4),
        ([1, P, P, 1], 0, 1),  # the dealer steals the 1
        ([P, P, 3, 3], 0, 3),  # the dealer steals the 3
        ([P, P, 3, 4], 0, 4),  # the dealer overbids
        ([P, 2, P, P], 2, 2),
        ([4], 1, 4),  # pitching ends the auction: later calls left out
        ([4, P, P, P], 1, 4),  # ... or given as passes
        ([4, P], 1, 4),
        ([P, 4], 2, 4),
        ([1, P, 4], 3, 4),
        ([1, 2, 3, 4], 0, 4),
    ],
)
def test_auction_decides_pitcher_and_bid(
    calls: list[Any], pitcher: int, bid: int
) -> None:
    assert outcome(auction_rules(), calls) == (pitcher, bid)


@pytest.mark.parametrize(
    ("players", "hands_before", "calls", "pitcher", "bid"),
    [
        # Two players: the non-dealer calls, then the dealer.
        (2, 0, [1, P], 1, 1),
        (2, 0, [P, 2], 0, 2),
        (2, 0, [1, 1], 0, 1),
        (2, 0, [3, 4], 0, 4),
        (2, 0, [4], 1, 4),
        (2, 1, [2, P], 0, 2),  # hand 2: seat 1 deals, seat 0 calls first
        (3, 0, [P, 3, P], 2, 3),
        (5, 2, [P, 1, P, 2, 2], 2, 2),  # hand 3: seat 2 deals and steals from seat 1
        (6, 0, [P, P, P, P, P, 3], 0, 3),
        (7, 3, [1, P, 2, P, 3, P, P], 1, 3),  # hand 4: seat 3 deals; seat 1 bid 3
    ],
)
def test_auction_follows_the_deal_around_the_table(
    players: int, hands_before: int, calls: list[Any], pitcher: int, bid: int
) -> None:
    assert outcome(auction_rules(players), calls, hands_before) == (pitcher, bid)


@pytest.mark.parametrize(
    ("calls", "pitcher", "bid"),
    [
        ([P, P, P, 5], 0, 5),  # the stuck dealer bids the minimum 5
        ([P, P, P, 9], 0, 9),  # ... or more
        ([4, P, 6, P], 3, 6),
        ([4, P, P, 5], 0, 5),
        ([4, P, P, P], 1, 4),
        ([13], 1, 13),  # shooting the moon ends the auction
        ([P, 13, P, P], 2, 13),
        ([P, P, P, 13], 0, 13),
        ([5, 6, 7, 8], 0, 8),
    ],
)
def test_thirteen_auction_decides_pitcher_and_bid(
    calls: list[Any], pitcher: int, bid: int
) -> None:
    assert outcome(thirteen_rules(), calls) == (pitcher, bid)


@pytest.mark.parametrize(
    ("rules", "calls", "code", "field"),
    [
        (auction_rules(), "2,pass,3,pass", "invalid_auction", "auction"),
        (auction_rules(), {"0": 2}, "invalid_auction", "auction"),
        (auction_rules(), [2, P, 3, P, P], "too_many_calls", "auction"),
        (auction_rules(2), [P, P, 2], "too_many_calls", "auction"),
        (auction_rules(), [2, P, 3], "too_few_calls", "auction"),
        (auction_rules(), [], "too_few_calls", "auction"),
        (auction_rules(), [P, P, P], "too_few_calls", "auction"),
        (thirteen_rules(), [4, 5, 6], "too_few_calls", "auction"),
        (auction_rules(), ["PASS", P, P, 2], "invalid_call", "auction.0"),
        (auction_rules(), [P, "3", P, P], "invalid_call", "auction.1"),
        (auction_rules(), [P, P, 2.0, P], "invalid_call", "auction.2"),
        (auction_rules(), [P, True, P, P], "invalid_call", "auction.1"),
        (auction_rules(), [P, P, P, None], "invalid_call", "auction.3"),
        (auction_rules(), [0, P, P, 2], "bid_out_of_range", "auction.0"),
        (auction_rules(), [P, 5, P, P], "bid_out_of_range", "auction.1"),
        (auction_rules(), [P, P, P, 5], "bid_out_of_range", "auction.3"),
        (thirteen_rules(), [3, P, P, P], "bid_out_of_range", "auction.0"),
        (thirteen_rules(), [P, 14, P, P], "bid_out_of_range", "auction.1"),
        (auction_rules(), [2, 2, P, P], "bid_not_higher", "auction.1"),
        (auction_rules(), [3, P, 2, P], "bid_not_higher", "auction.2"),
        (auction_rules(), [3, P, P, 2], "bid_not_higher", "auction.3"),
        (thirteen_rules(), [6, P, 5, P], "bid_not_higher", "auction.2"),
        # No steal in thirteen: the dealer must bid higher.
        (thirteen_rules(), [6, P, P, 6], "bid_not_higher", "auction.3"),
        (auction_rules(), [P, P, P, P], "dealer_stuck", "auction.3"),
        (auction_rules(), [P, P, P, 1], "dealer_stuck", "auction.3"),
        (auction_rules(2), [P, P], "dealer_stuck", "auction.1"),
        (auction_rules(dealer_min_bid=3), [P, P, P, 2], "dealer_stuck", "auction.3"),
        (auction_rules(dealer_min_bid=4), [P, P, P, 3], "dealer_stuck", "auction.3"),
        (thirteen_rules(), [P, P, P, P], "dealer_stuck", "auction.3"),
        (thirteen_rules(), [P, P, P, 4], "dealer_stuck", "auction.3"),
        (
            auction_rules(dealer_may_steal=False),
            [2, P, P, 2],
            "steal_not_allowed",
            "auction.3",
        ),
        (auction_rules(), [4, P, 2, P], "calls_after_closing_bid", "auction.2"),
        (auction_rules(), [4, 4], "calls_after_closing_bid", "auction.1"),
        (auction_rules(), [P, P, 4, 4], "calls_after_closing_bid", "auction.3"),
        (thirteen_rules(), [13, P, 13], "calls_after_closing_bid", "auction.2"),
        (thirteen_rules(), [P, 13, 5, P], "calls_after_closing_bid", "auction.2"),
    ],
)
def test_an_illegal_auction_is_refused(
    rules: Rules, calls: Any, code: str, field: str
) -> None:
    refused(
        rules,
        auction=calls,
        awards=dict.fromkeys(rules.points[:2], 0),
        code=code,
        field=field,
    )


def test_the_stuck_dealer_is_told_the_minimum() -> None:
    error = refused(
        auction_rules(),
        auction=[P, P, P, P],
        awards=SOME_AWARDS,
        code="dealer_stuck",
        field="auction.3",
    )
    assert error.message == (
        "The dealer must bid at least 2 when everyone else passes. Seat 0 (the dealer) "
        "passed: bid 2 or more."
    )
    error = refused(
        thirteen_rules(), auction=[P, P, P, 4], code="dealer_stuck", field="auction.3"
    )
    assert error.message == (
        "The dealer must bid at least 5 when everyone else passes. Seat 0 (the dealer) "
        "bid 4: bid 5 or more."
    )


@pytest.mark.parametrize(("minimum", "bid"), [(1, 1), (2, 2), (3, 3), (4, 4), (1, 3)])
def test_the_stuck_dealer_may_bid_the_house_minimum_or_more(
    minimum: int, bid: int
) -> None:
    rules = auction_rules(dealer_min_bid=minimum)
    assert outcome(rules, [P, P, P, bid]) == (0, bid)


@pytest.mark.parametrize(
    ("may_steal", "calls", "pitcher", "bid"),
    [
        (True, [2, P, P, 2], 0, 2),
        (True, [P, 3, P, 3], 0, 3),
        (False, [2, P, P, 3], 0, 3),
        (False, [2, P, P, P], 1, 2),
    ],
)
def test_the_dealer_steals_only_where_the_club_allows_it(
    may_steal: bool, calls: list[Any], pitcher: int, bid: int
) -> None:
    rules = auction_rules(dealer_may_steal=may_steal)
    assert outcome(rules, calls) == (pitcher, bid)


def test_a_refused_steal_says_how_to_fix_it() -> None:
    rules = auction_rules(dealer_may_steal=False)
    error = refused(
        rules,
        auction=[2, P, P, 2],
        awards=SOME_AWARDS,
        code="steal_not_allowed",
        field="auction.3",
    )
    assert "stealing is turned off" in error.message
    assert "bid more than 2 or pass" in error.message


def test_a_call_after_pitching_is_named_with_its_seat() -> None:
    error = refused(
        auction_rules(),
        auction=[4, P, 2, P],
        awards=SOME_AWARDS,
        code="calls_after_closing_bid",
        field="auction.2",
    )
    assert error.message == (
        "Seat 3 cannot bid after seat 1 bid 4, which ends the auction: leave the later "
        'calls out or give them as "pass".'
    )


@pytest.mark.parametrize(
    ("rules", "number", "calls", "expected"),
    [
        (auction_rules(), 1, [], (P, 1, 2, 3, 4)),
        (auction_rules(), 1, [2], (P, 3, 4)),
        (auction_rules(), 1, [2, P], (P, 3, 4)),
        (auction_rules(), 1, [2, P, 3], (P, 3, 4)),  # the dealer may steal the 3
        (auction_rules(dealer_may_steal=False), 1, [2, P, 3], (P, 4)),
        (auction_rules(), 1, [P, P, P], (2, 3, 4)),  # stuck: no pass
        (auction_rules(dealer_min_bid=3), 1, [P, P, P], (3, 4)),
        (auction_rules(dealer_min_bid=1), 1, [P, P, P], (1, 2, 3, 4)),
        (auction_rules(), 1, [4], ()),
        (auction_rules(), 1, [P, 4, P], ()),
        (auction_rules(), 1, [2, P, 3, P], ()),
        (auction_rules(2), 1, [1], (P, 1, 2, 3, 4)),
        (auction_rules(2), 2, [P], (2, 3, 4)),
        (thirteen_rules(), 1, [], (P, *range(4, 14))),
        (thirteen_rules(), 1, [P, P, P], tuple(range(5, 14))),
        (thirteen_rules(), 3, [6, P, P], (P, *range(7, 14))),
        (thirteen_rules(), 1, [13], ()),
    ],
)
def test_legal_calls_offers_what_the_next_player_may_say(
    rules: Rules, number: int, calls: list[Any], expected: tuple[Any, ...]
) -> None:
    assert legal_calls(rules, number, calls) == expected


@pytest.mark.parametrize(
    ("calls", "code", "field"),
    [
        ([2, 1], "bid_not_higher", "auction.1"),
        ([P, P, P, P, P], "too_many_calls", "auction"),
        (["no"], "invalid_call", "auction.0"),
    ],
)
def test_legal_calls_refuses_an_illegal_start(
    calls: list[Any], code: str, field: str
) -> None:
    refusal(lambda: legal_calls(auction_rules(), 1, calls), code, field)


def test_a_short_auction_is_kept_as_given() -> None:
    rules = auction_rules()
    result, _ = score_hand(
        rules, new_game(rules), HandInput(auction=[P, 4], awards=SOME_AWARDS)
    )
    assert result.auction == (P, 4)
    assert (result.pitcher, result.bid) == (2, 4)
