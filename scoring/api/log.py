"""What a game's logs keep, at the API edge: its revisions (hands corrected or undone,
the game abandoned or resumed) and the records deleted games leave."""

from typing import Any

from django.utils.translation import gettext
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.exceptions import PermissionDenied, ValidationError
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from pitchclub import permissions
from pitchclub.api.fields import StrictSlugField
from pitchclub.api.pagination import Pagination
from pitchclub.api.permissions import signed_in
from pitchclub.models import Club
from scoring.api.access import get_game
from scoring.games import players as game_players
from scoring.games import selectors
from scoring.models import HandRevision

# --- Revisions ----------------------------------------------------------------------


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
            # An undo taken back (table.views.restore) keeps the restored hand
            # as its `after`, for the pages only: API.md says null for an undo.
            "after": _public_hand(revision.after)
            if revision.action == HandRevision.Action.CORRECT
            else None,
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
        get_game(request, game_id)
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
            raise ValidationError(
                {
                    "club": [
                        gettext("Give %(name)s a value, or leave it out.")
                        % {"name": "club"}
                    ]
                }
            )
        return super().to_internal_value(data)

    def validate_club(self, slug: str) -> Club:
        user = self.context["request"].user
        club = game_players.club_for_archive(slug=slug, user=user)
        if club is None:
            raise ValidationError(
                gettext("There is no club “%(slug)s”.") % {"slug": slug}, code="unknown"
            )
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
        signed_in(request)
        query = DeletedGamesQuery(
            data=request.query_params, context={"request": request}
        )
        query.is_valid(raise_exception=True)
        club = query.validated_data.get("club")
        if club is not None and not permissions.club_scorekeeping_by(
            club=club, user=request.user
        ):
            raise PermissionDenied(
                gettext(
                    "Only %(club)s's organisers and scorekeepers see its deleted games."
                )
                % {"club": club.name}
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
