"""A season's playoffs at the API edge (EVENTS.md "API v1 additions"):
`POST /api/v1/seasons/{id}/playoffs/` starts the one tournament seeded from the
season's qualified standings (tournaments.seasons.services.playoffs_start) and
answers with it as `GET /api/v1/tournaments/{id}/` does. Here rather than in
tournaments/seasons/api.py because it answers with a tournament, whose shape is
this folder's (tournaments.api.serializers). Who may: the season's club's
organisers; a private club's season is a 404 to outsiders, as the other season
endpoints."""

from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from pitchclub.api.fields import StrictCharField, StrictInput, StrictIntegerField
from pitchclub.api.permissions import NOT_ORGANISER, check_organiser
from pitchclub.api.schema import FIELD_WRONG, NOT_SIGNED_IN
from tournaments.api.access import tournament_response
from tournaments.api.serializers import TournamentOutput
from tournaments.seasons import services
from tournaments.seasons.api import CONFLICT, NO_SEASON, season_for
from tournaments.vocabulary import (
    ENTRANTS_MAX,
    PLAYOFF_FORMAT_CHOICES,
    TOURNAMENT_NAME_MAX,
)


class PlayoffsInput(StrictInput):
    size = StrictIntegerField(
        min_value=2,
        max_value=ENTRANTS_MAX,
        help_text="How many players: the top of the qualified standings, seeded "
        "in standings order (at most the number qualified).",
    )
    format = serializers.ChoiceField(
        choices=PLAYOFF_FORMAT_CHOICES,
        help_text="The playoffs' format.",
    )
    settings = serializers.DictField(
        required=False,
        default=dict,
        help_text="The format's settings by name (EVENTS.md); defaults filled in, "
        "an unknown one is a 400 naming it (`settings.<name>`).",
    )
    name = StrictCharField(
        required=False,
        max_length=TOURNAMENT_NAME_MAX,
        help_text="The tournament's name; “<season> playoffs” when left out.",
    )


class SeasonPlayoffsAPI(APIView):
    @extend_schema(
        operation_id="season_playoffs_create",
        request=PlayoffsInput,
        responses={
            201: TournamentOutput,
            400: FIELD_WRONG,
            401: NOT_SIGNED_IN,
            403: NOT_ORGANISER,
            404: NO_SEASON,
            409: CONFLICT,
        },
        summary="Start a season's playoffs (the club's organisers)",
        description="A tournament of the season's game between the top `size` "
        "qualified players of its standings, seeded in standings order. A season "
        "has one: a second start is a 409 (`playoffs_started`) naming the first. "
        "The playoffs are not counted in the season's standings; their champion "
        "is the season's.",
        examples=[
            OpenApiExample(
                "The top four, single elimination",
                value={"size": 4, "format": "single_elimination", "settings": {}},
                request_only=True,
            )
        ],
    )
    def post(self, request: Request, season_id: int) -> Response:
        season = season_for(request, season_id)
        user = check_organiser(request, season.club)
        data = PlayoffsInput(data=request.data)
        data.is_valid(raise_exception=True)
        fields = data.validated_data
        playoffs = services.playoffs_start(
            season=season,
            size=fields["size"],
            format=fields["format"],
            name=fields.get("name") or None,
            settings=fields["settings"],
            by=user,
        )
        return tournament_response(playoffs.pk, status.HTTP_201_CREATED)
