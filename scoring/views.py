"""HTML pages: the home page, starting a game, the table (recording, correcting and
undoing hands, the score sheet)."""

import re
import uuid
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import PermissionDenied
from django.db.models import Prefetch
from django.db.models.functions import Lower
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods, require_safe

from pitchclub import selectors as club_selectors
from pitchclub.models import Club, Player
from pitchclub.text import parse_whole_number
from scoring import convert, engine, selectors, services, watch
from scoring.engine import RuleViolation
from scoring.entry import FULL, QUICK, HandEntry
from scoring.forms import (
    MAX_SEATS,
    OPTIONS_FORMS,
    SEATS_SHOWN,
    NewGameForm,
    OptionsForm,
)
from scoring.models import Game

RECENT_GAMES = 30
SLUG = re.compile(r"[-a-zA-Z0-9_]+")
# A hand number posted by the page: far more digits than any game's hands.
HAND_NUMBER_DIGITS = 6


@require_safe
def home(request: HttpRequest) -> HttpResponse:
    games = selectors.game_cards(
        selectors.game_list(user=request.user, limit=RECENT_GAMES)
    )
    return render(request, "scoring/home.html", {"games": games})


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
    initial: engine.HandInput | None = None,
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
        initial=initial,
        strict_calls=bool(request.htmx),
    )
    if number is None:
        entry.url = reverse("scoring:hand_record", args=[game.pk])
    else:
        entry.url = reverse("scoring:hand", args=[game.pk, number])
        entry.correcting = True
    return entry


def _preview(game: Game, sheet: dict[str, Any], entry: HandEntry) -> dict[str, Any]:
    """What the hand would do: points won per side, made or set, the new scores,
    and whether it ends the game; or what is still to tap, or what is wrong."""
    missing = entry.missing()
    if missing:
        return {"missing": missing}
    hand = entry.parse()
    if hand is None:
        return {"refusal": "Check the game points: whole numbers, or empty boxes."}
    rules = sheet["rules"]
    if entry.number == game.hand_count + 1:
        state = convert.state_of(game)
    else:
        # A correction: the game as it stood before that hand.
        before = game.hands.all()[entry.number - 2].scores if entry.number > 1 else None
        state = engine.GameState(
            scores=tuple(before or [0] * len(rules.sides)),
            hands=entry.number - 1,
            winner=None,
        )
    try:
        result, after = engine.score_hand(rules, state, hand)
        final = (
            _replayed(game, sheet, entry.number, hand).state
            if entry.correcting
            else after
        )
    except RuleViolation as refusal:
        return {"refusal": _in_words(refusal, game, sheet, entry)}
    names = sheet["side_names"]
    still = final.winner is not None and result.winner is None
    return {
        "reopens": game.winner is not None and final.winner is None,
        "still_wins": (
            f"{names[final.winner]} still {'win' if game.partnership else 'wins'} the "
            f"game, in hand {final.hands}."
            if still
            else None
        ),
        "tie": selectors.tied_at_target(rules, result.scores, names)
        if result.winner is None
        else None,
        "sides": [
            {
                "name": name,
                "won": won,
                "delta": delta,
                "score": score,
                "bidding": side == result.bidding_side,
                "made": result.made,
            }
            for side, (name, won, delta, score) in enumerate(
                zip(names, result.won, result.deltas, result.scores, strict=True)
            )
        ],
        "pitcher": entry.names[result.pitcher],
        "bid": result.bid,
        "stole": _stole(result.auction, result.dealer, result.pitcher, result.bid),
        "made": result.made,
        "winner": names[result.winner] if result.winner is not None else None,
    }


def _replayed(
    game: Game,
    sheet: dict[str, Any],
    number: int,
    hand: engine.HandInput,
    upto: int | None = None,
) -> engine.Replay:
    """The game replayed (its first `upto` hands, or all) with hand `number`
    replaced (hands prefetched)."""
    inputs = [convert.hand_input_of(stored) for stored in game.hands.all()]
    inputs[number - 1] = hand
    return engine.replay(sheet["rules"], inputs[:upto])


def _in_words(
    refusal: RuleViolation, game: Game, sheet: dict[str, Any], entry: HandEntry
) -> str:
    """A refusal in the players' names; a correction that would end the game early
    also says who would win, and when."""
    message = entry.refusal_words(refusal)
    if refusal.code == "won_before_last_hand" and refusal.hand and entry.correcting:
        hand = entry.parse()
        if hand is not None:
            early = _replayed(game, sheet, entry.number, hand, refusal.hand).state
            if early.winner is not None:
                winner = sheet["side_names"][early.winner]
                message += f" ({winner} would win at hand {refusal.hand}.)"
    return message


