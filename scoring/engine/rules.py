"""A game's ``Rules``: variant, table and options, checked by ``make_rules``."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from functools import cached_property

from .checks import (
    ALL_OPTIONS,
    check_first_dealer,
    check_option,
    check_options,
    check_table,
    check_variant,
    is_whole_number,
    moon_loses_a_limited_game,
)
from .errors import RuleViolation
from .messages import VARIANT_NAMES
from .params import Side
from .variants import (
    BID_RANGE,
    OPTION_DEFAULTS,
    POINT_VALUES,
    POINTS,
    THIRTEEN_DEALER_MIN_BID,
    LowGoesTo,
    MoonFail,
    Variant,
)


@dataclass(frozen=True)
class Rules:
    """Everything fixed for one game: the variant, the table and the options.

    Build it with ``make_rules``, which checks every value. Options of the other
    variant keep their defaults and are ignored.
    """

    variant: Variant
    players: int
    partnership: bool
    first_dealer: int
    target: int
    pitcher_only_win: bool
    must_make_bid_to_win: bool
    dealer_min_bid: int
    dealer_may_steal: bool
    low_goes_to: LowGoesTo
    moon_fail: MoonFail
    # A fixed-hands game: it ends after this many hands, whatever the scores (the
    # side alone in front wins; a tie at the top plays on). None: to the target.
    hand_limit: int | None = None

    def __post_init__(self) -> None:
        # make_rules builds Rules without this check; a Rules built by hand (or by
        # dataclasses.replace) with values make_rules would refuse is a bug.
        try:
            variant = check_variant(self.variant)
            checked: dict[str, object] = {
                "variant": variant,
                "partnership": check_table(variant, self.players, self.partnership),
                "first_dealer": check_first_dealer(self.first_dealer, self.players),
            }
            for name in ALL_OPTIONS:
                checked[name] = check_option(name, getattr(self, name))
        except RuleViolation as exc:
            raise ValueError(f"Invalid Rules: {exc.message}") from None
        if variant is Variant.THIRTEEN and self.must_make_bid_to_win:
            raise ValueError("Invalid Rules: must_make_bid_to_win is auction only")
        if variant is Variant.THIRTEEN and moon_loses_a_limited_game(checked):
            raise ValueError(
                "Invalid Rules: a failed moon cannot lose a fixed-hands game at once"
            )
        for name, value in checked.items():
            # Store enum members even when plain strings were given.
            object.__setattr__(self, name, value)

    @cached_property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        """The seats of each side: one per seat in solo play, partners opposite."""
        if not self.partnership:
            return tuple((seat,) for seat in range(self.players))
        teams = self.players // 2
        return tuple((team, team + teams) for team in range(teams))

    @cached_property
    def seat_sides(self) -> tuple[int, ...]:
        """The side of every seat, indexed by seat."""
        teams = len(self.sides)
        return tuple(seat % teams for seat in range(self.players))

    @cached_property
    def award_values(self) -> frozenset[int | None]:
        """What a point may be awarded to: a seat, or None for nobody."""
        return frozenset((*range(self.players), None))

    def side_of(self, seat: int) -> int:
        """The side a seat plays for."""
        if not is_whole_number(seat) or not 0 <= seat < self.players:
            raise ValueError(f"No seat {seat!r} in a game of {self.players} players")
        return self.seat_sides[seat]

    @cached_property
    def points(self) -> tuple[str, ...]:
        """The points of a hand in this variant, in their fixed order."""
        return POINTS[self.variant]

    @cached_property
    def point_values(self) -> tuple[int, ...]:
        """The value of each point, in the order of ``points``."""
        values = POINT_VALUES[self.variant]
        return tuple(values[point] for point in self.points)

    @cached_property
    def point_index(self) -> dict[str, int]:
        """The position of each point in ``points``."""
        return {point: at for at, point in enumerate(self.points)}

    @cached_property
    def max_points(self) -> int:
        """The most points one hand can hold (4 or 13)."""
        return sum(POINT_VALUES[self.variant].values())

    @cached_property
    def min_bid(self) -> int:
        """The lowest bid allowed."""
        return BID_RANGE[self.variant][0]

    @cached_property
    def max_bid(self) -> int:
        """The highest bid allowed; it ends the auction at once."""
        return BID_RANGE[self.variant][1]

    @cached_property
    def stuck_dealer_min_bid(self) -> int:
        """What the dealer must bid at least when everyone else passed."""
        if self.variant is Variant.THIRTEEN:
            return THIRTEEN_DEALER_MIN_BID
        return self.dealer_min_bid

    @cached_property
    def may_steal(self) -> bool:
        """Whether the dealer may take the auction by equalling the highest bid."""
        return self.variant is Variant.AUCTION and self.dealer_may_steal

    @cached_property
    def name(self) -> str:
        """The variant's name, for messages."""
        return VARIANT_NAMES[self.variant]

    def dealer_of(self, number: int) -> int:
        """The seat that deals hand ``number`` (1-based): the deal passes left."""
        if not is_whole_number(number) or number < 1:
            raise ValueError(f"Hand numbers start at 1, not {number!r}")
        return (self.first_dealer + number - 1) % self.players

    def options(self) -> dict[str, object]:
        """The variant's options in force, JSON-ready, in OPTION_DEFAULTS order."""
        return {
            name: str(value) if isinstance(value, StrEnum) else value
            for name, value in (
                (name, getattr(self, name)) for name in OPTION_DEFAULTS[self.variant]
            )
        }

    def side(self, side: int) -> Side:
        """A side as a message names it: "seat 2" or "team 0 (seats 0 and 2)"."""
        return Side(side, self.sides[side])


