"""The games API's serializers and fields that scoring shows to others: a game as the
API renders it (GameOutput, GameSummaryOutput, HandOutput, built by game_payload),
the fields that read a game's players, calls and awards (PlayerRefField,
PlayersField, CallField, AwardField), and what a 409 holds (GameConflict).

Part of scoring's public face: tournaments' API renders its match games with these.
"""

from typing import Any

from django.db.models import Q
from django.utils.translation import gettext_lazy
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from pitchclub import permissions
from pitchclub.api.schema import name_schema
from pitchclub.models import Player
from scoring.games import convert, services
from scoring.games import links as game_links
from scoring.games import rows as game_rows
from scoring.models import Game, Status, Suit, Variant
from scoring.refusals import CONFLICT_CODES
from scoring.table import sheet
from scoring.vocabulary import MAX_SEATS, PASS_CALL


@extend_schema_field({"type": "string", "enum": sorted(CONFLICT_CODES)})
class ConflictCodeField(serializers.CharField):
    """Which conflict: one of CONFLICT_CODES."""


class GameConflict(serializers.Serializer):
    """What a 409 holds: why the request conflicts with the game as it stands, and
    the conflict's code."""

    detail = serializers.CharField()
    code = ConflictCodeField()
    field = serializers.CharField(
        required=False, help_text="What the refusal concerns, as a dotted path."
    )


@extend_schema_field(
    {"oneOf": [{"type": "integer"}, {"type": "string", "enum": ["pass"]}]}
)
class CallField(serializers.Field):
    """One call of the auction: "pass" or a bid."""

    default_error_messages = {
        "invalid": gettext_lazy('A call is "pass" or a whole number.')
    }

    def to_internal_value(self, data: Any) -> int | str:
        if data == PASS_CALL or (isinstance(data, int) and not isinstance(data, bool)):
            return data
        self.fail("invalid")

    def to_representation(self, value: int | str) -> int | str:
        return value


@extend_schema_field(
    {
        "oneOf": [
            name_schema(services.PLAYER_NAME_MAX),
            {
                "type": "object",
                "properties": {"player": {"type": "integer"}},
                "required": ["player"],
                "additionalProperties": False,
            },
        ]
    }
)
class PlayerRefField(serializers.Field):
    """A display name, or {"player": id} naming a registered player."""

    default_error_messages = {
        "invalid": gettext_lazy(
            'Give a name, or {{"player": id}} for a registered player.'
        ),
        "unknown": gettext_lazy("There is no player {id}."),
    }

    def to_internal_value(self, data: Any) -> str | Player:
        if isinstance(data, str):
            return data
        if isinstance(data, dict) and set(data) == {"player"}:
            player_id = data["player"]
            if isinstance(player_id, bool) or not isinstance(player_id, int):
                self.fail("invalid")
            # A private club's roster is invisible to outsiders, ids included.
            request = self.context.get("request")
            user = request.user if request is not None else None
            player = (
                Player.objects.filter(
                    Q(club__isnull=True)
                    | Q(club__in=permissions.clubs_visible_to(user))
                )
                .filter(pk=player_id)
                .first()
            )
            if player is None:
                self.fail("unknown", id=player_id)
            return player
        self.fail("invalid")

    def to_representation(self, value: Any) -> Any:
        return value


@extend_schema_field(
    {
        "oneOf": [
            {"type": "integer", "description": "The seat that took the point."},
            {
                "type": "object",
                "description": "Partnership play: the team credited, no partner "
                'named (the table page\'s "rest to team").',
                "properties": {"side": {"type": "integer"}},
                "required": ["side"],
                "additionalProperties": False,
            },
        ],
        "nullable": True,
        "description": 'A seat, a team as {"side": n}, or null for nobody.',
    }
)
class AwardField(serializers.Field):
    """Who a point went to: a seat number, {"side": n} for a team without naming
    the partner (partnership play), or null for nobody. Whether that seat or team
    exists is a rule of the game, refused by the rules naming the point."""

    default_error_messages = {
        "invalid": gettext_lazy(
            'A point goes to a seat number, to a team as {{"side": 1}}, or '
            "to null for nobody."
        ),
        "invalid_team": gettext_lazy(
            'A team is written {{"side": 1}}, with no other key.'
        ),
    }

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(allow_null=True, **kwargs)

    def to_internal_value(self, data: Any) -> int | dict[str, Any]:
        if isinstance(data, int) and not isinstance(data, bool):
            return data
        if isinstance(data, dict):
            if set(data) != {convert.SIDE_KEY}:
                self.fail("invalid_team")
            return data
        self.fail("invalid")

    def to_representation(self, value: Any) -> Any:
        return value


