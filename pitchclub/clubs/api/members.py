"""A club's members and their roles at the API edge."""

from typing import Any

from django.http import Http404
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
from pitchclub.api.fields import StrictInput
from pitchclub.api.permissions import NO_CLUB, NOT_ORGANISER, check_organiser, get_club
from pitchclub.api.schema import FIELD_WRONG, NOT_SIGNED_IN
from pitchclub.models import Membership, Role
from pitchclub.refusals import CONFLICT_CODES as CLUB_CONFLICT_CODES
from pitchclub.services import clubs as services


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
        club = get_club(request, slug)
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
        club = get_club(request, slug)
        check_organiser(request, club)
        data = MemberRoleInput(data=request.data)
        data.is_valid(raise_exception=True)
        try:
            membership = services.membership_set_role(
                club=club, user_id=user_id, role=data.validated_data["role"]
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
        club = get_club(request, slug)
        check_organiser(request, club)
        try:
            services.membership_remove(club=club, user_id=user_id)
        except Membership.DoesNotExist as missing:
            raise Http404(str(missing)) from missing
        return Response(status=status.HTTP_204_NO_CONTENT)
