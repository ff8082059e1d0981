"""A club's members: the list with their roles, an organiser changing a role or
removing a member, a member leaving."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from pitchclub import selectors
from pitchclub.clubs.forms import RoleForm
from pitchclub.language import speak_club_language
from pitchclub.models import Club, Membership, Role
from pitchclub.pages import T, club_for, forbidden
from pitchclub.permissions import ClubAccess
from pitchclub.refusals import Refusal
from pitchclub.services import clubs as club_services
from pitchclub.services import players as player_services
from pitchclub.vocabulary import ROLE_IN_SENTENCE, ROLES_SUMMARY


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
    speak_club_language(request, club)
    return _members_page(request, club, access)


@require_POST
@login_required
def member_role(request: HttpRequest, slug: str, user_id: int) -> HttpResponse:
    club, access = club_for(request, slug)
    if not access.can_manage:
        return forbidden(
            request, club, access, _("Only the club's organisers can change roles.")
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
    role = ROLE_IN_SENTENCE[membership.role]
    if user_id == request.user.pk:
        # Translators: role is the role's name in lower case ("scorekeeper").
        said = _("You are now %(role)s.") % {"role": role}
    else:
        said = _("%(name)s is now %(role)s.") % {
            "name": _name(membership),
            "role": role,
        }
    messages.success(request, said)
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
            request, club, access, _("Only the club's organisers can remove members.")
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
        messages.success(request, _("You left %(club)s.") % {"club": club.name})
        return redirect("clubs:list")
    messages.success(
        request,
        _("%(name)s was removed from %(club)s. Their games stay in the club's records.")
        % {"name": _name(membership), "club": club.name},
    )
    return redirect("clubs:members", club.slug)
