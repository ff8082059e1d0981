"""Skill ratings as the player's page and the API show them (docs/ratings.md): the
player's rating now and after each of their rated games.

The model is scoring.stats.skill; the ratings follow the games through
scoring.stats.listeners.
"""

from datetime import datetime
from typing import NamedTuple

from pitchclub.models import Player
from scoring.models import Rating, RatingChange

# Figures are given to two decimals: enough to see one game's change.
DECIMALS = 2


def player_rating(player: Player | int) -> dict[str, float | int] | None:
    """The player's rating as API.md's player statistics show it, ``{"mu", "sigma",
    "ordinal", "games"}`` rounded to two decimals, or None before their first
    finished game (1 query)."""
    player_id = player if isinstance(player, int) else player.pk
    row = Rating.objects.filter(player_id=player_id, games__gt=0).first()
    if row is None:
        return None
    return {
        "mu": round(row.mu, DECIMALS),
        "sigma": round(row.sigma, DECIMALS),
        "ordinal": round(row.ordinal, DECIMALS),
        "games": row.games,
    }


class RatingPoint(NamedTuple):
    """The player's rating (ordinal) just after a game."""

    finished_at: datetime
    game_id: int
    ordinal: float


def rating_history(player: Player | int, last: int | None = None) -> list[RatingPoint]:
    """The player's rating after each rated game, in finish order (1 query); with
    `last`, only the latest `last` games."""
    player_id = player if isinstance(player, int) else player.pk
    rows = (
        RatingChange.objects.filter(player_id=player_id)
        .order_by("-finished_at", "-game_id")
        .values_list("finished_at", "game_id", "ordinal_after")
    )
    if last is not None:
        rows = rows[:last]
    return [
        RatingPoint(finished_at, game_id, round(value, DECIMALS))
        for finished_at, game_id, value in reversed(list(rows))
    ]
