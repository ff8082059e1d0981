"""A tournament's life at the API edge, for its club's organisers: rename it
(PATCH), delete it (DELETE, only without results), close it early, archive and
unarchive it. The same services as the pages (tournaments.lifecycle.services)."""

from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.exceptions import PermissionDenied
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from pitchclub import permissions
from pitchclub.api.fields import StrictCharField, StrictInput
from pitchclub.api.permissions import signed_in
from pitchclub.api.schema import FIELD_WRONG
from tournaments.api.access import WRITE_ERRORS, get_tournament, tournament_response
from tournaments.api.serializers import TournamentOutput
from tournaments.api.tournaments import TournamentDetailAPI
from tournaments.lifecycle import services
from tournaments.models import Tournament
from tournaments.vocabulary import TOURNAMENT_NAME_MAX

ORGANISERS_ONLY = {
    403: OpenApiResponse(description="Only the club's organisers may."),
}


class RenameInput(StrictInput):
    # Its shape only: empty, blank or a control character is the service's
    # refusal (400 at `name`), said in the organiser's words.
    name = StrictCharField(
        max_length=TOURNAMENT_NAME_MAX,
        allow_blank=True,
        trim_whitespace=False,
        help_text="The new name: not empty, no control characters; spaces at "
        "either end are dropped.",
    )


def organiser_tournament(request: Request, tournament_id: int) -> Tournament:
    """The tournament if the caller may read it and is its club's organiser."""
    signed_in(request)
    tournament = get_tournament(request, tournament_id)
    if not permissions.club_manageable_by(club=tournament.club, user=request.user):
        raise PermissionDenied(
            _(
                "Only %(club)s's organisers can rename, close, archive or delete its "
                "tournaments."
            )
            % {"club": tournament.club.name}
        )
    return tournament


class TournamentLifeAPI(TournamentDetailAPI):
    """A tournament: read it (everyone who may), rename or delete it (organisers)."""

    @extend_schema(
        operation_id="tournaments_rename",
        request=RenameInput,
        responses={
            200: TournamentOutput,
            400: FIELD_WRONG,
            **ORGANISERS_ONLY,
            **WRITE_ERRORS,
        },
        summary="Rename a tournament (organisers)",
    )
    def patch(self, request: Request, tournament_id: int) -> Response:
        tournament = organiser_tournament(request, tournament_id)
        data = RenameInput(data=request.data)
        data.is_valid(raise_exception=True)
        services.tournament_rename(
            tournament_id=tournament.pk,
            name=data.validated_data["name"],
            by=request.user,
        )
        return tournament_response(tournament.pk)

    @extend_schema(
        operation_id="tournaments_destroy",
        request=None,
        responses={204: None, **ORGANISERS_ONLY, **WRITE_ERRORS},
        summary="Delete a tournament without results (organisers); with results, "
        "409 has_results: archive it instead",
    )
    def delete(self, request: Request, tournament_id: int) -> Response:
        tournament = organiser_tournament(request, tournament_id)
        services.tournament_delete(tournament_id=tournament.pk, by=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


class TournamentCloseAPI(APIView):
    @extend_schema(
        operation_id="tournaments_close",
        request=None,
        responses={200: TournamentOutput, **ORGANISERS_ONLY, **WRITE_ERRORS},
        summary="Close a running tournament early: finished with the standings as "
        "they stand (organisers); 409 already_finished",
    )
    def post(self, request: Request, tournament_id: int) -> Response:
        tournament = organiser_tournament(request, tournament_id)
        services.tournament_close(tournament_id=tournament.pk, by=request.user)
        return tournament_response(tournament.pk)


class TournamentArchiveAPI(APIView):
    @extend_schema(
        operation_id="tournaments_archive",
        request=None,
        responses={200: TournamentOutput, **ORGANISERS_ONLY, **WRITE_ERRORS},
        summary="Archive a tournament: out of the lists, still readable (organisers)",
    )
    def post(self, request: Request, tournament_id: int) -> Response:
        tournament = organiser_tournament(request, tournament_id)
        services.tournament_archive(
            tournament_id=tournament.pk, archived=True, by=request.user
        )
        return tournament_response(tournament.pk)

    @extend_schema(
        operation_id="tournaments_unarchive",
        request=None,
        responses={200: TournamentOutput, **ORGANISERS_ONLY, **WRITE_ERRORS},
        summary="Bring an archived tournament back into the lists (organisers)",
    )
    def delete(self, request: Request, tournament_id: int) -> Response:
        tournament = organiser_tournament(request, tournament_id)
        services.tournament_archive(
            tournament_id=tournament.pk, archived=False, by=request.user
        )
        return tournament_response(tournament.pk)
