"""REST API v1 (../shared/API.md): one view per operation, Input/Output serializers.

The views call the same services as the HTML pages; their refusals reach the API's one
exception handler (pitchclub.api.errors): 400s that name the field, or 409s for
conflicts with the game's state.
"""

from typing import Any

from django.db import transaction
from django.db.models import Q
from django.http import Http404
from drf_spectacular.types import OpenApiTypes
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
    StrictBooleanField,
    StrictInput,
    StrictIntegerField,
    StrictSlugField,
    StrictUUIDField,
)
from pitchclub.api.pagination import Pagination
from pitchclub.models import Club, Player
from scoring.games import convert, selectors, services
from scoring.games import hands as hand_services
from scoring.games import links as game_links
from scoring.games.filters import GameFilter
from scoring.games.players import club_for_archive
from scoring.games.rows import game_hands, game_with_seats, seat_rows
from scoring.models import Game, Status, Suit, Variant
from scoring.refusals import CONFLICT_CODES
from scoring.table import sheet
from scoring.table.forms import MAX_SEATS
from scoring.vocabulary import PASS_CALL


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

    default_error_messages = {"invalid": 'A call is "pass" or a whole number.'}

    def to_internal_value(self, data: Any) -> int | str:
        if data == PASS_CALL or (isinstance(data, int) and not isinstance(data, bool)):
            return data
        self.fail("invalid")

    def to_representation(self, value: int | str) -> int | str:
        return value


