"""A player's page and the club leaderboard's page. The player page
(/players/<id>/): a player's statistics (scoring.stats.figures) with their charts
(scoring.stats.charts), filtered by club, variant, season and dates. The club
leaderboard (/clubs/<slug>/leaderboard/; scoring.stats.leaderboard computes it)."""

import re
from collections.abc import Callable
from typing import Any
from urllib.parse import urlencode

from django import forms
from django.http import Http404, HttpRequest, HttpResponse, QueryDict
from django.shortcuts import render
from django.urls import reverse
from django.utils.text import format_lazy
from django.utils.translation import (
    gettext,
    gettext_lazy,
    ngettext,
    npgettext,
    pgettext,
)
from django.views.decorators.http import require_safe

from pitchclub.language import speak_club_language
from pitchclub.models import Club, Player
from pitchclub.permissions import ClubAccess
from pitchclub.replica import heavy_read
from scoring.games.players import merges_offered, same_name_players
from scoring.stats import charts, filters, ratings
from scoring.stats import figures as stats
from scoring.stats.board_pages import board_page
from scoring.stats.leaderboard import (
    MIN_GAMES,
    MIN_GAMES_MOST,
    Seasons,
    SeasonUnknown,
    club_for_leaderboard,
    club_leaderboard,
    club_seasons,
)
from scoring.stats.player_pages import day_texts, rating_rows, recent_lines
from scoring.templatetags.stats import percent


def _bid_chart(variant: stats.VariantFigures) -> Any:
    bars = [
        charts.Bar(
            gettext("Bid %(bid)s") % {"bid": figures.bid},
            figures.made,
            figures.pitched,
            f"{figures.made}/{figures.pitched} · {percent(figures.made_rate)}",
        )
        for figures in variant.by_bid
    ]
    described = "; ".join(
        gettext("bid %(bid)s: made %(made)s of %(pitched)s")
        % {"bid": f.bid, "made": f.made, "pitched": f.pitched}
        for f in variant.by_bid
    )
    return charts.bar_chart(
        bars,
        chart_id=f"bids-{variant.variant}",
        title=gettext("Bids made by level, %(variant)s") % {"variant": variant.label},
        description=described or gettext("No bids yet."),
    )


def _points_chart(variant: stats.VariantFigures) -> Any:
    bars = [
        charts.Bar(
            figures.label,
            figures.taken,
            figures.hands,
            f"{figures.taken} · {percent(figures.rate)}",
        )
        for figures in variant.points
    ]
    # Two counts, two plurals: "1-mal geholt in 1 Spiel", not "in 1 Spielen".
    described = "; ".join(
        ngettext(
            "%(point)s taken %(taken)s time",
            "%(point)s taken %(taken)s times",
            f.taken,
        )
        % {"point": f.label, "taken": f.taken}
        + " "
        + npgettext(
            "after how often a point was taken",
            "in %(hands)s hand",
            "in %(hands)s hands",
            f.hands,
        )
        % {"hands": f.hands}
        for f in variant.points
    )
    return charts.bar_chart(
        bars,
        chart_id=f"points-{variant.variant}",
        title=gettext("Points taken, %(variant)s") % {"variant": variant.label},
        description=described,
    )


# The rating chart shows the latest games (a line of thousands of dots says no more).
RATING_CHART_GAMES = 50


def _rating_chart(
    history: list[ratings.RatingPoint], games: int, text: Callable[[float], str]
) -> Any:
    """The rating after each of the latest rated games (`games` rated in all),
    each written by `text`; shown from the second game on."""
    if len(history) < 2:
        return None
    # Translators: the chart's dates, as Django's date filter writes them ("d.m.Y").
    day_text = day_texts(pgettext("date format: a chart's axis", "Y-m-d"))
    points = [
        charts.Point(day_text(point.finished_at), point.ordinal) for point in history
    ]
    first, last = history[0], history[-1]
    return charts.line_chart(
        points,
        chart_id="rating-history",
        number=text,
        title=gettext("Rating after each finished game")
        if len(history) == games
        else gettext("Rating after each of the last %(shown)s finished games")
        % {"shown": len(history)},
        description=gettext(
            "%(games)s games: from %(first)s after the first to %(last)s now; "
            "lowest %(low)s, highest %(high)s."
        )
        % {
            "games": len(history),
            "first": text(first.ordinal),
            "last": text(last.ordinal),
            "low": text(min(point.ordinal for point in history)),
            "high": text(max(point.ordinal for point in history)),
        },
    )


