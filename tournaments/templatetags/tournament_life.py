"""How a page says a tournament was closed early: "Closed early after round 2:
standings as they stood" (the round from the close's audit, 1 query)."""

from django import template

from tournaments.lifecycle.services import closed_after
from tournaments.models import Tournament

register = template.Library()


@register.simple_tag
def closed_early_note(tournament: Tournament) -> str:
    """The sentence of a tournament closed early ("" for any other)."""
    if not tournament.closed_early:
        return ""
    after = closed_after(tournament)
    if after == 0:
        return "Closed early before any match was played: standings as they stood"
    return f"Closed early after round {after}: standings as they stood"
