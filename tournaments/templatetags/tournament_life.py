"""How a page says a tournament was closed early: "Closed early after round 2:
standings as they stood" (the round from the close's audit, 1 query)."""

from django import template
from django.utils.translation import gettext

from tournaments.lifecycle.services import closed_after
from tournaments.models import Tournament
from tournaments.words import midsentence

register = template.Library()


@register.simple_tag
def closed_early_note(tournament: Tournament) -> str:
    """The sentence of a tournament closed early ("" for any other)."""
    if not tournament.closed_early:
        return ""
    after = closed_after(tournament)
    if after == 0:
        return gettext(
            "Closed early before any match was played: standings as they stood"
        )
    return gettext("Closed early after round %(round)s: standings as they stood") % {
        "round": after
    }


register.filter("midsentence", midsentence)