def _rating_context(shown: Player) -> dict[str, Any]:
    """The player's rating, its chart and the chart's figures as a table. The rating
    counts every finished game of the player, whatever the filters."""
    context: dict[str, Any] = {}
    rating = context["rating"] = ratings.player_rating(shown)
    context["rating_shown"] = charts.rating_text(rating["ordinal"]) if rating else ""
    history = ratings.rating_history(shown, last=RATING_CHART_GAMES)
    # Each rating written once (the chart, its description and the table).
    text = {point.ordinal: charts.rating_text(point.ordinal) for point in history}
    context["rating_chart"] = _rating_chart(
        history, rating["games"] if rating else 0, text.__getitem__
    )
    # The chart's figures as a table (screen readers; anyone who would rather read).
    context["rating_rows"] = rating_rows(history, text.__getitem__)
    return context


def _same_name(shown: Player, user: Any) -> list[dict[str, Any]]:
    """The other players of the shown one's name the visitor may read, each with
    the address of its merge's confirmation where the visitor may merge them."""
    others = same_name_players(player=shown, user=user)
    offered = merges_offered(player=shown, others=others, user=user)
    found = []
    for other in others:
        merge = ""
        if other.pk in offered:
            slug, guest, clubless = offered[other.pk]
            address = reverse("clubs:player_merge", args=[slug, guest])
            merge = f"{address}?into={clubless}"
        found.append({"player": other, "merge": merge})
    return found


@require_safe
@heavy_read
def player(request: HttpRequest, player_id: int) -> HttpResponse:
    """A player's statistics over the games the visitor may read (a private club's
    player: its members only)."""
    try:
        shown = filters.visible_player(player_id=player_id, user=request.user)
    except Player.DoesNotExist as missing:
        raise Http404(gettext("No such player.")) from missing
    speak_club_language(request, shown.club)
    found = filters.stats_filter(request.GET, request.user, club=shown.club)
    context: dict[str, Any] = {
        "player": shown,
        "filter": found,
        "filtered": found.active,
        "seasons": found.seasons,
        "same_name": _same_name(shown, request.user),
    }
    if not found.is_valid():
        return render(request, "scoring/player.html", context, status=400)
    figures = stats.player_stats(
        player=shown,
        scope=stats.scope_of(found.form.cleaned_data, request.user),
        variant=found.form.cleaned_data.get("variant") or None,
    )
    context["stats"] = figures
    context["recent"] = recent_lines(figures.recent)
    context["games_query"] = _archive_query(request.GET, shown)
    context.update(_rating_context(shown))
    context["variants"] = [
        {
            "figures": variant,
            "bid_chart": _bid_chart(variant) if variant.by_bid else None,
            "points_chart": _points_chart(variant) if variant.hands else None,
        }
        for variant in figures.variants
    ]
    return render(request, "scoring/player.html", context)


def _archive_query(asked: Any, shown: Player) -> str:
    """The filters of the player's page the games list also has (variant, from, to;
    the club for a player outside clubs: a club's player's list is the club's), as
    its query string: its link shows the games these figures count."""
    names = ("variant", "from", "to") + (() if shown.club_id else ("club",))
    return urlencode([(name, asked[name]) for name in names if asked.get(name)])


# --- The club leaderboard ----------------------------------------------------------

SLUG = re.compile(r"[-a-zA-Z0-9_]{1,100}")


