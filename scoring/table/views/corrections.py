"""Correcting a recorded hand on its page (the game replays), and undoing the last
hand after a confirmation: both kept in the game's history."""

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods

from scoring.games import hands as hand_services
from scoring.games import selectors
from scoring.games.versions import Changed, hand_version, posted_version
from scoring.models import Game, Hand
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
from scoring.table.words import hands as hand_words


@require_http_methods(["GET", "HEAD", "POST"])
def hand_detail(request: HttpRequest, game_id: int, number: int) -> HttpResponse:
    """One recorded hand: as it stands, its history, and for the game's
    scorekeepers a form to correct it (the game replays), carrying the hand's
    version: a hand changed since the form was opened is not overwritten."""
    game = readable_game(game_id, request.user)
    if request.method == "POST":
        return _correction_posted(request, game, number)
    return _hand_page(request, game, number)


def _editable(request: HttpRequest, game: Game) -> bool:
    return not game.abandoned and selectors.game_editable_by(
        game=game, user=request.user
    )


def _hand_of(game: Game, number: int) -> Hand:
    hands = list(game.hands.all())
    if not 1 <= number <= len(hands):
        raise Http404(gettext("No such hand."))
    return hands[number - 1]


def _hand_page(
    request: HttpRequest,
    game: Game,
    number: int,
    entry: HandEntry | None = None,
    status: int = 200,
) -> HttpResponse:
    """The hand page; `entry`: the correction form as posted (a new one otherwise,
    on the hand as it stands, for a scorekeeper)."""
    hand = _hand_of(game, number)
    editable = _editable(request, game)
    sheet = sheets.game_sheet(game)
    if entry is None and editable:
        entry = entry_for(request, game, sheet, number=number, initial=hand)
        entry.version = hand_version(hand)
    revisions = selectors.revision_list(game_id=game.pk).filter(hand_number=number)
    context = sheets.hand_context(
        game, sheet, hand, editable=editable, entry=entry, revisions=revisions
    )
    return render(request, "scoring/hand.html", context, status=status)


def _correction_posted(request: HttpRequest, game: Game, number: int) -> HttpResponse:
    """The correction form posted: save; preview (htmx); switch mode (the page)."""
    hand = _hand_of(game, number)
    if not _editable(request, game):
        raise PermissionDenied(
            gettext("Only this game's scorekeepers can correct its hands.")
        )
    sheet = sheets.game_sheet(game)
    entry, action = posted_entry(request, game, sheet, number=number)
    shown = posted_version(request.POST.get("version"))
    # Kept through a redrawn form: the version of the hand the form was opened on.
    entry.version = shown or hand_version(hand)
    if action == "save":
        return _correct_hand(request, game, sheet, entry, shown)
    if request.htmx and action == "preview":
        return preview_response(request, game, sheet, entry)
    return _hand_page(request, game, number, entry)


def _correct_hand(
    request: HttpRequest,
    game: Game,
    sheet: dict[str, Any],
    entry: HandEntry,
    shown: str | None,
) -> HttpResponse:
    """Save the correction posted in `entry` (opened on version `shown` of the
    hand); a refusal goes next to the form."""
    number = entry.number
    corrected = entry.hand_input()
    if corrected is None:
        return _hand_page(request, game, number, entry, 422)
    try:
        hand_services.hand_correct(
            game_id=game.pk,
            number=number,
            hand=corrected,
            by=request.user,
            version=shown,
        )
    except hand_services.HandNotFound:
        messages.error(request, hand_words.gone_not_corrected(number))
        return redirect("scoring:game", game_id=game.pk)
    except Changed:
        game = readable_game(game.pk, request.user)
        # Said at the top of the page, above the hand as it is now.
        said = hand_words.changed_not_corrected(number, _now(game, number))
        messages.error(request, said)
        entry.version = hand_version(_hand_of(game, number))
        return _hand_page(request, game, number, entry, 409)
    except RuleViolation as refusal:
        said = refusal_in_words(refusal, game, sheet, entry)
        entry.add_refusal(refusal, said)
        return _hand_page(request, game, number, entry, 422)
    after = selectors.game_detail(game_id=game.pk, user=request.user)
    messages.success(request, sheets.corrected_message(game, after, number))
    return redirect("scoring:game", game_id=game.pk)


def _now(game: Game, number: int) -> str:
    """Hand `number` as it stands, in words: "Cy bid 4 and made it"."""
    sheet = sheets.game_sheet(game)
    hand = _hand_of(game, number)
    return hand_words.hand_said(hand, sheet["seat_names"][hand.pitcher], sheet["rules"])


# Never kept (nor in the back/forward cache): Back to this page after its hand was
# undone asks again, and lands on the game (below).
@never_cache
@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def hand_undo(request: HttpRequest, game_id: int, number: int) -> HttpResponse:
    """Remove the last hand, after a confirmation page naming it (its version, in
    the Undo link's address and the form): a hand changed since is not undone."""
    game = editable_game(request, game_id)
    if request.method == "POST":
        return _undo(request, game, number)
    hands = list(game.hands.all())
    linked = posted_version(request.GET.get("version"))
    if linked is not None and (
        number > len(hands) or linked != hand_version(hands[number - 1])
    ):
        # This address again (Back) after its hand was undone, and perhaps another
        # recorded under its number: the game, not another hand's undo.
        return redirect("scoring:game", game_id=game.pk)
    if not 1 <= number <= len(hands):
        raise Http404(gettext("No such hand."))
    if game.abandoned:
        messages.error(request, RuleViolation("game_abandoned", "status").message)
        return redirect("scoring:game", game_id=game.pk)
    if number != len(hands):
        messages.error(request, flashes.only_last_undone(len(hands), number))
        return redirect("scoring:hand", game_id=game.pk, number=number)
    return _undo_page(request, game)


def _undo(request: HttpRequest, game: Game, number: int) -> HttpResponse:
    """Undo hand `number` as the confirmation page showed it (its version)."""
    shown = posted_version(request.POST.get("version"))
    try:
        hand_services.hand_undo(
            game_id=game.pk, number=number, by=request.user, version=shown
        )
    except hand_services.HandNotFound as missing:
        if number != game.hand_count + 1 and shown is None:
            raise Http404(str(missing)) from missing
        # A second tap, or another phone, was quicker: the hand is gone already.
        messages.info(request, flashes.already_undone(number))
    except Changed:
        return _changed(request, game, number)
    except RuleViolation as refusal:
        messages.error(request, refusal.message)
    else:
        messages.success(request, flashes.undone(number))
    return redirect("scoring:game", game_id=game.pk)


def _changed(request: HttpRequest, game: Game, number: int) -> HttpResponse:
    """Hand `number` changed since the confirmation page showed it: nothing was
    undone; the page again with the hand as it is now (409), or the game when it
    is no longer the last hand."""
    game = readable_game(game.pk, request.user)
    messages.error(request, hand_words.changed_not_undone(number, _now(game, number)))
    if number != game.hand_count:
        return redirect("scoring:game", game_id=game.pk)
    return _undo_page(request, game, status=409)


def _undo_page(request: HttpRequest, game: Game, status: int = 200) -> HttpResponse:
    """ "Undo hand N?", for the game's last hand, with its version in the form."""
    sheet = sheets.game_sheet(game)
    hand = game.hands.all()[game.hand_count - 1]
    context = {
        **sheet,
        "hand": hand,
        "row": sheet["hands"][-1],
        "version": hand_version(hand),
    }
    return render(request, "scoring/undo.html", context, status=status)
