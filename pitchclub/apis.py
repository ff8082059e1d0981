"""Accounts, clubs, members, rosters and invites at the API edge.

Scripts trade a username and password for a token. The club views ask
pitchclub.selectors who may see and do what, and call pitchclub.services for every
write, as the pages do. Order of refusals, as for games: a club the caller may not see
is a 404, then an anonymous write is a 401, then a write the caller's role does not
allow is a 403.
"""

import unicodedata
from datetime import timedelta
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db.models import CharField, Count, OuterRef, QuerySet, Subquery, Value
from django.db.models.functions import Lower
from django.http import Http404
from django.urls import reverse
from django.utils import timezone
from drf_spectacular.utils import (
    OpenApiExample,
    OpenApiResponse,
    extend_schema,
    extend_schema_field,
    inline_serializer,
)
from rest_framework import serializers, status
from rest_framework.authtoken.serializers import AuthTokenSerializer
from rest_framework.authtoken.views import ObtainAuthToken
from rest_framework.exceptions import (
    NotAuthenticated,
    PermissionDenied,
    ValidationError,
)
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.settings import api_settings
from rest_framework.views import APIView

from pitchclub import selectors, services
from pitchclub.api.fields import (
    StrictBooleanField,
    StrictCharField,
    StrictInput,
    StrictIntegerField,
)
from pitchclub.api.pagination import Pagination
from pitchclub.api.schema import FIELD_WRONG, NOT_SIGNED_IN
from pitchclub.models import Club, Invite, Membership, Player, Role
from pitchclub.refusals import CONFLICT_CODES as CLUB_CONFLICT_CODES
from pitchclub.throttles import LOCKED_OUT, THROTTLED, AddressThrottle


class TokenAPI(ObtainAuthToken):
    """POST username and password as JSON; the answer holds the user's API token."""

    # The API's own parser, as every other view's: DRF's view would also take forms,
    # and its JSON parser overflows on a deeply nested body. Nobody is authenticated
    # here: credentials sent along (a stale token, say) are not looked at.
    parser_classes = api_settings.DEFAULT_PARSER_CLASSES
    authentication_classes = ()

    @extend_schema(
        operation_id="auth_token_create",
        request=AuthTokenSerializer,
        responses={
            200: inline_serializer("TokenOutput", {"token": serializers.CharField()}),
            400: OpenApiResponse(description="Wrong or missing username or password."),
            429: LOCKED_OUT,
        },
        summary="Get an API token (send it as `Authorization: Token <token>`)",
        description="Needs no credentials: any sent along are not looked at.",
        examples=[
            OpenApiExample(
                "A script signing in",
                value={"username": "ann", "password": "her password"},
                request_only=True,
            )
        ],
    )
    def post(self, request: Request, *args: object, **kwargs: object) -> Response:
        return super().post(request, *args, **kwargs)


# --- Clubs, members, rosters, invites ---------------------------------------------

INVITE_DAYS_MAX = 365
INVITE_USES_MAX = 10_000

NO_CLUB = OpenApiResponse(
    description="No such club, or a private club the caller is not a member of."
)
NOT_ORGANISER = OpenApiResponse(description="Only the club's organisers may do this.")
NOT_KEEPER = OpenApiResponse(
    description="Only the club's organisers and scorekeepers may do this."
)


def _signed_in(request: Request) -> AbstractBaseUser:
    if not request.user or not request.user.is_authenticated:
        raise NotAuthenticated()
    return request.user


def _clubs(request: Request) -> QuerySet[Club]:
    """Clubs the caller may see, with their member count and the caller's role."""
    user = request.user
    my_role: Any = Value(None, output_field=CharField())
    if user and user.is_authenticated:
        my_role = Subquery(
            Membership.objects.filter(club=OuterRef("pk"), user_id=user.pk).values(
                "role"
            )[:1]
        )
    return (
        selectors.clubs_visible_to(user)
        .annotate(members_count=Count("memberships", distinct=True), my_role=my_role)
        .order_by("name", "id")
    )


def _get_club(request: Request, slug: str) -> Club:
    """The club if the caller may see it: a private club is a 404 to outsiders."""
    club = _clubs(request).filter(slug=slug).first()
    if club is None:
        raise Http404("No such club.")
    return club


