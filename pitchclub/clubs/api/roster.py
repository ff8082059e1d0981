"""A club's roster (members and guests) at the API edge: the list, guests added,
a guest renamed, two players of one person merged, and the roster's log."""

import unicodedata
from typing import Any

from django.db.models.functions import Lower
from django.http import Http404
from django.utils.translation import gettext as _
from drf_spectacular.utils import (
    OpenApiExample,
    OpenApiResponse,
    extend_schema,
    inline_serializer,
)
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from pitchclub import selectors
from pitchclub.api.fields import StrictCharField, StrictInput, StrictIntegerField
from pitchclub.api.pagination import Pagination
from pitchclub.api.permissions import (
    NO_CLUB,
    NOT_KEEPER,
    NOT_ORGANISER,
    check_keeper,
    check_organiser,
    get_club,
)
from pitchclub.api.schema import FIELD_WRONG, NOT_SIGNED_IN
from pitchclub.models import Player, RosterChange
from pitchclub.services import players as services
from pitchclub.vocabulary import PLAYER_NAME_MAX


class PlayerOutput(serializers.Serializer):
    id = serializers.IntegerField(
        help_text='Use as {"player": id} when starting a game.'
    )
    name = serializers.CharField()
    is_guest = serializers.BooleanField(
        help_text="True for a player without an account."
    )


def player_payload(player: Player) -> dict[str, Any]:
    return {"id": player.pk, "name": player.name, "is_guest": player.is_guest}


class RosterQueryInput(serializers.Serializer):
    q = StrictCharField(
        required=False,
        allow_blank=True,
        max_length=PLAYER_NAME_MAX,
        default="",
        help_text="Only players whose name contains this, in any case (for name "
        "autocomplete).",
    )


class GuestAddInput(StrictInput):
    name = StrictCharField(
        trim_whitespace=False,
        allow_blank=True,
        help_text=f"At most {PLAYER_NAME_MAX} characters.",
    )


class PlayersAPI(APIView):
    @extend_schema(
        operation_id="club_players_list",
        parameters=[RosterQueryInput],
        responses={
            200: PlayerOutput(many=True),
            400: FIELD_WRONG,
            404: NO_CLUB,
        },
        summary="A club's roster (members and guests), sorted by name",
    )
    def get(self, request: Request, slug: str) -> Response:
        club = get_club(request, slug)
        query = RosterQueryInput(data=request.query_params)
        query.is_valid(raise_exception=True)
        players = selectors.roster(club=club, query=query.validated_data["q"])
        players = players.order_by(Lower("name"), "id")
        data = [player_payload(player) for player in players]
        return Response(PlayerOutput(data, many=True).data)

    @extend_schema(
        operation_id="club_players_create",
        request=GuestAddInput,
        responses={
            201: OpenApiResponse(PlayerOutput, description="A guest was added."),
            200: OpenApiResponse(
                PlayerOutput,
                description="The roster already had a player of that name "
                "(in any case): that player.",
            ),
            400: FIELD_WRONG,
            401: NOT_SIGNED_IN,
            403: NOT_KEEPER,
            404: NO_CLUB,
        },
        summary="Add a guest (a player without an account) to the roster",
        examples=[OpenApiExample("A guest", value={"name": "Ann"}, request_only=True)],
    )
    def post(self, request: Request, slug: str) -> Response:
        club = get_club(request, slug)
        check_keeper(request, club)
        data = GuestAddInput(data=request.data)
        data.is_valid(raise_exception=True)
        # As the service will store it (NFC, spaces squeezed): "José" typed with a
        # combining accent is the José already on the roster.
        name = " ".join(
            unicodedata.normalize("NFC", data.validated_data["name"]).split()
        )
        existed = bool(name) and club.players.filter(name__iexact=name).exists()
        player = services.guest_add(club=club, name=name)
        return Response(
            PlayerOutput(player_payload(player)).data,
            status=status.HTTP_200_OK if existed else status.HTTP_201_CREATED,
        )


# A guest renamed, two players merged, the roster's log.

NO_PLAYER = OpenApiResponse(
    description="No such club, or no player of that id on its roster."
)


