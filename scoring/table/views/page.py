"""The table page: the totals, the score sheet, the next hand's entry form for the
game's scorekeepers and the history of corrections; recording a hand, and the table
again after a refused hand, another phone's hand under the same number or an undo
on another phone."""

import uuid
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods, require_safe

from pitchclub.language import speak_club_language
from pitchclub.text import parse_whole_number
from scoring.games import hands as hand_services
from scoring.games import selectors, services
from scoring.models import Game
from scoring.refusals import RuleViolation
from scoring.table import share
from scoring.table import sheet as sheets
from scoring.table.entry import HandEntry
from scoring.table.panels import game_panels
from scoring.table.save_log import note_client_log
from scoring.table.views.shared import (
    check_editable,
    editable_game,
    entry_for,
    posted_entry,
    preview_response,
    readable_game,
)
from scoring.table.words import flashes

# A hand number posted by the page: far more digits than any game's hands.
HAND_NUMBER_DIGITS = 6


def _table_context(
    request: HttpRequest, game: Game, entry: HandEntry | None = None
) -> dict[str, Any]:
    sheet = sheets.game_sheet(game)
    # An abandoned game is read-only until it is resumed.
    editable = not game.abandoned and selectors.game_editable_by(
        game=game, user=request.user
    )
    if editable and game.winner is None and entry is None:
        entry = entry_for(request, game, sheet)
    # Read only when the game has any (selectors.game_detail says): 6 statements for
    # the page of a game without corrections.
    revisions = (
        list(selectors.revision_list(game_id=game.pk))
        if getattr(game, "has_revisions", True)
        else []
    )
    log = selectors.game_log(game_id=game.pk) if getattr(game, "has_log", True) else []
    context = sheets.table_context(
        game, sheet, editable=editable, entry=entry, revisions=revisions, log=log
    )
    # "Restore hand N" after an undo (views.restore), from the revisions read.
    context["restorable"] = (
        hand_services.restorable(revisions, game.hand_count) if editable else None
    )
    context["manageable"] = selectors.game_manageable_by(game=game, user=request.user)
    panels = game_panels(request, game, editable=editable)
    context["panels"] = panels
    # A match's game is followed by the match's next game, not a club game.
    rematch = (
        game.winner is not None
        and editable
        and not any(panel.replaces_rematch for panel in panels)
    )
    context.update(_rematch(game, sheet) if rematch else {"rematch": False})
    return context


def _rematch(game: Game, sheet: dict[str, Any]) -> dict[str, Any]:
    """ "New game, same players" offers who deals first: by default the deal goes on
    to the left."""
    dealer = services.rematch_dealer(game)
    return {
        "rematch": True,
        "rematch_dealer": dealer,
        "rematch_dealer_name": sheet["seat_names"][dealer],
    }


@require_safe
def game_detail(request: HttpRequest, game_id: int) -> HttpResponse:
    """The table: totals, the next hand's entry form for its scorekeepers, the
    sheet, the history of corrections."""
    game = readable_game(game_id, request.user)
    speak_club_language(request, game.club)
    context = _table_context(request, game)
    context.update(share.share_context(request, game))
    return render(request, "scoring/game.html", context)


def _table_response(
    request: HttpRequest, game: Game, entry: HandEntry | None, status: int = 200
) -> HttpResponse:
    context = _table_context(request, game, entry)
    if request.htmx:
        return render(request, "scoring/game.html#table", context, status=status)
    context.update(share.share_context(request, game))
    return render(request, "scoring/game.html", context, status=status)


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def hand_record(request: HttpRequest, game_id: int) -> HttpResponse:
    """The entry form posts here: `action` save records the hand; preview, full,
    quick and rest-<side> only redraw the form (with JavaScript: only its preview).
    A GET (this address reloaded after a refused hand, without JavaScript) goes
    back to the game."""
    if request.method != "POST":
        return redirect("scoring:game", game_id=game_id)
    action = request.POST.get("action", "save")
    if action == "save":
        return _save_hand(request, game_id)
    # A tap's preview of a new hand scores it against the game row: no hand is read
    # (4 statements with the session and the user).
    preview = request.htmx and action == "preview"
    game = editable_game(request, game_id, with_hands=not preview)
    if game.winner is not None or game.abandoned:
        return _closed(request, game)
    if preview:
        sheet = sheets.entry_sheet(game)
        entry, action = posted_entry(request, game, sheet)
        return preview_response(request, game, sheet, entry)
    sheet = sheets.game_sheet(game)
    entry, action = posted_entry(request, game, sheet)
    if action == "restore":
        # "Use this phone's taps for the next hand", after another phone was quicker.
        entry.errors.append(flashes.restored_taps(entry.number))
    return _table_response(request, game, entry)


