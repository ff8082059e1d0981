"""The games archives and the home page: every game the visitor may read can be
found, in all, per club and per player, filtered and paged (scoring.archive.scopes:
the filters and the scopes `?season=`, `?night=`); the home page's recent games."""

import re
from typing import Any

from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext
from django.views.decorators.http import require_safe

from pitchclub.language import speak_club_language
from pitchclub.models import Player
from pitchclub.replica import heavy_read
from scoring.archive.scopes import ArchiveFilter
from scoring.games import selectors
from scoring.games.players import club_for_archive, player_for_archive
from scoring.table import cards
from scoring.table.words import titles

RECENT_GAMES = 30
SLUG = re.compile(r"[-a-zA-Z0-9_]+")


@require_safe
def home(request: HttpRequest) -> HttpResponse:
    games = cards.game_cards(selectors.game_list(user=request.user, limit=RECENT_GAMES))
    return render(request, "scoring/home.html", {"games": games})


# --- The archives: every game can be found -------------------------------------------

ARCHIVE_PAGE = 20


def _archive(
    request: HttpRequest,
    games: Any,
    *,
    title: str,
    players: Any = None,
    fixed: tuple[str, ...] = (),
    extra: dict[str, Any] | None = None,
) -> HttpResponse:
    """A paged, filtered list of games (scoring.archive.scopes: the filters and the
    scopes `?season=`, `?night=`): a wrong filter is said next to its box, and the
    page lists no games until it is fixed (a 400)."""
    found = ArchiveFilter(
        request.GET or None, games, user=request.user, players=players, fixed=fixed
    )
    status = 200
    if found.is_bound and not found.is_valid():
        shown, status = games.none(), 400
    else:
        shown = found.qs
    paginator = Paginator(shown, ARCHIVE_PAGE)
    page = paginator.get_page(request.GET.get("page"))
    query = request.GET.copy()
    query.pop("page", None)
    context = {
        "title": title,
        "filter": found,
        "page": page,
        "games": cards.game_cards(page.object_list),
        "query": query.urlencode(),
        "filtered": found.active,
        **(extra or {}),
    }
    return render(request, "scoring/archive.html", context, status=status)


@require_safe
@heavy_read
def game_archive(request: HttpRequest) -> HttpResponse:
    """Every game the user may read."""
    return _archive(
        request,
        selectors.game_archive(user=request.user),
        title=titles.archive_title(),
        extra={
            "with_club": True,
            "deleted": selectors.deleted_games(user=request.user),
        },
    )


@require_safe
@heavy_read
def club_games(request: HttpRequest, slug: str) -> HttpResponse:
    """A club's games (a private club's: its members only)."""
    if not SLUG.fullmatch(slug):
        raise Http404(gettext("No such club."))
    club = club_for_archive(slug=slug, user=request.user)
    if club is None:
        raise Http404(gettext("No such club."))
    speak_club_language(request, club)
    return _archive(
        request,
        selectors.game_archive(user=request.user).filter(club=club),
        title=titles.club_archive_title(club.name),
        players=club.players.all(),
        fixed=("club",),
        extra={
            "club": club,
            "deleted": selectors.deleted_games(user=request.user, club=club),
        },
    )


@require_safe
@heavy_read
def player_games(request: HttpRequest, player_id: int) -> HttpResponse:
    """Every game a player sat in (a private club's player: its members only)."""
    try:
        player = player_for_archive(player_id=player_id, user=request.user)
    except Player.DoesNotExist as missing:
        raise Http404(gettext("No such player.")) from missing
    return _archive(
        request,
        selectors.game_archive(user=request.user, player=player),
        title=titles.player_archive_title(player.name),
        fixed=("player",) + (("club",) if player.club_id else ()),
        extra={"player": player, "with_club": player.club_id is None},
    )
