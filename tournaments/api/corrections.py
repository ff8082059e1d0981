"""Organisers correct what was entered, at the API edge (EVENTS.md): void a
match's result (`DELETE …/matches/{id}/result/`, on paper or its game's) and take
back the last drawn round (`DELETE …/rounds/{number}/`)."""

from django.http import Http404
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework.exceptions import PermissionDenied
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from pitchclub import permissions
from pitchclub.models import Club
from tournaments import pages
from tournaments.api.access import (
    WRITE_ERRORS,
    get_tournament,
    signed_in,
    tournament_response,
)
from tournaments.api.matches import MatchResultAPI
from tournaments.api.serializers import TournamentOutput
from tournaments.brackets import redo
from tournaments.matches import corrections
from tournaments.models import Match, Round

ORGANISERS_ONLY = OpenApiResponse(description="Only the club's organisers may.")


def _check_organiser(request: Request, club: Club, what: str) -> None:
    signed_in(request)
    if not permissions.club_manageable_by(club=club, user=request.user):
        raise PermissionDenied(pages.ORGANISERS_ONLY.format(club=club.name, what=what))


class MatchResultCorrectionAPI(MatchResultAPI):
    """The paper result's POST (tournaments.api.matches) and its DELETE."""

    @extend_schema(
        operation_id="tournament_match_result_destroy",
        request=None,
        responses={200: TournamentOutput, 403: ORGANISERS_ONLY, **WRITE_ERRORS},
        summary="Void a match's result (on paper, or its game's)",
        description=(
            "200 with the tournament: the match is `ready` again, what the result "
            "caused is reverted (the winner's and loser's places in later matches, a "
            "finished tournament's champion, the standings). A game's result: the "
            "game stays as it was, set aside for the match (a new game can be "
            "started, or a paper result entered). A later match that depends on it "
            "and has a game without hands loses that game (deleted). 409 "
            "`result_depended_on` or `result_depended_on_hands` naming the later "
            "match that has a result or a game with hands; `round_drawn_from_result` "
            "when a later Swiss or progressive round was drawn from it (take it "
            "back first); `no_result` when there is nothing to void."
        ),
    )
    def delete(self, request: Request, tournament_id: int, match_id: int) -> Response:
        tournament = get_tournament(request, tournament_id)
        _check_organiser(request, tournament.club, "void a result")
        try:
            corrections.match_result_void(
                tournament_id=tournament.pk, match_id=match_id, by=request.user
            )
        except Match.DoesNotExist as missing:
            raise Http404(_("No such match in this tournament.")) from missing
        return tournament_response(tournament.pk)


class RoundAPI(APIView):
    @extend_schema(
        operation_id="tournament_round_destroy",
        request=None,
        responses={200: TournamentOutput, 403: ORGANISERS_ONLY, **WRITE_ERRORS},
        summary="Take back the last drawn round (Swiss, progressive)",
        description=(
            "200 with the tournament, the round gone (it can be drawn again). Its "
            "matches' games started without hands are deleted with it. 409 "
            "`round_redo_format` for the formats that draw their rounds from "
            "results, `round_not_last`, `round_has_result` (a bye's result is fine) "
            "or `round_has_hands`, naming the match. 404 for a round not drawn."
        ),
    )
    def delete(self, request: Request, tournament_id: int, number: int) -> Response:
        tournament = get_tournament(request, tournament_id)
        _check_organiser(request, tournament.club, "take back a round")
        try:
            redo.round_take_back(
                tournament_id=tournament.pk, number=number, by=request.user
            )
        except Round.DoesNotExist as missing:
            raise Http404(_("No such round in this tournament.")) from missing
        return tournament_response(tournament.pk)
