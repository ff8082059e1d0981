"""REST API v1 for league seasons (EVENTS.md "Seasons"): a club's seasons (list,
create), one season with its nights and standings, a night added. The views call
the same services as the pages (tournaments.seasons.services); refusals reach the API's
one exception handler: 400s naming the field, 409s `{detail, code, field}` for a name
or a night the season already has.

Who may do what is as for a club's games: anyone who may read the club reads its
seasons (a private club's are 404 to outsiders, anonymous included); its
organisers create seasons and add nights.
"""

from typing import Any

from django.http import Http404
from django.utils.translation import gettext
from drf_spectacular.utils import (
    OpenApiExample,
    OpenApiResponse,
    extend_schema,
    extend_schema_field,
)
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from pitchclub.api.fields import (
    StrictInput,
    StrictIntegerField,
    StrictNameField,
)
from pitchclub.api.pagination import Pagination
from pitchclub.api.permissions import NO_CLUB, NOT_ORGANISER, check_organiser, get_club
from pitchclub.api.schema import FIELD_WRONG, NOT_SIGNED_IN
from scoring.models import Variant
from tournaments.models import SEASON_NAME_MAX, Night, Season, SeasonScoring
from tournaments.seasons import overview, selectors, services
from tournaments.seasons.refusals import SEASON_CONFLICTS

NO_SEASON = OpenApiResponse(
    description="No such season, or a private club's and the caller is not a member."
)
# Most nights a setting may name (a season of years still counts its nights).
NIGHTS_MAX = 1000


@extend_schema_field({"type": "string", "enum": sorted(SEASON_CONFLICTS)})
class SeasonConflictCodeField(serializers.CharField):
    """Which conflict: one of SEASON_CONFLICTS."""


class SeasonConflict(serializers.Serializer):
    """What a 409 holds: why the request conflicts with the club's seasons as they
    stand, and the conflict's code."""

    detail = serializers.CharField()
    code = SeasonConflictCodeField()
    field = serializers.CharField(
        required=False, help_text="What the refusal concerns, as a dotted path."
    )


CONFLICT = OpenApiResponse(
    SeasonConflict, description="The club's seasons already hold it: `code` says how."
)


# --- Input --------------------------------------------------------------------------


class SeasonCreateInput(StrictInput):
    name = StrictNameField(max_length=SEASON_NAME_MAX)
    starts = serializers.DateField(help_text="The first date, YYYY-MM-DD.")
    ends = serializers.DateField(help_text="The last date, on or after `starts`.")
    variant = serializers.ChoiceField(
        choices=Variant.choices,
        help_text="The season's game: only its games count; playoffs play it.",
    )
    options = serializers.DictField(
        required=False, default=dict, help_text="The game's options (RULES.md)."
    )
    scoring = serializers.ChoiceField(
        choices=SeasonScoring.choices,
        help_text="What a player's night counts: games won, points scored, or the "
        "night's progressive tally.",
    )
    drop_worst = StrictIntegerField(
        required=False,
        default=0,
        min_value=0,
        max_value=NIGHTS_MAX,
        help_text="Each player's N worst nights are not counted.",
    )
    min_nights = StrictIntegerField(
        required=False,
        default=0,
        min_value=0,
        max_value=NIGHTS_MAX,
        help_text="Players with fewer nights played are not qualified (shown apart).",
    )


class NightCreateInput(StrictInput):
    date = serializers.DateField(help_text="A date of the season, YYYY-MM-DD.")


# --- Output -------------------------------------------------------------------------


class SeasonSummaryOutput(serializers.Serializer):
    id = serializers.IntegerField()
    club = serializers.CharField(help_text="The club's slug.")
    name = serializers.CharField()
    starts = serializers.DateField()
    ends = serializers.DateField()
    variant = serializers.ChoiceField(choices=Variant.choices)
    options = serializers.DictField()
    scoring = serializers.ChoiceField(choices=SeasonScoring.choices)
    drop_worst = serializers.IntegerField()
    min_nights = serializers.IntegerField()


class NightOutput(serializers.Serializer):
    id = serializers.IntegerField()
    date = serializers.DateField()
    games = serializers.ListField(
        child=serializers.IntegerField(),
        help_text="The night's games (ids, in the order they started), in progress "
        "included; only finished ones count in the standings.",
    )
    tournaments = serializers.ListField(
        child=serializers.IntegerField(), help_text="The night's tournaments (ids)."
    )


