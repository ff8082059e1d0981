"""REST API v1 for tournaments (../shared/EVENTS.md): one view per operation,
Input/Output serializers. The views call the same services as the pages; refusals
reach the API's one exception handler (pitchclub.api.errors): 400s that name the
field, 409s `{detail, code, field}` for conflicts with the tournament as it stands.

Who may do what is as for a club's games (API.md): anyone who may read the club's
games reads its tournaments (a private club's are 404 to outsiders); its organisers
and scorekeepers create tournaments, start match games and draw Swiss rounds; its
organisers enter results played on paper.
"""

from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.http import Http404
from drf_spectacular.utils import (
    OpenApiExample,
    OpenApiParameter,
    OpenApiResponse,
    extend_schema,
    extend_schema_field,
)
from rest_framework import serializers, status
from rest_framework.exceptions import (
    NotAuthenticated,
    PermissionDenied,
    ValidationError,
)
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from pitchclub import selectors as permissions
from pitchclub.api.fields import (
    StrictCharField,
    StrictInput,
    StrictIntegerField,
    StrictSlugField,
)
from pitchclub.api.pagination import Pagination
from pitchclub.api.schema import FIELD_WRONG, NOT_SIGNED_IN
from pitchclub.models import Club
from scoring.api.views import GameOutput, PlayerRefField, game_payload
from scoring.games import selectors as game_selectors
from scoring.games.rows import game_hands
from scoring.models import Variant
from tournaments import selectors
from tournaments.brackets import services
from tournaments.models import (
    Bracket,
    Entrant,
    Format,
    Match,
    MatchStatus,
    Tournament,
    TournamentStatus,
)
from tournaments.refusals import CONFLICT_CODES
from tournaments.vocabulary import ENTRANTS_MAX, PROGRESSIVE, TOURNAMENT_NAME_MAX

NO_TOURNAMENT = OpenApiResponse(
    description="No such tournament or match, or a private club's and the caller "
    "is not a member."
)


@extend_schema_field({"type": "string", "enum": sorted(CONFLICT_CODES)})
class TournamentConflictCodeField(serializers.CharField):
    """Which conflict: one of the tournaments' CONFLICT_CODES."""


class TournamentConflict(serializers.Serializer):
    """What a 409 holds: why the request conflicts with the tournament as it
    stands, and the conflict's code."""

    detail = serializers.CharField()
    code = TournamentConflictCodeField()
    field = serializers.CharField(
        required=False, help_text="What the refusal concerns, as a dotted path."
    )


CONFLICT = OpenApiResponse(
    TournamentConflict,
    description="Conflicts with the tournament as it stands: `code` says how.",
)


# --- Input --------------------------------------------------------------------------


class EntrantObjectInput(StrictInput):
    name = StrictCharField(
        required=False,
        allow_null=True,
        allow_blank=True,
        max_length=TOURNAMENT_NAME_MAX,
        help_text='Left out: the player\'s name, or "Ann & Cy" for a team.',
    )
    players = serializers.ListField(
        child=PlayerRefField(),
        min_length=1,
        max_length=2,
        help_text="One player (team_size 1) or two, partners opposite.",
    )


ENTRANT_OBJECT_SCHEMA = {
    "type": "object",
    "properties": {
        "name": {
            "type": "string",
            "nullable": True,
            "maxLength": TOURNAMENT_NAME_MAX,
        },
        "players": {
            "type": "array",
            "minItems": 1,
            "maxItems": 2,
            "items": {
                "oneOf": [
                    {"type": "string", "maxLength": 40},
                    {
                        "type": "object",
                        "properties": {"player": {"type": "integer"}},
                        "required": ["player"],
                        "additionalProperties": False,
                    },
                ]
            },
        },
    },
    "required": ["players"],
    "additionalProperties": False,
}
# The 403 of what the club's organisers and scorekeepers may do.
KEEPERS_ONLY = {
    403: OpenApiResponse(
        description="Only the club's organisers and scorekeepers may."
    ),
}