def _check_organiser(request: Request, club: Club) -> AbstractBaseUser:
    user = _signed_in(request)
    if not selectors.club_manageable_by(club=club, user=user):
        raise PermissionDenied(f"Only {club.name}'s organisers can do this.")
    return user


def _check_keeper(request: Request, club: Club) -> AbstractBaseUser:
    user = _signed_in(request)
    if not selectors.club_scorekeeping_by(club=club, user=user):
        raise PermissionDenied(
            f"Only {club.name}'s organisers and scorekeepers can do this."
        )
    return user


# --- Clubs --------------------------------------------------------------------------


@extend_schema_field({"type": "string", "enum": [*Role.values, None], "nullable": True})
class MyRoleField(serializers.ChoiceField):
    """A role or null. Its schema is given here because drf-spectacular, naming the
    enum after the field, warns that MyRoleEnum repeats RoleEnum."""


class ClubOutput(serializers.Serializer):
    slug = serializers.SlugField(help_text="The club's name in URLs; never changes.")
    name = serializers.CharField()
    location = serializers.CharField(help_text="Where it plays.")
    schedule = serializers.CharField(help_text="When it plays.")
    description = serializers.CharField()
    is_private = serializers.BooleanField()
    members_count = serializers.IntegerField()
    my_role = MyRoleField(
        choices=Role.choices,
        allow_null=True,
        help_text="The caller's role in the club; null for a non-member.",
    )


def club_payload(club: Club) -> dict[str, Any]:
    """The club as the API shows it (annotated by _clubs)."""
    return {
        "slug": club.slug,
        "name": club.name,
        "location": club.location,
        "schedule": club.schedule,
        "description": club.description,
        "is_private": club.is_private,
        "members_count": club.members_count,
        "my_role": club.my_role,
    }


