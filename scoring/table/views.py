"""HTML pages: the home page, starting a game, the table (recording, correcting and
undoing hands, the score sheet)."""

import re
import uuid
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods, require_safe

from pitchclub.models import Club
from pitchclub.text import parse_whole_number
from scoring.games import convert, selectors, services
from scoring.games import hands as hand_services
from scoring.games import links as game_links
from scoring.games.players import club_for_new_game, clubs_keeping_score
from scoring.models import Game, Hand, Variant
from scoring.refusals import RuleViolation, sentence
from scoring.table import share, words
from scoring.table import sheet as sheets
from scoring.table.entry import FULL, QUICK, HandEntry
from scoring.table.forms import (
    MAX_SEATS,
    NIGHT_BOX,
    NIGHT_NOT_OF_CLUB,
    NIGHT_WITHOUT_CLUB,
    OPTIONS_FORMS,
    SEATS_SHOWN,
    NewGameForm,
    OptionsForm,
)
from scoring.table.panels import game_panels

SLUG = re.compile(r"[-a-zA-Z0-9_]+")
# A hand number posted by the page: far more digits than any game's hands.
HAND_NUMBER_DIGITS = 6


def _readable_game(game_id: int, user: AbstractBaseUser) -> Game:
    try:
        return selectors.game_detail(game_id=game_id, user=user)
    except Game.DoesNotExist as missing:
        raise Http404("No such game.") from missing


def _mode_key(game: Game) -> str:
    return f"entry-mode-{game.pk}"


def _entry_for(
    request: HttpRequest,
    game: Game,
    sheet: dict[str, Any],
    *,
    number: int | None = None,
    data: Any = None,
    initial: Hand | None = None,
) -> HandEntry:
    """The entry form for the next hand (or hand `number`, to correct it). A new
    form opens in the mode this phone last chose for the game: a scorekeeper who
    records whole auctions does not switch for every hand."""
    if data is None and initial is None and number is None:
        data = {"mode": request.session.get(_mode_key(game), QUICK)}
    entry = HandEntry(
        rules=sheet["rules"],
        number=number or game.hand_count + 1,
        seat_names=sheet["seat_names"],
        side_names=sheet["side_names"],
        data=data,
        initial=convert.hand_input_of(initial) if initial is not None else None,
        strict_calls=bool(request.htmx),
    )
    if number is None:
        entry.url = reverse("scoring:hand_record", args=[game.pk])
    else:
        entry.url = reverse("scoring:hand", args=[game.pk, number])
        entry.correcting = True
    return entry


def _preview_response(
    request: HttpRequest, game: Game, sheet: dict[str, Any], entry: HandEntry
) -> HttpResponse:
    """Only the preview, after a tap (htmx)."""
    preview = sheets.hand_preview(game, sheet, entry)
    context = {"game": game, "entry": entry, "preview": preview}
    return render(request, "scoring/_entry.html#preview", context)


def _table_context(
    request: HttpRequest, game: Game, entry: HandEntry | None = None
) -> dict[str, Any]:
    sheet = sheets.game_sheet(game)
    # An abandoned game is read-only until it is resumed.
    editable = not game.abandoned and selectors.game_editable_by(
        game=game, user=request.user
    )
    if editable and game.winner is None and entry is None:
        entry = _entry_for(request, game, sheet)
    context = sheets.table_context(
        game,
        sheet,
        editable=editable,
        entry=entry,
        revisions=selectors.revision_list(game_id=game.pk),
        log=selectors.game_log(game_id=game.pk),
    )
    context["manageable"] = selectors.game_manageable_by(game=game, user=request.user)
    panels = game_panels(request, game, editable=editable)
    context["panels"] = panels
    # A match's game is followed by the match's next game, not a club game.
    context["rematch"] = (
        game.winner is not None
        and editable
        and not any(panel.replaces_rematch for panel in panels)
    )
    if context["rematch"]:
        # "New game, same players" offers who deals first: by default the deal
        # goes on to the left.
        dealer = services.rematch_dealer(game)
        context["rematch_dealer"] = dealer
        context["rematch_dealer_name"] = sheet["seat_names"][dealer]
    return context


