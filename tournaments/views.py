"""Tournament pages everyone reads: a club's tournaments, the bracket or rounds with
standings, the wall view and the printed sheets. What they show is built by
`tournaments.brackets.board` from the selectors' rows; these views only translate
HTTP."""

import codecs
import csv
from typing import Any

from django.core.paginator import Paginator
from django.db import router
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe
from django.views.decorators.vary import vary_on_headers

from pitchclub import pages as club_pages
from pitchclub import permissions
from pitchclub.language import speak_club_language
from pitchclub.qr import qr_svg
from pitchclub.replica import heavy_read
from tournaments import live_versions, pages, selectors
from tournaments.brackets import board, export
from tournaments.models import Tournament
from tournaments.nights import board as night_board
from tournaments.nights import views as night_views
from tournaments.vocabulary import PROGRESSIVE

T = "tournaments/"
PER_PAGE = 20
# Most tally lines a night's wall shows in one column (more: two columns).
WALL_TALLY_ROWS = 12


def _board(tournament: Tournament) -> board.Board:
    return board.build(tournament, *selectors.tournament_rows(tournament))


@require_safe
def club_tournaments(request: HttpRequest, slug: str) -> HttpResponse:
    """All of a club's tournaments, running first, a page at a time; the archived
    ones apart (`?archived=1`)."""
    club, access = club_pages.club_for(request, slug)
    archived = request.GET.get("archived") == "1"
    tournaments = selectors.club_tournaments(
        user=request.user, club_id=club.pk, archived=archived
    )
    page = Paginator(tournaments, PER_PAGE).get_page(request.GET.get("page"))
    context = {"club": club, "access": access, "page": page, "archived": archived}
    return render(request, f"{T}list.html", context)


