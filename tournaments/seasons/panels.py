"""The club page's "Seasons" panel (registered in TournamentsConfig.ready())."""

from django.http import HttpRequest

from pitchclub.models import Club
from pitchclub.panels import Panel
from pitchclub.permissions import ClubAccess
from tournaments.seasons import selectors

T = "tournaments/"


def club_seasons_panel(request: HttpRequest, club: Club, access: ClubAccess) -> Panel:
    """The club page's "Seasons": the club's seasons, latest first (1 query)."""
    return Panel(
        f"{T}seasons_panel.html",
        {"seasons": list(selectors.club_seasons(club=club)), "access": access},
    )
