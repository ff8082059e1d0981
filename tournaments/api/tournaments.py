"""Tournaments at the API edge: list them, create one (its first round drawn at once),
read one; with the inputs that read a new tournament and its entrants."""

from typing import Any

from django.utils.translation import gettext as _
from drf_spectacular.utils import (
    OpenApiExample,
    OpenApiParameter,
    extend_schema,
    extend_schema_field,
)
from rest_framework import serializers, status
from rest_framework.exceptions import ValidationError
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from pitchclub import permissions
from pitchclub.api.fields import (
    StrictCharField,
    StrictInput,
    StrictIntegerField,
    StrictNameField,
    StrictSlugField,
)
from pitchclub.api.pagination import Pagination
from pitchclub.api.permissions import signed_in
from pitchclub.api.schema import (
    FIELD_WRONG,
    NOT_SIGNED_IN,
    SAFE_TEXT_PATTERN,
    name_schema,
)
from scoring.api.serializers import PlayerRefField
from scoring.models import Variant
from tournaments import selectors
from tournaments.api.access import (
    KEEPERS_ONLY,
    NO_TOURNAMENT,
    check_keeper,
    get_tournament,
    tournament_response,
)
from tournaments.api.serializers import TournamentOutput, TournamentSummaryOutput
from tournaments.brackets import create
from tournaments.models import Format
from tournaments.vocabulary import ENTRANTS_MAX, TOURNAMENT_NAME_MAX

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
            "pattern": SAFE_TEXT_PATTERN,
        },
        "players": {
            "type": "array",
            "minItems": 1,
            "maxItems": 2,
            "items": {
                "oneOf": [
                    name_schema(40),
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


@extend_schema_field(
    {
        "oneOf": [
            name_schema(40),
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

    def to_internal_value(self, data: Any) -> create.EntrantInput:
        if isinstance(data, str) or (
            isinstance(data, dict) and set(data) == {"player"}
        ):
            ref = PlayerRefField()
            ref.bind("player", self)
            return create.EntrantInput(players=[ref.to_internal_value(data)])
        if isinstance(data, dict):
            read = EntrantObjectInput(data=data, context=self.context)
            if not read.is_valid():
                raise ValidationError(read.errors)
            return create.EntrantInput(
                players=read.validated_data["players"],
                name=read.validated_data.get("name"),
            )
        self.fail("invalid")

    def to_representation(self, value: Any) -> Any:
        return value


class TournamentCreateInput(StrictInput):
    club = StrictSlugField(help_text="The club's slug.")
    name = StrictNameField(max_length=TOURNAMENT_NAME_MAX)
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
    archived = serializers.BooleanField(
        required=False,
        default=False,
        help_text="true: the archived tournaments only (else they are left out).",
    )


# --- Views --------------------------------------------------------------------------


# The schema's example of a new tournament.
CREATE_EXAMPLE = OpenApiExample(
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


def _club_id(request: Request, slug: str | None) -> int | None:
    """The id of the club `slug` names, if the caller may see it (400 if not)."""
    if slug is None:
        return None
    club = permissions.clubs_visible_to(request.user).filter(slug=slug).first()
    if club is None:
        raise ValidationError(
            {"club": [_("There is no club %(slug)r.") % {"slug": slug}]}
        )
    return club.pk


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
            ),
            OpenApiParameter(
                "archived",
                {"type": "boolean", "default": False},
                description="true: the archived tournaments only; false (the "
                "default): those not archived.",
                required=False,
            ),
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
        club_id = _club_id(request, query.validated_data.get("club"))
        paginator = self.pagination_class()
        tournaments = selectors.tournament_list(
            user=request.user,
            club_id=club_id,
            archived=query.validated_data["archived"],
        )
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
        examples=[CREATE_EXAMPLE],
    )
    def post(self, request: Request) -> Response:
        signed_in(request)
        data = TournamentCreateInput(data=request.data, context={"request": request})
        data.is_valid(raise_exception=True)
        fields = dict(data.validated_data)
        slug = fields.pop("club")
        club = permissions.clubs_visible_to(request.user).filter(slug=slug).first()
        if club is None:
            raise ValidationError(
                {"club": [_("There is no club %(slug)r.") % {"slug": slug}]}
            )
        check_keeper(request, club)
        tournament = create.tournament_create(
            **fields, club=club, created_by=request.user
        )
        return tournament_response(tournament.pk, status.HTTP_201_CREATED)


class TournamentDetailAPI(APIView):
    @extend_schema(
        operation_id="tournaments_retrieve",
        responses={200: TournamentOutput, 404: NO_TOURNAMENT},
        summary="A tournament: entrants, rounds and matches, standings",
    )
    def get(self, request: Request, tournament_id: int) -> Response:
        tournament = get_tournament(request, tournament_id)
        return Response(TournamentOutput(selectors.tournament_read(tournament)).data)
