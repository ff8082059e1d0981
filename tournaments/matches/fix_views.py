"""An organiser fixes a match's result, each after a page that says what will
happen (GET shows, POST does): void it (on paper or its game's: the match is
`ready` again) or edit a paper result (its form prefilled). While a later match
depends on the result the page says which and links to it: the way back is to
void that one first."""

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from pitchclub import permissions
from scoring.engine import RuleViolation
from tournaments import pages
from tournaments.matches import corrections, services
from tournaments.matches.forms import PaperResultForm
from tournaments.matches.page import NO_MATCH, match_page
from tournaments.models import Match, Tournament
from tournaments.refusals import TournamentRefusal

WHAT = "void or edit a result"


def _blocked(
    tournament: Tournament, match_id: int
) -> tuple[Match, TournamentRefusal | None]:
    """The match, and why its result may not be voided now (None: it may)."""
    try:
        match = services.match_of(tournament, match_id)
    except Match.DoesNotExist as missing:
        raise Http404(NO_MATCH) from missing
    try:
        corrections.check_voidable(tournament, match)
    except TournamentRefusal as refusal:
        return match, refusal
    return match, None


def _way_back(tournament: Tournament, refusal: TournamentRefusal | None) -> str | None:
    """The link to what must be undone first: the later match, or the round."""
    if refusal is None:
        return None
    if "match_id" in refusal.params:
        return reverse(
            "tournaments:match", args=[tournament.pk, refusal.params["match_id"]]
        )
    if "round" in refusal.params:
        return reverse(
            "tournaments:round_redo", args=[tournament.pk, refusal.params["round"]]
        )
    return None


def _page(
    request: HttpRequest,
    tournament: Tournament,
    match_id: int,
    template: str,
    *,
    refusal: TournamentRefusal | RuleViolation | None = None,
    status: int = 200,
    **extra: Any,
) -> HttpResponse:
    access = permissions.club_access(club=tournament.club, user=request.user)
    context = match_page(request, tournament, match_id, access)
    if refusal is None:
        _blocking, refusal = _blocked(tournament, match_id)
    context.update(
        refusal=refusal,
        way_back=_way_back(tournament, refusal)
        if isinstance(refusal, TournamentRefusal)
        else None,
        **extra,
    )
    return render(request, f"tournaments/{template}", context, status=status)


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def match_void(request: HttpRequest, tournament_id: int, match_id: int) -> HttpResponse:
    """Void the match's result, after a confirmation: the match is ready again."""
    tournament, denied = pages.organisers_only(request, tournament_id, WHAT)
    if denied is not None:
        return denied
    if request.method != "POST":
        return _page(request, tournament, match_id, "match_void.html")
    try:
        corrections.match_result_void(
            tournament_id=tournament.pk, match_id=match_id, by=request.user
        )
    except Match.DoesNotExist as missing:
        raise Http404(NO_MATCH) from missing
    except (TournamentRefusal, RuleViolation) as refusal:
        return _page(
            request,
            tournament,
            match_id,
            "match_void.html",
            refusal=refusal,
            status=409,
        )
    messages.success(request, _("Result voided: the match is ready again."))
    return redirect("tournaments:match", tournament_id=tournament.pk, match_id=match_id)


def _edit_form(
    match: Match, context_sides: list[dict[str, Any]], data: Any
) -> PaperResultForm:
    entrants = [
        (side["entrant"]["id"], side["entrant"]["name"])
        for side in context_sides
        if side["entrant"] is not None
    ]
    initial: dict[str, Any] = {"winner": match.winner_id}
    for index, score in enumerate(match.scores or []):
        initial[f"score_{index}"] = score
    return PaperResultForm(data, entrants=entrants, initial=initial)


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def match_edit(request: HttpRequest, tournament_id: int, match_id: int) -> HttpResponse:
    """Edit a paper result: its form prefilled; saved as one change (audited)."""
    tournament, denied = pages.organisers_only(request, tournament_id, WHAT)
    if denied is not None:
        return denied
    match, refusal = _blocked(tournament, match_id)
    if not match.on_paper or refusal is not None or match.seats is not None:
        return _page(
            request,
            tournament,
            match_id,
            "match_void.html",
            refusal=refusal,
            editing=True,
        )
    access = permissions.club_access(club=tournament.club, user=request.user)
    sides = match_page(request, tournament, match_id, access)["sides"]
    form = _edit_form(match, sides, request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        try:
            corrections.match_result_edit(
                tournament_id=tournament.pk,
                match_id=match_id,
                winner=form.cleaned_data["winner"],
                scores=form.cleaned_data["scores"],
                by=request.user,
            )
        except TournamentRefusal as refused:
            form.add_refusal(refused)
        else:
            messages.success(request, _("Result changed."))
            return redirect(
                "tournaments:match", tournament_id=tournament.pk, match_id=match_id
            )
    status = 400 if form.is_bound else 200
    return _page(
        request, tournament, match_id, "match_edit.html", form=form, status=status
    )