def _preview_response(
    request: HttpRequest, game: Game, sheet: dict[str, Any], entry: HandEntry
) -> HttpResponse:
    """Only the preview, after a tap (htmx)."""
    context = {"game": game, "entry": entry, "preview": _preview(game, sheet, entry)}
    return render(request, "scoring/_entry.html#preview", context)


def _table_context(
    request: HttpRequest, game: Game, entry: HandEntry | None = None
) -> dict[str, Any]:
    sheet = selectors.game_sheet(game)
    editable = selectors.game_editable_by(game=game, user=request.user)
    if editable and game.winner is None and entry is None:
        entry = _entry_for(request, game, sheet)
    return {
        **sheet,
        "editable": editable,
        "hand_links": True,
        "entry": entry if editable and game.winner is None else None,
        "preview": _preview(game, sheet, entry) if entry is not None else None,
        "revisions": selectors.revision_changes(
            selectors.revision_list(game_id=game.pk), sheet["seat_names"]
        ),
    }


@require_safe
def game_detail(request: HttpRequest, game_id: int) -> HttpResponse:
    """The table: totals, the next hand's entry form for its scorekeepers, the
    sheet, the history of corrections."""
    game = _readable_game(game_id, request.user)
    context = _table_context(request, game)
    context.update(watch.share_context(request, game))
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
    context.update(watch.share_context(request, game))
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
        messages.info(request, "This game is over: no more hands can be recorded.")
        return _table_response(request, game, None, status=409)
    sheet = selectors.game_sheet(game)
    entry, action = _posted_entry(request, game, sheet)
    if action == "restore":
        # "Use this phone's taps for the next hand", after another phone was quicker.
        entry.errors.append(
            f"These are this phone's taps, now for hand {entry.number}: check them "
            "against the sheet before saving."
        )
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
        entry.errors.append(
            "The hand number sent with this hand is not a whole number: reload the "
            "page and save again."
        )
    if hand is None or entry.has_errors:
        return _table_response(request, game, entry, status=422)
    try:
        game, written = services.hand_record(
            game_id=game.pk,
            hand=hand,
            number=number,
            client_id=uuid.UUID(entry.client_id),
            by=request.user,
        )
    except RuleViolation as refusal:
        if refusal.code == "hand_undone":
            return _table_response(request, game, _undone(request, game, refusal), 409)
        if refusal.code == "number_conflict":
            game = _readable_game(game.pk, request.user)
            if number is not None and 1 <= number <= game.hand_count:
                return _table_response(
                    request, game, _conflict(request, game, entry, number), 409
                )
            # A number past the next hand: no other phone to blame, only a gap.
            entry.add_refusal(refusal)
            return _table_response(request, game, entry, status=409)
        entry.add_refusal(refusal)
        return _table_response(request, game, entry, status=422)
    game = _readable_game(game.pk, request.user)
    if written:
        hand_saved = game.hands.all()[entry.number - 1]
        messages.success(request, _saved_message(game, hand_saved, entry))
    else:
        messages.info(request, f"Hand {number or entry.number} was already saved.")
    if not request.htmx:
        return redirect("scoring:game", game_id=game.pk)
    return _table_response(request, game, None, status=201 if written else 200)


def _conflict(
    request: HttpRequest, game: Game, mine: HandEntry, number: int
) -> HandEntry:
    """Another phone recorded hand `number`, which this one was saving (most likely
    the same deal): a fresh entry for the next hand, saying what the other phone
    recorded, with one tap to use this phone's taps for the next hand instead."""
    theirs = game.hands.all()[number - 1]
    names = mine.names
    outcome = "made it" if theirs.made else "was set back"
    entry = _entry_for(request, game, selectors.game_sheet(game))
    hand = mine.parse()
    kept = (
        f"{names[hand.pitcher]} bid {hand.bid}"
        if hand is not None and hand.pitcher is not None
        else "the taps on this phone"
    )
    entry.conflict = {
        "number": theirs.number,
        "theirs": f"{names[theirs.pitcher]} bid {theirs.bid} and {outcome}",
        "mine": kept,
        "fields": [
            (key, value)
            for key, value in mine.data.items()
            if key not in ("client_id", "number", "action", "csrfmiddlewaretoken")
        ],
    }
    return entry