class MinGamesForm(forms.Form):
    """`?min=`: how many finished games a player needs to be ranked."""

    min = forms.IntegerField(
        label=gettext_lazy("Minimum games"),
        required=False,
        min_value=1,
        max_value=MIN_GAMES_MOST,
        error_messages={
            "invalid": format_lazy(
                gettext_lazy(
                    "Minimum games must be a whole number from 1 to {most}, "
                    "such as {usual}."
                ),
                most=MIN_GAMES_MOST,
                usual=MIN_GAMES,
            ),
            "min_value": gettext_lazy(
                "Minimum games must be at least %(limit_value)s."
            ),
            "max_value": gettext_lazy("Minimum games can be at most %(limit_value)s."),
        },
    )

    def min_games(self) -> int:
        """The number asked for, or the default when none (or a wrong one) was."""
        if self.is_valid() and self.cleaned_data["min"] is not None:
            return self.cleaned_data["min"]
        return MIN_GAMES


def _address(path: str, season: str, min_games: str) -> str:
    """A season's link, keeping the minimum asked for."""
    query = QueryDict(mutable=True)
    if season:
        query["season"] = season
    if min_games:
        query["min"] = min_games
    return f"{path}?{query.urlencode()}" if query else path


def _leaderboard_club(request: HttpRequest, slug: str) -> tuple[Club, ClubAccess]:
    """The club and what the visitor may do in it; a 404 if they may not see it."""
    found = (
        club_for_leaderboard(slug=slug, user=request.user)
        if SLUG.fullmatch(slug)
        else None
    )
    if found is None:
        raise Http404(gettext("No such club."))
    return found


@require_safe
@heavy_read
def leaderboard(request: HttpRequest, slug: str) -> HttpResponse:
    """A club's players ranked by rating (a private club's: its members only),
    with `?season=` the figures of one of its seasons. A wrong `?min=` is a 400
    naming it, with the default list below; a season that is not one of the
    club's, a 404 naming it, with the list of all games below."""
    club, access = _leaderboard_club(request, slug)
    speak_club_language(request, club)
    form = MinGamesForm(request.GET)
    min_games = form.min_games()
    seasons, season_error, status = _seasons_asked(request, club)
    board = club_leaderboard(
        club=club, user=request.user, min_games=min_games, games=seasons.games
    )
    kept_min = str(min_games) if form.is_valid() and form.cleaned_data["min"] else ""
    return render(
        request,
        "scoring/leaderboard.html",
        {
            "club": club,
            "access": access,
            "tab": "leaderboard",
            "form": form,
            "board": board,
            "page": board_page(
                board,
                asked=request.GET.get("page"),
                query=_kept_query(request.GET, form),
                user=request.user,
                season=seasons.chosen.value if seasons.chosen else None,
            ),
            "default_min": MIN_GAMES,
            "seasons": seasons,
            "season_links": _season_links(request.path, seasons, kept_min),
            "season_error": season_error,
        },
        status=400 if form.errors else status,
    )


def _kept_query(asked: QueryDict, form: MinGamesForm) -> QueryDict:
    """What the page links keep of the address: a wrong `?min=` is dropped (the
    page shows the default list; its next page should too, not the error)."""
    if not form.errors:
        return asked
    kept = asked.copy()
    kept.pop("min", None)
    return kept


def _seasons_asked(request: HttpRequest, club: Club) -> tuple[Seasons, str, int]:
    """The club's seasons with the one `?season=` asks for, what is wrong with
    it ("" if nothing) and the page's status (404 for a season not the club's)."""
    try:
        seasons = club_seasons(
            club=club, value=request.GET.get("season"), user=request.user
        )
    except SeasonUnknown as unknown:
        return unknown.seasons, unknown.message, 404
    return seasons, "", 200


def _season_links(
    path: str, seasons: Seasons, kept_min: str
) -> list[dict[str, object]]:
    """ "All games" and the club's seasons (none when it has none), the one shown
    marked."""
    if not seasons.choices:
        return []
    chosen = seasons.chosen.value if seasons.chosen is not None else ""
    return [
        {
            "label": gettext("All games"),
            "href": _address(path, "", kept_min),
            "current": not chosen,
        },
        *(
            {
                "label": choice.label,
                "href": _address(path, choice.value, kept_min),
                "current": choice.value == chosen,
            }
            for choice in seasons.choices
        ),
    ]
