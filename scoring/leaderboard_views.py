"""The club leaderboard page (scoring/leaderboard.py computes it)."""

import re

from django import forms
from django.http import Http404, HttpRequest, HttpResponse, QueryDict
from django.shortcuts import render
from django.views.decorators.http import require_safe

from scoring.leaderboard import (
    MIN_GAMES,
    MIN_GAMES_MOST,
    Seasons,
    SeasonUnknown,
    club_for_leaderboard,
    club_leaderboard,
    club_seasons,
)

SLUG = re.compile(r"[-a-zA-Z0-9_]{1,100}")


class MinGamesForm(forms.Form):
    """`?min=`: how many finished games a player needs to be ranked."""

    min = forms.IntegerField(
        label="Minimum games",
        required=False,
        min_value=1,
        max_value=MIN_GAMES_MOST,
        error_messages={
            "invalid": f"Minimum games must be a whole number from 1 to "
            f"{MIN_GAMES_MOST}, such as {MIN_GAMES}.",
            "min_value": "Minimum games must be at least %(limit_value)s.",
            "max_value": "Minimum games can be at most %(limit_value)s.",
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


@require_safe
def leaderboard(request: HttpRequest, slug: str) -> HttpResponse:
    """A club's players ranked by rating (a private club's: its members only),
    with `?season=` the figures of one of its seasons. A wrong `?min=` is a 400
    naming it, with the default list below; a season that is not one of the
    club's, a 404 naming it, with the list of all games below."""
    found = (
        club_for_leaderboard(slug=slug, user=request.user)
        if SLUG.fullmatch(slug)
        else None
    )
    if found is None:
        raise Http404("No such club.")
    club, access = found
    form = MinGamesForm(request.GET)
    min_games = form.min_games()
    status, season_error = 200, ""
    try:
        seasons = club_seasons(
            club=club, value=request.GET.get("season"), user=request.user
        )
    except SeasonUnknown as unknown:
        seasons, season_error, status = unknown.seasons, unknown.message, 404
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
            "default_min": MIN_GAMES,
            "seasons": seasons,
            "season_links": _season_links(request.path, seasons, kept_min),
            "season_error": season_error,
        },
        status=400 if form.errors else status,
    )


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
            "label": "All games",
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
