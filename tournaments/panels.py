"""Tournaments' section of the core's club page (registered in
TournamentsConfig.ready())."""

from django.http import HttpRequest

from pitchclub.models import Club
from pitchclub.panels import Panel
from pitchclub.selectors import ClubAccess
from tournaments.selectors import club_tournaments as tournaments_of

SHOWN = 6


def club_tournaments(request: HttpRequest, club: Club, access: ClubAccess) -> Panel:
    """The club's tournaments, running first (1 query); for its organisers the
    button to run a new one."""
    tournaments = list(tournaments_of(user=request.user, club_id=club.pk)[: SHOWN + 1])
    return Panel(
        "tournaments/_club_tournaments.html",
        {
            "tournaments": tournaments[:SHOWN],
            "more": len(tournaments) > SHOWN,
            "can_create": access.can_manage,
        },
    )
