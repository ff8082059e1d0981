"""A club's members: the list with their roles, an organiser changing a role or
removing a member, a member leaving."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST, require_safe

from pitchclub import selectors
from pitchclub.clubs.forms import RoleForm
from pitchclub.models import Club, Membership, Role
from pitchclub.pages import T, club_for, forbidden
from pitchclub.permissions import ClubAccess
from pitchclub.refusals import Refusal
from pitchclub.services import clubs as club_services
from pitchclub.services import players as player_services
from pitchclub.vocabulary import ROLES_SUMMARY


def _members_page(
    request: HttpRequest,
    club: Club,
    access: ClubAccess,
    errors: dict[int, str] | None = None,
) -> HttpResponse:
    errors = errors or {}
    memberships = list(selectors.club_members(club=club))
    organisers = sum(m.role == Role.ORGANISER for m in memberships)
    rows = [
        {
            "membership": membership,
            "only_organiser": membership.role == Role.ORGANISER and organisers == 1,
            "is_you": membership.user_id == request.user.pk,
            "error": errors.get(membership.user_id),
        }
        for membership in memberships
    ]
    context = {
        "club": club,
        "access": access,
        "tab": "members",
        "rows": rows,
        "roles": Role.choices,
        "roles_summary": ROLES_SUMMARY,
    }
    return render(request, f"{T}members.html", context)


@require_safe
def club_members(request: HttpRequest, slug: str) -> HttpResponse:
    club, access = club_for(request, slug)
    return _members_page(request, club, access)


@require_POST
@login_required
def member_role(request: HttpRequest, slug: str, user_id: int) -> HttpResponse:
    club, access = club_for(request, slug)
    if not access.can_manage:
        return forbidden(
            request, club, access, "Only the club's organisers can change roles."
        )
    form = RoleForm(request.POST)
    if not form.is_valid():
        return _members_page(request, club, access, {user_id: form.errors["role"][0]})
    try:
        membership = club_services.membership_set_role(
            club=club, user_id=user_id, role=form.cleaned_data["role"]
        )
    except Membership.DoesNotExist as missing:
        raise Http404("This person is not a member of the club.") from missing
    except Refusal as refusal:
        return _members_page(request, club, access, {user_id: refusal.message})
    who = "You are" if user_id == request.user.pk else f"{_name(membership)} is"
    messages.success(request, f"{who} now {membership.get_role_display().lower()}.")
    return redirect(reverse("clubs:members", args=[club.slug]) + f"#member-{user_id}")


def _name(membership: Membership) -> str:
    return player_services.display_name(membership.user)


@require_POST
@login_required
def member_remove(request: HttpRequest, slug: str, user_id: int) -> HttpResponse:
    club, access = club_for(request, slug)
    leaving = user_id == request.user.pk and access.role is not None
    if not (access.can_manage or leaving):
        return forbidden(
            request, club, access, "Only the club's organisers can remove members."
        )
    # user__pk, not user_id: an id larger than the database's integers is then
    # no one (SQLite cannot even compare it).
    membership = get_object_or_404(
        club.memberships.select_related("user"), user__pk=user_id
    )
    try:
        club_services.membership_remove(club=club, user_id=user_id)
    except Refusal as refusal:
        return _members_page(request, club, access, {user_id: refusal.message})
    if user_id == request.user.pk:
        messages.success(request, f"You left {club.name}.")
        return redirect("clubs:list")
    messages.success(
        request,
        f"{_name(membership)} was removed from {club.name}. Their games stay in the "
        "club's records.",
    )
    return redirect("clubs:members", club.slug)
