"""The list of clubs, a new club, a club's page and its settings (name, place,
schedule, description, privacy)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Count, Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_safe

from pitchclub import panels, permissions, selectors
from pitchclub.clubs.forms import ClubForm
from pitchclub.language import speak_club_language
from pitchclub.models import Club
from pitchclub.pages import T, add_refusal, club_for, forbidden
from pitchclub.refusals import Refusal
from pitchclub.services import clubs as club_services


def _told_apart(clubs: list[Club]) -> None:
    """Give each club what tells it from others of its name on the page: its
    organisers (``organisers``, from selectors.with_organisers), and for a name
    shared on the page, when it started and its address (``shared_name``)."""
    hints = selectors.club_hints(clubs)
    for club in clubs:
        club.organisers = selectors.organiser_names(club)
        club.shared_name = bool(hints[club.pk])


@require_safe
def club_list(request: HttpRequest) -> HttpResponse:
    mine = (
        list(
            selectors.clubs_of(request.user)
            .annotate(member_count=Count("club__memberships"))
            .prefetch_related(selectors.organisers_prefetch("club__memberships"))
            .order_by("club__name", "club_id")
        )
        if request.user.is_authenticated
        else []
    )
    for membership in mine:
        membership.club.member_count = membership.member_count
    others = list(
        selectors.with_organisers(
            permissions.clubs_visible_to(request.user)
            .exclude(pk__in=[membership.club_id for membership in mine])
            .annotate(member_count=Count("memberships"))
            .order_by("name", "id")
        )
    )
    _told_apart([membership.club for membership in mine] + others)
    return render(request, f"{T}list.html", {"mine": mine, "others": others})


@require_http_methods(["GET", "HEAD", "POST"])
@login_required
def club_create(request: HttpRequest) -> HttpResponse:
    form = ClubForm(request.POST if request.method == "POST" else None)
    if form.is_bound and form.is_valid():
        try:
            club, created = club_services.club_create_once(
                by=request.user, **form.cleaned_data
            )
        except Refusal as refusal:
            add_refusal(form, refusal, {})
        else:
            if created:
                messages.success(
                    request,
                    _(
                        "%(club)s is ready and you are its organiser. Invite your "
                        "players next."
                    )
                    % {"club": club.name},
                )
            else:
                messages.info(
                    request,
                    _(
                        "You created %(club)s a moment ago: here it is, made once. "
                        "Edit it to change anything."
                    )
                    % {"club": club.name},
                )
            return redirect("clubs:detail", club.slug)
    return render(request, f"{T}form.html", {"form": form, "club": None})


@require_safe
def club_detail(request: HttpRequest, slug: str) -> HttpResponse:
    club, access = club_for(request, slug)
    speak_club_language(request, club)
    # Other apps' sections (scoring: recent games), before the page's own queries.
    sections = panels.club_panels(request, club, access)
    sizes = club.players.aggregate(
        players=Count("id"), guests=Count("id", filter=Q(user__isnull=True))
    )
    context = {
        "club": club,
        "access": access,
        "tab": "detail",
        "panels": sections,
        "members": selectors.club_members(club=club),
        "sizes": sizes,
    }
    return render(request, f"{T}detail.html", context)


@require_http_methods(["GET", "HEAD", "POST"])
@login_required
def club_edit(request: HttpRequest, slug: str) -> HttpResponse:
    club, access = club_for(request, slug)
    if not access.can_manage:
        return forbidden(
            request, club, access, _("Only the club's organisers can edit it.")
        )
    initial = {
        "name": club.name,
        "location": club.location,
        "schedule": club.schedule,
        "description": club.description,
        "is_private": club.is_private,
        "language": club.language,
    }
    form = ClubForm(request.POST if request.method == "POST" else None, initial=initial)
    if form.is_bound and form.is_valid():
        try:
            old_slug = club.slug
            club_services.club_update(club=club, **form.cleaned_data)
        except Refusal as refusal:
            add_refusal(form, refusal, {})
        else:
            if club.slug != old_slug:
                address = reverse("clubs:detail", args=[club.slug])
                messages.success(
                    request,
                    _(
                        "Saved. The club is private now, so its address changed to "
                        "%(address)s, which nobody can guess: share the new link "
                        "with your members."
                    )
                    % {"address": address},
                )
            else:
                messages.success(request, _("Saved."))
            return redirect("clubs:detail", club.slug)
    context = {"form": form, "club": club, "access": access, "tab": "edit"}
    return render(request, f"{T}form.html", context)
