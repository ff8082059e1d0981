"""Season pages (being built)."""

from django.http import HttpRequest

from pitchclub.models import Club
from pitchclub.panels import Panel
from pitchclub.selectors import ClubAccess
from tournaments import seasons


def club_seasons_panel(request: HttpRequest, club: Club, access: ClubAccess) -> Panel:
    """The club page's "Seasons": the club's seasons, latest first (1 query)."""
    return Panel(
        "tournaments/seasons_panel.html",
        {"seasons": list(seasons.club_seasons(club=club)), "access": access},
    )
