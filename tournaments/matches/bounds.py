"""What scores a match's game can produce: the one definition of a paper score's
bounds, for a match's result and a progressive table's, on the page and the API.

A game of a fixed number of hands ends between every hand set back by the
highest bid and every hand won whole. A game to a target has no fixed number of
hands: it is taken to last at most MAX_HAND_LIMIT hands (a whole evening and
more) for its set-backs and, when only the pitcher goes out, for what a side
waiting to pitch may gather; otherwise a side ends at most one hand past the
point below the target."""

from __future__ import annotations

from collections.abc import Sequence

from scoring.engine.variants import (
    BID_RANGE,
    MAX_HAND_LIMIT,
    MAX_TARGET,
    OPTION_DEFAULTS,
    POINT_VALUES,
    Variant,
)
from tournaments.models import Tournament
from tournaments.refusals import TournamentRefusal

# The widest bounds of any game (the API's schema says them): a thirteen game of
# MAX_HAND_LIMIT hands set back at each, and the largest target a game accepts.
SCORE_MIN = -MAX_HAND_LIMIT * max(high for _, high in BID_RANGE.values())
SCORE_MAX = MAX_TARGET


def score_range(tournament: Tournament) -> tuple[int, int]:
    """The lowest and the highest score a side can end the match's game with."""
    variant = Variant(tournament.variant)
    options = tournament.options
    most = sum(POINT_VALUES[variant].values())
    worst = BID_RANGE[variant][1]
    hands = options.get("hand_limit")
    if hands:
        return -hands * worst, hands * most
    target = int(options["target"])
    past_target = target - 1 + most
    if options.get("pitcher_only_win", OPTION_DEFAULTS[variant]["pitcher_only_win"]):
        high = max(past_target, MAX_HAND_LIMIT * most)
    else:
        high = past_target
    return -MAX_HAND_LIMIT * worst, min(high, SCORE_MAX)


def check_score_bounds(tournament: Tournament, scores: Sequence[int]) -> None:
    """Refuse at `scores` a score out of what the match's game can produce."""
    low, high = score_range(tournament)
    for score in scores:
        if not low <= score <= high:
            raise TournamentRefusal(
                "score_out_of_range",
                "scores",
                params={"score": score, "low": low, "high": high},
            )