@extend_schema_field(
    {
        "oneOf": [
            {"type": "string", "maxLength": 40},
            {
                "type": "object",
                "properties": {"player": {"type": "integer"}},
                "required": ["player"],
                "additionalProperties": False,
            },
            ENTRANT_OBJECT_SCHEMA,
        ]
    }
)
class EntrantField(serializers.Field):
    """An entrant: a player's name or {"player": id} (team_size 1), or
    {"name": …, "players": […]} (a team of two, or one player)."""

    default_error_messages = {
        "invalid": 'An entrant is a name, {{"player": id}}, or {{"name": …, '
        '"players": […]}}.'
    }

    def to_internal_value(self, data: Any) -> services.EntrantInput:
        if isinstance(data, str) or (
            isinstance(data, dict) and set(data) == {"player"}
        ):
            ref = PlayerRefField()
            ref.bind("player", self)
            return services.EntrantInput(players=[ref.to_internal_value(data)])
        if isinstance(data, dict):
            read = EntrantObjectInput(data=data, context=self.context)
            if not read.is_valid():
                raise ValidationError(read.errors)
            return services.EntrantInput(
                players=read.validated_data["players"],
                name=read.validated_data.get("name"),
            )
        self.fail("invalid")

    def to_representation(self, value: Any) -> Any:
        return value


class TournamentCreateInput(StrictInput):
    club = StrictSlugField(help_text="The club's slug.")
    name = StrictCharField(max_length=TOURNAMENT_NAME_MAX)
    format = serializers.ChoiceField(choices=Format.choices)
    variant = serializers.ChoiceField(choices=Variant.choices)
    team_size = StrictIntegerField(required=False, default=1, min_value=1, max_value=2)
    options = serializers.DictField(
        required=False, default=dict, help_text="The game's options (RULES.md)."
    )
    settings = serializers.DictField(
        required=False,
        default=dict,
        help_text="The format's settings by name (EVENTS.md); defaults filled in.",
    )
    entrants = serializers.ListField(
        child=EntrantField(),
        max_length=ENTRANTS_MAX,
        help_text="In seed order (seed 1 first); at least 2.",
    )


class TournamentListQuery(StrictInput):
    tolerated = frozenset({"limit", "offset"})

    club = StrictSlugField(required=False, help_text="Only this club's tournaments.")


class MatchResultInput(StrictInput):
    winner = StrictIntegerField(
        required=False,
        help_text="The winning entrant's id; at a progressive table a 400 "
        "(table_result_scores): its scores say who moves up.",
    )
    scores = serializers.ListField(
        child=StrictIntegerField(),
        required=False,
        allow_null=True,
        min_length=2,
        max_length=5,
        help_text="The points, one per entrant in the match's order; at a "
        "progressive table (required) one per side as its game counts sides: 2 "
        "at a table of four, one per player at a table of 3 or 5.",
    )


class NightPlayerInput(StrictInput):
    player = PlayerRefField(
        help_text='A roster player {"player": id} or a name (a new name adds a guest).'
    )


# --- Output -------------------------------------------------------------------------


