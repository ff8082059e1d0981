"""A progressive night's players at the API edge: a late arrival joins, a player goes
home."""

from django.http import Http404
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from pitchclub.api.fields import StrictInput
from pitchclub.api.schema import FIELD_WRONG
from scoring.api.serializers import PlayerRefField
from tournaments.api.access import (
    KEEPERS_ONLY,
    WRITE_ERRORS,
    check_keeper,
    get_tournament,
    tournament_response,
)
from tournaments.api.serializers import TournamentOutput
from tournaments.models import Entrant
from tournaments.nights import services as night_services


class NightPlayerInput(StrictInput):
    player = PlayerRefField(
        help_text='A roster player {"player": id} or a name (a new name adds a guest).'
    )


class NightPlayersAPI(APIView):
    @extend_schema(
        operation_id="tournament_night_players_create",
        request=NightPlayerInput,
        responses={
            201: TournamentOutput,
            400: FIELD_WRONG,
            **KEEPERS_ONLY,
            **WRITE_ERRORS,
        },
        summary="A late arrival at a progressive night",
        description=(
            "201 with the tournament. The player is seeded last and joins at the "
            "last table from the next round, with no points for the rounds "
            "missed. 409 once the night's last round is drawn."
        ),
    )
    def post(self, request: Request, tournament_id: int) -> Response:
        tournament = get_tournament(request, tournament_id)
        check_keeper(request, tournament.club)
        data = NightPlayerInput(data=request.data, context={"request": request})
        data.is_valid(raise_exception=True)
        night_services.night_player_add(
            tournament_id=tournament.pk,
            player=data.validated_data["player"],
            by=request.user,
        )
        return tournament_response(tournament.pk, status.HTTP_201_CREATED)


class NightPlayerLeaveAPI(APIView):
    @extend_schema(
        operation_id="tournament_night_player_leave",
        request=None,
        responses={
            200: TournamentOutput,
            **KEEPERS_ONLY,
            **WRITE_ERRORS,
        },
        summary="A player goes home from a progressive night",
        description=(
            "200 with the tournament. The player keeps their tally and is not "
            "seated from the next round on. 409 if they have left already or "
            "fewer than four players would stay."
        ),
    )
    def post(self, request: Request, tournament_id: int, entrant_id: int) -> Response:
        tournament = get_tournament(request, tournament_id)
        check_keeper(request, tournament.club)
        try:
            night_services.night_player_leave(
                tournament_id=tournament.pk, entrant_id=entrant_id, by=request.user
            )
        except Entrant.DoesNotExist as missing:
            raise Http404("No such player at this night.") from missing
        return tournament_response(tournament.pk)
