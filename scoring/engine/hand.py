"""What a scorekeeper records for a hand, and ``check_hand``, the checks it must pass.

``check_hand`` checks the pitcher and bid (from the auction, or as given) and the
trump here, then the awards (``engine.awards``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from .auction import check_auction
from .awards import (
    Award,
    check_awards,
    check_game_points,
    check_seat_exists,
    check_single_trump,
)
from .checks import is_whole_number
from .errors import RuleViolation
from .params import Given, Listing, Seat, VariantName
from .rules import Rules
from .variants import Suit, Variant

_SUITS_IN_ORDER = tuple(suit.value for suit in Suit)
_SUITS = frozenset(_SUITS_IN_ORDER)


@dataclass(frozen=True, slots=True)
class HandInput:
    """One hand as recorded: the auction or pitcher and bid, trump, the awards.

    Nothing is checked here: ``score_hand`` checks it against the game's rules and
    raises ``RuleViolation`` naming the field. Lists are accepted for tuples.
    """

    auction: tuple[int | str, ...] | None = None
    pitcher: int | None = None
    bid: int | None = None
    trump: str | None = None
    awards: Mapping[str, Award] = field(default_factory=dict)
    single_trump: bool = False
    game_points: tuple[int, ...] | None = None


# A checked hand: auction, pitcher, bid, trump, the award of every point in order
# (a seat, a SideCredit or None), single_trump, game points. A plain tuple: this
# runs for every hand of a replay.
CheckedHand = tuple[
    tuple[int | str, ...] | None,
    int,
    int,
    str | None,
    tuple[Award, ...],
    bool,
    tuple[int, ...] | None,
]


def check_hand(rules: Rules, dealer: int, hand: HandInput) -> CheckedHand:
    """Check a recorded hand dealt by ``dealer``; raise ``RuleViolation`` if wrong."""
    if hand.__class__ is not HandInput and not isinstance(hand, HandInput):
        raise TypeError(f"Expected a HandInput, got {type(hand).__name__}")
    auction, pitcher, bid = _check_bidding(rules, dealer, hand)
    trump = hand.trump
    if trump is not None:
        if not isinstance(trump, str) or trump not in _SUITS:
            raise RuleViolation(
                "unknown_suit",
                "trump",
                params={"trump": Given(trump), "suits": Listing(_SUITS_IN_ORDER)},
            )
        # A Suit member becomes its plain value, ready for JSON.
        trump = str(trump)
    seats = check_awards(rules, hand.awards)
    single_trump = hand.single_trump
    if single_trump is not False:
        single_trump = check_single_trump(rules, single_trump, seats)
    game_points = hand.game_points
    if game_points is not None:
        game_points, seats = check_game_points(rules, game_points, seats)
    return auction, pitcher, bid, trump, seats, single_trump, game_points


def _check_pitcher(rules: Rules, value: object) -> int:
    if not is_whole_number(value):
        raise RuleViolation(
            "invalid_seat",
            "pitcher",
            reason="pitcher",
            params={"last": rules.players - 1, "given": Given(value)},
        )
    check_seat_exists(rules, value, "pitcher")
    return value


def _check_bid_value(rules: Rules, bid: object) -> int:
    if not is_whole_number(bid):
        raise RuleViolation(
            "invalid_bid",
            "bid",
            params={
                "least": rules.min_bid,
                "most": rules.max_bid,
                "given": Given(bid),
            },
        )
    if not rules.min_bid <= bid <= rules.max_bid:
        raise RuleViolation(
            "bid_out_of_range",
            "bid",
            params={
                "bid": bid,
                "variant": VariantName(rules.variant),
                "least": rules.min_bid,
                "most": rules.max_bid,
            },
        )
    return bid


def _check_bidding(
    rules: Rules, dealer: int, hand: HandInput
) -> tuple[tuple[int | str, ...] | None, int, int]:
    """Derive pitcher and bid from the auction, or check the ones given."""
    if hand.auction is not None:
        pitcher, bid = check_auction(rules, dealer, hand.auction)
        if hand.pitcher is not None:
            given = _check_pitcher(rules, hand.pitcher)
            if given != pitcher:
                raise RuleViolation(
                    "pitcher_mismatch",
                    "pitcher",
                    params={"pitcher": Seat(pitcher), "given": Seat(given)},
                )
        if hand.bid is not None:
            given = _check_bid_value(rules, hand.bid)
            if given != bid:
                raise RuleViolation(
                    "bid_mismatch", "bid", params={"bid": bid, "given": given}
                )
        return tuple(hand.auction), pitcher, bid
    if hand.pitcher is None:
        raise RuleViolation("missing_pitcher", "pitcher")
    pitcher = _check_pitcher(rules, hand.pitcher)
    if hand.bid is None:
        raise RuleViolation("missing_bid", "bid")
    bid = _check_bid_value(rules, hand.bid)
    if pitcher == dealer and not _dealer_can_win_with(rules, bid):
        thirteen = rules.variant is Variant.THIRTEEN
        raise RuleViolation(
            "impossible_bid",
            "bid",
            reason="thirteen" if thirteen else None,
            params={
                "dealer": Seat(dealer),
                "bid": bid,
                "least": rules.stuck_dealer_min_bid
                if thirteen
                else rules.dealer_min_bid,
            },
        )
    return None, pitcher, bid


def _dealer_can_win_with(rules: Rules, bid: int) -> bool:
    """Whether some legal auction leaves the dealer as pitcher at ``bid``."""
    if bid >= rules.stuck_dealer_min_bid:
        return True
    if bid > rules.min_bid:
        # Everyone else passed but one, who bid bid - 1; the dealer bid higher.
        return True
    # Steal of an equal bid (a closing bid cannot be stolen, but bid < max here).
    return rules.may_steal and bid < rules.max_bid