class ClubNameField(StrictCharField):
    """A club's name: spaces inside are collapsed, as the service does."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(max_length=services.CLUB_NAME_MAX, **kwargs)

    def to_internal_value(self, data: Any) -> str:
        return " ".join(super().to_internal_value(data).split())


class ClubCreateInput(StrictInput):
    name = ClubNameField()
    location = StrictCharField(
        max_length=services.PLACE_MAX, required=False, allow_blank=True, default=""
    )
    schedule = StrictCharField(
        max_length=services.PLACE_MAX, required=False, allow_blank=True, default=""
    )
    description = StrictCharField(
        max_length=services.DESCRIPTION_MAX,
        required=False,
        allow_blank=True,
        default="",
    )
    is_private = StrictBooleanField(required=False, default=False)


class ClubUpdateInput(StrictInput):
    name = ClubNameField(required=False)
    location = StrictCharField(
        max_length=services.PLACE_MAX, required=False, allow_blank=True
    )
    schedule = StrictCharField(
        max_length=services.PLACE_MAX, required=False, allow_blank=True
    )
    description = StrictCharField(
        max_length=services.DESCRIPTION_MAX, required=False, allow_blank=True
    )
    is_private = StrictBooleanField(required=False)


class ClubsAPI(APIView):
    """List the clubs the caller may see, or create one."""

    pagination_class = Pagination

    @extend_schema(
        operation_id="clubs_list",
        responses=ClubOutput(many=True),
        summary="List clubs: every public club, and the private ones the caller "
        "belongs to",
    )
    def get(self, request: Request) -> Response:
        paginator = self.pagination_class()
        page = paginator.paginate_queryset(_clubs(request), request, view=self)
        data = [club_payload(club) for club in page]
        return paginator.get_paginated_response(ClubOutput(data, many=True).data)

    @extend_schema(
        operation_id="clubs_create",
        request=ClubCreateInput,
        responses={201: ClubOutput, 400: FIELD_WRONG, 401: NOT_SIGNED_IN},
        summary="Create a club; the caller becomes its organiser",
        examples=[
            OpenApiExample(
                "A weekly club",
                value={
                    "name": "Elks Lodge Pitch",
                    "location": "Elks Lodge, Main Street",
                    "schedule": "Tuesdays 7 pm",
                },
                request_only=True,
            )
        ],
    )
    def post(self, request: Request) -> Response:
        user = _signed_in(request)
        data = ClubCreateInput(data=request.data)
        data.is_valid(raise_exception=True)
        club = services.club_create(**data.validated_data, by=user)
        club = _get_club(request, club.slug)
        return Response(ClubOutput(club_payload(club)).data, status=201)


class ClubDetailAPI(APIView):
    @extend_schema(
        operation_id="clubs_retrieve",
        responses={200: ClubOutput, 404: NO_CLUB},
        summary="A club",
    )
    def get(self, request: Request, slug: str) -> Response:
        return Response(ClubOutput(club_payload(_get_club(request, slug))).data)

    @extend_schema(
        operation_id="clubs_partial_update",
        request=ClubUpdateInput,
        responses={
            200: ClubOutput,
            400: FIELD_WRONG,
            401: NOT_SIGNED_IN,
            403: NOT_ORGANISER,
            404: NO_CLUB,
        },
        summary="Change a club's name, place, schedule, description or privacy",
        description="Organisers only. Fields left out stay as they are; the slug "
        "never changes.",
    )
    def patch(self, request: Request, slug: str) -> Response:
        club = _get_club(request, slug)
        user = _check_organiser(request, club)
        data = ClubUpdateInput(data=request.data)
        data.is_valid(raise_exception=True)
        # The service sets every field: those left out keep their values.
        fields = {name: getattr(club, name) for name in ClubUpdateInput().fields}
        fields.update(data.validated_data)
        services.club_update(club=club, by=user, **fields)
        # By its slug now: a club made private has a new one.
        return Response(ClubOutput(club_payload(_get_club(request, club.slug))).data)


# --- Members ------------------------------------------------------------------------


class MemberOutput(serializers.Serializer):
    user_id = serializers.IntegerField()
    username = serializers.CharField()
    role = serializers.ChoiceField(choices=Role.choices)
    joined_at = serializers.DateTimeField()


def member_payload(membership: Membership) -> dict[str, Any]:
    return {
        "user_id": membership.user_id,
        "username": membership.user.get_username(),
        "role": membership.role,
        "joined_at": membership.joined_at,
    }


class MemberRoleInput(StrictInput):
    role = serializers.ChoiceField(choices=Role.choices)


class MembersAPI(APIView):
    @extend_schema(
        operation_id="club_members_list",
        responses={200: MemberOutput(many=True), 404: NO_CLUB},
        summary="A club's members and their roles: organisers first, then "
        "scorekeepers, then members, each by username",
    )
    def get(self, request: Request, slug: str) -> Response:
        club = _get_club(request, slug)
        data = [
            member_payload(membership)
            for membership in selectors.club_members(club=club)
        ]
        return Response(MemberOutput(data, many=True).data)


MEMBER_ERRORS = {
    401: NOT_SIGNED_IN,
    403: NOT_ORGANISER,
    404: OpenApiResponse(description="No such club, or no such member of it."),
    409: OpenApiResponse(
        inline_serializer(
            "ClubConflict",
            {
                "detail": serializers.CharField(),
                "code": serializers.ChoiceField(choices=sorted(CLUB_CONFLICT_CODES)),
                "field": serializers.CharField(required=False),
            },
        ),
        description='The club would be left without an organiser: `"code": '
        '"last_organiser"`.',
    ),
}


class MemberDetailAPI(APIView):
    @extend_schema(
        operation_id="club_members_partial_update",
        request=MemberRoleInput,
        responses={200: MemberOutput, 400: FIELD_WRONG, **MEMBER_ERRORS},
        summary="Change a member's role (organisers only)",
        examples=[
            OpenApiExample(
                "Make a scorekeeper", value={"role": "scorekeeper"}, request_only=True
            )
        ],
    )
    def patch(self, request: Request, slug: str, user_id: int) -> Response:
        club = _get_club(request, slug)
        user = _check_organiser(request, club)
        data = MemberRoleInput(data=request.data)
        data.is_valid(raise_exception=True)
        try:
            membership = services.membership_set_role(
                club=club, user_id=user_id, role=data.validated_data["role"], by=user
            )
        except Membership.DoesNotExist as missing:
            raise Http404(str(missing)) from missing
        membership = Membership.objects.select_related("user").get(pk=membership.pk)
        return Response(MemberOutput(member_payload(membership)).data)

    @extend_schema(
        operation_id="club_members_destroy",
        request=None,
        responses={204: None, **MEMBER_ERRORS},
        summary="Remove someone from the club (organisers only); their roster "
        "player and games stay",
    )
    def delete(self, request: Request, slug: str, user_id: int) -> Response:
        club = _get_club(request, slug)
        user = _check_organiser(request, club)
        try:
            services.membership_remove(club=club, user_id=user_id, by=user)
        except Membership.DoesNotExist as missing:
            raise Http404(str(missing)) from missing
        return Response(status=status.HTTP_204_NO_CONTENT)


# --- Roster -------------------------------------------------------------------------


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
        max_length=40,
        default="",
        help_text="Only players whose name contains this, in any case (for name "
        "autocomplete).",
    )


class GuestAddInput(StrictInput):
    name = StrictCharField(
        trim_whitespace=False,
        allow_blank=True,
        help_text=f"At most {services.PLAYER_NAME_MAX} characters.",
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
        club = _get_club(request, slug)
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
        club = _get_club(request, slug)
        user = _check_keeper(request, club)
        data = GuestAddInput(data=request.data)
        data.is_valid(raise_exception=True)
        # As the service will store it (NFC, spaces squeezed): "José" typed with a
        # combining accent is the José already on the roster.
        name = " ".join(
            unicodedata.normalize("NFC", data.validated_data["name"]).split()
        )
        existed = bool(name) and club.players.filter(name__iexact=name).exists()
        player = services.guest_add(club=club, name=name, by=user)
        return Response(
            PlayerOutput(player_payload(player)).data,
            status=status.HTTP_200_OK if existed else status.HTTP_201_CREATED,
        )


# --- Invites ------------------------------------------------------------------------


class InviteOutput(serializers.Serializer):
    code = serializers.CharField(help_text="The short code to type in.")
    url = serializers.URLField(help_text="The link that opens the join page.")
    role = serializers.ChoiceField(choices=Role.choices)
    player = serializers.IntegerField(
        allow_null=True, help_text="The roster's guest whose profile this claims."
    )
    uses = serializers.IntegerField()
    max_uses = serializers.IntegerField(allow_null=True)
    expires_at = serializers.DateTimeField(allow_null=True)
    created_at = serializers.DateTimeField()


def invite_url(request: Request, invite: Invite) -> str:
    """The absolute link of the join page with the invite's code filled in."""
    return request.build_absolute_uri(
        reverse("clubs:join_code", kwargs={"code": invite.code})
    )