@require_safe
def game_detail(request: HttpRequest, game_id: int) -> HttpResponse:
    """The table: totals, the next hand's entry form for its scorekeepers, the
    sheet, the history of corrections."""
    game = _readable_game(game_id, request.user)
    context = _table_context(request, game)
    context.update(share.share_context(request, game))
    return render(request, "scoring/game.html", context)


def _editable_game(request: HttpRequest, game_id: int) -> Game:
    game = _readable_game(game_id, request.user)
    if not selectors.game_editable_by(game=game, user=request.user):
        raise PermissionDenied("Only this game's scorekeepers can record its hands.")
    return game


def _table_response(
    request: HttpRequest, game: Game, entry: HandEntry | None, status: int = 200
) -> HttpResponse:
    context = _table_context(request, game, entry)
    if request.htmx:
        return render(request, "scoring/game.html#table", context, status=status)
    context.update(share.share_context(request, game))
    return render(request, "scoring/game.html", context, status=status)


def _posted_entry(
    request: HttpRequest,
    game: Game,
    sheet: dict[str, Any],
    *,
    number: int | None = None,
) -> tuple[HandEntry, str]:
    """The entry form as posted, and what its button asked for: save, preview,
    full or quick (switch the mode), rest-<side> (13-Point: the rest to a team)."""
    data = request.POST.copy()
    action = data.get("action", "save")
    if action in (FULL, QUICK):
        data["mode"] = action
        if number is None:
            request.session[_mode_key(game)] = action
    entry = _entry_for(request, game, sheet, number=number, data=data)
    if action == QUICK:
        entry.carry_auction()
    if action.startswith("rest-"):
        side = parse_whole_number(action.removeprefix("rest-"), max_digits=1)
        if side is not None and side < len(sheet["side_names"]):
            entry.give_rest(side)
    return entry, action


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def hand_record(request: HttpRequest, game_id: int) -> HttpResponse:
    """The entry form posts here: `action` save records the hand; preview, full,
    quick and rest-<side> only redraw the form (with JavaScript: only its preview).
    A GET (this address reloaded after a refused hand, without JavaScript) goes
    back to the game."""
    if request.method != "POST":
        return redirect("scoring:game", game_id=game_id)
    game = _editable_game(request, game_id)
    if game.winner is not None:
        messages.info(request, words.game_over())
        return _table_response(request, game, None, status=409)
    if game.abandoned:
        messages.error(request, RuleViolation("game_abandoned", "status").message)
        return _table_response(request, game, None, status=409)
    sheet = sheets.game_sheet(game)
    entry, action = _posted_entry(request, game, sheet)
    if action == "restore":
        # "Use this phone's taps for the next hand", after another phone was quicker.
        entry.errors.append(words.restored_taps(entry.number))
    if action != "save":
        if request.htmx and action == "preview":
            return _preview_response(request, game, sheet, entry)
        return _table_response(request, game, entry)
    return _save_hand(request, game, entry)