@require_safe
def tournament_detail(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """The bracket, or the rounds and standings; the champion once finished; the
    organiser's buttons."""
    tournament = pages.tournament_for(request, tournament_id)
    access = permissions.club_access(club=tournament.club, user=request.user)
    if tournament.format == PROGRESSIVE:
        return night_views.night_page(request, tournament, access)
    shown = _board(tournament)
    # Round tabs are links (?round=N): no JavaScript needed to change round.
    selected = shown.current_round
    wanted = request.GET.get("round", "")
    if wanted.isdigit() and shown.round("main", int(wanted)) is not None:
        selected = shown.round("main", int(wanted))
    context = {
        "tournament": tournament,
        "club": tournament.club,
        "access": access,
        "board": shown,
        "selected": selected,
        # A bracket or round robin swaps seeds only before any match has started.
        "can_swap_seeds": access.can_manage
        and tournament.status == "running"
        and shown.untouched,
    }
    return render(request, f"{T}detail.html", context)


@require_safe
@never_cache
@vary_on_headers("HX-Request")
def tournament_wall(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """The bracket or the round and standings for a wall screen. It asks every few
    seconds (htmx) with the version it shows: the same version answers 204, which
    htmx leaves alone; else the new wall comes back. A public club's wall unchanged
    is answered from the cache without a statement, not even the session's
    (tournaments/live_versions.py); else the same version costs one query.

    That query reads the primary, even with a replica: the version it finds is
    kept in the cache for every poll, and one read from a replica that lags would
    answer "unchanged" for the cache's minute after the replica caught up. Only the
    wall itself is drawn from the replica (`_wall`)."""
    kept = live_versions.cached(tournament_id)
    shown = request.GET.get("v")
    if request.htmx and kept is not None and kept.unchanged(shown):
        return HttpResponse(status=204)
    tournament = _watched(request, tournament_id)
    version = board.wall_version(tournament)
    public = not tournament.club.is_private
    live_versions.remember(tournament_id, kept, version, public=public)
    if request.htmx and shown == version:
        return HttpResponse(status=204)
    return _wall(request, tournament)


def _watched(request: HttpRequest, tournament_id: int) -> Tournament:
    try:
        return selectors.tournament_watched(
            tournament_id=tournament_id, user=request.user
        )
    except Tournament.DoesNotExist as missing:
        raise Http404(pages.NO_TOURNAMENT) from missing


@heavy_read
def _wall(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """The wall drawn from the replica, if the heavy read goes there: from the
    replica's own copy of the tournament too, and with that copy's version, so that
    a wall never shows a newer version than its rows (its polls would then find
    nothing to change while the rows stay old). Such a version, maybe older than
    the primary's, is never kept in the cache."""
    if router.db_for_read(Tournament) != tournament._state.db:
        tournament = _watched(request, tournament.pk)
        if request.htmx and request.GET.get("v") == board.wall_version(tournament):
            # The replica has nothing newer yet: the wall asks again shortly.
            return HttpResponse(status=204)
    speak_club_language(request, tournament.club)
    context = {
        "tournament": tournament,
        "club": tournament.club,
        "version": board.wall_version(tournament),
        "changed": board.wall_changed(tournament),
    }
    if tournament.format == PROGRESSIVE:
        context.update(_night_wall(tournament))
    else:
        context["board"] = _board(tournament)
    template = f"{T}wall.html#wall" if request.htmx else f"{T}wall.html"
    return render(request, template, context)


def _night_wall(tournament: Tournament) -> dict[str, Any]:
    """A night's wall: the current round's seating, each table's state and result,
    the tally (the same 4 queries as the bracket's rows), a long tally in two
    columns so that a hall's screen shows it whole."""
    night = night_board.build(selectors.tournament_read(tournament))
    half = (len(night.tally) + 1) // 2 if len(night.tally) > WALL_TALLY_ROWS else 0
    return {
        "night": night,
        "tally_columns": [night.tally[:half], night.tally[half:]]
        if half
        else [night.tally],
        "round_length": night_board.round_length(
            tournament.settings, tournament.options
        ),
    }


@require_safe
def bracket_print(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """The whole bracket (or every round and the standings) on paper, landscape."""
    tournament = pages.tournament_for(request, tournament_id)
    context = {
        "tournament": tournament,
        "club": tournament.club,
        "board": _board(tournament),
    }
    return render(request, f"{T}print_bracket.html", context)


@require_safe
def round_print(request: HttpRequest, tournament_id: int, number: int) -> HttpResponse:
    """A round's score sheets, one per match: table, entrants, a box per hand and
    its running total, signatures. `?bracket=losers` (or `final`) picks a
    bracket's round; a round robin or Swiss has one."""
    tournament = pages.tournament_for(request, tournament_id)
    shown = _board(tournament)
    default = "winners" if shown.elimination else "main"
    column = shown.round(request.GET.get("bracket", default), number)
    if column is None:
        raise Http404("No such round in this tournament.")
    context = {
        "tournament": tournament,
        "club": tournament.club,
        "board": shown,
        "column": column,
        "sheets": [box for box in column.matches if not box.bye],
        "byes": [box for box in column.matches if box.bye],
        "hand_rows": board.hand_rows(tournament),
    }
    return render(request, f"{T}print_round.html", context)


def _sheet(tournament: Tournament) -> export.Sheet:
    return export.standings_sheet(tournament, *selectors.tournament_rows(tournament))


@require_safe
def standings_print(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """The standings on one A4 page: dated, the club's name, a QR code back to
    the live page."""
    tournament = pages.tournament_for(request, tournament_id)
    live = request.build_absolute_uri(
        reverse("tournaments:detail", args=[tournament.pk])
    )
    context = {
        "tournament": tournament,
        "club": tournament.club,
        "sheet": _sheet(tournament),
        # A night's round in words ("5 hands a round"), as its page says it.
        "round_length": night_board.round_length(
            tournament.settings, tournament.options
        )
        if tournament.format == PROGRESSIVE
        else "",
        "live": live,
        "qr": qr_svg(
            live,
            _("QR code of %(name)s's live page %(url)s")
            % {"name": tournament.name, "url": live},
        ),
    }
    return render(request, f"{T}print_standings.html", context)


@require_safe
def standings_csv(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """The standings for a spreadsheet: UTF-8 with a BOM, a header, one row per
    entrant (tournaments.brackets.export)."""
    tournament = pages.tournament_for(request, tournament_id)
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = (
        f'attachment; filename="pitch-tournament-{tournament.pk}-standings.csv"'
    )
    response.write(codecs.BOM_UTF8)
    csv.writer(response).writerows(export.csv_rows(_sheet(tournament)))
    return response
