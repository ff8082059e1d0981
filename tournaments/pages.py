"""What every tournament page needs besides the core's pitchclub/pages.py (the
club the visitor may see, the refusal page): the tournament the visitor may see (a
404 otherwise, as the API answers), the words of a refusal to the organisers and
scorekeepers only, and the table link's QR code. The pages of brackets, matches
and nights import it; it imports none of them."""

from django.http import Http404, HttpRequest, HttpResponse
from django.utils.safestring import SafeString
from django.utils.translation import gettext, gettext_noop

from pitchclub import pages as club_pages
from pitchclub import permissions
from pitchclub.language import speak_club_language
from pitchclub.qr import qr_svg
from tournaments import selectors
from tournaments.models import Tournament

NO_TOURNAMENT = "No such tournament, or its club is private."


class _Only:
    """Who alone may do `what`, in a whole sentence of the reader's language:
    `what` (English, "rename a tournament") picks the sentence."""

    def __init__(self, sentences: dict[str, str]) -> None:
        self.sentences = sentences

    def format(self, *, club: str, what: str) -> str:
        return gettext(self.sentences[what]) % {"club": club}


KEEPERS_ONLY = _Only(
    {
        "run its tournaments": gettext_noop(
            "Only %(club)s's organisers and scorekeepers can run its tournaments."
        ),
        "draw its tournaments' rounds": gettext_noop(
            "Only %(club)s's organisers and scorekeepers can draw its tournaments' "
            "rounds."
        ),
        "start its matches' games": gettext_noop(
            "Only %(club)s's organisers and scorekeepers can start its matches' games."
        ),
        "confirm its matches' results": gettext_noop(
            "Only %(club)s's organisers and scorekeepers can confirm its matches' "
            "results."
        ),
    }
)
ORGANISERS_ONLY = _Only(
    {
        "void a result": gettext_noop("Only %(club)s's organisers can void a result."),
        "take back a round": gettext_noop(
            "Only %(club)s's organisers can take back a round."
        ),
        "void or edit a result": gettext_noop(
            "Only %(club)s's organisers can void or edit a result."
        ),
        "take back a round or swap entrants": gettext_noop(
            "Only %(club)s's organisers can take back a round or swap entrants."
        ),
        "rename a tournament": gettext_noop(
            "Only %(club)s's organisers can rename a tournament."
        ),
        "close a tournament": gettext_noop(
            "Only %(club)s's organisers can close a tournament."
        ),
        "archive a tournament": gettext_noop(
            "Only %(club)s's organisers can archive a tournament."
        ),
        "unarchive a tournament": gettext_noop(
            "Only %(club)s's organisers can unarchive a tournament."
        ),
        "delete a tournament": gettext_noop(
            "Only %(club)s's organisers can delete a tournament."
        ),
    }
)


def tournament_for(request: HttpRequest, tournament_id: int) -> Tournament:
    """The tournament if the user may read its club's games; 404 otherwise. Its
    pages speak the club's language to a visitor who chose none."""
    try:
        tournament = selectors.tournament_get(
            tournament_id=tournament_id, user=request.user
        )
    except Tournament.DoesNotExist as missing:
        raise Http404(NO_TOURNAMENT) from missing
    speak_club_language(request, tournament.club)
    return tournament


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
    return qr_svg(
        url,
        gettext("QR code of table %(table)s's link %(url)s")
        % {"table": table, "url": url},
    )