def _closed(request: HttpRequest, game: Game) -> HttpResponse:
    """A won or abandoned game takes no hand (409)."""
    game = selectors.with_hands(game) if not _has_hands(game) else game
    if game.winner is not None:
        messages.info(request, flashes.game_over())
    else:
        messages.error(request, RuleViolation("game_abandoned", "status").message)
    return _table_response(request, game, None, status=409)


def _has_hands(game: Game) -> bool:
    return "hands" in getattr(game, "_prefetched_objects_cache", {})


class _NotSaved(Exception):
    """Nothing written: the game takes no hand (`retried`: unless the post is the
    resend of a hand it recorded, by its number), or the form is not a whole hand."""

    def __init__(
        self, game: Game, entry: HandEntry | None, retried: int | None = None
    ) -> None:
        self.game = game
        self.entry = entry
        self.retried = retried


def _save_hand(request: HttpRequest, game_id: int) -> HttpResponse:
    """Save: the game read once, locked, with its seats (the form's rules and names),
    and the hand recorded into it (hand_record(locked=…)); its hands are read after
    the commit for the answer. 10 statements with the session and the user, savepoints
    not counted, for a hand that does not end the game (issue 25 item 3)."""
    entry: HandEntry | None = None
    number: int | None = None
    try:
        with transaction.atomic():
            game, entry, number, hand = _posted_hand(request, game_id)
            game, written = hand_services.hand_record(
                game_id=game.pk,
                hand=hand,
                number=number,
                client_id=uuid.UUID(entry.client_id),
                by=request.user,
                locked=game,
            )
    except _NotSaved as unsaved:
        if unsaved.retried is not None:
            return _saved(request, unsaved.game, None, unsaved.retried)
        if unsaved.entry is None:
            return _closed(request, unsaved.game)
        game = selectors.with_hands(unsaved.game)
        return _table_response(request, game, unsaved.entry, status=422)
    except RuleViolation as refusal:
        assert entry is not None
        game = readable_game(game_id, request.user)
        return _refused(request, game, entry, number, refusal)
    return _saved(request, game, entry if written else None, number or entry.number)


def _saved(
    request: HttpRequest, game: Game, written: HandEntry | None, number: int
) -> HttpResponse:
    """The answer to a save: the hand `written` (201), or hand `number` recorded
    before with the same client_id (a retry, 200)."""
    game = selectors.with_hands(game)
    if written is not None:
        messages.success(request, sheets.saved_message(game, written))
    else:
        messages.info(request, flashes.already_saved(number))
    if not request.htmx:
        return redirect("scoring:game", game_id=game.pk)
    return _table_response(request, game, None, status=201 if written else 200)


def _retried(request: HttpRequest, game: Game) -> int | None:
    """The number of the hand the game recorded with the posted client_id, if any:
    the phone's resend of a hand whose answer it did not get (the hand that won the
    game, say), answered as a retry on a game that takes no more hands."""
    try:
        client_id = uuid.UUID(str(request.POST.get("client_id", "")))
    except ValueError:
        return None
    return hand_services.hand_retried(game_id=game.pk, client_id=client_id)


