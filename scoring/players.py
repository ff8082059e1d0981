"""The player page (/players/<id>/): a player's statistics (scoring.stats) with their
charts (scoring.charts), filtered by club, variant, season and dates."""

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext, ngettext
from django.views.decorators.http import require_safe

from pitchclub.models import Player
from scoring import charts, ratings, stats
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
    described = "; ".join(
        ngettext(
            "%(point)s taken %(taken)s time in %(hands)s hands",
            "%(point)s taken %(taken)s times in %(hands)s hands",
            f.taken,
        )
        % {"point": f.label, "taken": f.taken, "hands": f.hands}
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


def _rating_chart(history: list[ratings.RatingPoint], games: int) -> Any:
    """The rating after each of the latest rated games (`games` rated in all);
    shown from the second game on."""
    if len(history) < 2:
        return None
    points = [
        charts.Point(point.finished_at.date().isoformat(), point.ordinal)
        for point in history
    ]
    first, last = history[0], history[-1]
    return charts.line_chart(
        points,
        chart_id="rating-history",
        number=charts.rating_text,
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
            "first": charts.rating_text(first.ordinal),
            "last": charts.rating_text(last.ordinal),
            "low": charts.rating_text(min(point.ordinal for point in history)),
            "high": charts.rating_text(max(point.ordinal for point in history)),
        },
    )


@require_safe
def player(request: HttpRequest, player_id: int) -> HttpResponse:
    """A player's statistics over the games the visitor may read (a private club's
    player: its members only)."""
    try:
        shown = stats.visible_player(player_id=player_id, user=request.user)
    except Player.DoesNotExist as missing:
        raise Http404("No such player.") from missing
    found = stats.stats_filter(request.GET, request.user, club=shown.club)
    context: dict[str, Any] = {
        "player": shown,
        "filter": found,
        "filtered": found.active,
        "seasons": found.seasons,
    }
    if not found.is_valid():
        return render(request, "scoring/player.html", context, status=400)
    figures = stats.player_stats(
        player=shown,
        games=found.qs,
        variant=found.form.cleaned_data.get("variant") or None,
    )
    context["stats"] = figures
    # The rating counts every finished game of the player, whatever the filters.
    rating = context["rating"] = ratings.player_rating(shown)
    context["rating_shown"] = charts.rating_text(rating["ordinal"]) if rating else ""
    history = ratings.rating_history(shown, last=RATING_CHART_GAMES)
    context["rating_chart"] = _rating_chart(history, rating["games"] if rating else 0)
    # The chart's figures as a table (screen readers; anyone who would rather read).
    context["rating_rows"] = [
        (point.finished_at, point.game_id, charts.rating_text(point.ordinal))
        for point in reversed(history)
    ]
    context["variants"] = [
        {
            "figures": variant,
            "bid_chart": _bid_chart(variant) if variant.by_bid else None,
            "points_chart": _points_chart(variant) if variant.hands else None,
        }
        for variant in figures.variants
    ]
    return render(request, "scoring/player.html", context)