def _conflict(name: str, codes: list[str], description: str) -> OpenApiResponse:
    return OpenApiResponse(
        inline_serializer(
            name,
            {
                "detail": serializers.CharField(),
                "code": serializers.ChoiceField(choices=codes),
                "field": serializers.CharField(required=False),
            },
        ),
        description=description,
    )


def _player(club: Any, player_id: int) -> Player:
    player = selectors.club_player(club=club, player_id=player_id)
    if player is None:
        raise Http404(_("No player of this id on the club's roster."))
    return player


class PlayerRenameInput(StrictInput):
    name = StrictCharField(
        trim_whitespace=False,
        allow_blank=True,
        help_text=f"The guest's new name: at most {PLAYER_NAME_MAX} characters, "
        "spaces squeezed, unique in the club in any case.",
    )


class PlayerMergeInput(StrictInput):
    into = StrictIntegerField(
        min_value=1,
        max_value=selectors.ID_MAX,
        help_text="The id of the other roster player of the same person.",
    )


class MovedOutput(serializers.Serializer):
    games = serializers.IntegerField(
        required=False, help_text="Seats (so games) moved to the player that stays."
    )
    awards = serializers.IntegerField(
        required=False, help_text="Points taken in hands, moved likewise."
    )
    invites = serializers.IntegerField(
        required=False,
        help_text="Usable claim invites moved (when the player that stays is a "
        "guest: the invite now claims them).",
    )
    invites_withdrawn = serializers.IntegerField(
        required=False,
        help_text="Usable claim invites withdrawn (the player that stays has an "
        "account: nothing is left to claim).",
    )


class MergedPlayerOutput(serializers.Serializer):
    id = serializers.IntegerField(help_text="Its id, which no longer exists.")
    name = serializers.CharField()


class MergeOutput(serializers.Serializer):
    player = PlayerOutput(help_text="The player that stays.")
    merged = MergedPlayerOutput(help_text="The player merged into it, now gone.")
    moved = MovedOutput()


class RosterChangeOutput(serializers.Serializer):
    id = serializers.IntegerField()
    at = serializers.DateTimeField()
    action = serializers.ChoiceField(
        choices=RosterChange.Action.choices,
        help_text="rename: a guest renamed; merge: two players of one person "
        "merged; claim: a guest's profile claimed by an account through an invite.",
    )
    player_id = serializers.IntegerField(
        allow_null=True,
        help_text="The player the change left (renamed, merged into, claimed); "
        "null once that player was itself merged away.",
    )
    name = serializers.CharField(help_text="That player's name after the change.")
    old_name = serializers.CharField(
        help_text="rename: the name before; merge: the name of the player merged "
        "away; claim: empty."
    )
    merged_id = serializers.IntegerField(
        allow_null=True, help_text="merge: the id of the player merged away."
    )
    moved = MovedOutput(allow_null=True, help_text="merge: what moved.")
    invite = serializers.CharField(
        allow_null=True, help_text="merge or claim through an invite: its code."
    )
    by = serializers.CharField(
        allow_null=True, help_text="Who made the change (a username)."
    )


def merge_payload(change: RosterChange) -> dict[str, Any]:
    """A merge's answer, from the log entry it wrote."""
    return {
        "player": player_payload(change.player),
        "merged": {"id": change.details["merged_id"], "name": change.old_name},
        "moved": change.details["moved"],
    }


def roster_change_payload(change: RosterChange) -> dict[str, Any]:
    details = change.details or {}
    return {
        "id": change.pk,
        "at": change.at,
        "action": change.action,
        "player_id": change.player_id,
        "name": change.name,
        "old_name": change.old_name,
        "merged_id": details.get("merged_id"),
        "moved": details.get("moved"),
        "invite": details.get("invite"),
        "by": change.by.get_username() if change.by else None,
    }


