"""A tournament's life for its club's organisers: rename, close early, archive
and unarchive, delete. Each has a confirmation page (GET shows, POST does), as a
game's abandon and delete have; a refusal is said on the page, in words.
Scorekeepers and members get the refusal page (403)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from tournaments import pages, selectors
from tournaments.lifecycle import services
from tournaments.lifecycle.forms import RenameForm
from tournaments.models import Tournament
from tournaments.refusals import TournamentRefusal

T = "tournaments/lifecycle/"
GET_POST = ["GET", "HEAD", "POST"]


def _context(tournament: Tournament, **more: object) -> dict[str, object]:
    return {"tournament": tournament, "club": tournament.club, **more}


def _detail(tournament: Tournament) -> HttpResponse:
    return redirect("tournaments:detail", tournament_id=tournament.pk)


@login_required
@require_http_methods(GET_POST)
def tournament_rename(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """A new name for the tournament (audited)."""
    tournament, refused = pages.organisers_only(
        request, tournament_id, "rename a tournament"
    )
    if refused:
        return refused
    form = RenameForm(request.POST or None, initial={"name": tournament.name})
    if request.method == "POST" and form.is_valid():
        try:
            services.tournament_rename(
                tournament_id=tournament.pk,
                name=form.cleaned_data["name"],
                by=request.user,
            )
        except TournamentRefusal as refusal:
            form.add_error("name", refusal.message)
        else:
            messages.success(request, _("Renamed."))
            return _detail(tournament)
    status = 400 if form.errors else 200
    return render(
        request, f"{T}rename.html", _context(tournament, form=form), status=status
    )


@login_required
@require_http_methods(GET_POST)
def tournament_close(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """Close a running tournament early, after a confirmation page showing the
    standings as they stand and who would be champion."""
    tournament, refused = pages.organisers_only(
        request, tournament_id, "close a tournament"
    )
    if refused:
        return refused
    if request.method == "POST":
        try:
            services.tournament_close(tournament_id=tournament.pk, by=request.user)
        except TournamentRefusal as refusal:
            messages.info(request, refusal.message)
        else:
            messages.success(request, _("Closed early: the standings as they stood."))
        return _detail(tournament)
    if tournament.status == "finished":
        refusal = TournamentRefusal(
            "already_finished", "status", params={"tournament": tournament.name}
        )
        messages.info(request, refusal.message)
        return _detail(tournament)
    read = selectors.tournament_read(tournament)
    names = {entrant["id"]: entrant["name"] for entrant in read["entrants"]}
    context = _context(
        tournament,
        leader=names[read["standings"][0]["entrant"]],
        open_matches=services.open_matches(read),
        games_running=services.games_running(read),
    )
    return render(request, f"{T}close.html", context)


@login_required
@require_http_methods(GET_POST)
def tournament_archive(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """Archive the tournament, after a confirmation page: out of the club's
    list, still readable at its address."""
    tournament, refused = pages.organisers_only(
        request, tournament_id, "archive a tournament"
    )
    if refused:
        return refused
    if request.method == "POST":
        _archived, changed = services.tournament_archive(
            tournament_id=tournament.pk, archived=True, by=request.user
        )
        if changed:
            messages.success(request, _("Archived: it is out of the club's list."))
        return _detail(tournament)
    if tournament.archived_at is not None:
        messages.info(request, _("It is archived already."))
        return _detail(tournament)
    return render(request, f"{T}archive.html", _context(tournament))


@login_required
@require_http_methods(GET_POST)
def tournament_unarchive(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """Bring an archived tournament back into the club's list (one tap; the
    address opened, not tapped, shows the tournament and its button)."""
    tournament, refused = pages.organisers_only(
        request, tournament_id, "unarchive a tournament"
    )
    if refused:
        return refused
    if request.method != "POST":
        return _detail(tournament)
    _archived, changed = services.tournament_archive(
        tournament_id=tournament.pk, archived=False, by=request.user
    )
    if changed:
        messages.success(request, _("Back in the club's list."))
    return _detail(tournament)


@login_required
@require_http_methods(GET_POST)
def tournament_delete(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """Delete a tournament without results, after a confirmation page; one
    with results (or a season's playoffs) is refused and archiving offered."""
    tournament, refused = pages.organisers_only(
        request, tournament_id, "delete a tournament"
    )
    if refused:
        return refused
    refusal = services.delete_refusal(tournament)
    if request.method == "POST" and refusal is None:
        try:
            name = services.tournament_delete(
                tournament_id=tournament.pk, by=request.user
            )
        except TournamentRefusal as late:
            refusal = late
        else:
            messages.success(request, f"{name} is deleted.")
            return redirect("tournaments:list", slug=tournament.club.slug)
    context = _context(tournament, refusal=refusal)
    status = 409 if refusal is not None and request.method == "POST" else 200
    return render(request, f"{T}delete.html", context, status=status)
