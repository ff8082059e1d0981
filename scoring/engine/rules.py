"""The table and options of a game: variants, points, ``Rules``, ``make_rules``."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from functools import cached_property

from .errors import RuleViolation
from .messages import (
    VARIANT_NAMES,
    Given,
    Listing,
    OneOf,
    Seat,
    Side,
    VariantName,
)

PASS = "pass"

# The largest target a game accepts: it must fit a signed 32-bit database column.
MAX_TARGET = 2_147_483_647

# The most hands a fixed-hands game (option hand_limit) may have: a progressive
# night's round is 8 to 12 hands; a hundred is a whole evening and more.
MAX_HAND_LIMIT = 100

# Players at one table (Auction Pitch solo; partnership and 13-Point need 4 or 6).
MIN_PLAYERS = 2
MAX_PLAYERS = 7


class Variant(StrEnum):
    """The games Pitch Club scores."""

    AUCTION = "auction"
    THIRTEEN = "thirteen"


class LowGoesTo(StrEnum):
    """Who gets Low in the auction variant (changes only the help text)."""

    CAPTURED = "captured"
    DEALT = "dealt"


class MoonFail(StrEnum):
    """What happens to a team that bids 13 and fails, in the thirteen variant."""

    SETBACK = "setback"
    LOSE = "lose"


class Suit(StrEnum):
    """A trump suit."""

    SPADES = "spades"
    HEARTS = "hearts"
    DIAMONDS = "diamonds"
    CLUBS = "clubs"


OPTION_DEFAULTS: dict[Variant, dict[str, object]] = {
    Variant.AUCTION: {
        "target": 7,
        "pitcher_only_win": True,
        "must_make_bid_to_win": False,
        "dealer_min_bid": 2,
        "dealer_may_steal": True,
        "low_goes_to": "captured",
        "hand_limit": None,
    },
    Variant.THIRTEEN: {
        "target": 55,
        "pitcher_only_win": False,
        "moon_fail": "setback",
        "hand_limit": None,
    },
}

POINTS: dict[Variant, tuple[str, ...]] = {
    Variant.AUCTION: ("high", "low", "jack", "game"),
    Variant.THIRTEEN: (
        "ace",
        "jack",
        "jick",
        "high_joker",
        "low_joker",
        "ten",
        "three",
        "off_three",
        "two",
    ),
}

POINT_VALUES: dict[Variant, dict[str, int]] = {
    Variant.AUCTION: {"high": 1, "low": 1, "jack": 1, "game": 1},
    Variant.THIRTEEN: {
        "ace": 1,
        "jack": 1,
        "jick": 1,
        "high_joker": 1,
        "low_joker": 1,
        "ten": 1,
        "three": 3,
        "off_three": 3,
        "two": 1,
    },
}

# Bids allowed in each variant, and the bid that ends the auction at once.
_BID_RANGE: dict[Variant, tuple[int, int]] = {
    Variant.AUCTION: (1, 4),
    Variant.THIRTEEN: (4, 13),
}

# In thirteen the stuck dealer's minimum is fixed by the rules, not an option.
_THIRTEEN_DEALER_MIN_BID = 5

_ALL_OPTIONS = tuple(
    dict.fromkeys(name for v in OPTION_DEFAULTS.values() for name in v)
)


def is_whole_number(value: object) -> bool:
    """Whether ``value`` is an int and not a bool (``True`` is an int in Python)."""
    return value.__class__ is int or (
        isinstance(value, int) and not isinstance(value, bool)
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
            variant = _check_variant(self.variant)
            checked: dict[str, object] = {
                "variant": variant,
                "partnership": _check_table(variant, self.players, self.partnership),
                "first_dealer": _check_first_dealer(self.first_dealer, self.players),
            }
            for name in _ALL_OPTIONS:
                checked[name] = _check_option(name, getattr(self, name))
        except RuleViolation as exc:
            raise ValueError(f"Invalid Rules: {exc.message}") from None
        if variant is Variant.THIRTEEN and self.must_make_bid_to_win:
            raise ValueError("Invalid Rules: must_make_bid_to_win is auction only")
        if variant is Variant.THIRTEEN and _moon_loses_a_limited_game(checked):
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
        return _BID_RANGE[self.variant][0]

    @cached_property
    def max_bid(self) -> int:
        """The highest bid allowed; it ends the auction at once."""
        return _BID_RANGE[self.variant][1]

    @cached_property
    def stuck_dealer_min_bid(self) -> int:
        """What the dealer must bid at least when everyone else passed."""
        if self.variant is Variant.THIRTEEN:
            return _THIRTEEN_DEALER_MIN_BID
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


def _check_variant(variant: object) -> Variant:
    if isinstance(variant, str):
        try:
            return Variant(variant)
        except ValueError:
            pass
    raise RuleViolation(
        "unknown_variant",
        "variant",
        params={
            "variant": Given(variant),
            "choices": OneOf(tuple(v.value for v in Variant)),
        },
    )


def _check_table(variant: Variant, players: object, partnership: object) -> bool:
    """Check the number of players and the partnership setting; return the latter."""
    if partnership is None:
        partnership = variant is Variant.THIRTEEN
    elif not isinstance(partnership, bool):
        raise RuleViolation(
            "invalid_partnership",
            "partnership",
            params={"partnership": Given(partnership)},
        )
    if variant is Variant.THIRTEEN and not partnership:
        raise RuleViolation(
            "partnership_required",
            "partnership",
            params={"variant": VariantName(variant)},
        )
    if not is_whole_number(players):
        raise RuleViolation(
            "invalid_players", "players", params={"players": Given(players)}
        )
    if variant is Variant.THIRTEEN:
        if players != 4:
            raise RuleViolation(
                "wrong_player_count",
                "players",
                reason="thirteen",
                params={"variant": VariantName(variant), "players": players},
            )
    elif partnership:
        if players not in (4, 6):
            raise RuleViolation(
                "wrong_player_count",
                "players",
                reason="partners",
                params={"variant": VariantName(variant), "players": players},
            )
    elif not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise RuleViolation(
            "wrong_player_count",
            "players",
            params={
                "variant": VariantName(variant),
                "players": players,
                "least": MIN_PLAYERS,
                "most": MAX_PLAYERS,
            },
        )
    return partnership


def _check_first_dealer(first_dealer: object, players: int) -> int:
    if not is_whole_number(first_dealer):
        raise RuleViolation(
            "invalid_seat",
            "first_dealer",
            reason="first_dealer",
            params={"last": players - 1, "given": Given(first_dealer)},
        )
    if not 0 <= first_dealer < players:
        raise RuleViolation(
            "unknown_seat",
            "first_dealer",
            reason="first_dealer",
            params={"seat": Seat(first_dealer), "last": players - 1},
        )
    return first_dealer


def _invalid_option(
    name: str, reason: str, value: object, **params: object
) -> RuleViolation:
    return RuleViolation(
        "invalid_option",
        f"options.{name}",
        reason=reason,
        params={"option": name, "given": Given(value), **params},
    )


def _check_option(name: str, value: object) -> object:
    """Check one option's value (the name is known); return it as Rules stores it."""
    if name == "target":
        if not is_whole_number(value) or not 1 <= value <= MAX_TARGET:
            raise _invalid_option(name, "target", value, most=MAX_TARGET)
        return value
    if name == "hand_limit":
        # None (or null in JSON): the ordinary game, to the target.
        if value is not None and (
            not is_whole_number(value) or not 1 <= value <= MAX_HAND_LIMIT
        ):
            raise _invalid_option(name, "hand_limit", value, most=MAX_HAND_LIMIT)
        return value
    if name in ("pitcher_only_win", "must_make_bid_to_win", "dealer_may_steal"):
        if not isinstance(value, bool):
            raise _invalid_option(name, "switch", value)
        return value
    if name == "dealer_min_bid":
        if not is_whole_number(value) or not 1 <= value <= 4:
            raise _invalid_option(name, "dealer_min_bid", value)
        return value
    choices: type[LowGoesTo] | type[MoonFail] = (
        LowGoesTo if name == "low_goes_to" else MoonFail
    )
    if isinstance(value, str):
        try:
            return choices(value)
        except ValueError:
            pass
    allowed = OneOf(tuple(choice.value for choice in choices))
    raise _invalid_option(name, "choice", value, choices=allowed)


