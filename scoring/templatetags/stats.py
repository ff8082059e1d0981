"""The player page's numbers: {{ rate|percent }} ("86%"), {{ number|decimal }}
("2.6"); NOTHING (a dash) where there is nothing to count."""

from django import template

register = template.Library()

# What a rate of nothing shows: an en dash.
NOTHING = "\u2013"


@register.filter
def percent(value: float | None) -> str:
    """0.857 gives "86%"; None (nothing to count) NOTHING."""
    return NOTHING if value is None else f"{round(value * 100)}%"


@register.filter
def decimal(value: float | None) -> str:
    """2.6153 gives "2.6"; None NOTHING."""
    return NOTHING if value is None else f"{value:.1f}"
