"""A match's result confirmed by the other side at the API edge (tournament setting
`confirm_results`): confirm the result its game ended with, or dispute it; an
organiser settles a dispute (tournaments.matches.confirm)."""

from django.http import Http404
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from pitchclub import permissions
from pitchclub.api.fields import StrictBooleanField, StrictInput
from pitchclub.api.schema import FIELD_WRONG
from tournaments.api.access import (
    KEEPERS_ONLY,
    WRITE_ERRORS,
    check_keeper,
    get_tournament,
    tournament_response,
)
from tournaments.api.serializers import TournamentOutput
from tournaments.matches import confirm
from tournaments.models import Match


class MatchConfirmInput(StrictInput):
    agree = StrictBooleanField(
        required=False,
        default=True,
        help_text="true (the default): the result stands and the bracket moves on; "
        "false: the result is disputed, the match stays running, flagged for the "
        "club's organisers.",
    )


DESCRIPTION = (
    "For a tournament with the setting `confirm_results`: the losing side (on the "
    "table's phone, signed in as a scorekeeper) or an organiser confirms the result "
    "the match's game ended with, and the bracket moves on; or disputes it. A "
    "disputed result is confirmed by an organiser only (409 `result_disputed` "
    "otherwise). 200 with the tournament; 409 `nothing_to_confirm` when no result "
    "waits."
)


class MatchConfirmAPI(APIView):
    @extend_schema(
        operation_id="tournament_match_confirm_create",
        request=MatchConfirmInput,
        responses={
            200: TournamentOutput,
            400: FIELD_WRONG,
            **KEEPERS_ONLY,
            **WRITE_ERRORS,
        },
        summary="Confirm or dispute the result a match's game ended with",
        examples=[
            OpenApiExample("Confirm", value={"agree": True}, request_only=True),
            OpenApiExample("Dispute", value={"agree": False}, request_only=True),
        ],
        description=DESCRIPTION,
    )
    def post(self, request: Request, tournament_id: int, match_id: int) -> Response:
        tournament = get_tournament(request, tournament_id)
        check_keeper(request, tournament.club)
        data = MatchConfirmInput(data=request.data)
        data.is_valid(raise_exception=True)
        settles = permissions.club_manageable_by(
            club=tournament.club, user=request.user
        )
        try:
            confirm.match_confirm(
                tournament_id=tournament.pk,
                match_id=match_id,
                agree=data.validated_data["agree"],
                settles=settles,
                by=request.user,
            )
        except Match.DoesNotExist as missing:
            raise Http404(_("No such match in this tournament.")) from missing
        return tournament_response(tournament.pk)