class SeasonPlayerOutput(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()


class SeasonStandingOutput(serializers.Serializer):
    rank = serializers.IntegerField(
        help_text="1 = first; the qualified players first, then the others."
    )
    player = SeasonPlayerOutput()
    nights = serializers.IntegerField(help_text="Nights played.")
    games = serializers.IntegerField(help_text="Games played (finished).")
    wins = serializers.IntegerField(help_text="Games won.")
    points = serializers.IntegerField(
        help_text="Points: the final score of the player's side, over their games."
    )
    counted = serializers.IntegerField(
        help_text="The season's total after dropping each player's worst nights."
    )
    qualified = serializers.BooleanField(help_text="Played at least `min_nights`.")


class SeasonOutput(SeasonSummaryOutput):
    nights = NightOutput(many=True)
    standings = SeasonStandingOutput(many=True)
    playoffs = serializers.IntegerField(
        allow_null=True,
        help_text="The season's playoffs (a tournament id), once started: not "
        "counted in the standings.",
    )
    champion = SeasonPlayerOutput(
        allow_null=True,
        help_text="The season's champion: its playoffs' champion once they are "
        "finished.",
    )


def season_payload(season: Season) -> dict[str, Any]:
    return {
        "id": season.pk,
        "club": season.club.slug,
        "name": season.name,
        "starts": season.starts,
        "ends": season.ends,
        "variant": season.variant,
        "options": season.options,
        "scoring": season.scoring,
        "drop_worst": season.drop_worst,
        "min_nights": season.min_nights,
    }


def night_payload(night: Night, games: list[int], tournaments: list[int]) -> dict:
    return {
        "id": night.pk,
        "date": night.date,
        "games": games,
        "tournaments": tournaments,
    }


def season_full(season: Season) -> dict[str, Any]:
    """The season as `GET /api/v1/seasons/{id}/` answers (4 queries)."""
    view = overview.season_read(season)
    return {
        **season_payload(season),
        "nights": [
            night_payload(
                summary.night,
                summary.games,
                [tournament.pk for tournament in summary.tournaments],
            )
            for summary in view.nights
        ],
        "standings": [
            {
                "rank": line.rank,
                "player": {"id": line.player_id, "name": line.name},
                "nights": line.nights,
                "games": line.games,
                "wins": line.wins,
                "points": line.points,
                "counted": line.counted,
                "qualified": line.qualified,
            }
            for line in view.standings
        ],
        "playoffs": season.playoffs_id,
        "champion": None
        if view.champion is None
        else {"id": view.champion.pk, "name": view.champion.name},
    }


def season_for(request: Request, season_id: int) -> Season:
    """The season if the caller may read it (a private club's is a 404)."""
    return _season(request, season_id)


def _season(request: Request, season_id: int) -> Season:
    try:
        return selectors.season_get(season_id=season_id, user=request.user)
    except Season.DoesNotExist as missing:
        raise Http404(gettext("No such season.")) from missing


# --- Views --------------------------------------------------------------------------


class ClubSeasonsAPI(APIView):
    """A club's seasons (latest first), or a new one."""

    pagination_class = Pagination

    @extend_schema(
        operation_id="club_seasons_list",
        responses={200: SeasonSummaryOutput(many=True), 404: NO_CLUB},
        summary="A club's seasons, the latest first",
    )
    def get(self, request: Request, slug: str) -> Response:
        club = get_club(request, slug)
        paginator = self.pagination_class()
        page = paginator.paginate_queryset(
            selectors.club_seasons(club=club).select_related("club"), request, view=self
        )
        data = [season_payload(season) for season in page]
        return paginator.get_paginated_response(
            SeasonSummaryOutput(data, many=True).data
        )

    @extend_schema(
        operation_id="club_seasons_create",
        request=SeasonCreateInput,
        responses={
            201: SeasonOutput,
            400: FIELD_WRONG,
            401: NOT_SIGNED_IN,
            403: NOT_ORGANISER,
            404: NO_CLUB,
            409: CONFLICT,
        },
        summary="Start a season (the club's organisers)",
        examples=[
            OpenApiExample(
                "A winter league",
                value={
                    "name": "Winter 2026",
                    "starts": "2026-12-01",
                    "ends": "2027-03-30",
                    "variant": "auction",
                    "options": {},
                    "scoring": "wins",
                    "drop_worst": 2,
                    "min_nights": 4,
                },
                request_only=True,
            )
        ],
    )
    def post(self, request: Request, slug: str) -> Response:
        club = get_club(request, slug)
        user = check_organiser(request, club)
        data = SeasonCreateInput(data=request.data)
        data.is_valid(raise_exception=True)
        season = services.season_create(
            club=club, created_by=user, **data.validated_data
        )
        return Response(season_full(season), status=status.HTTP_201_CREATED)


class SeasonDetailAPI(APIView):
    @extend_schema(
        operation_id="seasons_retrieve",
        responses={200: SeasonOutput, 404: NO_SEASON},
        summary="A season: its nights and standings",
        description="Standings: each player's nights played, games played, games "
        "won, points, and the counted total after dropping their worst nights; "
        "ranked by the counted total, then games won, then points, then name; the "
        "qualified players (at least `min_nights` nights) first. Results entered "
        "on paper count as games (docs/seasons.md); the season's playoffs "
        "(`playoffs`) do not, and their champion is the season's (`champion`).",
    )
    def get(self, request: Request, season_id: int) -> Response:
        return Response(SeasonOutput(season_full(_season(request, season_id))).data)


class SeasonNightsAPI(APIView):
    @extend_schema(
        operation_id="season_nights_create",
        request=NightCreateInput,
        responses={
            201: NightOutput,
            400: FIELD_WRONG,
            401: NOT_SIGNED_IN,
            403: NOT_ORGANISER,
            404: NO_SEASON,
            409: CONFLICT,
        },
        summary="Add a night to a season (the club's organisers)",
        description="The club's games of that date (or started with "
        '`"night": id`) and its tournaments of that date belong to it.',
        examples=[
            OpenApiExample(
                "The first Thursday",
                value={"date": "2026-12-03"},
                request_only=True,
            )
        ],
    )
    def post(self, request: Request, season_id: int) -> Response:
        season = _season(request, season_id)
        user = check_organiser(request, season.club)
        data = NightCreateInput(data=request.data)
        data.is_valid(raise_exception=True)
        night = services.night_add(season=season, by=user, **data.validated_data)
        games = list(
            selectors.season_games(season)
            .filter(night_date=night.date)
            .order_by("created_at", "id")
            .values_list("pk", flat=True)
        )
        tournaments = [t.pk for t in selectors.season_tournaments(season, [night.date])]
        return Response(
            NightOutput(night_payload(night, games, tournaments)).data,
            status=status.HTTP_201_CREATED,
        )
