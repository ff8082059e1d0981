"""The auction: checking recorded calls, deriving pitcher and bid, legal next calls."""

from __future__ import annotations

from collections.abc import Sequence

from .checks import is_whole_number
from .errors import RuleViolation
from .params import Given, Seat, VariantName
from .rules import Rules
from .variants import PASS, Variant


def _calls_field(calls: object) -> Sequence[int | str]:
    """Refuse an auction that is not a list of calls."""
    if isinstance(calls, list | tuple):
        return calls
    raise RuleViolation("invalid_auction", "auction")


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
            params={
                "calls": len(calls),
                "players": players,
                "first": Seat((dealer + 1) % players),
                "dealer": Seat(dealer),
            },
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
                params={
                    "seat": Seat(seat),
                    "call": Given(call),
                    "least": min_bid,
                    "most": max_bid,
                },
            )
        if closed:
            raise RuleViolation(
                "calls_after_closing_bid",
                f"auction.{index}",
                params={"seat": Seat(seat), "holder": Seat(holder), "closing": max_bid},
            )
        if not min_bid <= call <= max_bid:
            raise RuleViolation(
                "bid_out_of_range",
                f"auction.{index}",
                reason="call",
                params={
                    "seat": Seat(seat),
                    "bid": call,
                    "variant": VariantName(rules.variant),
                    "least": min_bid,
                    "most": max_bid,
                },
            )
        if index == last:
            _check_dealer_bid(rules, dealer, index, call, high, holder)
        elif call <= high:
            raise RuleViolation(
                "bid_not_higher",
                f"auction.{index}",
                params={
                    "seat": Seat(seat),
                    "bid": call,
                    "holder": Seat(holder),
                    "high": high,
                },
            )
        high = call
        holder = seat
        if call == max_bid:
            closed = True
    return high, holder, closed


def _dealer_stuck(rules: Rules, dealer: int, index: int, call: object) -> RuleViolation:
    return RuleViolation(
        "dealer_stuck",
        f"auction.{index}",
        reason="passed" if call == PASS else None,
        params={
            "least": rules.stuck_dealer_min_bid,
            "dealer": Seat(dealer),
            "bid": call,
        },
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
    params = {
        "dealer": Seat(dealer),
        "bid": bid,
        "holder": Seat(holder),
        "high": high,
        "variant": VariantName(rules.variant),
    }
    field = f"auction.{index}"
    if bid == high:
        # Equalling the highest bid is a steal, which this game does not allow.
        if rules.variant is Variant.AUCTION:
            raise RuleViolation("steal_not_allowed", field, params=params)
        raise RuleViolation("bid_not_higher", field, reason="no_steal", params=params)
    reason = "dealer_may_steal" if rules.may_steal else "dealer"
    raise RuleViolation("bid_not_higher", field, reason=reason, params=params)


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
            reason="one" if len(calls) == 1 else None,
            params={
                "calls": len(calls),
                "players": players,
                "first": Seat((dealer + 1) % players),
                "dealer": Seat(dealer),
                "closing": rules.max_bid,
            },
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
