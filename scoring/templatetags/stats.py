"""The player page's numbers: {{ rate|percent }} ("86%"), {{ number|decimal }}
("2.6"); NOTHING (a dash) where there is nothing to count. Each in the reader's
language, through Django's localisation: "86 %" and "2,6" in German.

A half rounds up, as people round (5 of 8 is 62.5%: "63%"), not to the even
neighbour as Python's round() and format() do ("62%")."""

from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from functools import lru_cache

from django import template
from django.utils.formats import number_format
from django.utils.translation import get_language, pgettext

from scoring.engine import Variant
from scoring.vocabulary import VARIANT_LABELS

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
def percent_shown(number: int | float | Decimal | None) -> str:
    """A percentage already counted (63, or 63.5) as the reader writes it: "63%",
    "63 %" in German; None NOTHING."""
    if number is None:
        return NOTHING
    if type(number) is int and 0 <= number < 1000:
        # A whole number under a thousand has no separator to localise: its
        # digits (a page writes dozens of percentages).
        shown = str(number)
    else:
        shown = number_format(number, use_l10n=True)
    return _percentage(get_language()) % {"number": shown}


@lru_cache(maxsize=64)
def _percentage(language: str | None) -> str:
    """How `language` writes a percentage, "%(number)s%%" (translated once)."""
    # Translators: a percentage; %(number)s is the number, already localised
    # ("63" or "63,5"). Write the sign as your language does: "%(number)s %%".
    return pgettext("percentage", "%(number)s%%")


@register.filter
def percent(value: float | Fraction | Decimal | None) -> str:
    """0.857 gives "86%", 0.625 "63%" ("63 %" in German); None (nothing to count)
    NOTHING."""
    return percent_shown(whole_percent(value))


@register.filter
def decimal(value: float | Decimal | None) -> str:
    """2.6153 gives "2.6", 2.25 "2.3" ("2,3" in German); None NOTHING."""
    if value is None:
        return NOTHING
    rounded = _exact(value).quantize(Decimal("0.1"), rounding=ROUND_HALF_UP)
    return number_format(rounded, decimal_pos=1, use_l10n=True)


@register.filter
def variant_label(value: str) -> str:
    """A variant's value ("auction") as its name in the reader's language."""
    try:
        return str(VARIANT_LABELS[Variant(value)])
    except ValueError:
        return value
