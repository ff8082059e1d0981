"""A game's life apart from its hands, for the person who started it or its club's
organisers: abandoning it (kept, read-only, left out of standings and statistics),
resuming it, deleting one started by mistake."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods

from scoring.games import selectors, services
from scoring.games.versions import Changed, game_version, posted_version
from scoring.models import Game
from scoring.refusals import RuleViolation, sentence
from scoring.table import sheet as sheets
from scoring.table.views.shared import readable_game
from scoring.table.words import flashes


def _manageable_game(request: HttpRequest, game_id: int) -> Game:
    game = readable_game(game_id, request.user)
    if not selectors.game_manageable_by(game=game, user=request.user):
        raise PermissionDenied(
            gettext(
                "Only the person who started this game, or its club's organisers, "
                "can abandon or delete it."
            )
        )
    return game


@never_cache
@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def game_abandon(request: HttpRequest, game_id: int) -> HttpResponse:
    """Abandon the game, after a confirmation page: kept, read-only, left out of
    standings and statistics; it can be resumed. The page carries the game's
    version: a game changed since it was opened is not abandoned."""
    game = _manageable_game(request, game_id)
    if request.method == "POST":
        return _abandon(request, game)
    if game.abandoned:
        messages.info(request, flashes.game_already_abandoned())
        return redirect("scoring:game", game_id=game.pk)
    if game.winner is not None:
        messages.error(request, RuleViolation("game_finished", "status").message)
        return redirect("scoring:game", game_id=game.pk)
    return _abandon_page(request, game)


def _abandon(request: HttpRequest, game: Game) -> HttpResponse:
    shown = posted_version(request.POST.get("version"))
    try:
        _, changed = services.game_abandon(
            game_id=game.pk, by=request.user, version=shown
        )
    except Changed:
        messages.error(request, flashes.game_changed_not_abandoned())
        game = readable_game(game.pk, request.user)
        if game.winner is None:
            return _abandon_page(request, game, status=409)
    except RuleViolation as refusal:
        messages.error(request, refusal.message)
    else:
        if changed:
            messages.success(request, flashes.game_abandoned())
        else:
            messages.info(request, flashes.game_already_abandoned())
    return redirect("scoring:game", game_id=game.pk)


def _abandon_page(request: HttpRequest, game: Game, status: int = 200) -> HttpResponse:
    """ "Abandon this game?", the game as it stands and its version in the form."""
    context = {
        **sheets.game_sheet(game),
        "can_delete": game.hand_count == 0,
        "version": game_version(game),
    }
    return render(request, "scoring/abandon.html", context, status=status)


@login_required
@require_http_methods(["POST"])
def game_resume(request: HttpRequest, game_id: int) -> HttpResponse:
    """Open an abandoned game again (one tap: nothing is lost either way)."""
    game = _manageable_game(request, game_id)
    _, changed = services.game_resume(game_id=game.pk, by=request.user)
    if changed:
        messages.success(request, flashes.game_resumed())
    return redirect("scoring:game", game_id=game.pk)


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def game_delete(request: HttpRequest, game_id: int) -> HttpResponse:
    """Delete a game started by mistake (no hands), after a confirmation page; a
    game with hands is offered abandoning instead."""
    try:
        game = _manageable_game(request, game_id)
    except Http404:
        if request.method == "POST" and selectors.game_was_deleted(game_id=game_id):
            # A second tap: the game is gone already.
            messages.info(request, flashes.game_already_deleted(game_id))
            return redirect("scoring:home")
        raise
    if request.method == "POST":
        try:
            services.game_delete(game_id=game.pk, by=request.user)
        except RuleViolation as refusal:
            messages.error(request, sentence(refusal))
            return redirect("scoring:game_abandon", game_id=game.pk)
        messages.success(request, flashes.game_deleted(game.pk))
        if game.club_id is not None:
            return redirect("scoring:club_games", slug=game.club.slug)
        return redirect("scoring:home")
    if game.hand_count:
        refusal = RuleViolation(
            "game_has_hands", "hands", params={"hands": game.hand_count}
        )
        messages.error(request, sentence(refusal))
        return redirect("scoring:game_abandon", game_id=game.pk)
    return render(request, "scoring/delete.html", sheets.game_sheet(game))