class EntrantPlayerOutput(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()


class EntrantOutput(serializers.Serializer):
    id = serializers.IntegerField()
    seed = serializers.IntegerField()
    name = serializers.CharField()
    players = EntrantPlayerOutput(many=True)
    left = serializers.BooleanField(
        help_text="A progressive night's player who has gone home (keeps their "
        "tally, not seated again)."
    )


class MatchOutput(serializers.Serializer):
    id = serializers.IntegerField()
    number = serializers.IntegerField()
    label = serializers.CharField(help_text='For people: "Round 2 match 1".')
    table = serializers.IntegerField(allow_null=True)
    entrants = serializers.ListField(
        child=serializers.IntegerField(allow_null=True),
        help_text="Entrant ids in seat order (team A first); null for a slot not "
        "known yet; a bye has one.",
    )
    status = serializers.ChoiceField(choices=MatchStatus.choices)
    games = serializers.ListField(child=serializers.IntegerField())
    game_in_progress = serializers.IntegerField(allow_null=True)
    wins = serializers.ListField(child=serializers.IntegerField())
    scores = serializers.ListField(child=serializers.IntegerField(), allow_null=True)
    winner = serializers.IntegerField(allow_null=True)
    winners = serializers.ListField(
        child=serializers.IntegerField(),
        help_text="Who moves on: the winner, or at a completed progressive table "
        "the players who move up (the winning side; a solo table's two highest "
        "scorers).",
    )
    on_paper = serializers.BooleanField()


class RoundOutput(serializers.Serializer):
    number = serializers.IntegerField()
    bracket = serializers.ChoiceField(choices=Bracket.choices)
    matches = MatchOutput(many=True)


class StandingOutput(serializers.Serializer):
    rank = serializers.IntegerField()
    entrant = serializers.IntegerField()
    played = serializers.IntegerField()
    won = serializers.IntegerField()
    lost = serializers.IntegerField()
    byes = serializers.IntegerField()
    points_for = serializers.IntegerField()
    points_against = serializers.IntegerField()
    measures = serializers.DictField(child=serializers.IntegerField())


class TournamentSummaryOutput(serializers.Serializer):
    id = serializers.IntegerField()
    club = serializers.CharField(help_text="The club's slug.")
    name = serializers.CharField()
    format = serializers.ChoiceField(choices=Format.choices)
    variant = serializers.ChoiceField(choices=Variant.choices)
    team_size = serializers.IntegerField()
    options = serializers.DictField()
    settings = serializers.DictField()
    status = serializers.ChoiceField(choices=TournamentStatus.choices)
    champion = serializers.IntegerField(allow_null=True)
    entrant_count = serializers.IntegerField()
    created_at = serializers.DateTimeField()
    updated_at = serializers.DateTimeField()


class TournamentOutput(TournamentSummaryOutput):
    entrants = EntrantOutput(many=True)
    rounds = RoundOutput(many=True)
    standings = StandingOutput(many=True)


class MatchGameOutput(GameOutput):
    match = serializers.IntegerField(help_text="The match the game is played for.")
    tournament = serializers.IntegerField()


# --- Helpers ------------------------------------------------------------------------


def _signed_in(request: Request) -> AbstractBaseUser:
    if not request.user or not request.user.is_authenticated:
        raise NotAuthenticated()
    return request.user


def _tournament(request: Request, tournament_id: int) -> Tournament:
    """The tournament if the caller may read it (a private club's is a 404)."""
    try:
        return selectors.tournament_get(tournament_id=tournament_id, user=request.user)
    except Tournament.DoesNotExist as missing:
        raise Http404("No such tournament.") from missing


def _check_keeper(request: Request, club: Club) -> None:
    _signed_in(request)
    if not permissions.club_scorekeeping_by(club=club, user=request.user):
        raise PermissionDenied(
            f"Only {club.name}'s organisers and scorekeepers can run its tournaments."
        )


def _check_organiser(request: Request, club: Club) -> None:
    _signed_in(request)
    if not permissions.club_manageable_by(club=club, user=request.user):
        raise PermissionDenied(
            f"Only {club.name}'s organisers can enter a result played on paper."
        )


def _read(tournament_id: int, code: int = status.HTTP_200_OK) -> Response:
    """The whole tournament, read afresh."""
    tournament = Tournament.objects.select_related("club").get(pk=tournament_id)
    return Response(
        TournamentOutput(selectors.tournament_read(tournament)).data, status=code
    )


# --- Views --------------------------------------------------------------------------


class TournamentsAPI(APIView):
    """List tournaments (newest first) or create one."""

    pagination_class = Pagination

    @extend_schema(
        operation_id="tournaments_list",
        parameters=[
            OpenApiParameter(
                "club",
                {"type": "string", "pattern": "^[-a-zA-Z0-9_]+$", "minLength": 1},
                description="Only this club's tournaments (its slug).",
                required=False,
            )
        ],
        responses={
            200: TournamentSummaryOutput(many=True),
            400: FIELD_WRONG,
        },
        summary="List tournaments, newest first",
    )
    def get(self, request: Request) -> Response:
        query = TournamentListQuery(data=request.query_params.dict())
        query.is_valid(raise_exception=True)
        club_id = None
        slug = query.validated_data.get("club")
        if slug is not None:
            club = permissions.clubs_visible_to(request.user).filter(slug=slug).first()
            if club is None:
                raise ValidationError({"club": [f"There is no club {slug!r}."]})
            club_id = club.pk
        paginator = self.pagination_class()
        tournaments = selectors.tournament_list(user=request.user, club_id=club_id)
        page = paginator.paginate_queryset(tournaments, request, view=self)
        data = [selectors.tournament_summary(tournament) for tournament in page]
        return paginator.get_paginated_response(
            TournamentSummaryOutput(data, many=True).data
        )

    @extend_schema(
        operation_id="tournaments_create",
        request=TournamentCreateInput,
        responses={
            201: TournamentOutput,
            400: FIELD_WRONG,
            401: NOT_SIGNED_IN,
            **KEEPERS_ONLY,
        },
        summary="Create a tournament; its first round is drawn at once",
        examples=[
            OpenApiExample(
                "Teams of two, single elimination",
                value={
                    "club": "thursday-night-pitch",
                    "name": "Spring Cup",
                    "format": "single_elimination",
                    "variant": "auction",
                    "team_size": 2,
                    "options": {"target": 11},
                    "settings": {"third_place": True},
                    "entrants": [
                        {"name": "Aces", "players": ["Ann", "Cy"]},
                        {"name": "Kings", "players": ["Bob", "Di"]},
                    ],
                },
                request_only=True,
            )
        ],
    )
    def post(self, request: Request) -> Response:
        _signed_in(request)
        data = TournamentCreateInput(data=request.data, context={"request": request})
        data.is_valid(raise_exception=True)
        fields = dict(data.validated_data)
        slug = fields.pop("club")
        club = permissions.clubs_visible_to(request.user).filter(slug=slug).first()
        if club is None:
            raise ValidationError({"club": [f"There is no club {slug!r}."]})
        _check_keeper(request, club)
        tournament = services.tournament_create(
            **fields, club=club, created_by=request.user
        )
        return _read(tournament.pk, status.HTTP_201_CREATED)


class TournamentDetailAPI(APIView):
    @extend_schema(
        operation_id="tournaments_retrieve",
        responses={200: TournamentOutput, 404: NO_TOURNAMENT},
        summary="A tournament: entrants, rounds and matches, standings",
    )
    def get(self, request: Request, tournament_id: int) -> Response:
        tournament = _tournament(request, tournament_id)
        return Response(TournamentOutput(selectors.tournament_read(tournament)).data)


WRITE_ERRORS = {
    401: NOT_SIGNED_IN,
    404: NO_TOURNAMENT,
    409: CONFLICT,
}


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
        tournament = _tournament(request, tournament_id)
        _check_keeper(request, tournament.club)
        try:
            game, match = services.match_game_start(
                tournament_id=tournament.pk, match_id=match_id, by=request.user
            )
        except Match.DoesNotExist as missing:
            raise Http404("No such match in this tournament.") from missing
        game = game_selectors.game_detail(game_id=game.pk, user=request.user)
        payload = game_payload(game, hands=game_hands(game))
        payload.update(match=match.pk, tournament=tournament.pk)
        return Response(payload, status=status.HTTP_201_CREATED)


class MatchResultAPI(APIView):
    @extend_schema(
        operation_id="tournament_match_result_create",
        request=MatchResultInput,
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
        tournament = _tournament(request, tournament_id)
        _check_organiser(request, tournament.club)
        data = MatchResultInput(data=request.data)
        data.is_valid(raise_exception=True)
        given = data.validated_data
        try:
            if tournament.format == PROGRESSIVE:
                services.table_result_enter(
                    tournament_id=tournament.pk,
                    match_id=match_id,
                    scores=given.get("scores"),
                    winner=given.get("winner"),
                    by=request.user,
                )
            elif "winner" not in given:
                raise ValidationError({"winner": ["Give the winning entrant's id."]})
            else:
                services.match_result_enter(
                    tournament_id=tournament.pk,
                    match_id=match_id,
                    winner=given["winner"],
                    scores=given.get("scores"),
                    by=request.user,
                )
        except Match.DoesNotExist as missing:
            raise Http404("No such match in this tournament.") from missing
        return _read(tournament.pk)


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
        tournament = _tournament(request, tournament_id)
        _check_keeper(request, tournament.club)
        services.round_draw(tournament_id=tournament.pk, by=request.user)
        return _read(tournament.pk, status.HTTP_201_CREATED)


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
        tournament = _tournament(request, tournament_id)
        _check_keeper(request, tournament.club)
        data = NightPlayerInput(data=request.data, context={"request": request})
        data.is_valid(raise_exception=True)
        services.night_player_add(
            tournament_id=tournament.pk,
            player=data.validated_data["player"],
            by=request.user,
        )
        return _read(tournament.pk, status.HTTP_201_CREATED)


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
        tournament = _tournament(request, tournament_id)
        _check_keeper(request, tournament.club)
        try:
            services.night_player_leave(
                tournament_id=tournament.pk, entrant_id=entrant_id, by=request.user
            )
        except Entrant.DoesNotExist as missing:
            raise Http404("No such player at this night.") from missing
        return _read(tournament.pk)