def _undone(request: HttpRequest, game: Game, refusal: RuleViolation) -> HandEntry:
    """The hand this phone sent had been recorded and then undone (on another phone,
    or this one before its answer came back): it is not recorded again. A fresh
    entry for the next hand, saying so; the page's data attributes tell the offline
    queue to drop its copy."""
    entry = _entry_for(request, game, selectors.game_sheet(game))
    entry.undone = {"number": refusal.hand, "message": refusal.message}
    return entry


def _stole(auction: Any, dealer: int, pitcher: int, bid: int) -> bool:
    """Whether the dealer took the auction by equalling the highest bid (a steal)."""
    if not auction or pitcher != dealer:
        return False
    return any(call == bid for call in list(auction)[:-1])


def _saved_message(game: Game, hand: Any, entry: HandEntry) -> str:
    pitcher = entry.names[hand.pitcher]
    moon = entry.rules.variant is engine.Variant.THIRTEEN and hand.bid == 13
    if moon:
        what = f"{pitcher} shot the moon and {'made it' if hand.made else 'failed'}"
    elif _stole(hand.auction, hand.dealer, hand.pitcher, hand.bid):
        outcome = "made it" if hand.made else "was set back"
        what = f"{pitcher} stole the bid at {hand.bid} and {outcome}"
    else:
        outcome = "made it" if hand.made else "was set back"
        what = f"{pitcher} bid {hand.bid} and {outcome}"
    text = f"Hand {hand.number} saved: {what}."
    if game.winner is not None:
        winner = selectors.side_names(game)[game.winner]
        if moon and hand.made:
            text += f" {winner} win the game at once!"
        elif moon and game.winner != hand.bidding_side:
            text += f" {winner} win the game: a failed moon loses it."
        else:
            text += f" {winner} won the game!"
    return text


@require_http_methods(["GET", "HEAD", "POST"])
def hand_detail(request: HttpRequest, game_id: int, number: int) -> HttpResponse:
    """One recorded hand: as it stands, its history, and for the game's
    scorekeepers a form to correct it (the game replays)."""
    game = _readable_game(game_id, request.user)
    hands = list(game.hands.all())
    if not 1 <= number <= len(hands):
        raise Http404("No such hand.")
    hand = hands[number - 1]
    editable = selectors.game_editable_by(game=game, user=request.user)
    sheet = selectors.game_sheet(game)
    entry = None
    status = 200
    if editable:
        if request.method == "POST":
            entry, action = _posted_entry(request, game, sheet, number=number)
            if action == "save":
                corrected = entry.hand_input()
                if corrected is not None:
                    try:
                        services.hand_correct(
                            game_id=game.pk,
                            number=number,
                            hand=corrected,
                            by=request.user,
                        )
                    except RuleViolation as refusal:
                        entry.add_refusal(
                            refusal, _in_words(refusal, game, sheet, entry)
                        )
                    else:
                        messages.success(
                            request, _corrected_message(game, number, request.user)
                        )
                        return redirect("scoring:game", game_id=game.pk)
                status = 422
            elif request.htmx and action == "preview":
                return _preview_response(request, game, sheet, entry)
        else:
            entry = _entry_for(
                request,
                game,
                sheet,
                number=number,
                initial=convert.hand_input_of(hand),
            )
    elif request.method == "POST":
        raise PermissionDenied("Only this game's scorekeepers can correct its hands.")
    context = {
        **sheet,
        "hand": hand,
        "row": next(row for row in sheet["hands"] if row["hand"] is hand),
        "editable": editable,
        "entry": entry,
        "preview": _preview(game, sheet, entry) if entry is not None else None,
        "revisions": selectors.revision_changes(
            selectors.revision_list(game_id=game.pk).filter(hand_number=number),
            sheet["seat_names"],
        ),
        "is_last": number == game.hand_count,
    }
    return render(request, "scoring/hand.html", context, status=status)


