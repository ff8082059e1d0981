"""REST API v1: a player's statistics (../shared/API.md, "Player statistics"), the
figures of scoring.stats.figures as data."""

from typing import Any

from django.http import Http404
from django.utils.translation import gettext
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiParameter,
    OpenApiResponse,
    extend_schema,
    extend_schema_field,
)
from rest_framework import serializers
from rest_framework.exceptions import ValidationError
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from pitchclub.models import Player
from pitchclub.replica import heavy_read
from scoring.models import Variant
from scoring.stats import figures as stats
from scoring.stats import filters, ratings
from scoring.vocabulary import POINT_IDS


class PlayerRefOutput(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()


class GamesOutput(serializers.Serializer):
    played = serializers.IntegerField(
        help_text="Games the player sat in (abandoned games never count)."
    )
    finished = serializers.IntegerField()
    won = serializers.IntegerField(help_text="Finished games the player's side won.")


class BidOutput(serializers.Serializer):
    pitched = serializers.IntegerField()
    made = serializers.IntegerField()


@extend_schema_field(
    {
        "type": "object",
        "additionalProperties": {
            "type": "object",
            "properties": {
                "pitched": {"type": "integer"},
                "made": {"type": "integer"},
            },
            "required": ["pitched", "made"],
        },
        "description": "By the bid's value (a string key), only values that occur.",
        "example": {"2": {"pitched": 14, "made": 12}, "3": {"pitched": 12, "made": 8}},
    }
)
class ByBidField(serializers.DictField):
    child = BidOutput()


class HandsOutput(serializers.Serializer):
    played = serializers.IntegerField(help_text="Hands of the games the player sat in.")
    pitched = serializers.IntegerField(help_text="Hands the player was the pitcher.")
    made = serializers.IntegerField()
    set = serializers.IntegerField()
    by_bid = ByBidField()


@extend_schema_field(
    {
        "type": "object",
        "properties": {point: {"type": "integer"} for point in POINT_IDS},
        "description": "How many times the player captured each point, by its API "
        "name: every point of the variant asked for (`variant`), else of both; 0 "
        "where none. `jack` counts both variants' jacks. A point credited to a team "
        "without naming the partner counts for no player.",
    }
)
class PointsField(serializers.DictField):
    child = serializers.IntegerField()


class RatingOutput(serializers.Serializer):
    mu = serializers.FloatField()
    sigma = serializers.FloatField()
    ordinal = serializers.FloatField()
    games = serializers.IntegerField()


class PlayerStatsOutput(serializers.Serializer):
    player = PlayerRefOutput()
    games = GamesOutput()
    hands = HandsOutput()
    points = PointsField()
    rating = RatingOutput(
        allow_null=True,
        help_text="The skill rating from finished games, or null before the first.",
    )


STATS_FILTERS = [
    OpenApiParameter("club", str, description="Only this club's games (its slug)."),
    OpenApiParameter(
        "variant", str, enum=Variant.values, description="Only this game."
    ),
    OpenApiParameter(
        "season",
        str,
        description="Only this season's games (its id). A season the caller may "
        "not read (a private club's) is refused as one that does not exist, as is "
        "any season while none exist.",
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


def stats_payload(figures: stats.PlayerStats) -> dict[str, Any]:
    """API.md's shape of the statistics."""
    pitching = figures.pitching
    games = figures.games
    return {
        "player": {"id": figures.player.pk, "name": figures.player.name},
        "games": {
            "played": games.played,
            "finished": games.finished,
            "won": games.won,
        },
        "hands": {
            "played": figures.hands,
            "pitched": pitching.pitched,
            "made": pitching.made,
            "set": pitching.set,
            "by_bid": {
                str(bid.bid): {"pitched": bid.pitched, "made": bid.made}
                for bid in figures.by_bid
            },
        },
        "points": figures.points,
        "rating": ratings.player_rating(figures.player),
    }


def _refuse_empty(request: Request) -> None:
    """A page's form sends empty boxes; the API takes a filter with a value."""
    empty = {
        name: [gettext("Give %(name)s a value, or leave it out.") % {"name": name}]
        for name in filters.FILTERS
        if name in request.query_params and not request.query_params[name]
    }
    if empty:
        raise ValidationError(empty)


class PlayerStatsAPI(APIView):
    @extend_schema(
        operation_id="player_stats",
        parameters=STATS_FILTERS,
        responses={
            200: PlayerStatsOutput,
            400: OpenApiResponse(description="A filter is wrong; the answer names it."),
            404: OpenApiResponse(
                description="No such player, or a private club's player and the "
                "caller is not a member."
            ),
        },
        summary="A player's statistics",
        description="What the player's stats page shows, as data: only the games "
        "the caller may read, abandoned games left out, filtered by the parameters "
        "below.",
    )
    @heavy_read
    def get(self, request: Request, **path: int) -> Response:
        # The path names the player `{id}`, as API.md writes it.
        player_id = path["id"]
        try:
            player = filters.visible_player(player_id=player_id, user=request.user)
        except Player.DoesNotExist as missing:
            raise Http404(gettext("No such player.")) from missing
        _refuse_empty(request)
        found = filters.stats_filter(request.query_params, request.user)
        if not found.is_valid():
            raise ValidationError(found.errors)
        figures = stats.player_stats(
            player=player,
            scope=stats.scope_of(found.form.cleaned_data, request.user),
            variant=found.form.cleaned_data.get("variant") or None,
            # The API shows neither partners nor opponents nor recent games.
            top=0,
            recent=0,
        )
        return Response(PlayerStatsOutput(stats_payload(figures)).data)