def make_rules(
    variant: str,
    players: int,
    partnership: bool | None = None,
    first_dealer: int = 0,
    options: Mapping[str, object] | None = None,
) -> Rules:
    """Check a game's settings and return its ``Rules``.

    ``partnership=None`` means the variant's default (solo for auction, teams for
    thirteen). Raises ``RuleViolation`` naming the first setting that is wrong.
    """
    checked_variant = check_variant(variant)
    checked_partnership = check_table(checked_variant, players, partnership)
    checked_first_dealer = check_first_dealer(first_dealer, players)
    values = check_options(checked_variant, options)
    # Options of the other variant keep their defaults (and are ignored).
    return _build_rules(
        checked_variant,
        players,
        checked_partnership,
        checked_first_dealer,
        values,
    )


def _build_rules(
    variant: Variant,
    players: int,
    partnership: bool,
    first_dealer: int,
    values: dict[str, object],
) -> Rules:
    auction = OPTION_DEFAULTS[Variant.AUCTION]
    thirteen = OPTION_DEFAULTS[Variant.THIRTEEN]
    rules = object.__new__(Rules)
    # Bypass __init__: the values are checked already, and __post_init__ would
    # call make_rules again.
    fields = {
        "variant": variant,
        "players": players,
        "partnership": partnership,
        "first_dealer": first_dealer,
        "target": values["target"],
        "pitcher_only_win": values["pitcher_only_win"],
        "must_make_bid_to_win": values.get(
            "must_make_bid_to_win", auction["must_make_bid_to_win"]
        ),
        "dealer_min_bid": values.get("dealer_min_bid", auction["dealer_min_bid"]),
        "dealer_may_steal": values.get("dealer_may_steal", auction["dealer_may_steal"]),
        "low_goes_to": LowGoesTo(values.get("low_goes_to", auction["low_goes_to"])),
        "moon_fail": MoonFail(values.get("moon_fail", thirteen["moon_fail"])),
        "hand_limit": values.get("hand_limit"),
    }
    for name, value in fields.items():
        object.__setattr__(rules, name, value)
    return rules