def _check_options(variant: Variant, options: object) -> dict[str, object]:
    """Check the options given for the variant; return all its options in force."""
    values = dict(OPTION_DEFAULTS[variant])
    if options is None:
        options = {}
    if not isinstance(options, Mapping):
        raise RuleViolation("invalid_options", "options")
    for name, value in options.items():
        if not isinstance(name, str) or name not in values:
            other = next(
                (v for v in Variant if v is not variant and name in OPTION_DEFAULTS[v]),
                None,
            )
            raise RuleViolation(
                "unknown_option",
                f"options.{name}",
                reason=None if other is None else "other_variant",
                params={
                    "variant": VariantName(variant),
                    "option": Given(name),
                    "options": Listing(tuple(values)),
                    **({"other": VariantName(other)} if other is not None else {}),
                },
            )
        values[name] = _check_option(name, value)
    for name in ("low_goes_to", "moon_fail"):
        if name in values:
            values[name] = _check_option(name, values[name])
    if _moon_loses_a_limited_game(values):
        raise RuleViolation(
            "invalid_option",
            "options.moon_fail",
            reason="moon_fail_hand_limit",
            params={"hand_limit": values["hand_limit"]},
        )
    return values


def _moon_loses_a_limited_game(values: Mapping[str, object]) -> bool:
    """Whether the options ask a failed moon to lose a fixed-hands game at once: a
    game of ``hand_limit`` hands ends only after its last hand (docs/rules.md)."""
    return (
        values.get("hand_limit") is not None
        and values.get("moon_fail") == MoonFail.LOSE
    )


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
    checked_variant = _check_variant(variant)
    checked_partnership = _check_table(checked_variant, players, partnership)
    checked_first_dealer = _check_first_dealer(first_dealer, players)
    values = _check_options(checked_variant, options)
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
