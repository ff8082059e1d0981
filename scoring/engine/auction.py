"""The auction: checking recorded calls, deriving pitcher and bid, legal next calls."""

from __future__ import annotations

from collections.abc import Sequence

from .errors import RuleViolation
from .rules import PASS, Rules, Variant, describe, is_whole_number


def _calls_field(calls: object) -> Sequence[int | str]:
    """Refuse an auction that is not a list of calls."""
    if isinstance(calls, list | tuple):
        return calls
    raise RuleViolation(
        "invalid_auction",
        "auction",
        'The auction must be a list of calls, one per player, each "pass" or a bid.',
    )


def walk_auction(
    rules: Rules, dealer: int, calls: Sequence[int | str]
) -> tuple[int, int | None, bool]:
    """Check ``calls`` as the start of an auction dealt by ``dealer``.

    Returns ``(high, holder, closed)``: the standing bid (0 if none), the seat holding
    it (None if none) and whether a 4 (or 13) has ended the auction. Does not check
    that the auction is complete.
    """
    calls = _calls_field(calls)
    players = rules.players
    if len(calls) > players:
        raise RuleViolation(
            "too_many_calls",
            "auction",
            f"The auction has {len(calls)} calls but this game has {players} players: "
            f"give exactly one call per player, starting with seat "
            f"{(dealer + 1) % players} (left of the dealer) and ending with the "
            f"dealer, seat {dealer}.",
        )
    min_bid = rules.min_bid
    max_bid = rules.max_bid
    last = players - 1
    high = 0
    holder: int | None = None
    closed = False
    for index, call in enumerate(calls):
        if call == PASS and isinstance(call, str):
            if index == last and holder is None:
                raise _dealer_stuck(rules, dealer, index, call)
            continue
        seat = (dealer + 1 + index) % players
        if not is_whole_number(call):
            raise RuleViolation(
                "invalid_call",
                f"auction.{index}",
                f'Seat {seat} called {describe(call)}: a call is "pass" or a bid '
                f"from {min_bid} to {max_bid}.",
            )
        if closed:
            raise RuleViolation(
                "calls_after_closing_bid",
                f"auction.{index}",
                f"Seat {seat} cannot bid after seat {holder} bid {max_bid}, which "
                f"ends the auction: leave the later calls out or give them as "
                f'"pass".',
            )
        if not min_bid <= call <= max_bid:
            raise RuleViolation(
                "bid_out_of_range",
                f"auction.{index}",
                f"Seat {seat} bid {call}, but bids in {rules.name} are {min_bid} to "
                f'{max_bid}: correct the bid or make it "pass".',
            )
        if index == last:
            _check_dealer_bid(rules, dealer, index, call, high, holder)
        elif call <= high:
            raise RuleViolation(
                "bid_not_higher",
                f"auction.{index}",
                f"Seat {seat} bid {call}, but seat {holder} has already bid {high}: "
                f"bid more than {high} or pass.",
            )
        high = call
        holder = seat
        if call == max_bid:
            closed = True
    return high, holder, closed


def _dealer_stuck(rules: Rules, dealer: int, index: int, call: object) -> RuleViolation:
    minimum = rules.stuck_dealer_min_bid
    what = "passed" if call == PASS else f"bid {call}"
    return RuleViolation(
        "dealer_stuck",
        f"auction.{index}",
        f"The dealer must bid at least {minimum} when everyone else passes. Seat "
        f"{dealer} (the dealer) {what}: bid {minimum} or more.",
    )


def _check_dealer_bid(
    rules: Rules, dealer: int, index: int, bid: int, high: int, holder: int | None
) -> None:
    """The dealer calls last: stuck if everyone passed, else may steal or overbid."""
    if holder is None:
        if bid < rules.stuck_dealer_min_bid:
            raise _dealer_stuck(rules, dealer, index, bid)
        return
    if bid > high:
        return
    if bid == high and rules.may_steal:
        return
    if rules.may_steal:
        fix = f"bid {high} to steal, bid more than {high}, or pass"
    else:
        fix = f"bid more than {high} or pass"
    if bid == high:
        if rules.variant is Variant.AUCTION:
            raise RuleViolation(
                "steal_not_allowed",
                f"auction.{index}",
                f"The dealer (seat {dealer}) bid {bid}, the same as seat {holder}, but "
                f"stealing is turned off in this game: {fix}.",
            )
        raise RuleViolation(
            "bid_not_higher",
            f"auction.{index}",
            f"The dealer (seat {dealer}) bid {bid}, the same as seat {holder}, but "
            f"there is no steal in {rules.name}: {fix}.",
        )
    raise RuleViolation(
        "bid_not_higher",
        f"auction.{index}",
        f"The dealer (seat {dealer}) bid {bid}, but seat {holder} has already bid "
        f"{high}: {fix}.",
    )


def check_auction(
    rules: Rules, dealer: int, calls: Sequence[int | str]
) -> tuple[int, int]:
    """Check a whole recorded auction; return ``(pitcher, bid)``."""
    high, holder, closed = walk_auction(rules, dealer, calls)
    if holder is None or (len(calls) < rules.players and not closed):
        players = rules.players
        raise RuleViolation(
            "too_few_calls",
            "auction",
            f"The auction has {len(calls)} call{'' if len(calls) == 1 else 's'} but "
            f"this game has {players} players: give one call per player, starting "
            f"with seat {(dealer + 1) % players} (left of the dealer) and ending with "
            f"the dealer, seat {dealer}. Only a bid of {rules.max_bid} lets the later "
            f"calls be left out.",
        )
    return holder, high


def legal_calls(
    rules: Rules, number: int, calls: Sequence[int | str]
) -> tuple[int | str, ...]:
    """The calls the next player may make in hand ``number``'s auction.

    ``calls`` are the calls made so far, starting left of the dealer. Includes
    ``"pass"`` when passing is allowed; empty when the auction is over (a closing
    bid was made or everyone has called). Raises ``RuleViolation`` if the calls so
    far are illegal.
    """
    dealer = rules.dealer_of(number)
    high, holder, closed = walk_auction(rules, dealer, calls)
    if closed or len(calls) >= rules.players:
        return ()
    max_bid = rules.max_bid
    if len(calls) == rules.players - 1:
        if holder is None:
            return tuple(
                range(max(rules.stuck_dealer_min_bid, rules.min_bid), max_bid + 1)
            )
        lowest = high if rules.may_steal else high + 1
        return (PASS, *range(lowest, max_bid + 1))
    return (PASS, *range(max(high + 1, rules.min_bid), max_bid + 1))
