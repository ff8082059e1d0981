"""A club's invites and joining by code: organisers create invites (a guest's
single-use claim invite from the roster), revoke them and show their QR codes;
anyone types a code, and an invite's page lets someone signed in join with it
(wrong codes counted per address)."""

import io
from datetime import timedelta
from typing import Any

import segno
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.db.models import Count
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import NoReverseMatch, reverse
from django.utils import timezone
from django.utils.http import urlencode
from django.utils.translation import gettext as _
from django.views.decorators.http import (
    require_http_methods,
    require_POST,
    require_safe,
)

from pitchclub import permissions, selectors, throttles
from pitchclub.clubs.forms import InviteForm, JoinForm
from pitchclub.language import speak_club_language
from pitchclub.models import Club, Invite, Membership, Role
from pitchclub.pages import T, add_refusal, club_for, forbidden
from pitchclub.permissions import ClubAccess
from pitchclub.refusals import Refusal
from pitchclub.services import invites as invite_services
from pitchclub.text import unsafe_character
from pitchclub.vocabulary import ROLE_IN_SENTENCE, ROLE_INVITE_TEXT, ROLE_RANK


def spaced(code: str) -> list[str]:
    """A code in groups of four, for reading aloud across a table."""
    return [code[i : i + 4] for i in range(0, len(code), 4)]


@require_POST
@login_required
def guest_invite(request: HttpRequest, slug: str, player_id: int) -> HttpResponse:
    """A single-use invite for a guest to claim their profile and games."""
    club, access = club_for(request, slug)
    if not access.can_manage:
        return forbidden(
            request, club, access, _("Only the club's organisers can create invites.")
        )
    player = get_object_or_404(club.players, pk=player_id)
    try:
        invite = invite_services.invite_create(
            club=club, by=request.user, player=player
        )
    except Refusal as refusal:
        messages.error(request, refusal.message)
        return redirect(
            reverse("clubs:roster", args=[club.slug]) + f"#player-{player.pk}"
        )
    messages.success(
        request,
        _(
            "Give %(name)s this code or link: it works once, and their games become "
            "theirs when they join with it."
        )
        % {"name": player.name},
    )
    return redirect(
        reverse("clubs:invites", args=[club.slug]) + f"#invite-{invite.code}"
    )


def _invite_of(club: Club, code: str) -> Invite:
    """The club's invite of a code from the address; 404 if there is none (a code
    with a control or invisible character is none: no such text reaches the
    database)."""
    if unsafe_character(code) is not None:
        raise Http404("No such invite.")
    return get_object_or_404(club.invites, code=code)


def _join_link(request: HttpRequest, code: str) -> str:
    return request.build_absolute_uri(reverse("clubs:join_code", args=[code]))


def _invite_from_form(
    request: HttpRequest, club: Club, form: InviteForm
) -> Invite | None:
    """The invite a valid form asks for; None, with the refusal shown on the form,
    if the service refuses it."""
    days = form.cleaned_data["expires_in_days"]
    try:
        return invite_services.invite_create(
            club=club,
            by=request.user,
            role=form.cleaned_data["role"],
            max_uses=form.cleaned_data["max_uses"],
            expires_at=timezone.now() + timedelta(days=days) if days else None,
        )
    except Refusal as refusal:
        add_refusal(form, refusal, {"expires_at": "expires_in_days"})
        return None


def _invites_page(
    request: HttpRequest, club: Club, access: ClubAccess, form: InviteForm
) -> dict[str, Any]:
    """The invites page's context: the form and the club's usable invites."""
    invites = [
        {
            "invite": invite,
            "groups": spaced(invite.code),
            "link": _join_link(request, invite.code),
            "left": (invite.max_uses or 0) - invite.uses,
        }
        for invite in selectors.invites_active(club=club)
    ]
    return {
        "club": club,
        "access": access,
        "tab": "invites",
        "form": form,
        "invites": invites,
        "join_url": request.build_absolute_uri(reverse("clubs:join")),
    }


@require_http_methods(["GET", "HEAD", "POST"])
@login_required
def club_invites(request: HttpRequest, slug: str) -> HttpResponse:
    club, access = club_for(request, slug)
    if not access.can_manage:
        return forbidden(
            request,
            club,
            access,
            _("Only the club's organisers can see and create invites."),
        )
    form = InviteForm(request.POST if request.method == "POST" else None)
    if form.is_bound and form.is_valid():
        invite = _invite_from_form(request, club, form)
        if invite is not None:
            messages.success(
                request,
                _("New invite: read out %(code)s or share the link.")
                % {"code": " ".join(spaced(invite.code))},
            )
            return redirect(
                reverse("clubs:invites", args=[club.slug]) + f"#invite-{invite.code}"
            )
    context = _invites_page(request, club, access, form)
    return render(request, f"{T}invites.html", context)


@require_POST
@login_required
def invite_revoke(request: HttpRequest, slug: str, code: str) -> HttpResponse:
    club, access = club_for(request, slug)
    if not access.can_manage:
        return forbidden(
            request, club, access, _("Only the club's organisers can revoke invites.")
        )
    invite = _invite_of(club, code)
    invite_services.invite_revoke(invite=invite)
    messages.success(
        request,
        _("Invite %(code)s revoked: its code and link no longer work.")
        % {"code": " ".join(spaced(invite.code))},
    )
    return redirect("clubs:invites", club.slug)


