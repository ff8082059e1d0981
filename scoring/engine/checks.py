"""The checks of a game's settings: the variant, the table and the options.

Each check returns the value as ``Rules`` stores it, or raises ``RuleViolation``
naming the setting; ``is_whole_number`` is the test every number given passes.
"""

from __future__ import annotations

from collections.abc import Mapping

from .errors import RuleViolation
from .params import Given, Listing, OneOf, Seat, VariantName
from .variants import (
    MAX_HAND_LIMIT,
    MAX_PLAYERS,
    MAX_TARGET,
    MIN_PLAYERS,
    OPTION_DEFAULTS,
    LowGoesTo,
    MoonFail,
    Variant,
)

ALL_OPTIONS = tuple(dict.fromkeys(name for v in OPTION_DEFAULTS.values() for name in v))


def is_whole_number(value: object) -> bool:
    """Whether ``value`` is an int and not a bool (``True`` is an int in Python)."""
    return value.__class__ is int or (
        isinstance(value, int) and not isinstance(value, bool)
    )


def check_variant(variant: object) -> Variant:
    """The variant, as a ``Variant``."""
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


def check_table(variant: Variant, players: object, partnership: object) -> bool:
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


def check_first_dealer(first_dealer: object, players: int) -> int:
    """The first dealer: a seat at the table."""
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


def check_option(name: str, value: object) -> object:
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


def check_options(variant: Variant, options: object) -> dict[str, object]:
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
        values[name] = check_option(name, value)
    for name in ("low_goes_to", "moon_fail"):
        if name in values:
            values[name] = check_option(name, values[name])
    if moon_loses_a_limited_game(values):
        raise RuleViolation(
            "invalid_option",
            "options.moon_fail",
            reason="moon_fail_hand_limit",
            params={"hand_limit": values["hand_limit"]},
        )
    return values


def moon_loses_a_limited_game(values: Mapping[str, object]) -> bool:
    """Whether the options ask a failed moon to lose a fixed-hands game at once: a
    game of ``hand_limit`` hands ends only after its last hand (docs/rules.md)."""
    return (
        values.get("hand_limit") is not None
        and values.get("moon_fail") == MoonFail.LOSE
    )
