"""An organiser's corrections of a round, each after a page that says what will
happen (GET shows, POST does): take back the last drawn round of a Swiss or a
progressive night, and swap two entrants (or a night's players) before play
starts, the page saying first which pairing rules the swap breaks."""

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from scoring.engine import RuleViolation
from tournaments import pages
from tournaments.brackets import redo, swap
from tournaments.brackets.swap_form import SwapForm
from tournaments.models import Round, Tournament
from tournaments.refusals import TournamentRefusal

WHAT = "take back a round or swap entrants"
T = "tournaments/"


def _way_back(tournament: Tournament, refusal: Any) -> str | None:
    match_id = getattr(refusal, "params", {}).get("match_id")
    if match_id is None:
        return None
    return reverse("tournaments:match", args=[tournament.pk, match_id])


def _redo_page(
    request: HttpRequest, tournament: Tournament, number: int, refusal: Any = None
) -> HttpResponse:
    if refusal is None:
        try:
            redo.check_round_redo(tournament, number)
        except TournamentRefusal as refused:
            refusal = refused
    context = {
        "tournament": tournament,
        "number": number,
        "refusal": refusal,
        "way_back": _way_back(tournament, refusal),
    }
    return render(
        request, f"{T}round_redo.html", context, status=409 if refusal else 200
    )


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def round_redo(request: HttpRequest, tournament_id: int, number: int) -> HttpResponse:
    """ "Take back round N", after a confirmation: the round goes, to be drawn again."""
    tournament, denied = pages.organisers_only(request, tournament_id, WHAT)
    if denied is not None:
        return denied
    try:
        if request.method != "POST":
            return _redo_page(request, tournament, number)
        redo.round_take_back(
            tournament_id=tournament.pk, number=number, by=request.user
        )
    except Round.DoesNotExist as missing:
        raise Http404("No such round in this tournament.") from missing
    except (TournamentRefusal, RuleViolation) as refusal:
        return _redo_page(request, tournament, number, refusal)
    messages.success(
        request,
        _("Round %(number)s taken back: draw it again when ready.")
        % {"number": number},
    )
    return redirect("tournaments:detail", tournament_id=tournament.pk)


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def entrants_swap(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """Choose two entrants (GET), see which pairing rules the swap breaks, then
    confirm it (POST)."""
    tournament, denied = pages.organisers_only(request, tournament_id, WHAT)
    if denied is not None:
        return denied
    number, choices = swap.swap_choices(tournament)
    data = request.POST if request.method == "POST" else request.GET or None
    form = SwapForm(data, choices=choices)
    warnings: list[str] | None = None
    if form.is_valid():
        first, second = form.cleaned_data["first"], form.cleaned_data["second"]
        try:
            if request.method == "POST":
                swap.entrants_swap(
                    tournament_id=tournament.pk,
                    first=first,
                    second=second,
                    by=request.user,
                )
                messages.success(request, _("Swapped."))
                return redirect("tournaments:detail", tournament_id=tournament.pk)
            warnings = swap.swap_warnings(tournament, first, second)
        except TournamentRefusal as refusal:
            form.add_error(
                refusal.field if refusal.field in form.fields else None, refusal.message
            )
    context = {
        "tournament": tournament,
        "number": number,
        "form": form,
        "pair": [
            dict(choices).get(form.cleaned_data.get(k)) for k in ("first", "second")
        ]
        if form.is_valid()
        else None,
        "warnings": warnings,
        "refusal": swap.swap_blocked(tournament) if data is None else None,
    }
    return render(request, f"{T}swap.html", context, status=400 if form.errors else 200)
