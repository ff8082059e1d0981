"""Pairing: brackets, round robin, Swiss and progressive movements, pure Python.

Like ``scoring.engine`` this package imports no Django (the standard library and
networkx only); the tournament services call it and store what it returns.
Entrants are opaque hashable ids (database ids, names …) given **in seed order**
(seed 1 first; ``seed_order`` draws a random order once). Results go in as data
and draws come out as frozen dataclasses; nothing is kept between calls, so the
same inputs always give the same draw. Bad input raises ``PairingError`` with a
stable ``code`` and the ``field`` concerned. docs/pairing.md has every reading.

Single and double elimination::

    bracket = draw_bracket(entrants, double=True, grand_final_reset=True)
    state = bracket_state(bracket, {MatchKey("winners", 1, 2): Result((a, b), a)})
    state.matches            # MatchState: key, entrants, status, winner, loser
    state.champion, state.finished
    bracket_dependents(bracket, key)   # what a correction of ``key`` can change
    elimination_standings(bracket, results)

Round robin and Swiss (``Result(entrants, winner, scores)``, a bye has one
entrant)::

    round_robin_schedule(entrants, cycles=1)   # every round's Pairings
    round_robin_standings(entrants, results)
    swiss_rounds(len(entrants), rounds=None)   # ceil(log2 n), at most n - 1
    swiss_pairings(entrants, results)          # the next round's Pairings
    swiss_standings(entrants, results)

A progressive night (every entrant a player)::

    progressive_first_round(players, solo=True)          # a Seating
    progressive_next_round(players, played, movement="winners_up", solo=True,
                           left=())                      # played: PlayedRounds
    table_winners(table_result, seeds)
    progressive_standings(players, played, scoring="points")

Standings are ``Standing`` lines (rank, entrant, played, won, lost, byes,
points_for, points_against, measures by name) as the API's ``standings[]``.
"""

from .base import (
    EntrantId,
    Pairing,
    PairingError,
    Result,
    Seeding,
    Standing,
    seed_order,
)
from .bracket import (
    Bracket,
    BracketMatch,
    MatchKey,
    Source,
    bracket_dependents,
    bracket_order,
    bracket_size,
    draw_bracket,
)
from .elimination import (
    EMPTY,
    BracketState,
    MatchState,
    bracket_state,
    elimination_standings,
)
from .movements import Movement, progressive_next_round
from .progressive import (
    DEFAULT_HANDS_PER_ROUND,
    DEFAULT_ROUNDS,
    PlayedRound,
    Scoring,
    Seating,
    Table,
    TableResult,
    fixed_movement_repeats,
    progressive_first_round,
    progressive_standings,
    table_layout,
    table_winners,
)
from .round_robin import (
    berger_table,
    round_robin_rounds,
    round_robin_schedule,
    round_robin_standings,
)
from .swiss import swiss_pairings, swiss_rounds, swiss_standings

__all__ = [
    "DEFAULT_HANDS_PER_ROUND",
    "DEFAULT_ROUNDS",
    "EMPTY",
    "Bracket",
    "BracketMatch",
    "BracketState",
    "EntrantId",
    "MatchKey",
    "MatchState",
    "Movement",
    "Pairing",
    "PairingError",
    "PlayedRound",
    "Result",
    "Scoring",
    "Seating",
    "Seeding",
    "Source",
    "Standing",
    "Table",
    "TableResult",
    "berger_table",
    "bracket_dependents",
    "bracket_order",
    "bracket_size",
    "bracket_state",
    "draw_bracket",
    "elimination_standings",
    "fixed_movement_repeats",
    "progressive_first_round",
    "progressive_next_round",
    "progressive_standings",
    "round_robin_rounds",
    "round_robin_schedule",
    "round_robin_standings",
    "seed_order",
    "swiss_pairings",
    "swiss_rounds",
    "swiss_standings",
    "table_layout",
    "table_winners",
]
