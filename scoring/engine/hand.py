"""What a scorekeeper records for a hand, and the checks it must pass."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from .auction import check_auction
from .errors import RuleViolation
from .rules import Rules, Suit, Variant, describe, is_whole_number

# The cards' game points: each ten 10, ace 4, king 3, queen 2, jack 1, four suits.
MAX_GAME_POINTS = 80

_SUITS_IN_ORDER = tuple(suit.value for suit in Suit)
_SUITS = frozenset(_SUITS_IN_ORDER)

_SEAT_TYPES = frozenset((int, type(None)))
_GAME_POINT_TYPES = frozenset((int,))

_POINT_LABELS = {
    "high": "High",
    "low": "Low",
    "jack": "Jack",
    "game": "Game",
    "ace": "the ace",
    "jick": "the jick",
    "high_joker": "the high joker",
    "low_joker": "the low joker",
    "ten": "the ten",
    "three": "the three",
    "off_three": "the off-three",
    "two": "the two",
}


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
    awards: Mapping[str, int | None] = field(default_factory=dict)
    single_trump: bool = False
    game_points: tuple[int, ...] | None = None


# A checked hand: auction, pitcher, bid, trump, the seat of every point in order,
# single_trump, game points. A plain tuple: this runs for every hand of a replay.
CheckedHand = tuple[
    tuple[int | str, ...] | None,
    int,
    int,
    str | None,
    tuple[int | None, ...],
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
                f"There is no trump suit {describe(trump)}: choose one of "
                f"{', '.join(_SUITS_IN_ORDER)}, or leave it out.",
            )
        # A Suit member becomes its plain value, ready for JSON.
        trump = str(trump)
    seats = _check_awards(rules, hand.awards)
    single_trump = hand.single_trump
    if single_trump is not False:
        single_trump = _check_single_trump(rules, single_trump, seats)
    game_points = hand.game_points
    if game_points is not None:
        game_points, seats = _check_game_points(rules, game_points, seats)
    return auction, pitcher, bid, trump, seats, single_trump, game_points


def _check_seat(rules: Rules, value: object, field_name: str, role: str) -> int:
    if not is_whole_number(value):
        raise RuleViolation(
            "invalid_seat",
            field_name,
            f"{role} must be a seat number from 0 to {rules.players - 1}, not "
            f"{describe(value)}.",
        )
    if not 0 <= value < rules.players:
        raise RuleViolation(
            "unknown_seat",
            field_name,
            f"Seat {value} does not exist: this game has {rules.seat_range()}.",
        )
    return value


def _check_bid_value(rules: Rules, bid: object) -> int:
    if not is_whole_number(bid):
        raise RuleViolation(
            "invalid_bid",
            "bid",
            f"The bid must be a whole number from {rules.min_bid} to {rules.max_bid}, "
            f"not {describe(bid)}.",
        )
    if not rules.min_bid <= bid <= rules.max_bid:
        raise RuleViolation(
            "bid_out_of_range",
            "bid",
            f"A bid of {bid} is not possible: bids in {rules.name} are "
            f"{rules.min_bid} to {rules.max_bid}.",
        )
    return bid


def _check_bidding(
    rules: Rules, dealer: int, hand: HandInput
) -> tuple[tuple[int | str, ...] | None, int, int]:
    """Derive pitcher and bid from the auction, or check the ones given."""
    if hand.auction is not None:
        pitcher, bid = check_auction(rules, dealer, hand.auction)
        if hand.pitcher is not None:
            given = _check_seat(rules, hand.pitcher, "pitcher", "The pitcher")
            if given != pitcher:
                raise RuleViolation(
                    "pitcher_mismatch",
                    "pitcher",
                    f"The auction makes seat {pitcher} the pitcher, but the pitcher "
                    f"is given as seat {given}: correct the auction or the pitcher.",
                )
        if hand.bid is not None:
            given = _check_bid_value(rules, hand.bid)
            if given != bid:
                raise RuleViolation(
                    "bid_mismatch",
                    "bid",
                    f"The auction ends with a bid of {bid}, but the bid is given as "
                    f"{given}: correct the auction or the bid.",
                )
        return tuple(hand.auction), pitcher, bid
    if hand.pitcher is None:
        raise RuleViolation(
            "missing_pitcher",
            "pitcher",
            "Say who the pitcher is (the player who won the auction), or record the "
            "whole auction.",
        )
    pitcher = _check_seat(rules, hand.pitcher, "pitcher", "The pitcher")
    if hand.bid is None:
        raise RuleViolation(
            "missing_bid",
            "bid",
            "Give the pitcher's bid, or record the whole auction.",
        )
    bid = _check_bid_value(rules, hand.bid)
    if pitcher == dealer and not _dealer_can_win_with(rules, bid):
        if rules.variant is Variant.THIRTEEN:
            why = (
                f"the dealer must bid at least {rules.stuck_dealer_min_bid} when "
                f"everyone else passes, and more than any other bid"
            )
        else:
            why = (
                f"the dealer must bid at least {rules.dealer_min_bid} when everyone "
                f"else passes, a bid over another player is at least 2, and stealing "
                f"is turned off in this game"
            )
        raise RuleViolation(
            "impossible_bid",
            "bid",
            f"The dealer (seat {dealer}) cannot win the auction with a bid of {bid}: "
            f"{why}. Check the pitcher and the bid.",
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


def _check_awards(rules: Rules, awards: object) -> tuple[int | None, ...]:
    """Return the seat of every point of the variant (None for nobody)."""
    if not isinstance(awards, Mapping):
        raise RuleViolation(
            "invalid_awards",
            "awards",
            'The awards must name, for each point, a seat or nobody, like {"high": 0, '
            '"low": 2}.',
        )
    index = rules.point_index
    if not awards.keys() <= index.keys():
        for point in awards:
            if not isinstance(point, str) or point not in index:
                raise RuleViolation(
                    "unknown_point",
                    f"awards.{point}",
                    f"There is no point {describe(point)} in {rules.name}: the "
                    f"points are {', '.join(rules.points)}.",
                )
    seats = tuple(map(awards.get, rules.points))
    # Set operations check every seat at C speed; the loop only finds the culprit.
    # The type check comes first because True == 1 and 1.0 == 1 in a set.
    if not _SEAT_TYPES.issuperset(
        map(type, seats)
    ) or not rules.award_values.issuperset(seats):
        for point, seat in zip(rules.points, seats, strict=True):
            if seat is not None and not is_whole_number(seat):
                label = _POINT_LABELS[point]
                raise RuleViolation(
                    "invalid_seat",
                    f"awards.{point}",
                    f"{label[0].upper()}{label[1:]} goes to a seat number from 0 to "
                    f"{rules.players - 1}, or to nobody; not {describe(seat)}.",
                )
            if seat is not None:
                _check_seat(rules, seat, f"awards.{point}", "")
    if rules.variant is Variant.AUCTION:
        if seats[0] is None:
            raise RuleViolation(
                "missing_high",
                "awards.high",
                "High always goes to someone (the pitcher's lead is a trump): award "
                "it to the seat that captured the highest trump.",
            )
        if seats[1] is None:
            if rules.low_goes_to == "dealt":
                who = "the seat that was dealt the lowest trump"
            else:
                who = "the seat that captured the lowest trump"
            raise RuleViolation(
                "missing_low",
                "awards.low",
                f"Low always goes to someone: award it to {who} (with only one trump "
                f"in play, High and Low go to the same seat).",
            )
    return tuple(seats)


def _check_single_trump(
    rules: Rules, single_trump: object, seats: tuple[int | None, ...]
) -> bool:
    if not isinstance(single_trump, bool):
        raise RuleViolation(
            "invalid_single_trump",
            "single_trump",
            f"Single trump must be true or false, not {describe(single_trump)}.",
        )
    if rules.variant is not Variant.AUCTION:
        raise RuleViolation(
            "single_trump_not_allowed",
            "single_trump",
            f"Only Auction Pitch has single-trump hands; {rules.name} does not: "
            f"leave it off.",
        )
    high, low, jack = seats[0], seats[1], seats[2]
    if low != high:
        raise RuleViolation(
            "single_trump_split",
            "awards.low",
            f"High and Low must go to the same player in a single-trump hand. High "
            f"is awarded to seat {high} and Low to seat {low}: give both to the seat "
            f"that captured the trump, or unmark the hand as single trump.",
        )
    if jack is not None and jack != high:
        raise RuleViolation(
            "single_trump_jack_split",
            "awards.jack",
            f"In a single-trump hand the Jack, if in play, is the one trump, so it "
            f"goes with High and Low to seat {high}, not to seat {jack}. Award Jack "
            f"to seat {high} or to nobody.",
        )
    return single_trump


def _check_game_points(
    rules: Rules, game_points: object, seats: tuple[int | None, ...]
) -> tuple[tuple[int, ...], tuple[int | None, ...]]:
    """Check game-point totals per side and that the Game award agrees with them.

    Returns the totals and the awards, with the Game point derived from the totals
    when it was left out: to the leading player, or in partnership play to the
    leading team's first seat (the point counts for the team either way)."""
    if rules.variant is not Variant.AUCTION:
        raise RuleViolation(
            "game_points_not_allowed",
            "game_points",
            f"{rules.name} has no Game point, so no game points: leave them out.",
        )
    sides = len(rules.sides)
    per = "team" if rules.partnership else "player"
    if not isinstance(game_points, list | tuple):
        raise RuleViolation(
            "invalid_game_points",
            "game_points",
            f"Give the game points as a list with one total per {per}.",
        )
    if len(game_points) != sides:
        raise RuleViolation(
            "wrong_game_points_count",
            "game_points",
            f"Give one game-point total per {per}: this game has {sides} "
            f"{per}s, but {len(game_points)} totals were given.",
        )
    if not _GAME_POINT_TYPES.issuperset(map(type, game_points)) or min(game_points) < 0:
        for side, total in enumerate(game_points):
            if not is_whole_number(total) or total < 0:
                raise RuleViolation(
                    "invalid_game_points",
                    "game_points",
                    f"Game points are whole numbers from 0 up; "
                    f"{rules.side_name(side)} has {describe(total)}.",
                )
    total = sum(game_points)
    if total > MAX_GAME_POINTS:
        raise RuleViolation(
            "game_points_too_many",
            "game_points",
            f"The game points add up to {total}, but the cards hold only "
            f"{MAX_GAME_POINTS} (each ten 10, ace 4, king 3, queen 2, jack 1): check "
            f"the totals.",
        )
    top = max(game_points)
    if game_points.count(top) == 1:
        leaders = [game_points.index(top)]
    else:
        leaders = [side for side, points in enumerate(game_points) if points == top]
    award = seats[3]
    if len(leaders) == 1:
        leader = leaders[0]
        if award is None:
            return tuple(game_points), (*seats[:3], rules.sides[leader][0])
        if rules.seat_sides[award] == leader:
            return tuple(game_points), seats
        to = "seat " + " or ".join(str(seat) for seat in rules.sides[leader])
        given = "nobody" if award is None else f"seat {award}"
        raise RuleViolation(
            "game_contradicts_game_points",
            "awards.game",
            f"The game points give Game to {rules.side_name(leader)}, with {top}, "
            f"the most, but Game is awarded to {given}: award it to {to} (or leave it "
            f"out), or correct the game points.",
        )
    if award is not None:
        tied = " and ".join(rules.side_name(side) for side in leaders)
        raise RuleViolation(
            "game_contradicts_game_points",
            "awards.game",
            f"{tied[0].upper()}{tied[1:]} tie for the most game points ({top}), so "
            f"nobody gets Game, but it is awarded to seat {award}: award Game to "
            f"nobody, or correct the game points.",
        )
    return tuple(game_points), seats