class PlayerDetailAPI(APIView):
    @extend_schema(
        operation_id="club_players_retrieve",
        responses={200: PlayerOutput, 404: NO_PLAYER},
        summary="A player of a club's roster",
    )
    def get(self, request: Request, slug: str, player_id: int) -> Response:
        club = get_club(request, slug)
        return Response(PlayerOutput(player_payload(_player(club, player_id))).data)

    @extend_schema(
        operation_id="club_players_partial_update",
        request=PlayerRenameInput,
        responses={
            200: PlayerOutput,
            400: FIELD_WRONG,
            401: NOT_SIGNED_IN,
            403: NOT_ORGANISER,
            404: NO_PLAYER,
            409: _conflict(
                "PlayerNameConflict",
                ["name_taken"],
                'Another player of the club has this name (in any case): `"code": '
                '"name_taken"`. If they are one person, merge them.',
            ),
        },
        summary="Rename a guest (organisers only)",
        description="Only guests (players without an account) are renamed: a "
        "player with an account is named by it (a 400 at `name`). The name is "
        "cleaned as every name is (composed, spaces squeezed; control and "
        "invisible characters refused). The roster's log keeps the old name.",
        examples=[
            OpenApiExample("A typo fixed", value={"name": "Dorothy"}, request_only=True)
        ],
    )
    def patch(self, request: Request, slug: str, player_id: int) -> Response:
        club = get_club(request, slug)
        user = check_organiser(request, club)
        data = PlayerRenameInput(data=request.data)
        data.is_valid(raise_exception=True)
        try:
            player = services.player_rename(
                club=club,
                player_id=player_id,
                name=data.validated_data["name"],
                by=user,
            )
        except Player.DoesNotExist as missing:
            raise Http404(str(missing)) from missing
        return Response(PlayerOutput(player_payload(player)).data)


MERGE_SCHEMA = extend_schema(
    operation_id="club_players_merge",
    request=PlayerMergeInput,
    responses={
        200: MergeOutput,
        400: FIELD_WRONG,
        401: NOT_SIGNED_IN,
        403: NOT_ORGANISER,
        404: NO_PLAYER,
        409: _conflict(
            "PlayerMergeConflict",
            ["merge_conflict", "merge_two_accounts"],
            'The two cannot be one person: they sat in one game (`"code": '
            '"merge_conflict"`, the message names the game), or both have an '
            'account (`"code": "merge_two_accounts"`). Nothing changed.',
        ),
    },
    summary="Merge two roster players of one person (organisers only)",
    description="For a guest who later joined with an account, or a name "
    "typed twice. Every game (seat), point taken (award) and claim invite of "
    "one moves to the other, and the other is removed from the roster. **Which "
    "stays:** the player with an account, whichever of the two it is; of two "
    "guests, `into`. Claim invites move when the player that stays is a guest, "
    "and are withdrawn when it has an account (nothing is left to claim). "
    "Refused when both have an account or both sat in one game. The roster's "
    "log (`GET /api/v1/clubs/{slug}/roster-log/`) keeps what moved. Claiming a "
    "guest's profile through an invite merges by the same rules.",
    examples=[
        OpenApiExample("Merge into player 12", value={"into": 12}, request_only=True)
    ],
)


class PlayerMergeAPI(APIView):
    @MERGE_SCHEMA
    def post(self, request: Request, slug: str, player_id: int) -> Response:
        club = get_club(request, slug)
        user = check_organiser(request, club)
        data = PlayerMergeInput(data=request.data)
        data.is_valid(raise_exception=True)
        try:
            change = services.players_merge(
                club=club,
                player_id=player_id,
                into_id=data.validated_data["into"],
                by=user,
            )
        except Player.DoesNotExist as missing:
            raise Http404(str(missing)) from missing
        return Response(MergeOutput(merge_payload(change)).data)


class RosterLogAPI(APIView):
    pagination_class = Pagination

    @extend_schema(
        operation_id="club_roster_log",
        responses={
            200: RosterChangeOutput(many=True),
            401: NOT_SIGNED_IN,
            403: NOT_ORGANISER,
            404: NO_CLUB,
        },
        summary="The roster's log: guests renamed, players merged, profiles claimed "
        "(organisers only), newest first",
    )
    def get(self, request: Request, slug: str) -> Response:
        club = get_club(request, slug)
        check_organiser(request, club)
        paginator = self.pagination_class()
        changes = selectors.roster_changes(club=club)
        page = paginator.paginate_queryset(changes, request, view=self)
        data = [roster_change_payload(change) for change in page]
        return paginator.get_paginated_response(
            RosterChangeOutput(data, many=True).data
        )
