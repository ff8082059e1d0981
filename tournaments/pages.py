"""What every tournament page needs besides the core's pitchclub/pages.py (the
club the visitor may see, the refusal page): the tournament the visitor may see (a
404 otherwise, as the API answers), the words of a refusal to the organisers and
scorekeepers only, and the table link's QR code. The pages of brackets, matches
and nights import it; it imports none of them."""

from django.http import Http404, HttpRequest, HttpResponse
from django.utils.safestring import SafeString

from pitchclub import pages as club_pages
from pitchclub import permissions
from pitchclub.qr import qr_svg
from tournaments import selectors
from tournaments.models import Tournament

NO_TOURNAMENT = "No such tournament, or its club is private."
KEEPERS_ONLY = "Only {club}'s organisers and scorekeepers can {what}."
ORGANISERS_ONLY = "Only {club}'s organisers can {what}."


def tournament_for(request: HttpRequest, tournament_id: int) -> Tournament:
    """The tournament if the user may read its club's games; 404 otherwise."""
    try:
        return selectors.tournament_get(tournament_id=tournament_id, user=request.user)
    except Tournament.DoesNotExist as missing:
        raise Http404(NO_TOURNAMENT) from missing


def organisers_only(
    request: HttpRequest, tournament_id: int, what: str
) -> tuple[Tournament, HttpResponse | None]:
    """The tournament (404 as tournament_for), and the refusal page saying who may
    `what` ("void or edit a result") when the user is not its club's organiser."""
    tournament = tournament_for(request, tournament_id)
    club = tournament.club
    access = permissions.club_access(club=club, user=request.user)
    if access.can_manage:
        return tournament, None
    why = ORGANISERS_ONLY.format(club=club.name, what=what)
    return tournament, club_pages.forbidden(request, club, access, why)


def table_qr(url: str, table: int | None) -> SafeString:
    """The table link as an inline SVG QR code."""
    return qr_svg(url, f"QR code of table {table}'s link {url}")
