"""The player page's numbers: {{ rate|percent }} ("86%"), {{ number|decimal }}
("2.6"); NOTHING (a dash) where there is nothing to count.

A half rounds up, as people round (5 of 8 is 62.5%: "63%"), not to the even
neighbour as Python's round() and format() do ("62%")."""

from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

from django import template

register = template.Library()

# What a rate of nothing shows: an en dash.
NOTHING = "\u2013"


def _exact(value: float | Fraction | Decimal) -> Decimal:
    """The number as written: a float by its shortest repr (5 / 8 is "0.625"), so
    that a half computed as a float is still a half."""
    if isinstance(value, Fraction):
        return Decimal(value.numerator) / Decimal(value.denominator)
    return Decimal(str(value))


def whole_percent(value: float | Fraction | Decimal | None) -> int | None:
    """A rate from 0 to 1 as a whole percent, a half rounded up: 0.625 gives 63;
    None gives None."""
    if value is None:
        return None
    return int((_exact(value) * 100).quantize(Decimal(1), rounding=ROUND_HALF_UP))


@register.filter
def percent(value: float | Fraction | Decimal | None) -> str:
    """0.857 gives "86%", 0.625 "63%"; None (nothing to count) NOTHING."""
    return NOTHING if value is None else f"{whole_percent(value)}%"


@register.filter
def decimal(value: float | Decimal | None) -> str:
    """2.6153 gives "2.6", 2.25 "2.3"; None NOTHING."""
    if value is None:
        return NOTHING
    return str(_exact(value).quantize(Decimal("0.1"), rounding=ROUND_HALF_UP))