def _save_hand(request: HttpRequest, game: Game, entry: HandEntry) -> HttpResponse:
    hand = entry.hand_input()
    posted = request.POST.get("number", "").strip()
    # The page sends the number of the hand it shows, so that a hand another phone
    # recorded meanwhile is not saved twice; none (an old page) means the next one.
    number = parse_whole_number(posted, max_digits=HAND_NUMBER_DIGITS)
    if posted and number is None:
        entry.errors.append(words.number_not_whole())
    if hand is None or entry.has_errors:
        return _table_response(request, game, entry, status=422)
    try:
        game, written = hand_services.hand_record(
            game_id=game.pk,
            hand=hand,
            number=number,
            client_id=uuid.UUID(entry.client_id),
            by=request.user,
        )
    except RuleViolation as refusal:
        return _refused(request, game, entry, number, refusal)
    game = _readable_game(game.pk, request.user)
    if written:
        messages.success(request, sheets.saved_message(game, entry))
    else:
        messages.info(request, words.already_saved(number or entry.number))
    if not request.htmx:
        return redirect("scoring:game", game_id=game.pk)
    return _table_response(request, game, None, status=201 if written else 200)


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
        game = _readable_game(game.pk, request.user)
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
    entry = _entry_for(request, game, sheets.game_sheet(game))
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
    entry = _entry_for(request, game, sheets.game_sheet(game))
    entry.conflict = sheets.undo_race_note(mine, number, undone)
    return entry


def _undone(request: HttpRequest, game: Game, refusal: RuleViolation) -> HandEntry:
    """The hand this phone sent had been recorded and then undone (on another phone,
    or this one before its answer came back): it is not recorded again. A fresh
    entry for the next hand, saying so; the page's data attributes tell the offline
    queue to drop its copy."""
    entry = _entry_for(request, game, sheets.game_sheet(game))
    entry.undone = {"number": refusal.hand, "message": refusal.message}
    return entry


@require_http_methods(["GET", "HEAD", "POST"])
def hand_detail(request: HttpRequest, game_id: int, number: int) -> HttpResponse:
    """One recorded hand: as it stands, its history, and for the game's
    scorekeepers a form to correct it (the game replays)."""
    game = _readable_game(game_id, request.user)
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
        entry, action = _posted_entry(request, game, sheet, number=number)
        if action == "save":
            if _correct_hand(request, game, sheet, entry):
                return redirect("scoring:game", game_id=game.pk)
            status = 422
        elif request.htmx and action == "preview":
            return _preview_response(request, game, sheet, entry)
    elif editable:
        entry = _entry_for(request, game, sheet, number=number, initial=hand)
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
        said = sheets.refusal_in_words(refusal, game, sheet, entry)
        entry.add_refusal(refusal, said)
        return False
    after = selectors.game_detail(game_id=game.pk, user=request.user)
    messages.success(request, sheets.corrected_message(game, after, entry.number))
    return True


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def hand_undo(request: HttpRequest, game_id: int, number: int) -> HttpResponse:
    """Remove the last hand, after a confirmation; it stays in the history."""
    game = _editable_game(request, game_id)
    if request.method == "POST":
        try:
            hand_services.hand_undo(game_id=game.pk, number=number, by=request.user)
        except hand_services.HandNotFound as missing:
            if number != game.hand_count + 1:
                raise Http404(str(missing)) from missing
            # A second tap, or another phone, was quicker: the hand is gone already.
            messages.info(request, words.already_undone(number))
        except RuleViolation as refusal:
            messages.error(request, refusal.message)
        else:
            messages.success(request, words.undone(number))
        return redirect("scoring:game", game_id=game.pk)
    hands = list(game.hands.all())
    if not 1 <= number <= len(hands):
        raise Http404("No such hand.")
    if game.abandoned:
        messages.error(request, RuleViolation("game_abandoned", "status").message)
        return redirect("scoring:game", game_id=game.pk)
    if number != len(hands):
        messages.error(request, words.only_last_undone(len(hands), number))
        return redirect("scoring:hand", game_id=game.pk, number=number)
    sheet = sheets.game_sheet(game)
    context = {
        **sheet,
        "hand": hands[-1],
        "row": sheet["hands"][-1],
    }
    return render(request, "scoring/undo.html", context)


