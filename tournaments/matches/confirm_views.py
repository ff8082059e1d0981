"""A match's result confirmed by the other side (tournament setting
`confirm_results`), as pages: "Confirm 11 to 7" and "Dispute" on the finished game's
table page (tournaments.panels) and on the tournament's page; an organiser's
"Play it again", after a confirmation page. Plain forms, POST then redirect: the
table's phone back to its game, the organiser back to the board.

Who may: the club's scorekeepers and organisers confirm or dispute (the table's
phone is signed in as a scorekeeper); only its organisers settle a dispute or have
a game played again (tournaments.matches.confirm)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop
from django.views.decorators.http import require_http_methods, require_POST

from pitchclub import pages as club_pages
from pitchclub import permissions
from tournaments import pages, selectors
from tournaments.brackets.board import waiting_result
from tournaments.matches import confirm
from tournaments.matches.page import NO_MATCH
from tournaments.models import Match, Tournament
from tournaments.refusals import TournamentRefusal

ORGANISERS_ONLY = gettext_noop(
    "Only %(club)s's organisers can have a match's game played again."
)


def _back(
    request: HttpRequest, tournament: Tournament, game_id: int | None
) -> HttpResponse:
    """Where the form came from: the tournament's page (`back=board`), the
    match's (`back=match`), else the game's table page (or the board when the
    game is not known)."""
    back = request.POST.get("back")
    if back == "match":
        match_id = request.resolver_match.kwargs["match_id"]
        return redirect("tournaments:match", tournament.pk, match_id)
    if back == "board" or game_id is None:
        return redirect("tournaments:detail", tournament_id=tournament.pk)
    return redirect("scoring:game", game_id=game_id)


def _held_game(tournament: Tournament, match_id: int) -> int | None:
    match = Match.objects.filter(pk=match_id, tournament=tournament).first()
    if match is None:
        raise Http404(NO_MATCH)
    return (match.unconfirmed or {}).get("game")


@login_required
@require_POST
def match_confirm(
    request: HttpRequest, tournament_id: int, match_id: int
) -> HttpResponse:
    """ "Confirm 11 to 7" (`agree=yes`) or "Dispute" (`agree=no`): the result
    stands and the bracket moves on, or the match is flagged for an organiser."""
    tournament = pages.tournament_for(request, tournament_id)
    access = permissions.club_access(club=tournament.club, user=request.user)
    if not access.can_keep_score:
        why = pages.KEEPERS_ONLY.format(
            club=tournament.club.name, what="confirm its matches' results"
        )
        return club_pages.forbidden(request, tournament.club, access, why)
    game_id = _held_game(tournament, match_id)
    agree = request.POST.get("agree", "yes") != "no"
    try:
        confirm.match_confirm(
            tournament_id=tournament.pk,
            match_id=match_id,
            agree=agree,
            settles=access.can_manage,
            seen=request.POST.get("seen") or None,
            by=request.user,
        )
    except TournamentRefusal as refusal:
        messages.error(request, refusal.message)
    else:
        messages.success(
            request,
            _("Result confirmed.")
            if agree
            else _("Disputed: an organiser will settle it."),
        )
    return _back(request, tournament, game_id)


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def match_replay(
    request: HttpRequest, tournament_id: int, match_id: int
) -> HttpResponse:
    """An organiser's "Play it again", after a confirmation page: the game whose
    result waits is set aside in its match, which a new game decides."""
    tournament = pages.tournament_for(request, tournament_id)
    access = permissions.club_access(club=tournament.club, user=request.user)
    if not access.can_manage:
        why = _(ORGANISERS_ONLY) % {"club": tournament.club.name}
        return club_pages.forbidden(request, tournament.club, access, why)
    _held_game(tournament, match_id)  # 404 for another tournament's match
    if request.method == "POST":
        try:
            confirm.match_replay(
                tournament_id=tournament.pk, match_id=match_id, by=request.user
            )
        except TournamentRefusal as refusal:
            messages.error(request, refusal.message)
        else:
            messages.success(request, _("Game set aside: start the match's next game."))
        return redirect(
            "tournaments:match", tournament_id=tournament.pk, match_id=match_id
        )
    entrants, matches = selectors.tournament_rows(tournament)
    match = next((m for m in matches if m.pk == match_id), None)
    by_id = {entrant.pk: entrant for entrant in entrants}
    waiting = waiting_result(tournament, match, by_id) if match else None
    if waiting is None:
        messages.info(request, _("This match has no result waiting to be confirmed."))
        return redirect("tournaments:detail", tournament_id=tournament.pk)
    context = {"tournament": tournament, "club": tournament.club, "waiting": waiting}
    return render(request, "tournaments/match_replay.html", context)