@extend_schema_field(
    {
        "oneOf": [
            {"type": "string", "maxLength": services.PLAYER_NAME_MAX},
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
        "invalid": 'Give a name, or {{"player": id}} for a registered player.',
        "unknown": "There is no player {id}.",
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
        "invalid": 'A point goes to a seat number, to a team as {{"side": 1}}, or '
        "to null for nobody.",
        "invalid_team": 'A team is written {{"side": 1}}, with no other key.',
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
        "too_many": "No game seats more than {most} players; this list has {count}."
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
    with its `hands` (rows.game_hands), or a summary with the hand count. The
    club must be select_related; the seats are read once (rows.seat_rows)."""
    current = sheet.game_state(game)
    rules = current["rules"]
    seats = seat_rows(game)
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


def _game_response(
    request: Request, game_id: int, code: int = status.HTTP_200_OK
) -> Response:
    """The whole game, read afresh (2 queries). game_payload builds exactly what
    GameOutput would render (tests/scoring/games/test_write_path.py holds it to
    that)."""
    game = _get_game(request, game_id)
    return Response(game_payload(game, hands=game_hands(game)), status=code)


def _get_game(request: Request, game_id: int, *, lock: bool = False) -> Game:
    """The game with its club and seats if the user may see it: a private club's
    game is a 404 to others. One query by primary key (rows.game_with_seats;
    a private club's game asks the club's roles once more); `lock` keeps the game's
    row locked until the transaction ends, for writing it."""
    game = game_with_seats(game_id, lock=lock)
    if game is None:
        raise Http404("No such game.")
    # A public club's game is anyone's to read: no query for the reader's role.
    club = game.club
    if (
        club is not None
        and club.is_private
        and not permissions.club_access(club=club, user=request.user).can_view
    ):
        raise Http404("No such game.")
    return game


def _check_can_edit(request: Request, game: Game) -> None:
    if not request.user or not request.user.is_authenticated:
        raise NotAuthenticated()
    if not selectors.game_editable_by(game=game, user=request.user):
        # In a club rights follow its roles, whoever started the game (API.md).
        raise PermissionDenied(
            f"Only {game.club.name}'s organisers and scorekeepers can change its games."
            if game.club_id is not None
            else "Only the person who started this game can change it."
        )


def _check_can_manage(request: Request, game: Game) -> None:
    """Abandoning, resuming and deleting: the game's creator, or its club's
    organisers."""
    if not request.user or not request.user.is_authenticated:
        raise NotAuthenticated()
    if not selectors.game_manageable_by(game=game, user=request.user):
        raise PermissionDenied(
            f"Only {game.club.name}'s organisers, or the scorekeeper who started "
            "this game, can abandon or delete it."
            if game.club_id is not None
            else "Only the person who started this game can abandon or delete it."
        )


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
        raise ValidationError({"club": [f"There is no club {slug!r}."]})
    if not permissions.club_scorekeeping_by(club=club, user=request.user):
        raise PermissionDenied(
            f"Only {club.name}'s organisers and scorekeepers can start its games."
        )
    return club


GAME_FILTERS = [
    OpenApiParameter(
        "club", str, description="Only this club's games (the club's slug)."
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
            name: [f"Give {name} a value, or leave it out."]
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
        if not request.user or not request.user.is_authenticated:
            raise NotAuthenticated()
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
        return _game_response(request, game.pk, status.HTTP_201_CREATED)


class GameDetailAPI(APIView):
    @extend_schema(
        operation_id="games_retrieve",
        responses={200: GameOutput, 404: OpenApiResponse(description="No such game.")},
        summary="A game",
    )
    def get(self, request: Request, game_id: int) -> Response:
        return _game_response(request, game_id)

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
        game = _get_game(request, game_id)
        _check_can_manage(request, game)
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
        game = _get_game(request, game_id)
        _check_can_manage(request, game)
        _check_no_body(request)
        services.game_abandon(game_id=game.pk, by=request.user)
        return _game_response(request, game.pk)


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
        game = _get_game(request, game_id)
        _check_can_manage(request, game)
        _check_no_body(request)
        services.game_resume(game_id=game.pk, by=request.user)
        return _game_response(request, game.pk)


ENTRY_KINDS = ("hand", "game")


class RevisionOutput(serializers.Serializer):
    """One entry of a game's revision log: a hand corrected or undone (`kind:
    "hand"`), or the whole game abandoned or resumed (`kind: "game"`)."""

    kind = serializers.ChoiceField(
        choices=ENTRY_KINDS,
        help_text="`hand`: a correction or an undo of hand `hand_number`; `game`: "
        "the game abandoned or resumed (`hand_number` and `after` are then null).",
    )
    hand_number = serializers.IntegerField(
        allow_null=True, help_text="The hand concerned; null for a `game` entry."
    )
    action = serializers.ChoiceField(
        choices=["correct", "undo", "abandon", "resume"],
        help_text="`correct` and `undo` (of a hand), `abandon` and `resume` (of "
        "the game).",
    )
    before = serializers.DictField(
        help_text="The hand as it was; for a `game` entry, the game as it stood "
        "(variant, partnership, players, player_ids, options, status, hand_count, "
        "scores, club, created_by, created_at)."
    )
    after = serializers.DictField(
        allow_null=True,
        help_text="The corrected hand; null for an undo and for a `game` entry.",
    )
    changed_by = serializers.CharField(allow_null=True)
    changed_at = serializers.DateTimeField()


# The revision log keeps who recorded a hand and its client_id for the server's own
# use (an undone hand's client_id stays used); the public log shows neither.
PRIVATE_HAND_KEYS = frozenset({"client_id", "recorded_by"})


def _public_hand(snapshot: dict[str, Any] | None) -> dict[str, Any] | None:
    if snapshot is None:
        return None
    return {k: v for k, v in snapshot.items() if k not in PRIVATE_HAND_KEYS}


def _username(user: Any) -> str | None:
    return user.get_username() if user is not None else None


def revision_entries(game_id: int) -> list[dict[str, Any]]:
    """The game's revision log as the API shows it: its hands' corrections and
    undos and its abandonments and resumptions, oldest first (2 queries)."""
    hands = [
        {
            "kind": "hand",
            "hand_number": revision.hand_number,
            "action": revision.action,
            "before": _public_hand(revision.before),
            "after": _public_hand(revision.after),
            "changed_by": _username(revision.changed_by),
            "changed_at": revision.changed_at,
        }
        for revision in selectors.revision_list(game_id=game_id)
    ]
    games = [
        {
            "kind": "game",
            "hand_number": None,
            "action": entry.action,
            "before": entry.before,
            "after": None,
            "changed_by": _username(entry.changed_by),
            "changed_at": entry.changed_at,
        }
        for entry in selectors.game_log(game_id=game_id)
    ]
    # Both lists are in time order; a tie keeps a hand's entry first.
    return sorted(hands + games, key=lambda entry: entry["changed_at"])


class RevisionsAPI(APIView):
    @extend_schema(
        operation_id="games_revisions",
        responses={
            200: RevisionOutput(many=True),
            404: OpenApiResponse(description="No such game."),
        },
        summary="Every correction and undo of a game, and every time it was "
        "abandoned or resumed, oldest first",
        description="Each entry says its `kind`: `hand` entries (corrections and "
        "undos) are as they always were; `game` entries (abandon, resume) have "
        "`hand_number: null`, the game as it stood in `before`, and `after: null`.",
    )
    def get(self, request: Request, game_id: int) -> Response:
        _get_game(request, game_id)
        return Response(RevisionOutput(revision_entries(game_id), many=True).data)


# --- Deleted games ------------------------------------------------------------------


class DeletedGameOutput(serializers.Serializer):
    """The record a deleted game leaves (the game log's tombstone)."""

    id = serializers.IntegerField(help_text="The id the game had.")
    club = serializers.CharField(
        allow_null=True, help_text="The slug of the game's club; null outside clubs."
    )
    before = serializers.DictField(
        help_text="The game as it was (variant, partnership, players, player_ids, "
        "options, status, hand_count, scores, club, created_by, created_at)."
    )
    deleted_by = serializers.CharField(allow_null=True)
    deleted_at = serializers.DateTimeField()


class DeletedGamesQuery(serializers.Serializer):
    """The deleted games' query: `club` (optional), read as the caller may see."""

    club = StrictSlugField(
        required=False,
        max_length=100,
        help_text="Only this club's deleted games (the club's slug).",
    )

    def to_internal_value(self, data: Any) -> Any:
        # A page's form sends empty boxes; the API takes a filter with a value.
        if data.get("club") == "":
            raise ValidationError({"club": ["Give club a value, or leave it out."]})
        return super().to_internal_value(data)

    def validate_club(self, slug: str) -> Club:
        user = self.context["request"].user
        club = club_for_archive(slug=slug, user=user)
        if club is None:
            raise ValidationError(f"There is no club “{slug}”.", code="unknown")
        return club


class DeletedGamesAPI(APIView):
    pagination_class = Pagination

    @extend_schema(
        operation_id="games_deleted",
        parameters=[DeletedGamesQuery],
        responses={
            200: DeletedGameOutput(many=True),
            400: OpenApiResponse(description="No such club (or a wrong slug)."),
            401: OpenApiResponse(description="Not signed in."),
            403: OpenApiResponse(
                description="Not one of the club's organisers or scorekeepers."
            ),
        },
        summary="Deleted games: what each was, who deleted it and when, newest first",
        description="As the archive pages show them: a club's deleted games to its "
        "organisers and scorekeepers; outside clubs, those the caller deleted. "
        "Without `club`: all of those.",
    )
    def get(self, request: Request) -> Response:
        if not request.user or not request.user.is_authenticated:
            raise NotAuthenticated()
        query = DeletedGamesQuery(
            data=request.query_params, context={"request": request}
        )
        query.is_valid(raise_exception=True)
        club = query.validated_data.get("club")
        if club is not None and not permissions.club_scorekeeping_by(
            club=club, user=request.user
        ):
            raise PermissionDenied(
                f"Only {club.name}'s organisers and scorekeepers see its deleted games."
            )
        paginator = self.pagination_class()
        entries = selectors.deleted_game_log(user=request.user, club=club)
        page = paginator.paginate_queryset(entries, request, view=self)
        data = [_deleted_game(entry) for entry in page]
        return paginator.get_paginated_response(DeletedGameOutput(data, many=True).data)


def _deleted_game(entry: Any) -> dict[str, Any]:
    """A deletion's tombstone (scoring.models.GameLog) as DeletedGameOutput shows it."""
    return {
        "id": entry.game_number,
        "club": entry.before.get("club"),
        "before": entry.before,
        "deleted_by": _username(entry.changed_by),
        "deleted_at": entry.changed_at,
    }


# --- Hands --------------------------------------------------------------------------

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

    # A client may send back what it read: `number` then must agree with the URL.
    number = StrictIntegerField(
        required=False,
        allow_null=True,
        help_text="Left out, or the number of the hand corrected (as read back).",
    )


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
            game = _get_game(request, game_id, lock=request.user.is_authenticated)
            _check_can_edit(request, game)
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
            payload = game_payload(game, hands=game_hands(game))
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
        game = _get_game(request, game_id)
        _check_can_edit(request, game)
        data = HandCorrectInput(data=request.data)
        data.is_valid(raise_exception=True)
        sent = request.data.get("number") if isinstance(request.data, dict) else None
        if sent is not None and sent != number:
            raise ValidationError(
                {"number": [f"This is hand {number}; the body says hand {sent}."]}
            )
        try:
            hand_services.hand_correct(
                game_id=game.pk, number=number, hand=data.hand(), by=request.user
            )
        except hand_services.HandNotFound as missing:
            raise Http404(str(missing)) from missing
        return _game_response(request, game.pk)

    @extend_schema(
        operation_id="hands_destroy",
        request=None,
        responses={200: GameOutput, **HAND_ERRORS},
        summary="Undo the last hand",
    )
    def delete(self, request: Request, game_id: int, number: int) -> Response:
        game = _get_game(request, game_id)
        _check_can_edit(request, game)
        try:
            hand_services.hand_undo(game_id=game.pk, number=number, by=request.user)
        except hand_services.HandNotFound as missing:
            raise Http404(str(missing)) from missing
        return _game_response(request, game.pk)
