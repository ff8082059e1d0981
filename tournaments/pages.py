"""What every tournament page needs besides the core's pitchclub/pages.py (the
club the visitor may see, the refusal page): the tournament the visitor may see (a
404 otherwise, as the API answers), the words of a refusal to the organisers and
scorekeepers only, and the table link's QR code. The pages of brackets, matches
and nights import it; it imports none of them."""

from django.http import Http404, HttpRequest
from django.utils.safestring import SafeString

from pitchclub.qr import qr_svg
from tournaments import selectors
from tournaments.models import Tournament

NO_TOURNAMENT = "No such tournament, or its club is private."
KEEPERS_ONLY = "Only {club}'s organisers and scorekeepers can {what}."


def tournament_for(request: HttpRequest, tournament_id: int) -> Tournament:
    """The tournament if the user may read its club's games; 404 otherwise."""
    try:
        return selectors.tournament_get(tournament_id=tournament_id, user=request.user)
    except Tournament.DoesNotExist as missing:
        raise Http404(NO_TOURNAMENT) from missing


def table_qr(url: str, table: int | None) -> SafeString:
    """The table link as an inline SVG QR code."""
    return qr_svg(url, f"QR code of table {table}'s link {url}")
