"""Clubs at the API edge (list, create, read, change)."""

from typing import Any

from drf_spectacular.utils import (
    OpenApiExample,
    OpenApiResponse,
    extend_schema,
    extend_schema_field,
)
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from pitchclub import selectors
from pitchclub.api.fields import StrictBooleanField, StrictCharField, StrictInput
from pitchclub.api.pagination import Pagination
from pitchclub.api.permissions import (
    NO_CLUB,
    NOT_ORGANISER,
    check_organiser,
    get_club,
    signed_in,
    visible_clubs,
)
from pitchclub.api.schema import FIELD_WRONG, NOT_SIGNED_IN
from pitchclub.models import Club, Membership, Role
from pitchclub.services import clubs as services
from pitchclub.vocabulary import (
    CLUB_NAME_MAX,
    CLUB_REPEAT_SECONDS,
    DESCRIPTION_MAX,
    PLACE_MAX,
)


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
    organisers = serializers.ListField(
        child=serializers.CharField(),
        help_text="Who organises it (full names, else usernames), longest-standing "
        "first: with `location` and `created_at`, what tells apart two clubs of "
        "one name.",
    )
    created_at = serializers.DateTimeField(help_text="When the club was created.")
    my_role = MyRoleField(
        choices=Role.choices,
        allow_null=True,
        help_text="The caller's role in the club; null for a non-member.",
    )


def _organisers(club: Club) -> list[Membership]:
    """The club's organisers' memberships: prefetched for a list
    (selectors.with_organisers), else asked for (1 query)."""
    members = getattr(club, "organiser_members", None)
    if members is None:
        members = list(
            selectors.with_organisers(Club.objects.filter(pk=club.pk))
            .get()
            .organiser_members
        )
    return members


def club_payload(club: Club) -> dict[str, Any]:
    """The club as the API shows it (annotated by visible_clubs)."""
    return {
        "slug": club.slug,
        "name": club.name,
        "location": club.location,
        "schedule": club.schedule,
        "description": club.description,
        "is_private": club.is_private,
        "members_count": club.members_count,
        "organisers": [selectors.person_name(m.user) for m in _organisers(club)],
        "created_at": club.created_at,
        "my_role": club.my_role,
    }


class ClubNameField(StrictCharField):
    """A club's name: spaces inside are collapsed, as the service does."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(max_length=CLUB_NAME_MAX, **kwargs)

    def to_internal_value(self, data: Any) -> str:
        return " ".join(super().to_internal_value(data).split())


class ClubCreateInput(StrictInput):
    name = ClubNameField()
    location = StrictCharField(
        max_length=PLACE_MAX, required=False, allow_blank=True, default=""
    )
    schedule = StrictCharField(
        max_length=PLACE_MAX, required=False, allow_blank=True, default=""
    )
    description = StrictCharField(
        max_length=DESCRIPTION_MAX,
        required=False,
        allow_blank=True,
        default="",
    )
    is_private = StrictBooleanField(required=False, default=False)


class ClubUpdateInput(StrictInput):
    name = ClubNameField(required=False)
    location = StrictCharField(max_length=PLACE_MAX, required=False, allow_blank=True)
    schedule = StrictCharField(max_length=PLACE_MAX, required=False, allow_blank=True)
    description = StrictCharField(
        max_length=DESCRIPTION_MAX, required=False, allow_blank=True
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
        clubs = selectors.with_organisers(visible_clubs(request))
        page = paginator.paginate_queryset(clubs, request, view=self)
        data = [club_payload(club) for club in page]
        return paginator.get_paginated_response(ClubOutput(data, many=True).data)

    @extend_schema(
        operation_id="clubs_create",
        request=ClubCreateInput,
        responses={
            201: ClubOutput,
            200: OpenApiResponse(
                ClubOutput,
                description="The caller created a club of this name (in any case) "
                "in the last few minutes: that club, not a second one.",
            ),
            400: FIELD_WRONG,
            401: NOT_SIGNED_IN,
        },
        summary="Create a club; the caller becomes its organiser",
        description="Idempotent for a short while: sending the same creation again "
        f"(a retry, a double tap) within {CLUB_REPEAT_SECONDS // 60} minutes "
        "answers the club already made (200) instead of making a second one.",
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
        user = signed_in(request)
        data = ClubCreateInput(data=request.data)
        data.is_valid(raise_exception=True)
        club, created = services.club_create_once(**data.validated_data, by=user)
        club = get_club(request, club.slug)
        return Response(
            ClubOutput(club_payload(club)).data, status=201 if created else 200
        )


class ClubDetailAPI(APIView):
    @extend_schema(
        operation_id="clubs_retrieve",
        responses={200: ClubOutput, 404: NO_CLUB},
        summary="A club",
    )
    def get(self, request: Request, slug: str) -> Response:
        return Response(ClubOutput(club_payload(get_club(request, slug))).data)

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
        club = get_club(request, slug)
        check_organiser(request, club)
        data = ClubUpdateInput(data=request.data)
        data.is_valid(raise_exception=True)
        # The service sets every field: those left out keep their values.
        fields = {name: getattr(club, name) for name in ClubUpdateInput().fields}
        fields.update(data.validated_data)
        services.club_update(club=club, **fields)
        # By its slug now: a club made private has a new one.
        return Response(ClubOutput(club_payload(get_club(request, club.slug))).data)
