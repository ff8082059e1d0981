"""Tournaments, entrants, rounds and matches. Thin: fields, constraints, __str__.

What a draw is (who meets whom, who moves on) is computed by `tournaments.pairing`
and written here by `tournaments.brackets.draw`; the rows keep the draw, each
match's status, wins, scores and winner, so a bracket is read without replaying it.

A package of the app's models by subject (events, audit, seasons); the app label
is the same, so migrations never move.
"""

from tournaments.models.audit import ResultRevision
from tournaments.models.events import (
    Bracket,
    Entrant,
    EntrantPlayer,
    Format,
    Match,
    MatchGame,
    MatchStatus,
    Round,
    Tournament,
    TournamentStatus,
)
from tournaments.models.seasons import (
    SEASON_NAME_MAX,
    SEASON_SCORING_LABELS,
    Night,
    NightGame,
    Season,
    SeasonScoring,
)

__all__ = [
    "SEASON_NAME_MAX",
    "SEASON_SCORING_LABELS",
    "Bracket",
    "Entrant",
    "EntrantPlayer",
    "Format",
    "Match",
    "MatchGame",
    "MatchStatus",
    "Night",
    "NightGame",
    "ResultRevision",
    "Round",
    "Season",
    "SeasonScoring",
    "Tournament",
    "TournamentStatus",
]
