"""Correcting a recorded hand on its page (the game replays), and undoing the last
hand after a confirmation: both kept in the game's history."""

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods

from scoring.games import hands as hand_services
from scoring.games import selectors
from scoring.models import Game
from scoring.refusals import RuleViolation
from scoring.table import sheet as sheets
from scoring.table.entry import HandEntry
from scoring.table.preview import refusal_in_words
from scoring.table.views.shared import (
    editable_game,
    entry_for,
    posted_entry,
    preview_response,
    readable_game,
)
from scoring.table.words import flashes


@require_http_methods(["GET", "HEAD", "POST"])
def hand_detail(request: HttpRequest, game_id: int, number: int) -> HttpResponse:
    """One recorded hand: as it stands, its history, and for the game's
    scorekeepers a form to correct it (the game replays)."""
    game = readable_game(game_id, request.user)
    hands = list(game.hands.all())
    if not 1 <= number <= len(hands):
        raise Http404("No such hand.")
    hand = hands[number - 1]
    editable = not game.abandoned and selectors.game_editable_by(
        game=game, user=request.user
    )
    sheet = sheets.game_sheet(game)
    entry, status = None, 200
    if request.method == "POST":
        if not editable:
            raise PermissionDenied(
                "Only this game's scorekeepers can correct its hands."
            )
        entry, action = posted_entry(request, game, sheet, number=number)
        if action == "save":
            if _correct_hand(request, game, sheet, entry):
                return redirect("scoring:game", game_id=game.pk)
            status = 422
        elif request.htmx and action == "preview":
            return preview_response(request, game, sheet, entry)
    elif editable:
        entry = entry_for(request, game, sheet, number=number, initial=hand)
    revisions = selectors.revision_list(game_id=game.pk).filter(hand_number=number)
    context = sheets.hand_context(
        game, sheet, hand, editable=editable, entry=entry, revisions=revisions
    )
    return render(request, "scoring/hand.html", context, status=status)


def _correct_hand(
    request: HttpRequest, game: Game, sheet: dict[str, Any], entry: HandEntry
) -> bool:
    """Save the correction posted in `entry`; a refusal goes next to the form."""
    corrected = entry.hand_input()
    if corrected is None:
        return False
    try:
        hand_services.hand_correct(
            game_id=game.pk, number=entry.number, hand=corrected, by=request.user
        )
    except RuleViolation as refusal:
        said = refusal_in_words(refusal, game, sheet, entry)
        entry.add_refusal(refusal, said)
        return False
    after = selectors.game_detail(game_id=game.pk, user=request.user)
    messages.success(request, sheets.corrected_message(game, after, entry.number))
    return True


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def hand_undo(request: HttpRequest, game_id: int, number: int) -> HttpResponse:
    """Remove the last hand, after a confirmation; it stays in the history."""
    game = editable_game(request, game_id)
    if request.method == "POST":
        try:
            hand_services.hand_undo(game_id=game.pk, number=number, by=request.user)
        except hand_services.HandNotFound as missing:
            if number != game.hand_count + 1:
                raise Http404(str(missing)) from missing
            # A second tap, or another phone, was quicker: the hand is gone already.
            messages.info(request, flashes.already_undone(number))
        except RuleViolation as refusal:
            messages.error(request, refusal.message)
        else:
            messages.success(request, flashes.undone(number))
        return redirect("scoring:game", game_id=game.pk)
    hands = list(game.hands.all())
    if not 1 <= number <= len(hands):
        raise Http404("No such hand.")
    if game.abandoned:
        messages.error(request, RuleViolation("game_abandoned", "status").message)
        return redirect("scoring:game", game_id=game.pk)
    if number != len(hands):
        messages.error(request, flashes.only_last_undone(len(hands), number))
        return redirect("scoring:hand", game_id=game.pk, number=number)
    sheet = sheets.game_sheet(game)
    context = {
        **sheet,
        "hand": hands[-1],
        "row": sheet["hands"][-1],
    }
    return render(request, "scoring/undo.html", context)
