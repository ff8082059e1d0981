"""The club leaderboard page (scoring/leaderboard.py computes it)."""

import re

from django import forms
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_safe

from scoring.leaderboard import (
    MIN_GAMES,
    MIN_GAMES_MOST,
    club_for_leaderboard,
    club_leaderboard,
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


@require_safe
def leaderboard(request: HttpRequest, slug: str) -> HttpResponse:
    """A club's players ranked by rating (a private club's: its members only). A
    wrong `?min=` is a 400 naming it, with the default list below."""
    found = (
        club_for_leaderboard(slug=slug, user=request.user)
        if SLUG.fullmatch(slug)
        else None
    )
    if found is None:
        raise Http404("No such club.")
    club, access = found
    form = MinGamesForm(request.GET)
    board = club_leaderboard(club=club, user=request.user, min_games=form.min_games())
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
        },
        status=400 if form.errors else 200,
    )