def _club_asked_for(
    request: HttpRequest, form: NewGameForm, clubs: list[Club]
) -> str | None:
    """The club of ?club=<slug>, if the user keeps score there; else None."""
    slug = request.GET.get("club", "")
    if not slug or slug in form.clubs:
        return slug or None
    # Only a slug is looked up: no other text (a NUL, which PostgreSQL refuses)
    # reaches the database.
    if not SLUG.fullmatch(slug):
        return None
    club = club_for_new_game(slug=slug, user=request.user)
    if club is None:
        return None
    clubs.append(club)
    form.offer_club(club)
    return slug


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def new_game(request: HttpRequest) -> HttpResponse:
    """Start a game: the table and its options, then the game's page. A refusal of
    the rules comes back next to the field it names, with everything kept."""
    clubs = clubs_keeping_score(request.user)
    club_missing = None
    options_forms: dict[str, OptionsForm]
    if request.method == "POST":
        form = NewGameForm(request.POST, clubs=clubs, user=request.user)
        options_forms = {
            variant: form_class(request.POST)
            for variant, form_class in OPTIONS_FORMS.items()
        }
        game = _start_game(request, form, options_forms)
        if game is not None:
            return redirect("scoring:game", game_id=game.pk)
        club_slug = form.data.get("club") or None
        if club_slug not in form.clubs:
            club_slug = None
    else:
        form = NewGameForm(clubs=clubs, user=request.user)
        if request.GET.get("variant") in OPTIONS_FORMS:
            form.initial["variant"] = request.GET["variant"]
        options_forms = {
            variant: form_class() for variant, form_class in OPTIONS_FORMS.items()
        }
        club_slug = _club_asked_for(request, form, clubs)
        if club_slug:
            form.initial["club"] = club_slug
        elif request.GET.get("club"):
            club_missing = words.club_missing()
    form.use_roster(f"roster-{club_slug}" if club_slug else None)
    context = _new_game_context(request, form, options_forms)
    context.update(clubs=clubs, club_missing=club_missing)
    context.update(_night_box(request, form, club_slug))
    return render(request, "scoring/new_game.html", context)


def _night_box(
    request: HttpRequest, form: NewGameForm, club_slug: str | None
) -> dict[str, Any]:
    """The page's night: `night_offer`, the box saying what the game counts for,
    or `night_missing`, why it will not count for the night asked for."""
    if request.method == "POST":
        return {"night_offer": _night_posted(form, club_slug), "night_missing": None}
    offer, missing = _night_asked_for(request, form, club_slug)
    return {"night_offer": offer, "night_missing": missing}


def _night_asked_for(
    request: HttpRequest, form: NewGameForm, club_slug: str | None
) -> tuple[dict[str, Any] | None, str | None]:
    """?night=<id> (a season's night's "Start a game here"): the ticked box
    saying what the game counts for, with the season's variant chosen; or, for a
    night that is not one of the club's, why the game will not count for it."""
    value = request.GET.get("night", "").strip()
    if not value:
        return None, None
    club = form.clubs.get(club_slug) if club_slug else None
    if club is None:
        return None, NIGHT_WITHOUT_CLUB.format(night=value[:20])
    described = game_links.describe("night", value, club)
    if described is None:
        return None, NIGHT_NOT_OF_CLUB.format(night=value[:20], club=club.name)
    if described.variant and request.GET.get("variant") not in OPTIONS_FORMS:
        form.initial["variant"] = described.variant
    return {"value": value, "text": described.text, "checked": True}, None


def _night_posted(form: NewGameForm, club_slug: str | None) -> dict[str, Any] | None:
    """The night's box as posted (ticked or not), to show it again with the
    refusal: what it means when it is one of the club's nights."""
    ticked = (form.data.get("night") or "").strip()
    value = ticked or (form.data.get("night_offer") or "").strip()
    if not value:
        return None
    club = form.clubs.get(club_slug) if club_slug else None
    described = game_links.describe("night", value, club) if club else None
    text = described.text if described else NIGHT_BOX.format(night=value[:20])
    return {"value": value[:20], "text": text, "checked": bool(ticked)}