def _corrected_message(before: Game, number: int, user: Any) -> str:
    text = f"Hand {number} corrected: the game was replayed from its first hand."
    after = selectors.game_detail(game_id=before.pk, user=user)
    names = selectors.side_names(after)
    if before.winner is not None and after.winner is None:
        text += (
            f" {names[before.winner]} no longer wins: the game is open again, "
            f"hand {after.hand_count + 1} is next."
        )
    elif after.winner is not None and after.winner != before.winner:
        text += f" {names[after.winner]} wins the game."
    return text


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def hand_undo(request: HttpRequest, game_id: int, number: int) -> HttpResponse:
    """Remove the last hand, after a confirmation; it stays in the history."""
    game = _editable_game(request, game_id)
    if request.method == "POST":
        try:
            services.hand_undo(game_id=game.pk, number=number, by=request.user)
        except services.HandNotFound as missing:
            if number != game.hand_count + 1:
                raise Http404(str(missing)) from missing
            # A second tap, or another phone, was quicker: the hand is gone already.
            messages.info(request, f"Hand {number} was already undone.")
        except RuleViolation as refusal:
            messages.error(request, refusal.message)
        else:
            messages.success(
                request,
                f"Hand {number} undone. It is kept in the game's history below.",
            )
        return redirect("scoring:game", game_id=game.pk)
    hands = list(game.hands.all())
    if not 1 <= number <= len(hands):
        raise Http404("No such hand.")
    if number != len(hands):
        messages.error(
            request,
            f"Only the last hand (hand {len(hands)}) can be undone. To change hand "
            f"{number}, correct it instead.",
        )
        return redirect("scoring:hand", game_id=game.pk, number=number)
    sheet = selectors.game_sheet(game)
    context = {
        **sheet,
        "hand": hands[-1],
        "row": sheet["hands"][-1],
    }
    return render(request, "scoring/undo.html", context)


def _clubs_keeping_score(user: AbstractBaseUser) -> list[Club]:
    """The clubs the user keeps score in, by name, each with its roster as
    `roster_players` (2 queries, whatever the rosters' sizes)."""
    memberships = (
        club_selectors.clubs_of(user)
        .filter(role__in=club_selectors.KEEPERS)
        .order_by("club__name", "club_id")
        .prefetch_related(
            Prefetch(
                "club__players",
                queryset=Player.objects.order_by(Lower("name"), "id"),
                to_attr="roster_players",
            )
        )
    )
    return [membership.club for membership in memberships]


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
    club = Club.objects.filter(slug=slug).first()
    if club is None or not club_selectors.club_scorekeeping_by(
        club=club, user=request.user
    ):
        return None
    club.roster_players = list(
        club_selectors.roster(club=club).order_by(Lower("name"), "id")
    )
    clubs.append(club)
    form.offer_club(club)
    return slug


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def new_game(request: HttpRequest) -> HttpResponse:
    """Start a game: the table and its options, then the game's page. A refusal of
    the rules comes back next to the field it names, with everything kept."""
    clubs = _clubs_keeping_score(request.user)
    club_missing = None
    options_forms: dict[str, OptionsForm]
    if request.method == "POST":
        form = NewGameForm(request.POST, clubs=clubs, user=request.user)
        options_forms = {
            variant: form_class(request.POST)
            for variant, form_class in OPTIONS_FORMS.items()
        }
        # Only the chosen variant's options count; the other's boxes are ignored.
        chosen = options_forms.get(request.POST.get("variant", ""))
        # `&`, not `and`: both forms are checked, so all their errors show at once.
        if form.is_valid() & (chosen is not None and chosen.is_valid()):
            try:
                game = services.game_start(
                    variant=form.cleaned_data["variant"],
                    players=form.cleaned_data["players"],
                    partnership=form.partnership_value,
                    first_dealer=form.cleaned_data["first_dealer"],
                    options=chosen.options,
                    club=form.cleaned_data["club"],
                    created_by=request.user,
                )
            except RuleViolation as refusal:
                form.add_refusal(refusal, chosen)
            else:
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
            # The same words whether the club is missing or private to others.
            club_missing = (
                "No such club, or you do not keep score in it: choose a club "
                "below, or none."
            )
    form.use_roster(f"roster-{club_slug}" if club_slug else None)
    context = {
        "form": form,
        "auction": options_forms[engine.Variant.AUCTION.value],
        "thirteen": options_forms[engine.Variant.THIRTEEN.value],
        "seats": [
            {
                "name": form[f"player_{seat}"],
                "dealer": form["first_dealer"][seat],
                "extra": seat >= SEATS_SHOWN,
            }
            for seat in range(MAX_SEATS)
        ],
        "clubs": clubs,
        "club_missing": club_missing,
        "refused": request.method == "POST",
        # A refused house rule must not hide in the folded "More options" panel.
        "more_open": any(
            name != "target"
            for options in options_forms.values()
            if options.is_bound
            for name in options.errors
        ),
    }
    return render(request, "scoring/new_game.html", context)