def invite_payload(request: Request, invite: Invite) -> dict[str, Any]:
    return {
        "code": invite.code,
        "url": invite_url(request, invite),
        "role": invite.role,
        "player": invite.player_id,
        "uses": invite.uses,
        "max_uses": invite.max_uses,
        "expires_at": invite.expires_at,
        "created_at": invite.created_at,
    }


class InviteCreateInput(StrictInput):
    role = serializers.ChoiceField(
        choices=Role.choices, required=False, default=Role.MEMBER
    )
    max_uses = StrictIntegerField(
        required=False,
        allow_null=True,
        min_value=1,
        max_value=INVITE_USES_MAX,
        help_text="Leave out for any number of uses.",
    )
    expires_in_days = StrictIntegerField(
        required=False,
        allow_null=True,
        min_value=1,
        max_value=INVITE_DAYS_MAX,
        help_text="Leave out for an invite that does not expire.",
    )
    player = StrictIntegerField(
        required=False,
        allow_null=True,
        help_text="A guest of the roster whose profile (and games) the invited "
        "person claims; the invite is then single-use.",
    )


class InvitesAPI(APIView):
    @extend_schema(
        operation_id="club_invites_list",
        responses={
            200: InviteOutput(many=True),
            401: NOT_SIGNED_IN,
            403: NOT_ORGANISER,
            404: NO_CLUB,
        },
        summary="A club's usable invites, newest first (organisers only)",
    )
    def get(self, request: Request, slug: str) -> Response:
        club = _get_club(request, slug)
        _check_organiser(request, club)
        data = [
            invite_payload(request, invite)
            for invite in selectors.invites_active(club=club)
        ]
        return Response(InviteOutput(data, many=True).data)

    @extend_schema(
        operation_id="club_invites_create",
        request=InviteCreateInput,
        responses={
            201: InviteOutput,
            400: FIELD_WRONG,
            401: NOT_SIGNED_IN,
            403: NOT_ORGANISER,
            404: NO_CLUB,
        },
        summary="Invite people to the club with a code and a link (organisers only)",
        examples=[
            OpenApiExample(
                "Scorekeepers, for a week",
                value={"role": "scorekeeper", "max_uses": 3, "expires_in_days": 7},
                request_only=True,
            )
        ],
    )
    def post(self, request: Request, slug: str) -> Response:
        club = _get_club(request, slug)
        user = _check_organiser(request, club)
        data = InviteCreateInput(data=request.data)
        data.is_valid(raise_exception=True)
        fields = data.validated_data
        player = None
        if fields.get("player") is not None:
            player = club.players.filter(pk=fields["player"]).first()
            if player is None:
                raise ValidationError(
                    {"player": [f"There is no player {fields['player']} in this club."]}
                )
        days = fields.get("expires_in_days")
        invite = services.invite_create(
            club=club,
            by=user,
            role=fields["role"],
            player=player,
            max_uses=fields.get("max_uses"),
            expires_at=timezone.now() + timedelta(days=days) if days else None,
        )
        return Response(invite_payload(request, invite), status=201)


