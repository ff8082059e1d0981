"""The games at the API edge: list and start games, read one, delete one started by
mistake, abandon and resume one."""

from django.utils.translation import gettext
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiExample,
    OpenApiParameter,
    OpenApiResponse,
    extend_schema,
)
from rest_framework import serializers, status
from rest_framework.exceptions import PermissionDenied, ValidationError
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from pitchclub import permissions
from pitchclub.api.fields import (
    StrictBooleanField,
    StrictInput,
    StrictIntegerField,
    StrictSlugField,
)
from pitchclub.api.pagination import Pagination
from pitchclub.api.permissions import signed_in
from pitchclub.models import Club
from scoring.api.access import check_can_manage, game_response, get_game
from scoring.api.serializers import (
    GameConflict,
    GameOutput,
    GameSummaryOutput,
    PlayersField,
    game_payload,
)
from scoring.games import selectors, services
from scoring.games.filters import GameFilter
from scoring.models import Status, Variant


class NoBody(StrictInput):
    """Nothing: the operation takes no body (none at all, or `{}`). A field sent is
    a 400 naming it ("This field is not part of the request."), as everywhere.
    The schema shows no request body for these operations (it takes none) and
    lists the 400 (BODY_REFUSED)."""


BODY_REFUSED = OpenApiResponse(
    description="A body was sent: it takes none (or `{}`); each field sent is "
    "named, a body that is not an object is refused as a whole."
)


def _check_no_body(request: Request) -> None:
    """Refuse a body the operation does not take (a typo'd option is not ignored);
    no body, or an empty object, passes."""
    NoBody(data=request.data).is_valid(raise_exception=True)


MANAGE_ERRORS = {
    401: OpenApiResponse(description="Not signed in."),
    403: OpenApiResponse(description="Not the game's creator or club organiser."),
    404: OpenApiResponse(description="No such game."),
    409: OpenApiResponse(
        GameConflict,
        description="Conflicts with the game as it stands: `code` says how.",
    ),
}


# --- Games --------------------------------------------------------------------------


class GameCreateInput(StrictInput):
    variant = serializers.ChoiceField(choices=Variant.choices)
    players = PlayersField()
    partnership = StrictBooleanField(required=False, allow_null=True, default=None)
    first_dealer = StrictIntegerField(required=False, default=0)
    options = serializers.DictField(required=False, default=dict)
    club = StrictSlugField(
        required=False,
        allow_null=True,
        help_text="The club's slug: names are then looked up in (or added to) its "
        "roster, and the game follows the club's privacy.",
    )
    night = StrictIntegerField(
        required=False,
        allow_null=True,
        default=None,
        help_text="A night of one of the club's seasons (its id): the game belongs "
        "to that night whatever day it is played (EVENTS.md). Without it a club "
        "game belongs to the night of the day it starts.",
    )


def _club_for_new_game(request: Request, slug: str | None) -> Club | None:
    if slug is None:
        return None
    club = permissions.clubs_visible_to(request.user).filter(slug=slug).first()
    if club is None:
        # Translators: %(slug)s is the slug as given, in quotes: 'elks'.
        refused = gettext("There is no club %(slug)s.")
        raise ValidationError({"club": [refused % {"slug": repr(slug)}]})
    if not permissions.club_scorekeeping_by(club=club, user=request.user):
        raise PermissionDenied(
            gettext("Only %(club)s's organisers and scorekeepers can start its games.")
            % {"club": club.name}
        )
    return club


GAME_FILTERS = [
    OpenApiParameter(
        "club",
        {"type": "string", "pattern": "^[-a-zA-Z0-9_]+$", "minLength": 1},
        description="Only this club's games (the club's slug).",
    ),
    OpenApiParameter(
        "player", int, description="Only games this player (by id) sat in."
    ),
    OpenApiParameter(
        "variant", str, enum=Variant.values, description="Only this game."
    ),
    OpenApiParameter(
        "status",
        str,
        enum=Status.values,
        description="Only games in progress, finished or abandoned (`in_progress` "
        "leaves abandoned games out).",
    ),
    OpenApiParameter(
        "from",
        OpenApiTypes.DATE,
        description="Only games started on or after this day (YYYY-MM-DD).",
    ),
    OpenApiParameter(
        "to",
        OpenApiTypes.DATE,
        description="Only games started on or before this day (YYYY-MM-DD).",
    ),
]


