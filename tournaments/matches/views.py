"""One match's pages: its page (its table link and QR code, "Start game at table
N", the paper result) and the table link itself.

Who may do what is the API's (tournaments.api.access): anyone who may read the
club's games reads its matches (a private club's are 404 to outsiders); its
organisers and scorekeepers start match games; its organisers enter results played
on paper. A game is never started on a GET: the table link shows a one-tap button."""

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop
from django.views.decorators.http import (
    require_http_methods,
    require_POST,
    require_safe,
)

from pitchclub import pages as club_pages
from pitchclub import permissions
from scoring.engine import RuleViolation
from tournaments import pages
from tournaments.matches import services
from tournaments.matches.forms import PaperResultForm
from tournaments.matches.page import NO_MATCH, match_page
from tournaments.models import Match, Tournament
from tournaments.refusals import TournamentRefusal

ORGANISERS_ONLY = gettext_noop(
    "Only %(club)s's organisers can enter a result played on paper."
)


def _paper_form(context: dict[str, Any], data: Any = None) -> PaperResultForm:
    entrants = [
        (side["entrant"]["id"], side["entrant"]["name"])
        for side in context["sides"]
        if side["entrant"] is not None
    ]
    return PaperResultForm(data, entrants=entrants)


def _match_response(
    request: HttpRequest,
    tournament: Tournament,
    match_id: int,
    *,
    paper: PaperResultForm | None = None,
    status: int = 200,
) -> HttpResponse:
    access = permissions.club_access(club=tournament.club, user=request.user)
    context = match_page(request, tournament, match_id, access)
    # A refused paper result shows again (with its refusal) whatever the status.
    if context["can_enter"] or paper is not None:
        context["paper"] = paper or _paper_form(context)
    return render(request, "tournaments/match.html", context, status=status)


@require_safe
def match_detail(
    request: HttpRequest, tournament_id: int, match_id: int
) -> HttpResponse:
    """A match: its round, table, entrants, games and result; for the club's
    scorekeepers "Start game at table N" and the table link with its QR code;
    for its organisers the paper result."""
    tournament = pages.tournament_for(request, tournament_id)
    return _match_response(request, tournament, match_id)


# --- Starting a match's game -----------------------------------------------------


def _start(request: HttpRequest, tournament: Tournament, match_id: int) -> HttpResponse:
    """Start the match's next game (a keeper's POST): the game's table page, or
    the match's page with the refusal in words."""
    club = tournament.club
    access = permissions.club_access(club=club, user=request.user)
    if not access.can_keep_score:
        why = pages.KEEPERS_ONLY.format(club=club.name, what="start its matches' games")
        return club_pages.forbidden(request, club, access, why)
    try:
        game, _created = services.match_game_start(
            tournament_id=tournament.pk, match_id=match_id, by=request.user
        )
    except Match.DoesNotExist as missing:
        raise Http404(NO_MATCH) from missing
    except (TournamentRefusal, RuleViolation) as refusal:
        messages.error(request, refusal.message)
        return redirect(
            "tournaments:match", tournament_id=tournament.pk, match_id=match_id
        )
    return redirect("scoring:game", game_id=game.pk)


@login_required
@require_POST
def match_start(
    request: HttpRequest, tournament_id: int, match_id: int
) -> HttpResponse:
    """ "Start game at table N": the game, its players seated, on its table page."""
    return _start(request, pages.tournament_for(request, tournament_id), match_id)


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def match_table(
    request: HttpRequest, tournament_id: int, match_id: int
) -> HttpResponse:
    """The table link (its QR code), opened on the table's scorekeeper's phone:
    the match's game if one is being played; else, for a scorekeeper, a one-tap
    "Start game at table N" (POST); else what the match waits for."""
    tournament = pages.tournament_for(request, tournament_id)
    if request.method == "POST":
        return _start(request, tournament, match_id)
    access = permissions.club_access(club=tournament.club, user=request.user)
    context = match_page(request, tournament, match_id, access)
    # The game being played, or the one whose result waits for confirmation.
    playing = context["match"]["game_in_progress"] or (context["waiting"] or {}).get(
        "game"
    )
    if playing is not None:
        return redirect("scoring:game", game_id=playing)
    context["at_table"] = _now_at_table(context)
    waiting_keeper = (
        context["match"]["status"] != "completed" and not access.can_keep_score
    )
    return render(
        request,
        "tournaments/match_table.html",
        context,
        status=403 if waiting_keeper else 200,
    )


def _now_at_table(context: dict[str, Any]) -> dict[str, Any] | None:
    """Once the match is over: the match its table plays now, if any."""
    match = context["match"]
    if match["status"] != "completed" or match["table"] is None:
        return None
    for round_ in context["data"]["rounds"]:
        for other in round_["matches"]:
            if other["table"] == match["table"] and other["status"] in (
                "ready",
                "running",
            ):
                return other
    return None


# --- The organisers' actions -----------------------------------------------------


@login_required
@require_POST
def match_result(
    request: HttpRequest, tournament_id: int, match_id: int
) -> HttpResponse:
    """A result played on paper (organisers): the winner and maybe the points.
    A refusal comes back on the match's page, next to the form's field."""
    tournament = pages.tournament_for(request, tournament_id)
    club = tournament.club
    access = permissions.club_access(club=club, user=request.user)
    if not access.can_manage:
        return club_pages.forbidden(
            request, club, access, _(ORGANISERS_ONLY) % {"club": club.name}
        )
    context = match_page(request, tournament, match_id, access)
    form = _paper_form(context, request.POST)
    if form.is_valid():
        try:
            services.match_result_enter(
                tournament_id=tournament.pk,
                match_id=match_id,
                winner=form.cleaned_data["winner"],
                scores=form.cleaned_data["scores"],
                by=request.user,
            )
        except TournamentRefusal as refusal:
            form.add_refusal(refusal)
        else:
            messages.success(
                request,
                _("%(match)s: result saved.") % {"match": context["match"]["label"]},
            )
            return redirect(
                "tournaments:match", tournament_id=tournament.pk, match_id=match_id
            )
    return _match_response(request, tournament, match_id, paper=form, status=400)