class PlayersField(serializers.ListField):
    """The players in seat order. Their number is checked before any of them is looked
    up, so a huge list costs nothing; how many a variant seats is a rule of the game,
    refused with its own message."""

    default_error_messages = {
        "too_many": gettext_lazy(
            "No game seats more than {most} players; this list has {count}."
        )
    }

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(
            child=PlayerRefField(),
            allow_empty=False,
            min_length=1,
            max_length=MAX_SEATS,
            **kwargs,
        )

    def to_internal_value(self, data: Any) -> list[Any]:
        if isinstance(data, list) and len(data) > MAX_SEATS:
            self.fail("too_many", most=MAX_SEATS, count=len(data))
        return super().to_internal_value(data)


# --- Output -------------------------------------------------------------------------


class HandOutput(serializers.Serializer):
    number = serializers.IntegerField()
    dealer = serializers.IntegerField()
    auction = serializers.ListField(child=CallField(), allow_null=True)
    pitcher = serializers.IntegerField()
    bid = serializers.IntegerField()
    bidding_side = serializers.IntegerField()
    trump = serializers.ChoiceField(choices=Suit.choices, allow_null=True)
    awards = serializers.DictField(child=AwardField())
    single_trump = serializers.BooleanField()
    game_points = serializers.ListField(
        child=serializers.IntegerField(), allow_null=True
    )
    won = serializers.ListField(child=serializers.IntegerField())
    made = serializers.BooleanField()
    deltas = serializers.ListField(child=serializers.IntegerField())
    scores = serializers.ListField(child=serializers.IntegerField())


class GameOutput(serializers.Serializer):
    id = serializers.IntegerField()
    club = serializers.CharField(allow_null=True, help_text="The club's slug.")
    variant = serializers.ChoiceField(choices=Variant.choices)
    players = serializers.ListField(child=serializers.CharField())
    player_ids = serializers.ListField(child=serializers.IntegerField())
    partnership = serializers.BooleanField()
    sides = serializers.ListField(
        child=serializers.ListField(child=serializers.IntegerField())
    )
    first_dealer = serializers.IntegerField()
    options = serializers.DictField()
    status = serializers.ChoiceField(
        choices=["in_progress", "finished"],
        help_text="`in_progress` or `finished`, as ever: an abandoned game, which "
        "nobody won, stays `in_progress` here and says `abandoned: true`.",
    )
    winner = serializers.IntegerField(allow_null=True)
    scores = serializers.ListField(child=serializers.IntegerField())
    next_dealer = serializers.IntegerField()
    next_hand = serializers.IntegerField(allow_null=True)
    waiting_to_go_out = serializers.ListField(child=serializers.IntegerField())
    created_at = serializers.DateTimeField()
    updated_at = serializers.DateTimeField()
    abandoned = serializers.BooleanField(
        help_text="The game was abandoned: kept, read-only (recording, correcting "
        "or undoing a hand is a 409 `game_abandoned`) and left out of standings "
        "and statistics, until it is resumed."
    )
    night = serializers.IntegerField(
        required=False,
        help_text="Present when the game was started for a season's night "
        '(`"night": id` in `POST /api/v1/games/`): that night\'s id. Absent '
        "otherwise.",
    )
    hands = HandOutput(many=True)


class GameSummaryOutput(GameOutput):
    hands = None
    hand_count = serializers.IntegerField()


# Timestamps as GameOutput renders them (ISO 8601 in the current time zone).
_TIMESTAMP = serializers.DateTimeField()


def game_payload(
    game: Game, *, hands: list[dict[str, Any]] | None = None
) -> dict[str, Any]:
    """The game as API.md shows it, already as GameOutput renders it: the whole game
    with its `hands` (selectors.game_hands), or a summary with the hand count. The
    club must be select_related; the seats are read once (game_rows.seat_rows)."""
    current = sheet.game_state(game)
    rules = current["rules"]
    seats = game_rows.seat_rows(game)
    payload: dict[str, Any] = {
        "id": game.pk,
        "club": game.club.slug if game.club_id else None,
        "variant": game.variant,
        "players": [seat.name for seat in seats],
        "player_ids": [seat.player_id for seat in seats],
        "partnership": game.partnership,
        "sides": current["sides"],
        "first_dealer": game.first_dealer,
        "options": rules.options(),
        # API.md's `status` keeps its two values; abandonment is its own field.
        "status": Status.IN_PROGRESS if game.abandoned else game.status,
        "winner": game.winner,
        "scores": game.scores,
        # After a win: who deals first in a rematch ("new game, same players").
        "next_dealer": current["next_dealer"],
        "next_hand": current["next_hand"],
        "waiting_to_go_out": current["waiting"],
        "created_at": _TIMESTAMP.to_representation(game.created_at),
        "updated_at": _TIMESTAMP.to_representation(game.updated_at),
        "abandoned": game.abandoned,
    }
    # What the game was started for (a season's night), only when it was: read
    # with the game (game_links), no query of its own.
    payload.update(game_links.links_of(game))
    if hands is not None:
        payload["hands"] = hands
    else:
        payload["hand_count"] = game.hand_count
    return payload
