"""Restore hand N: the game's newest undo taken back in one tap (a POST from the
game page), while the undone hand would still be the last; refused in words, on a
page of its own (409), once another hand was recorded or it was restored already."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods

from scoring.games import hands as hand_services
from scoring.refusals import RuleViolation
from scoring.table.views.shared import editable_game
from scoring.table.words import flashes


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def hand_restore(request: HttpRequest, game_id: int, number: int) -> HttpResponse:
    """POST: record hand `number` again as its undo kept it (logged on the undo's
    revision); GET (the address opened, not tapped): the game."""
    game = editable_game(request, game_id)
    if request.method != "POST":
        return redirect("scoring:game", game_id=game.pk)
    try:
        hand_services.hand_restore(game_id=game.pk, number=number, by=request.user)
    except RuleViolation as refusal:
        context = {"game": game, "number": number, "refusal": refusal.message}
        return render(request, "scoring/restore_refused.html", context, status=409)
    messages.success(request, flashes.restored(number))
    return redirect("scoring:game", game_id=game.pk)
