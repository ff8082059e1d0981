"""What every tournaments API view does first: find the tournament the caller may
read, check their role in its club, and answer with the whole tournament; with the
schema's words for those refusals.

Who may do what is as for a club's games (API.md): anyone who may read the club's
games reads its tournaments (a private club's are 404 to outsiders); its organisers
and scorekeepers create tournaments, start match games and draw Swiss rounds; its
organisers enter results played on paper. The refusals say so in a tournament's
words, not in pitchclub.api.permissions' general ones.
"""

from django.http import Http404
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiResponse
from rest_framework import status
from rest_framework.exceptions import PermissionDenied
from rest_framework.request import Request
from rest_framework.response import Response

from pitchclub import permissions
from pitchclub.api.permissions import signed_in
from pitchclub.api.schema import NOT_SIGNED_IN
from pitchclub.models import Club
from tournaments import selectors
from tournaments.api.serializers import TournamentConflict, TournamentOutput
from tournaments.models import Tournament

NO_TOURNAMENT = OpenApiResponse(
    description="No such tournament or match, or a private club's and the caller "
    "is not a member."
)

CONFLICT = OpenApiResponse(
    TournamentConflict,
    description="Conflicts with the tournament as it stands: `code` says how.",
)

# The 403 of what the club's organisers and scorekeepers may do.
KEEPERS_ONLY = {
    403: OpenApiResponse(
        description="Only the club's organisers and scorekeepers may."
    ),
}
WRITE_ERRORS = {
    401: NOT_SIGNED_IN,
    404: NO_TOURNAMENT,
    409: CONFLICT,
}


def get_tournament(request: Request, tournament_id: int) -> Tournament:
    """The tournament if the caller may read it (a private club's is a 404)."""
    try:
        return selectors.tournament_get(tournament_id=tournament_id, user=request.user)
    except Tournament.DoesNotExist as missing:
        raise Http404(_("No such tournament.")) from missing


def check_keeper(request: Request, club: Club) -> None:
    signed_in(request)
    if not permissions.club_scorekeeping_by(club=club, user=request.user):
        raise PermissionDenied(
            _("Only %(club)s's organisers and scorekeepers can run its tournaments.")
            % {"club": club.name}
        )


def check_organiser(request: Request, club: Club) -> None:
    signed_in(request)
    if not permissions.club_manageable_by(club=club, user=request.user):
        raise PermissionDenied(
            _("Only %(club)s's organisers can enter a result played on paper.")
            % {"club": club.name}
        )


def tournament_response(tournament_id: int, code: int = status.HTTP_200_OK) -> Response:
    """The whole tournament, read afresh."""
    tournament = Tournament.objects.select_related("club").get(pk=tournament_id)
    return Response(
        TournamentOutput(selectors.tournament_read(tournament)).data, status=code
    )
