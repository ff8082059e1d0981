"""Watching a game: the live view, the CSV export, "new game, same players"."""

import codecs
import csv
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST, require_safe
from django.views.decorators.vary import vary_on_headers

from pitchclub import permissions
from pitchclub.language import speak_club_language
from pitchclub.text import parse_whole_number
from scoring.games import selectors, services
from scoring.models import Game
from scoring.refusals import RuleViolation
from scoring.table import cards, export, live_versions, sheet
from scoring.table.share import live_version
from scoring.table.words import flashes


def _readable_game(request: HttpRequest, game_id: int) -> Game:
    """The game with its seats, hands and awards, or a 404 for an unknown game or
    one the user may not read (a private club's games do not exist for outsiders)."""
    try:
        return selectors.game_detail(game_id=game_id, user=request.user)
    except Game.DoesNotExist as missing:
        raise Http404(gettext("No such game.")) from missing


@require_safe
@never_cache
@vary_on_headers("HX-Request")
def live(request: HttpRequest, game_id: int) -> HttpResponse:
    """A read-only score sheet for other phones and a wall screen. The page asks
    every few seconds (htmx) with the version it shows: the same version costs one
    query and answers 204, which htmx leaves alone; else the new sheet comes back."""
    if request.htmx and "v" in request.GET:
        # A game anyone may read, unchanged: the cache says so, no statement, not even
        # the session's (scoring/table/live_versions.py).
        kept = live_versions.cached(game_id)
        if kept is not None and kept.public and kept.version == request.GET["v"]:
            return HttpResponse(status=204)
        current = (
            Game.objects.filter(permissions.games_visible_filter(request.user))
            .filter(pk=game_id)
            .values_list("updated_at", "hand_count", "club__is_private")
            .first()
        )
        if current is None:
            raise Http404(gettext("No such game."))
        updated_at, hand_count, private = current
        version = live_version(updated_at, hand_count)
        live_versions.remember_version(game_id, version, public=not private)
        if request.GET["v"] == version:
            return HttpResponse(status=204)
    game = _readable_game(request, game_id)
    speak_club_language(request, game.club)
    shown = sheet.game_sheet(game)
    version = live_version(game.updated_at, game.hand_count)
    public = game.club_id is None or not game.club.is_private
    live_versions.remember_version(game.pk, version, public=public)
    context = {
        **shown,
        "version": version,
        "latest": sheet.latest_hand(shown),
        "hand_links": False,
    }
    template = "scoring/live.html#live" if request.htmx else "scoring/live.html"
    return render(request, template, context)


@require_safe
def hands_csv(request: HttpRequest, game_id: int) -> HttpResponse:
    """Every hand of the game, one row each, for a spreadsheet (export.csv_rows).
    UTF-8 with a byte order mark: without it Excel reads the names as another
    encoding ("ZoÃ«")."""
    game = _readable_game(request, game_id)
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="pitch-game-{game.pk}.csv"'
    response.write(codecs.BOM_UTF8)
    csv.writer(response).writerows(export.csv_rows(game))
    return response


def _check_may_start_again(game: Game, user: Any) -> None:
    """The game's scorekeepers start the next one; in a club, only if they keep
    score in it now (as the new-game form asks)."""
    if not selectors.game_editable_by(game=game, user=user):
        raise PermissionDenied(
            gettext(
                "Only the game's scorekeepers can start the next game with its players."
            )
        )
    if (
        game.club is not None
        and not user.is_superuser
        and not permissions.club_scorekeeping_by(club=game.club, user=user)
    ):
        raise PermissionDenied(
            gettext("Only %(club)s's scorekeepers can start games in the club.")
            % {"club": game.club.name}
        )


@require_POST
@login_required
def game_again(request: HttpRequest, game_id: int) -> HttpResponse:
    """After a game is won: a new one with the same players in the same seats, the
    same variant and options, in the same club; the player chosen on the page
    deals first (`first_dealer`; without it the deal moves on one seat)."""
    game = _readable_game(request, game_id)
    user = request.user
    _check_may_start_again(game, user)
    if game.winner is None:
        messages.error(request, flashes.not_over_yet())
        return redirect("scoring:game", game.pk)
    # Who deals first, as the scorekeeper chose (by default the deal goes on to the
    # left); a seat that does not exist is refused by the rules, with the others.
    posted = request.POST.get("first_dealer", "").strip()
    first_dealer = parse_whole_number(posted, max_digits=2) if posted else None
    if posted and first_dealer is None:
        messages.error(request, flashes.rematch_dealer_not_a_seat())
        return redirect("scoring:game", game.pk)
    try:
        again = services.game_rematch(game=game, by=user, first_dealer=first_dealer)
    except RuleViolation as refusal:
        messages.error(request, flashes.rematch_refused(refusal.message))
        return redirect("scoring:game", game.pk)
    dealer = cards.seat_names(game)[again.first_dealer]
    messages.success(request, flashes.rematch_started(dealer))
    return redirect("scoring:game", again.pk)
