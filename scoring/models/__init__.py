"""Games, seats, hands and awards; ratings; the statistics' rows and sums. Thin:
fields, constraints, __str__.

Scores are computed by `scoring.engine` and written here by `scoring.games.services`; a
Game row keeps its current scores, status and winner so that lists of games need no
replay.

A package of the app's models by subject (games, ratings, stats); the app label is
the same, so migrations never move.
"""

from scoring.models.games import (
    Award,
    Game,
    GameLog,
    GameQuerySet,
    Hand,
    HandRevision,
    Point,
    Seat,
    Status,
    Suit,
    Variant,
)
from scoring.models.ratings import Rating, RatingBacklog, RatingChange
from scoring.models.stats import (
    PLAYER_GAME_BIDS,
    PlayerDay,
    PlayerGame,
    PlayerMonth,
    PlayerPairDay,
    PlayerPairMonth,
    PlayerPairTotal,
    PlayerTotal,
)

__all__ = [
    "PLAYER_GAME_BIDS",
    "Award",
    "Game",
    "GameLog",
    "GameQuerySet",
    "Hand",
    "HandRevision",
    "PlayerDay",
    "PlayerGame",
    "PlayerMonth",
    "PlayerPairDay",
    "PlayerPairMonth",
    "PlayerPairTotal",
    "PlayerTotal",
    "Point",
    "Rating",
    "RatingBacklog",
    "RatingChange",
    "Seat",
    "Status",
    "Suit",
    "Variant",
]
