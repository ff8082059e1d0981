"""A club's roster (members and guests) at the API edge."""

import unicodedata
from typing import Any

from django.db.models.functions import Lower
from drf_spectacular.utils import OpenApiExample, OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from pitchclub import selectors, services
from pitchclub.api.fields import StrictCharField, StrictInput
from pitchclub.api.schema import FIELD_WRONG, NOT_SIGNED_IN
from pitchclub.clubs.apis.clubs import NO_CLUB, NOT_KEEPER, check_keeper, get_club
from pitchclub.models import Player
from pitchclub.vocabulary import PLAYER_NAME_MAX


class PlayerOutput(serializers.Serializer):
    id = serializers.IntegerField(
        help_text='Use as {"player": id} when starting a game.'
    )
    name = serializers.CharField()
    is_guest = serializers.BooleanField(
        help_text="True for a player without an account."
    )


def player_payload(player: Player) -> dict[str, Any]:
    return {"id": player.pk, "name": player.name, "is_guest": player.is_guest}


class RosterQueryInput(serializers.Serializer):
    q = StrictCharField(
        required=False,
        allow_blank=True,
        max_length=PLAYER_NAME_MAX,
        default="",
        help_text="Only players whose name contains this, in any case (for name "
        "autocomplete).",
    )


class GuestAddInput(StrictInput):
    name = StrictCharField(
        trim_whitespace=False,
        allow_blank=True,
        help_text=f"At most {PLAYER_NAME_MAX} characters.",
    )


class PlayersAPI(APIView):
    @extend_schema(
        operation_id="club_players_list",
        parameters=[RosterQueryInput],
        responses={
            200: PlayerOutput(many=True),
            400: FIELD_WRONG,
            404: NO_CLUB,
        },
        summary="A club's roster (members and guests), sorted by name",
    )
    def get(self, request: Request, slug: str) -> Response:
        club = get_club(request, slug)
        query = RosterQueryInput(data=request.query_params)
        query.is_valid(raise_exception=True)
        players = selectors.roster(club=club, query=query.validated_data["q"])
        players = players.order_by(Lower("name"), "id")
        data = [player_payload(player) for player in players]
        return Response(PlayerOutput(data, many=True).data)

    @extend_schema(
        operation_id="club_players_create",
        request=GuestAddInput,
        responses={
            201: OpenApiResponse(PlayerOutput, description="A guest was added."),
            200: OpenApiResponse(
                PlayerOutput,
                description="The roster already had a player of that name "
                "(in any case): that player.",
            ),
            400: FIELD_WRONG,
            401: NOT_SIGNED_IN,
            403: NOT_KEEPER,
            404: NO_CLUB,
        },
        summary="Add a guest (a player without an account) to the roster",
        examples=[OpenApiExample("A guest", value={"name": "Ann"}, request_only=True)],
    )
    def post(self, request: Request, slug: str) -> Response:
        club = get_club(request, slug)
        check_keeper(request, club)
        data = GuestAddInput(data=request.data)
        data.is_valid(raise_exception=True)
        # As the service will store it (NFC, spaces squeezed): "José" typed with a
        # combining accent is the José already on the roster.
        name = " ".join(
            unicodedata.normalize("NFC", data.validated_data["name"]).split()
        )
        existed = bool(name) and club.players.filter(name__iexact=name).exists()
        player = services.guest_add(club=club, name=name)
        return Response(
            PlayerOutput(player_payload(player)).data,
            status=status.HTTP_200_OK if existed else status.HTTP_201_CREATED,
        )
