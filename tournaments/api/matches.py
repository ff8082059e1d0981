"""A tournament's matches and rounds at the API edge: start a match's next game,
enter a result played on paper, draw the next round."""

from typing import Any

from django.http import Http404
from django.utils.translation import gettext as _
from drf_spectacular.utils import (
    OpenApiExample,
    OpenApiResponse,
    PolymorphicProxySerializer,
    extend_schema,
)
from rest_framework import serializers, status
from rest_framework.exceptions import ValidationError
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from pitchclub.api.fields import StrictInput, StrictIntegerField
from pitchclub.api.schema import FIELD_WRONG
from scoring.api.serializers import game_payload
from scoring.games import rows as game_rows
from scoring.games import selectors as game_selectors
from tournaments.api.access import (
    KEEPERS_ONLY,
    WRITE_ERRORS,
    check_keeper,
    check_organiser,
    get_tournament,
    tournament_response,
)
from tournaments.api.serializers import MatchGameOutput, TournamentOutput
from tournaments.brackets import draw
from tournaments.matches import services as match_services
from tournaments.matches.bounds import SCORE_MAX, SCORE_MIN
from tournaments.models import Match, Tournament
from tournaments.nights import services as night_services
from tournaments.vocabulary import PROGRESSIVE


class MatchResultInput(StrictInput):
    """What the view reads: either shape below (the service says which applies)."""

    winner = StrictIntegerField(required=False)
    scores = serializers.ListField(
        child=StrictIntegerField(min_value=SCORE_MIN, max_value=SCORE_MAX),
        required=False,
        allow_null=True,
        min_length=2,
        max_length=5,
    )


_SCORE_HELP = (
    "Whole numbers within what the match's game can produce (its range is said in "
    "the refusal; the widest of any game here)."
)


class PaperMatchResultInput(StrictInput):
    """A match's result: its winner, and optionally the points of each entrant."""

    winner = StrictIntegerField(help_text="The winning entrant's id.")
    scores = serializers.ListField(
        child=StrictIntegerField(min_value=SCORE_MIN, max_value=SCORE_MAX),
        required=False,
        allow_null=True,
        min_length=2,
        max_length=2,
        help_text="The points, one per entrant in the match's order. " + _SCORE_HELP,
    )


class TableResultInput(StrictInput):
    """A progressive table's result: its scores only (they say who moves up; a
    winner is a 400, table_result_scores)."""

    scores = serializers.ListField(
        child=StrictIntegerField(min_value=SCORE_MIN, max_value=SCORE_MAX),
        min_length=2,
        max_length=5,
        help_text="One per side as the table's game counts sides: 2 at a table of "
        "four, one per player at a table of 3 or 5. " + _SCORE_HELP,
    )


RESULT_REQUEST = PolymorphicProxySerializer(
    component_name="MatchResultInput",
    serializers=[PaperMatchResultInput, TableResultInput],
    resource_type_field_name=None,
)


class MatchGameAPI(APIView):
    @extend_schema(
        operation_id="tournament_match_game_create",
        request=None,
        responses={
            201: MatchGameOutput,
            **KEEPERS_ONLY,
            **WRITE_ERRORS,
        },
        summary="Start the match's next game, its entrants' players seated",
        description=(
            "201 with the game (as `GET /api/v1/games/{id}/`, plus `match`). Its "
            "hands are recorded with the games API. 409 if the match is not ready, "
            "or is running with a game in progress."
        ),
    )
    def post(self, request: Request, tournament_id: int, match_id: int) -> Response:
        tournament = get_tournament(request, tournament_id)
        check_keeper(request, tournament.club)
        try:
            game, match = match_services.match_game_start(
                tournament_id=tournament.pk, match_id=match_id, by=request.user
            )
        except Match.DoesNotExist as missing:
            raise Http404(_("No such match in this tournament.")) from missing
        game = game_selectors.game_detail(game_id=game.pk, user=request.user)
        payload = game_payload(game, hands=game_rows.game_hands(game))
        payload.update(match=match.pk, tournament=tournament.pk)
        return Response(payload, status=status.HTTP_201_CREATED)


def _enter_result(
    tournament: Tournament, match_id: int, given: dict[str, Any], by: Any
) -> None:
    """A paper result: a progressive table's scores (and no winner), or a match's
    winner (and its scores, if given)."""
    try:
        if tournament.format == PROGRESSIVE:
            night_services.table_result_enter(
                tournament_id=tournament.pk,
                match_id=match_id,
                scores=given.get("scores"),
                winner=given.get("winner"),
                by=by,
            )
        elif "winner" not in given:
            raise ValidationError({"winner": [_("Give the winning entrant's id.")]})
        else:
            match_services.match_result_enter(
                tournament_id=tournament.pk,
                match_id=match_id,
                winner=given["winner"],
                scores=given.get("scores"),
                by=by,
            )
    except Match.DoesNotExist as missing:
        raise Http404(_("No such match in this tournament.")) from missing


class MatchResultAPI(APIView):
    @extend_schema(
        operation_id="tournament_match_result_create",
        request=RESULT_REQUEST,
        responses={
            200: TournamentOutput,
            400: FIELD_WRONG,
            403: OpenApiResponse(description="Only the club's organisers may."),
            **WRITE_ERRORS,
        },
        summary="Enter the result of a match played on paper",
        examples=[
            OpenApiExample(
                "Entrant 41 won 11 to 7",
                value={"winner": 41, "scores": [11, 7]},
                request_only=True,
            )
        ],
        description=(
            "200 with the tournament. 409 when the match is not ready or running, "
            "or its game has hands recorded."
        ),
    )
    def post(self, request: Request, tournament_id: int, match_id: int) -> Response:
        tournament = get_tournament(request, tournament_id)
        check_organiser(request, tournament.club)
        data = MatchResultInput(data=request.data)
        data.is_valid(raise_exception=True)
        _enter_result(tournament, match_id, data.validated_data, request.user)
        return tournament_response(tournament.pk)


class RoundsAPI(APIView):
    @extend_schema(
        operation_id="tournament_rounds_create",
        request=None,
        responses={
            201: TournamentOutput,
            **KEEPERS_ONLY,
            **WRITE_ERRORS,
        },
        summary="Draw a Swiss's or a progressive night's next round",
        description=(
            "201 with the tournament. 409 while a match of the current round is "
            "not completed, after the last round, and for the formats that draw "
            "their rounds by themselves as results come in."
        ),
    )
    def post(self, request: Request, tournament_id: int) -> Response:
        tournament = get_tournament(request, tournament_id)
        check_keeper(request, tournament.club)
        draw.round_draw(tournament_id=tournament.pk, by=request.user)
        return tournament_response(tournament.pk, status.HTTP_201_CREATED)