class GamesAPI(APIView):
    """List games (newest first) or start one."""

    pagination_class = Pagination

    @extend_schema(
        operation_id="games_list",
        parameters=GAME_FILTERS,
        responses={
            200: GameSummaryOutput(many=True),
            400: OpenApiResponse(description="A filter is wrong; the answer names it."),
        },
        summary="List games, most recently changed first",
        description="Every game the caller may read (a private club's games only "
        "for its members), filtered by any of the parameters below, paged.",
    )
    def get(self, request: Request) -> Response:
        paginator = self.pagination_class()
        # The pages' forms send empty boxes; the API takes a filter with a value.
        empty = {
            # Translators: %(name)s is a parameter's name, as the API spells it.
            name: [gettext("Give %(name)s a value, or leave it out.") % {"name": name}]
            for name in GameFilter.base_filters
            if name in request.query_params and not request.query_params[name]
        }
        if empty:
            raise ValidationError(empty)
        found = GameFilter(
            request.query_params,
            selectors.game_list(user=request.user),
            user=request.user,
        )
        if not found.is_valid():
            raise ValidationError(found.errors)
        page = paginator.paginate_queryset(found.qs, request, view=self)
        data = [game_payload(game) for game in page]
        return paginator.get_paginated_response(GameSummaryOutput(data, many=True).data)

    @extend_schema(
        operation_id="games_create",
        request=GameCreateInput,
        responses={
            201: GameOutput,
            400: OpenApiResponse(description="A field is wrong; the answer names it."),
            401: OpenApiResponse(description="Not signed in."),
        },
        summary="Start a game",
        examples=[
            OpenApiExample(
                "Four players, to 11",
                value={
                    "variant": "auction",
                    "players": ["Ann", "Bob", "Cy", "Di"],
                    "options": {"target": 11},
                },
                request_only=True,
            )
        ],
    )
    def post(self, request: Request) -> Response:
        signed_in(request)
        data = GameCreateInput(data=request.data, context={"request": request})
        data.is_valid(raise_exception=True)
        fields = dict(data.validated_data)
        club = _club_for_new_game(request, fields.pop("club", None))
        night = fields.pop("night", None)
        game = services.game_start(
            **fields,
            club=club,
            created_by=request.user,
            links=None if night is None else {"night": night},
        )
        return game_response(request, game.pk, status.HTTP_201_CREATED)


class GameDetailAPI(APIView):
    @extend_schema(
        operation_id="games_retrieve",
        responses={200: GameOutput, 404: OpenApiResponse(description="No such game.")},
        summary="A game",
    )
    def get(self, request: Request, game_id: int) -> Response:
        return game_response(request, game_id)

    @extend_schema(
        operation_id="games_destroy",
        request=None,
        responses={
            204: OpenApiResponse(description="Deleted; the game log keeps a record."),
            400: BODY_REFUSED,
            **MANAGE_ERRORS,
        },
        summary="Delete a game started by mistake (only one without hands)",
        description="A game with hands is a 409 `game_has_hands`: abandon it instead. "
        "It takes no body: a field sent is a 400 naming it. The record of a deleted "
        "game is read at `GET /api/v1/games/deleted/`.",
    )
    def delete(self, request: Request, game_id: int) -> Response:
        game = get_game(request, game_id)
        check_can_manage(request, game)
        _check_no_body(request)
        services.game_delete(game_id=game.pk, by=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


class GameAbandonAPI(APIView):
    @extend_schema(
        operation_id="games_abandon",
        request=None,
        responses={200: GameOutput, 400: BODY_REFUSED, **MANAGE_ERRORS},
        summary="Abandon a game",
        description="The game is kept, read-only, marked `abandoned: true` and left "
        "out of standings and statistics. An abandoned game answers 200 as it "
        "stands (nothing new is written); a finished one is a 409 `game_finished`. "
        "It takes no body: a field sent is a 400 naming it.",
    )
    def post(self, request: Request, game_id: int) -> Response:
        game = get_game(request, game_id)
        check_can_manage(request, game)
        _check_no_body(request)
        services.game_abandon(game_id=game.pk, by=request.user)
        return game_response(request, game.pk)


class GameResumeAPI(APIView):
    @extend_schema(
        operation_id="games_resume",
        request=None,
        responses={200: GameOutput, 400: BODY_REFUSED, **MANAGE_ERRORS},
        summary="Resume an abandoned game",
        description="The game is open again. A game that is not abandoned answers "
        "200 as it stands. It takes no body: a field sent is a 400 naming it.",
    )
    def post(self, request: Request, game_id: int) -> Response:
        game = get_game(request, game_id)
        check_can_manage(request, game)
        _check_no_body(request)
        services.game_resume(game_id=game.pk, by=request.user)
        return game_response(request, game.pk)
