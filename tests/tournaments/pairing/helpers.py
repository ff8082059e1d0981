"""Playing whole tournaments out with chosen or random winners.

The properties run 60 examples; ``PAIRING_EXAMPLES=400`` runs more.
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable

from hypothesis import HealthCheck, settings

from tournaments.pairing import (
    Bracket,
    BracketState,
    MatchKey,
    Result,
    bracket_state,
)

PROPERTY = settings(
    max_examples=int(os.environ.get("PAIRING_EXAMPLES", "60")),
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)

Chooser = Callable[[MatchKey, tuple[object, object]], object]


def play_bracket(
    bracket: Bracket, choose: Chooser, *, check: Callable[[BracketState], None] = id
) -> tuple[BracketState, dict[MatchKey, Result]]:
    """Play every ready match (in bracket order) until none is left; ``check``
    sees the state after each result."""
    results: dict[MatchKey, Result] = {}
    state = bracket_state(bracket, results)
    while True:
        check(state)
        ready = [match for match in state.matches if match.status == "ready"]
        if not ready:
            return state, results
        match = ready[0]
        entrants = (match.entrants[0], match.entrants[1])
        winner = choose(match.key, entrants)
        scores = (11, 5) if winner == entrants[0] else (6, 11)
        results[match.key] = Result(entrants, winner, scores)
        state = bracket_state(bracket, results)


def random_chooser(rng: random.Random) -> Chooser:
    return lambda key, entrants: rng.choice(entrants)


def better_seed(key: MatchKey, entrants: tuple[object, object]) -> object:
    """Entrants are ints: the lower one is the better seed and wins."""
    return min(entrants)  # type: ignore[type-var]
