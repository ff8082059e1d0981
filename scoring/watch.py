"""Watching a game: the live view, the CSV export, "new game, same players"."""

import csv
from datetime import datetime
from typing import Any

import segno
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST, require_safe
from django.views.decorators.vary import vary_on_headers

from pitchclub import selectors as club_selectors
from scoring import convert, selectors, services
from scoring.engine import RuleViolation
from scoring.models import Game, Point, Suit

# A cell a spreadsheet would read as a formula (OWASP "CSV injection").
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def _readable_game(request: HttpRequest, game_id: int) -> Game:
    """The game with its seats, hands and awards, or a 404 for an unknown game or
    one the user may not read (a private club's games do not exist for outsiders)."""
    try:
        return selectors.game_detail(game_id=game_id, user=request.user)
    except Game.DoesNotExist as missing:
        raise Http404("No such game.") from missing


def live_version(updated_at: datetime, hand_count: int) -> str:
    """Changes whenever the game does: recording, correcting or undoing a hand all
    save the game row (its `updated_at`), and an undo also lowers `hand_count`."""
    return f"{int(updated_at.timestamp() * 1_000_000)}.{hand_count}"


def live_qr(url: str) -> SafeString:
    """The link as an inline SVG QR code, black on white whatever the page's theme
    (scanners expect dark modules); sized by CSS, no style attribute (CSP)."""
    svg = segno.make(url, error="m").svg_inline(
        scale=1,
        border=4,
        dark="#000",
        light="#fff",
        svgclass="qr-code",
        lineclass=None,
        omitsize=True,
    )
    label = format_html(
        '<svg role="img" aria-label="{}" ', f"QR code of the live score link {url}"
    )
    # segno's markup holds only path data and colours, nothing taken from users.
    return mark_safe(svg.replace("<svg ", label, 1))


def share_context(request: HttpRequest, game: Game) -> dict[str, Any]:
    """What templates/scoring/_share.html needs: the live link (absolute, to send or
    scan), its QR code and the CSV export's address."""
    live_url = request.build_absolute_uri(reverse("scoring:live", args=[game.pk]))
    return {
        "live_url": live_url,
        "live_qr": live_qr(live_url),
        "csv_url": reverse("scoring:hands_csv", args=[game.pk]),
    }


def _latest(sheet: dict[str, Any]) -> dict[str, Any] | None:
    """The newest hand, told in one line at the top of the live view."""
    if not sheet["hands"]:
        return None
    row = sheet["hands"][-1]
    return {
        "row": row,
        "trump": Suit(row["hand"].trump).label if row["hand"].trump else "",
        "sides": [
            {"name": name, "delta": cell["delta"]}
            for name, cell in zip(sheet["side_names"], row["cells"], strict=True)
        ],
    }


@require_safe
@never_cache
@vary_on_headers("HX-Request")
def live(request: HttpRequest, game_id: int) -> HttpResponse:
    """A read-only score sheet for other phones and a wall screen. The page asks
    every few seconds (htmx) with the version it shows: the same version costs one
    query and answers 204, which htmx leaves alone; else the new sheet comes back."""
    if request.htmx and "v" in request.GET:
        current = (
            Game.objects.filter(club_selectors.games_visible_filter(request.user))
            .filter(pk=game_id)
            .values_list("updated_at", "hand_count")
            .first()
        )
        if current is None:
            raise Http404("No such game.")
        if request.GET["v"] == live_version(*current):
            return HttpResponse(status=204)
    game = _readable_game(request, game_id)
    sheet = selectors.game_sheet(game)
    context = {
        **sheet,
        "version": live_version(game.updated_at, game.hand_count),
        "latest": _latest(sheet),
        "hand_links": False,
    }
    template = "scoring/live.html#live" if request.htmx else "scoring/live.html"
    return render(request, template, context)


def _cell(value: object) -> object:
    """A name as text a spreadsheet shows as typed, never runs as a formula."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


@require_safe
def hands_csv(request: HttpRequest, game_id: int) -> HttpResponse:
    """Every hand of the game, one row each, for a spreadsheet: who dealt and
    pitched, the bid and whether it was made, who took each point, and each side's
    points and running score."""
    game = _readable_game(request, game_id)
    rules = convert.rules_for(game)
    seats = selectors.seat_names(game)
    sides = selectors.side_names(game)
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="pitch-game-{game.pk}.csv"'
    writer = csv.writer(response)
    header: list[object] = ["Hand", "Dealer", "Pitcher", "Bid", "Made", "Trump"]
    header += [Point(point).label for point in rules.points]
    for name in sides:
        header += [f"{name} points", f"{name} score"]
    writer.writerow(map(_cell, header))
    for hand in game.hands.all():
        awarded = {award.point: award.seat for award in hand.awards.all()}
        row: list[object] = [
            hand.number,
            seats[hand.dealer],
            seats[hand.pitcher],
            hand.bid,
            "yes" if hand.made else "no",
            Suit(hand.trump).label if hand.trump else "",
        ]
        row += [
            seats[awarded[point]] if point in awarded else "" for point in rules.points
        ]
        for delta, score in zip(hand.deltas, hand.scores, strict=True):
            row += [delta, score]
        writer.writerow(map(_cell, row))
    return response


@require_POST
@login_required
def game_again(request: HttpRequest, game_id: int) -> HttpResponse:
    """After a game is won: a new one with the same players in the same seats, the
    same variant and options, in the same club; the deal moves on one seat."""
    game = _readable_game(request, game_id)
    user = request.user
    if not selectors.game_editable_by(game=game, user=user):
        raise PermissionDenied(
            "Only the game's scorekeepers can start the next game with its players."
        )
    # A club game needs a scorekeeper of the club now, as the new-game form does.
    if (
        game.club is not None
        and not user.is_superuser
        and not club_selectors.club_scorekeeping_by(club=game.club, user=user)
    ):
        raise PermissionDenied(
            f"Only {game.club.name}'s scorekeepers can start games in the club."
        )
    if game.winner is None:
        messages.error(
            request,
            "This game is not over yet: play it to the end, then start the next "
            "one with the same players.",
        )
        return redirect("scoring:game", game.pk)
    rules = convert.rules_for(game)
    try:
        again = services.game_start(
            variant=game.variant,
            players=[seat.player for seat in game.seats.all()],
            partnership=game.partnership,
            first_dealer=rules.dealer_of(game.hand_count + 1),
            options=game.options,
            club=game.club,
            created_by=user,
        )
    except RuleViolation as refusal:
        messages.error(request, f"The next game could not start: {refusal.message}")
        return redirect("scoring:game", game.pk)
    dealer = selectors.seat_names(game)[again.first_dealer]
    messages.success(
        request, f"New game with the same players: {dealer} deals the first hand."
    )
    return redirect("scoring:game", again.pk)
