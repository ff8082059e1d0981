"""What a point may be awarded to, and the checks of a hand's awards.

A point goes to a seat, to a side (``SideCredit``, partnership play) or to nobody;
``check_hand`` (``engine.hand``) has the awards checked here: who took each point,
a single-trump hand, and the game points that decide the Game point.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from .checks import is_whole_number
from .errors import RuleViolation
from .params import Given, Listing, PointName, Seat, SeatOf, Side, Sides, VariantName
from .rules import Rules
from .variants import Variant

# The cards' game points: each ten 10, ace 4, king 3, queen 2, jack 1, four suits.
MAX_GAME_POINTS = 80

_SEAT_TYPES = frozenset((int, type(None)))
_GAME_POINT_TYPES = frozenset((int,))


@dataclass(frozen=True, slots=True)
class SideCredit:
    """A point credited to a side without naming who took it: in partnership play,
    the team (the scorekeeper's "rest to team"). It counts for the side's score and
    for no player. The API writes it ``{"side": 1}``."""

    side: int


# What a point may be awarded to: a seat, a side, or nobody (None).
Award = int | SideCredit | None


def side_of_award(rules: Rules, award: int | SideCredit) -> int:
    """The side a checked award counts for: its seat's side, or the side credited."""
    if award.__class__ is SideCredit:
        return award.side
    return rules.seat_sides[award]


def _award_param(rules: Rules, award: Award) -> Seat | Side | None:
    """An award as a message names it: a seat, a side ("team 1 …"), or nothing."""
    if award is None:
        return None
    if award.__class__ is SideCredit:
        return rules.side(award.side)
    return Seat(award)


def check_seat_exists(rules: Rules, seat: int, field_name: str) -> None:
    """The seat named in ``field_name`` must be at the table."""
    if not 0 <= seat < rules.players:
        raise RuleViolation(
            "unknown_seat",
            field_name,
            params={"seat": Seat(seat), "last": rules.players - 1},
        )


def check_awards(rules: Rules, awards: object) -> tuple[Award, ...]:
    """Return the award of every point of the variant: a seat, a ``SideCredit``
    (partnership play only), or None for nobody."""
    if not isinstance(awards, Mapping):
        raise RuleViolation("invalid_awards", "awards")
    index = rules.point_index
    if not awards.keys() <= index.keys():
        for point in awards:
            if not isinstance(point, str) or point not in index:
                raise RuleViolation(
                    "unknown_point",
                    f"awards.{point}",
                    params={
                        "point": Given(point),
                        "variant": VariantName(rules.variant),
                        "points": Listing(rules.points),
                    },
                )
    seats = tuple(map(awards.get, rules.points))
    # Set operations check every seat at C speed; the loop only finds the culprit,
    # or checks the sides credited. The type check comes first because True == 1
    # and 1.0 == 1 in a set.
    if not _SEAT_TYPES.issuperset(
        map(type, seats)
    ) or not rules.award_values.issuperset(seats):
        for point, seat in zip(rules.points, seats, strict=True):
            if seat.__class__ is SideCredit:
                _check_side_credit(rules, point, seat)
                continue
            if seat is not None and not is_whole_number(seat):
                raise RuleViolation(
                    "invalid_seat",
                    f"awards.{point}",
                    reason="award_partners" if rules.partnership else "award",
                    params={
                        "point": PointName(point),
                        "last": rules.players - 1,
                        "given": Given(seat),
                    },
                )
            if seat is not None:
                check_seat_exists(rules, seat, f"awards.{point}")
    if rules.variant is Variant.AUCTION:
        if seats[0] is None:
            raise RuleViolation("missing_high", "awards.high")
        if seats[1] is None:
            raise RuleViolation(
                "missing_low",
                "awards.low",
                reason="dealt" if rules.low_goes_to == "dealt" else None,
            )
    return tuple(seats)


def _check_side_credit(rules: Rules, point: str, credit: SideCredit) -> None:
    """A point credited to a side: only with partners, and to a team that exists."""
    field_name = f"awards.{point}"
    if not rules.partnership:
        raise RuleViolation(
            "side_credit_solo", field_name, params={"point": PointName(point)}
        )
    side = credit.side
    last = len(rules.sides) - 1
    if not is_whole_number(side):
        raise RuleViolation(
            "invalid_side",
            field_name,
            params={"point": PointName(point), "last": last, "given": Given(side)},
        )
    if not 0 <= side <= last:
        raise RuleViolation(
            "unknown_side",
            field_name,
            params={"point": PointName(point), "side": side, "last": last},
        )


def check_single_trump(
    rules: Rules, single_trump: object, seats: tuple[Award, ...]
) -> bool:
    """A hand marked single trump: auction only, High and Low (and Jack) together."""
    if not isinstance(single_trump, bool):
        raise RuleViolation(
            "invalid_single_trump",
            "single_trump",
            params={"given": Given(single_trump)},
        )
    if rules.variant is not Variant.AUCTION:
        raise RuleViolation(
            "single_trump_not_allowed",
            "single_trump",
            params={
                "auction": VariantName(Variant.AUCTION),
                "variant": VariantName(rules.variant),
            },
        )
    high, low, jack = seats[0], seats[1], seats[2]
    if not _same_taker(rules, high, low):
        raise RuleViolation(
            "single_trump_split",
            "awards.low",
            params={
                "high": _award_param(rules, high),
                "low": _award_param(rules, low),
            },
        )
    if jack is not None and not _same_taker(rules, high, jack):
        raise RuleViolation(
            "single_trump_jack_split",
            "awards.jack",
            params={
                "high": _award_param(rules, high),
                "jack": _award_param(rules, jack),
            },
        )
    return single_trump


def _same_taker(rules: Rules, first: Award, second: Award) -> bool:
    """Whether two points can have been taken by the same player: the same seat,
    or, when either is credited to a side, the same side."""
    if first == second:
        return True
    if SideCredit in (first.__class__, second.__class__):
        return side_of_award(rules, first) == side_of_award(rules, second)
    return False


def check_game_points(
    rules: Rules, game_points: object, seats: tuple[Award, ...]
) -> tuple[tuple[int, ...], tuple[Award, ...]]:
    """Check game-point totals per side and that the Game award agrees with them.

    Returns the totals and the awards, with the Game point derived from the totals
    when it was left out: to the leading player, or in partnership play to the
    leading team as a side (totals per team do not say which partner took it)."""
    if rules.variant is not Variant.AUCTION:
        raise RuleViolation(
            "game_points_not_allowed",
            "game_points",
            params={"variant": VariantName(rules.variant)},
        )
    sides = len(rules.sides)
    per = "teams" if rules.partnership else "players"
    if not isinstance(game_points, list | tuple):
        raise RuleViolation("invalid_game_points", "game_points", reason=f"list_{per}")
    if len(game_points) != sides:
        raise RuleViolation(
            "wrong_game_points_count",
            "game_points",
            reason=per,
            params={"sides": sides, "given": len(game_points)},
        )
    if not _GAME_POINT_TYPES.issuperset(map(type, game_points)) or min(game_points) < 0:
        for side, total in enumerate(game_points):
            if not is_whole_number(total) or total < 0:
                raise RuleViolation(
                    "invalid_game_points",
                    "game_points",
                    params={"side": rules.side(side), "given": Given(total)},
                )
    total = sum(game_points)
    if total > MAX_GAME_POINTS:
        raise RuleViolation(
            "game_points_too_many",
            "game_points",
            params={"total": total, "most": MAX_GAME_POINTS},
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
            derived = SideCredit(leader) if rules.partnership else leader
            return tuple(game_points), (*seats[:3], derived)
        if side_of_award(rules, award) == leader:
            return tuple(game_points), seats
        raise RuleViolation(
            "game_contradicts_game_points",
            "awards.game",
            params={
                "leader": rules.side(leader),
                "top": top,
                "given": _award_param(rules, award),
                "to": SeatOf(rules.sides[leader]),
            },
        )
    if award is not None:
        raise RuleViolation(
            "game_contradicts_game_points",
            "awards.game",
            reason="tie",
            params={
                "tied": Sides(tuple(rules.side(side) for side in leaders)),
                "top": top,
                "given": _award_param(rules, award),
            },
        )
    return tuple(game_points), seats
