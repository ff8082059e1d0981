"""The API's request-level checks, shared by every app's API views: who the caller
is (signed in or not), which clubs they may see, and whether their role in a club
allows a write; with the schema's words for those refusals (NO_CLUB, NOT_ORGANISER,
NOT_KEEPER). Who may see and do what is decided by pitchclub.permissions; these turn
its answers into 401s, 403s and 404s."""

from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db.models import CharField, Count, OuterRef, QuerySet, Subquery, Value
from django.http import Http404
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiResponse
from rest_framework.exceptions import NotAuthenticated, PermissionDenied
from rest_framework.request import Request

from pitchclub import permissions
from pitchclub.models import Club, Membership

NO_CLUB = OpenApiResponse(
    description="No such club, or a private club the caller is not a member of."
)
NOT_ORGANISER = OpenApiResponse(description="Only the club's organisers may do this.")
NOT_KEEPER = OpenApiResponse(
    description="Only the club's organisers and scorekeepers may do this."
)


def signed_in(request: Request) -> AbstractBaseUser:
    if not request.user or not request.user.is_authenticated:
        raise NotAuthenticated()
    return request.user


def visible_clubs(request: Request) -> QuerySet[Club]:
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
        permissions.clubs_visible_to(user)
        .annotate(members_count=Count("memberships", distinct=True), my_role=my_role)
        .order_by("name", "id")
    )


def get_club(request: Request, slug: str) -> Club:
    """The club if the caller may see it: a private club is a 404 to outsiders."""
    club = visible_clubs(request).filter(slug=slug).first()
    if club is None:
        raise Http404(_("No such club."))
    return club


def check_organiser(request: Request, club: Club) -> AbstractBaseUser:
    user = signed_in(request)
    if not permissions.club_manageable_by(club=club, user=user):
        raise PermissionDenied(
            _("Only %(club)s's organisers can do this.") % {"club": club.name}
        )
    return user


def check_keeper(request: Request, club: Club) -> AbstractBaseUser:
    user = signed_in(request)
    if not permissions.club_scorekeeping_by(club=club, user=user):
        raise PermissionDenied(
            _("Only %(club)s's organisers and scorekeepers can do this.")
            % {"club": club.name}
        )
    return user
