"""Invites to a club, and joining one by an invite's code, at the API edge."""

from datetime import timedelta
from typing import Any

from django.http import Http404
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.utils import OpenApiExample, OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import ValidationError
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from pitchclub import selectors
from pitchclub.api.fields import StrictCharField, StrictInput, StrictIntegerField
from pitchclub.api.permissions import (
    NO_CLUB,
    NOT_ORGANISER,
    check_organiser,
    get_club,
    signed_in,
)
from pitchclub.api.schema import FIELD_WRONG, NOT_SIGNED_IN
from pitchclub.models import Club, Invite, Player, Role
from pitchclub.services import invites as services
from pitchclub.throttles import THROTTLED, AddressThrottle
from pitchclub.vocabulary import INVITE_DAYS_MAX, INVITE_USES_MAX


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


def _invited_player(club: Club, player_id: int | None) -> Player | None:
    """The roster guest an invite is to claim, if it names one; a 400 naming the
    field if the club has no such player."""
    if player_id is None:
        return None
    player = selectors.club_player(club=club, player_id=player_id)
    if player is None:
        message = _("There is no player %(id)s in this club.") % {"id": player_id}
        raise ValidationError({"player": [message]})
    return player


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
        club = get_club(request, slug)
        check_organiser(request, club)
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
        club = get_club(request, slug)
        user = check_organiser(request, club)
        data = InviteCreateInput(data=request.data)
        data.is_valid(raise_exception=True)
        fields = data.validated_data
        days = fields.get("expires_in_days")
        invite = services.invite_create(
            club=club,
            by=user,
            role=fields["role"],
            player=_invited_player(club, fields.get("player")),
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
        club = get_club(request, slug)
        check_organiser(request, club)
        invite = club.invites.filter(code=services.normalise_code(code)).first()
        if invite is None:
            raise Http404(_("No such invite."))
        services.invite_revoke(invite=invite)
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
    throttle_message = gettext_lazy(
        "Too many join tries from your address: try again in %(wait)s."
    )

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
        user = signed_in(request)
        data = JoinInput(data=request.data)
        data.is_valid(raise_exception=True)
        membership = services.invite_accept(code=data.validated_data["code"], user=user)
        club = membership.club
        return Response(
            JoinOutput(
                {"club": club.slug, "club_name": club.name, "role": membership.role}
            ).data
        )