def _start_game(
    request: HttpRequest, form: NewGameForm, options_forms: dict[str, OptionsForm]
) -> Game | None:
    """The game the posted forms start, or None (their errors say why)."""
    # Only the chosen variant's options count; the other's boxes are ignored.
    chosen = options_forms.get(request.POST.get("variant", ""))
    # Both forms are checked, so all their errors show at once.
    valid = form.is_valid()
    if chosen is None or not chosen.is_valid() or not valid:
        return None
    try:
        return services.game_start(
            variant=form.cleaned_data["variant"],
            players=form.cleaned_data["players"],
            partnership=form.partnership_value,
            first_dealer=form.cleaned_data["first_dealer"],
            options=chosen.options,
            club=form.cleaned_data["club"],
            created_by=request.user,
            links=None
            if form.cleaned_data["night"] is None
            else {"night": form.cleaned_data["night"]},
        )
    except RuleViolation as refusal:
        form.add_refusal(refusal, chosen)
        return None


def _new_game_context(
    request: HttpRequest, form: NewGameForm, options_forms: dict[str, OptionsForm]
) -> dict[str, Any]:
    return {
        "form": form,
        "auction": options_forms[Variant.AUCTION.value],
        "thirteen": options_forms[Variant.THIRTEEN.value],
        "seats": [
            {
                "name": form[f"player_{seat}"],
                "dealer": form["first_dealer"][seat],
                "extra": seat >= SEATS_SHOWN,
            }
            for seat in range(MAX_SEATS)
        ],
        "refused": request.method == "POST",
        # A refused house rule must not hide in the folded "More options" panel.
        "more_open": any(
            name != "target"
            for options in options_forms.values()
            if options.is_bound
            for name in options.errors
        ),
    }


# --- Abandoning, resuming and deleting a game ----------------------------------------


def _manageable_game(request: HttpRequest, game_id: int) -> Game:
    game = _readable_game(game_id, request.user)
    if not selectors.game_manageable_by(game=game, user=request.user):
        raise PermissionDenied(
            "Only the person who started this game, or its club's organisers, can "
            "abandon or delete it."
        )
    return game


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def game_abandon(request: HttpRequest, game_id: int) -> HttpResponse:
    """Abandon the game, after a confirmation page: kept, read-only, left out of
    standings and statistics; it can be resumed."""
    game = _manageable_game(request, game_id)
    if request.method == "POST":
        try:
            _, changed = services.game_abandon(game_id=game.pk, by=request.user)
        except RuleViolation as refusal:
            messages.error(request, refusal.message)
        else:
            if changed:
                messages.success(request, words.game_abandoned())
            else:
                messages.info(request, words.game_already_abandoned())
        return redirect("scoring:game", game_id=game.pk)
    if game.abandoned:
        messages.info(request, words.game_already_abandoned())
        return redirect("scoring:game", game_id=game.pk)
    if game.winner is not None:
        messages.error(request, RuleViolation("game_finished", "status").message)
        return redirect("scoring:game", game_id=game.pk)
    context = {**sheets.game_sheet(game), "can_delete": game.hand_count == 0}
    return render(request, "scoring/abandon.html", context)


@login_required
@require_http_methods(["POST"])
def game_resume(request: HttpRequest, game_id: int) -> HttpResponse:
    """Open an abandoned game again (one tap: nothing is lost either way)."""
    game = _manageable_game(request, game_id)
    _, changed = services.game_resume(game_id=game.pk, by=request.user)
    if changed:
        messages.success(request, words.game_resumed())
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
            messages.info(request, words.game_already_deleted(game_id))
            return redirect("scoring:home")
        raise
    if request.method == "POST":
        try:
            services.game_delete(game_id=game.pk, by=request.user)
        except RuleViolation as refusal:
            messages.error(request, sentence(refusal))
            return redirect("scoring:game_abandon", game_id=game.pk)
        messages.success(request, words.game_deleted(game.pk))
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