@require_safe
@login_required
def invite_qr(request: HttpRequest, slug: str, code: str) -> HttpResponse:
    """The invite's join link as a QR code (SVG), for phones to scan."""
    club, access = club_for(request, slug)
    if not access.can_manage:
        return forbidden(
            request, club, access, _("Only the club's organisers can see invites.")
        )
    invite = _invite_of(club, code)
    svg = io.BytesIO()
    # Black on white whatever the page's theme: scanners expect dark modules.
    segno.make(_join_link(request, invite.code), error="m").save(
        svg,
        kind="svg",
        scale=8,
        border=4,
        dark="#000",
        light="#fff",
        title=_("Join %(club)s") % {"club": club.name},
        svgclass=None,
        lineclass=None,
    )
    response = HttpResponse(svg.getvalue(), content_type="image/svg+xml")
    response["Cache-Control"] = "private, max-age=300"
    return response


def _too_many_codes(wait: int) -> str:
    # Translators: wait is a time, "5 minutes".
    return _(
        "Too many wrong invite codes were tried from your network. Wait %(wait)s, "
        "then try again."
    ) % {"wait": throttles.wait_words(wait)}


@require_safe
def join(request: HttpRequest) -> HttpResponse:
    """Type an invite code; a usable one leads to its join page. Wrong codes are
    counted per address (settings.THROTTLE_RATES["join"]); a whole table joining
    with the right code is never held up."""
    form = JoinForm(request.GET if "code" in request.GET else None)
    if form.is_bound and form.is_valid():
        # Taken before the code is looked up, given back if it is right: codes
        # sent at once never pass more than the rate, right ones included.
        guesses = throttles.address_throttle(request, "join")
        if wait := guesses.take():
            form.add_error("code", _too_many_codes(wait))
            page = render(request, f"{T}join.html", {"form": form})
            return throttles.too_many(page, wait)
        code = form.cleaned_data["code"]
        refusal = invite_services.invite_refusal(selectors.invite_by_code(code))
        if refusal is None:
            guesses.give_back()
            return redirect("clubs:join_code", code)
        form.add_error("code", refusal)
    return render(request, f"{T}join.html", {"form": form})


def _account_link(name: str, fallback: str, next_path: str) -> str:
    try:
        url = reverse(name)
    except NoReverseMatch:
        url = fallback
    return f"{url}?{urlencode({'next': next_path})}"


def _welcome(invite: Invite, membership: Membership) -> str:
    """The message on joining a club with an invite."""
    params = {
        "club": invite.club.name,
        "role": ROLE_IN_SENTENCE[membership.role],
    }
    # Translators: role is the role's name in lower case ("scorekeeper").
    welcome = _("Welcome to %(club)s: you are a %(role)s.") % params
    if invite.player is None:
        return welcome
    claimed = _("The games of %(name)s are now yours.") % {"name": invite.player.name}
    return f"{welcome} {claimed}"


def _join_code_page(
    request: HttpRequest, invite: Invite, error: str | None
) -> dict[str, Any]:
    """An invite page's context: what joining would give the user, and where
    someone signed out signs up or logs in."""
    role = permissions.club_role(club=invite.club, user=request.user)
    # What tells this club from another of its name: where and when it plays,
    # who organises it, its members, who invited.
    club = selectors.with_organisers(
        Club.objects.filter(pk=invite.club_id).annotate(
            member_count=Count("memberships")
        )
    ).get()
    club.organisers = selectors.organiser_names(club)
    return {
        "invite": invite,
        "club": club,
        "invited_by": selectors.person_name(invite.created_by)
        if invite.created_by
        else "",
        "role": role,
        "invite_role_text": ROLE_INVITE_TEXT[invite.role],
        "role_display": Role(role).label if role else None,
        "role_words": ROLE_IN_SENTENCE[role] if role else None,
        "offered_words": ROLE_IN_SENTENCE[invite.role],
        "offers_more": role is None
        or invite.player is not None
        or ROLE_RANK[Role(invite.role)] > ROLE_RANK[Role(role)],
        "error": error,
        "signup_url": _account_link(
            "accounts:signup", "/accounts/signup/", request.path
        ),
        "login_url": _account_link("accounts:login", "/accounts/login/", request.path),
    }


@require_http_methods(["GET", "HEAD", "POST"])
def join_code(request: HttpRequest, code: str) -> HttpResponse:
    """An invite's page: the club and the role it offers; signed-in people join
    with one button, others sign up or log in first and come back here."""
    # A typed code may hold spaces and dashes; one from an address holds no control
    # or invisible character: that is no invite.
    normal = (
        invite_services.normalise_code(code) if unsafe_character(code) is None else ""
    )
    if normal and normal != code:
        return redirect("clubs:join_code", normal)
    guesses = throttles.address_throttle(request, "join")
    if wait := guesses.take():
        context = {"refusal": _too_many_codes(wait), "throttled": True}
        return throttles.too_many(render(request, f"{T}join_code.html", context), wait)
    invite = selectors.invite_by_code(normal) if normal else None
    refusal = invite_services.invite_refusal(invite)
    if refusal is not None:
        status = 404 if invite is None else 410
        return render(
            request, f"{T}join_code.html", {"refusal": refusal}, status=status
        )
    guesses.give_back()
    # An invite's page is the club's: a newcomer who chose no language reads it in
    # the club's.
    speak_club_language(request, invite.club)
    error = None
    if request.method == "POST":
        if not request.user.is_authenticated:
            return redirect_to_login(request.path)
        try:
            membership = invite_services.invite_accept(code=normal, user=request.user)
        except Refusal as problem:
            error = problem.message
        else:
            messages.success(request, _welcome(invite, membership))
            return redirect("clubs:detail", invite.club.slug)
    context = _join_code_page(request, invite, error)
    return render(request, f"{T}join_code.html", context)