def _posted_hand(
    request: HttpRequest, game_id: int
) -> tuple[Game, HandEntry, int | None, Any]:
    """Inside the save's transaction: the game locked, the form as posted, the hand
    number the page showed and the hand; _NotSaved if there is nothing to save."""
    try:
        game = selectors.game_locked_for_entry(game_id=game_id, user=request.user)
    except Game.DoesNotExist as missing:
        raise Http404(gettext("No such game.")) from missing
    check_editable(request, game)
    if game.winner is not None or game.abandoned:
        raise _NotSaved(game, None, _retried(request, game))
    entry, _action = posted_entry(request, game, sheets.entry_sheet(game))
    note_client_log(request, game)
    hand = entry.hand_input()
    posted = request.POST.get("number", "").strip()
    # The page sends the number of the hand it shows, so that a hand another phone
    # recorded meanwhile is not saved twice; none (an old page) means the next one.
    number = parse_whole_number(posted, max_digits=HAND_NUMBER_DIGITS)
    if posted and number is None:
        entry.errors.append(flashes.number_not_whole())
    if hand is None or entry.has_errors:
        raise _NotSaved(game, entry)
    return game, entry, number, hand


def _refused(
    request: HttpRequest,
    game: Game,
    entry: HandEntry,
    number: int | None,
    refusal: RuleViolation,
) -> HttpResponse:
    """The table again after a hand was refused: a hand undone meanwhile, another
    phone's hand under the same number (409), or the rules' refusal by the form."""
    if refusal.code == "hand_undone":
        return _table_response(request, game, _undone(request, game, refusal), 409)
    if refusal.code == "number_conflict":
        game = readable_game(game.pk, request.user)
        if number is not None and 1 <= number <= game.hand_count:
            return _table_response(
                request, game, _conflict(request, game, entry, number), 409
            )
        undone = _undone_before(game, number)
        if undone:
            # Another phone undid the hand(s) before this one: told as such, with
            # this phone's taps one tap from the form for the next hand.
            return _table_response(
                request, game, _undo_race(request, game, entry, number, undone), 409
            )
        # A number past the next hand: no other phone to blame, only a gap.
        entry.add_refusal(refusal)
        return _table_response(request, game, entry, status=409)
    entry.add_refusal(refusal)
    return _table_response(request, game, entry, status=422)


def _conflict(
    request: HttpRequest, game: Game, mine: HandEntry, number: int
) -> HandEntry:
    """Another phone recorded hand `number`, which this one was saving (most likely
    the same deal): a fresh entry for the next hand, saying what the other phone
    recorded, with one tap to use this phone's taps for the next hand instead."""
    theirs = game.hands.all()[number - 1]
    entry = entry_for(request, game, sheets.game_sheet(game))
    entry.conflict = sheets.conflict_note(mine, theirs)
    return entry


def _undone_before(game: Game, number: int | None) -> list[int]:
    """The hands between the game's last and hand `number` that were undone: a phone
    saving hand 8 after another phone undid hand 7 (issue 11)."""
    if number is None or number <= game.hand_count + 1:
        return []
    undone = set(
        selectors.revision_list(game_id=game.pk)
        .filter(action="undo", hand_number__gt=game.hand_count, hand_number__lt=number)
        .values_list("hand_number", flat=True)
    )
    between = set(range(game.hand_count + 1, number))
    return sorted(between) if between <= undone else []


def _undo_race(
    request: HttpRequest, game: Game, mine: HandEntry, number: int, undone: list[int]
) -> HandEntry:
    """This phone saved hand `number` after another phone undid the hands before it:
    a fresh entry for the next hand, saying so, with this phone's taps offered for
    it (the phone keeps them for later otherwise)."""
    entry = entry_for(request, game, sheets.game_sheet(game))
    entry.conflict = sheets.undo_race_note(mine, number, undone)
    return entry


def _undone(request: HttpRequest, game: Game, refusal: RuleViolation) -> HandEntry:
    """The hand this phone sent had been recorded and then undone (on another phone,
    or this one before its answer came back): it is not recorded again. A fresh
    entry for the next hand, saying so; the page's data attributes tell the offline
    queue to drop its copy."""
    entry = entry_for(request, game, sheets.game_sheet(game))
    entry.undone = {"number": refusal.hand, "message": refusal.message}
    return entry
