"""What the table's views share: the game as the visitor may read it or its
scorekeepers edit it, and the hand-entry form as it opens (in the mode this phone
last chose) or as posted, with its preview after a tap."""

from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext

from pitchclub.text import parse_whole_number
from scoring.games import convert, selectors
from scoring.models import Game, Hand
from scoring.table.entry import HandEntry
from scoring.table.preview import hand_preview
from scoring.table.taps import FULL, QUICK


def readable_game(game_id: int, user: AbstractBaseUser) -> Game:
    """The game with its seats, hands and awards, or a 404 for an unknown game or
    one the user may not read."""
    try:
        return selectors.game_detail(game_id=game_id, user=user)
    except Game.DoesNotExist as missing:
        raise Http404(gettext("No such game.")) from missing


def editable_game(
    request: HttpRequest, game_id: int, *, with_hands: bool = True
) -> Game:
    """The game, for one of its scorekeepers (anyone else: 403); without its hands
    (`with_hands` False) for what needs only the game row and the seats."""
    if with_hands:
        game = readable_game(game_id, request.user)
    else:
        try:
            game = selectors.game_for_entry(game_id=game_id, user=request.user)
        except Game.DoesNotExist as missing:
            raise Http404(gettext("No such game.")) from missing
    check_editable(request, game)
    return game


def check_editable(request: HttpRequest, game: Game) -> None:
    """403 for anyone but the game's scorekeepers."""
    if not selectors.game_editable_by(game=game, user=request.user):
        raise PermissionDenied(
            gettext("Only this game's scorekeepers can record its hands.")
        )


def _mode_key(game: Game) -> str:
    return f"entry-mode-{game.pk}"


def entry_for(
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


def posted_entry(
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
    entry = entry_for(request, game, sheet, number=number, data=data)
    if action == QUICK:
        entry.carry_auction()
    if action.startswith("rest-"):
        side = parse_whole_number(action.removeprefix("rest-"), max_digits=1)
        if side is not None and side < len(sheet["side_names"]):
            entry.give_rest(side)
    return entry, action


def preview_response(
    request: HttpRequest, game: Game, sheet: dict[str, Any], entry: HandEntry
) -> HttpResponse:
    """Only the preview, after a tap (htmx)."""
    preview = hand_preview(game, sheet, entry)
    context = {"game": game, "entry": entry, "preview": preview}
    return render(request, "scoring/_entry.html#preview", context)