class InviteDetailAPI(APIView):
    @extend_schema(
        operation_id="club_invites_destroy",
        request=None,
        responses={
            204: None,
            401: NOT_SIGNED_IN,
            403: NOT_ORGANISER,
            404: OpenApiResponse(description="No such club, or no such invite of it."),
        },
        summary="Withdraw an invite: its code no longer works (organisers only)",
    )
    def delete(self, request: Request, slug: str, code: str) -> Response:
        club = _get_club(request, slug)
        user = _check_organiser(request, club)
        invite = club.invites.filter(code=services.normalise_code(code)).first()
        if invite is None:
            raise Http404("No such invite.")
        services.invite_revoke(invite=invite, by=user)
        return Response(status=status.HTTP_204_NO_CONTENT)


# --- Joining ------------------------------------------------------------------------


class JoinInput(StrictInput):
    code = StrictCharField(
        max_length=40, help_text="The invite's code; case, spaces and dashes ignored."
    )


class JoinOutput(serializers.Serializer):
    club = serializers.SlugField(help_text="The club's slug.")
    club_name = serializers.CharField()
    role = serializers.ChoiceField(
        choices=Role.choices, help_text="The caller's role in the club now."
    )


class JoinAPI(APIView):
    # Per client address, signed in or not: a guesser's accounts share it.
    throttle_classes = [AddressThrottle]
    throttle_scope = "join"
    throttle_message = "Too many join tries from your address: try again in {wait}."

    @extend_schema(
        operation_id="join",
        request=JoinInput,
        responses={
            200: JoinOutput,
            400: OpenApiResponse(
                description="The code is unknown, withdrawn, expired or used up: "
                "the answer names `code`."
            ),
            401: NOT_SIGNED_IN,
            429: THROTTLED,
        },
        summary="Join a club with an invite's code",
        description="A member who already belongs to the club keeps the higher of "
        "their role and the invite's. An invite naming a guest of the roster hands "
        "that guest's profile and games to the caller.",
        examples=[
            OpenApiExample("A code", value={"code": "K7QX-M2PA"}, request_only=True)
        ],
    )
    def post(self, request: Request) -> Response:
        user = _signed_in(request)
        data = JoinInput(data=request.data)
        data.is_valid(raise_exception=True)
        membership = services.invite_accept(code=data.validated_data["code"], user=user)
        club = membership.club
        return Response(
            JoinOutput(
                {"club": club.slug, "club_name": club.name, "role": membership.role}
            ).data
        )
