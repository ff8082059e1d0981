"""A game's hands at the API edge: record the next hand, correct one (the game is
replayed), undo the last."""

from typing import Any

from django.db import transaction
from django.http import Http404
from django.utils.translation import gettext
from drf_spectacular.utils import OpenApiExample, OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import ValidationError
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from pitchclub.api.fields import (
    StrictBooleanField,
    StrictInput,
    StrictIntegerField,
    StrictUUIDField,
)
from scoring.api.access import check_can_edit, game_response, get_game
from scoring.api.serializers import (
    AwardField,
    CallField,
    GameConflict,
    GameOutput,
    game_payload,
)
from scoring.games import convert
from scoring.games import hands as hand_services
from scoring.games import rows as game_rows
from scoring.models import Suit

OUTPUT_ONLY = frozenset({"dealer", "bidding_side", "won", "made", "deltas", "scores"})


class HandInputSerializer(StrictInput):
    tolerated = OUTPUT_ONLY

    auction = serializers.ListField(child=CallField(), required=False, allow_null=True)
    pitcher = StrictIntegerField(required=False, allow_null=True)
    bid = StrictIntegerField(required=False, allow_null=True)
    trump = serializers.ChoiceField(
        choices=Suit.choices, required=False, allow_null=True
    )
    awards = serializers.DictField(child=AwardField(), required=False, default=dict)
    single_trump = StrictBooleanField(required=False, default=False)
    game_points = serializers.ListField(
        child=StrictIntegerField(), required=False, allow_null=True
    )

    def hand(self) -> convert.HandInput:
        return convert.hand_input_from(self.validated_data)


class HandRecordInput(HandInputSerializer):
    number = StrictIntegerField(required=False, allow_null=True, min_value=1)
    client_id = StrictUUIDField(required=False, allow_null=True)


class HandCorrectInput(HandInputSerializer):
    tolerated = OUTPUT_ONLY | {"client_id"}

    def to_internal_value(self, data: Any) -> Any:
        # `number` is not part of the request (API.md) nor of its schema: a client
        # may send back the hand as it read it, and the view checks that its
        # number agrees with the URL.
        if isinstance(data, dict):
            data = {key: value for key, value in data.items() if key != "number"}
        return super().to_internal_value(data)


HAND_ERRORS = {
    400: OpenApiResponse(description="A rule is broken; the answer names the field."),
    401: OpenApiResponse(description="Not signed in."),
    403: OpenApiResponse(description="Not this game's scorekeeper."),
    404: OpenApiResponse(description="No such game or hand."),
    409: OpenApiResponse(
        GameConflict,
        description="Conflicts with the game as it stands: `code` says how.",
    ),
}
# The hand of API.md (without `number` and `client_id`): in a game of four, legal
# whoever deals.
EXAMPLE_HAND = OpenApiExample(
    "A hand, the whole auction",
    value={
        "auction": [2, "pass", 3, "pass"],
        "awards": {"high": 3, "low": 1, "jack": 3, "game": 2},
        "trump": "hearts",
    },
    request_only=True,
)


class HandsAPI(APIView):
    @extend_schema(
        operation_id="hands_create",
        request=HandRecordInput,
        responses={201: GameOutput, 200: GameOutput, **HAND_ERRORS},
        summary="Record the next hand",
        examples=[EXAMPLE_HAND],
        description=(
            "201 with the whole game. A `client_id` already recorded for this game "
            "records nothing and answers 200 with the game as it stands. 409 when "
            "`number` is not the next hand's number or the game is already won."
        ),
    )
    def post(self, request: Request, game_id: int) -> Response:
        with transaction.atomic():
            # One query finds the game, checks that the caller may see it and locks
            # it for the service; the answer is read under the same lock, so it is
            # the game exactly as this hand (or the retry) left it.
            game = get_game(request, game_id, lock=request.user.is_authenticated)
            check_can_edit(request, game)
            data = HandRecordInput(data=request.data)
            data.is_valid(raise_exception=True)
            game, created = hand_services.hand_record(
                game_id=game.pk,
                hand=data.hand(),
                number=data.validated_data.get("number"),
                client_id=data.validated_data.get("client_id"),
                by=request.user,
                locked=game,
            )
            payload = game_payload(game, hands=game_rows.game_hands(game))
        return Response(
            payload, status=status.HTTP_201_CREATED if created else status.HTTP_200_OK
        )


class HandDetailAPI(APIView):
    @extend_schema(
        operation_id="hands_update",
        request=HandCorrectInput,
        responses={200: GameOutput, **HAND_ERRORS},
        summary="Correct a hand; the game is replayed",
        examples=[EXAMPLE_HAND],
    )
    def put(self, request: Request, game_id: int, number: int) -> Response:
        game = get_game(request, game_id)
        check_can_edit(request, game)
        data = HandCorrectInput(data=request.data)
        data.is_valid(raise_exception=True)
        sent = request.data.get("number") if isinstance(request.data, dict) else None
        if sent is not None and (type(sent) is not int or sent != number):
            raise ValidationError(
                {
                    "number": [
                        gettext("This is hand %(number)s; the body says hand %(sent)s.")
                        % {"number": number, "sent": sent}
                    ]
                }
            )
        try:
            hand_services.hand_correct(
                game_id=game.pk, number=number, hand=data.hand(), by=request.user
            )
        except hand_services.HandNotFound as missing:
            raise Http404(str(missing)) from missing
        return game_response(request, game.pk)

    @extend_schema(
        operation_id="hands_destroy",
        request=None,
        responses={200: GameOutput, **HAND_ERRORS},
        summary="Undo the last hand",
    )
    def delete(self, request: Request, game_id: int, number: int) -> Response:
        game = get_game(request, game_id)
        check_can_edit(request, game)
        try:
            hand_services.hand_undo(game_id=game.pk, number=number, by=request.user)
        except hand_services.HandNotFound as missing:
            raise Http404(str(missing)) from missing
        return game_response(request, game.pk)
