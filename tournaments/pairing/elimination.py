"""Single and double elimination: a bracket's state from results, its standings.

The bracket itself is drawn once (``draw_bracket``, ``pairing.bracket``). Its state
(``bracket_state``) is a pure function of the results recorded so far: who is in
each match, which are ready, the champion. Nothing is stored here: the caller keeps
the results and asks again.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

import networkx as nx

from .base import EntrantId, PairingError, Result, Standing
from .bracket import (
    BRACKETS,
    FINAL,
    WINNERS,
    Bracket,
    BracketMatch,
    MatchKey,
    Source,
)

Status = Literal["waiting", "ready", "completed", "void"]

#: Up to this many drop-ins every placement is considered; above it, placements
#: within ``_PLACEMENT_REACH`` of the default one.
_ALL_PLACEMENTS_UP_TO = 32
_PLACEMENT_REACH = 4


@dataclass(frozen=True)
class MatchState:
    """A match as it stands. ``entrants``: in seat order, ``None`` for a slot not
    known yet; one entrant for a bye; none for a match that will not be played
    (``void``: the grand final's reset when the winners' champion won the first)."""

    key: MatchKey
    entrants: tuple[EntrantId | None, ...]
    status: Status
    winner: EntrantId | None = None
    loser: EntrantId | None = None


@dataclass(frozen=True)
class BracketState:
    matches: tuple[MatchState, ...]
    champion: EntrantId | None
    finished: bool
    losses: Mapping[EntrantId, int] = field(default_factory=dict)
    #: The entrants out of the running, in the order they went out.
    eliminated: tuple[EntrantId, ...] = ()

    def match(self, key: MatchKey) -> MatchState:
        for match in self.matches:
            if match.key == key:
                return match
        raise PairingError(
            "unknown_match", "match", f"There is no {key}.", {"match": str(key)}
        )


class _Empty:
    """Nobody: the slot of a bye."""

    def __repr__(self) -> str:
        return "EMPTY"


EMPTY = _Empty()

Slot = EntrantId | _Empty | None


def _wrong_result(key: MatchKey, code: str, message: str) -> PairingError:
    return PairingError(code, f"results.{key}", message, {"match": str(key)})


def bracket_state(bracket: Bracket, results: Mapping[MatchKey, Result]) -> BracketState:
    """Every match of ``bracket`` as ``results`` (by match) leave it.

    Byes are completed at once (no result needed). A losers' round that takes
    winners' losers is placed once all its entrants are known (the whole winners'
    round and the losers' round before it completed): the default placement of
    ``draw_bracket`` unless it makes two entrants who met in the winners'
    bracket meet again while another placement avoids it (the placement with the
    fewest such rematches, then the most default places, by maximum weight
    matching); until then its winners'-bracket slots are ``None``.
    """
    known = {match.key for match in bracket.matches}
    for key in results:
        if key not in known:
            raise _wrong_result(key, "unknown_match", f"There is no {key}.")
    winner_of: dict[MatchKey, Slot] = {}
    loser_of: dict[MatchKey, Slot] = {}
    states: dict[MatchKey, MatchState] = {}
    met: set[frozenset[EntrantId]] = set()
    placed: dict[MatchKey, Slot] = {}
    placed_rounds: set[int] = set()
    drop_ins: dict[int, list[BracketMatch]] = defaultdict(list)
    for match in bracket.matches:
        if match.drop_in:
            drop_ins[match.key.round].append(match)

    def resolve(source: Source) -> Slot:
        if source.kind == "seed":
            assert source.seed is not None
            return bracket.entrants[source.seed - 1]
        if source.kind == "empty":
            return EMPTY
        assert source.match is not None
        table = winner_of if source.kind == "winner" else loser_of
        return table.get(source.match)

    for match in bracket.matches:
        key = match.key
        if match.drop_in and key.round not in placed_rounds:
            placed_rounds.add(key.round)
            placed.update(_place(drop_ins[key.round], resolve, met))
        first = placed.get(key) if match.drop_in else resolve(match.sources[0])
        second = resolve(match.sources[1])
        if key == MatchKey(FINAL, 2, 1):
            state = _reset_state(key, states[MatchKey(FINAL, 1, 1)], results.get(key))
        else:
            state = _match_state(key, first, second, results.get(key))
        states[key] = state
        if state.status == "void":
            winner_of[key] = loser_of[key] = EMPTY
        elif state.status == "completed":
            winner_of[key] = state.winner
            loser_of[key] = state.loser if state.loser is not None else EMPTY
            if key.bracket == WINNERS and state.loser is not None:
                met.add(frozenset((state.winner, state.loser)))
    return _summary(bracket, states)


def _match_state(
    key: MatchKey, first: Slot, second: Slot, result: Result | None
) -> MatchState:
    slots = [slot for slot in (first, second) if slot is not EMPTY]
    if not slots:
        if result is not None:
            raise _wrong_result(key, "match_not_played", f"Nobody plays {key}.")
        return MatchState(key, (), "void")
    if len(slots) == 1:
        (only,) = slots
        if only is None:
            if result is not None:
                raise _wrong_result(
                    key, "match_not_ready", f"The entrants of {key} are not known yet."
                )
            return MatchState(key, (None,), "waiting")
        if result is not None and (result.winner != only or len(result.entrants) != 1):
            raise _wrong_result(key, "bye", f"{key} is a bye for {only!r}.")
        return MatchState(key, (only,), "completed", winner=only)
    entrants = (first, second)
    if first is None or second is None:
        if result is not None:
            raise _wrong_result(
                key, "match_not_ready", f"The entrants of {key} are not known yet."
            )
        return MatchState(key, entrants, "waiting")
    if result is None:
        return MatchState(key, entrants, "ready")
    if set(result.entrants) != set(entrants) or len(result.entrants) != 2:
        raise _wrong_result(
            key,
            "result_entrants_mismatch",
            f"{key} is between {first!r} and {second!r}, not {result.entrants!r}.",
        )
    if result.winner not in entrants:
        raise _wrong_result(
            key, "winner_not_in_match", f"{result.winner!r} did not play {key}."
        )
    loser = second if result.winner == first else first
    return MatchState(key, entrants, "completed", winner=result.winner, loser=loser)


def _reset_state(
    key: MatchKey, grand_final: MatchState, result: Result | None
) -> MatchState:
    """The grand final's reset: played only when the losers' champion (the
    grand final's second entrant) won the grand final."""
    if grand_final.status == "completed":
        if grand_final.winner == grand_final.entrants[0]:
            if result is not None:
                raise _wrong_result(
                    key,
                    "match_not_played",
                    "The winners' champion won the grand final: no reset.",
                )
            return MatchState(key, (), "void")
        return _match_state(key, *grand_final.entrants, result)
    if result is not None:
        raise _wrong_result(
            key, "match_not_ready", "The grand final has not been played yet."
        )
    return MatchState(key, (None, None), "waiting")


def _place(
    matches: list[BracketMatch],
    resolve: object,
    met: set[frozenset[EntrantId]],
) -> dict[MatchKey, Slot]:
    """The winners' losers of one losers' round, placed (see ``bracket_state``)."""
    assert callable(resolve)
    defaults = [resolve(match.sources[0]) for match in matches]
    survivors = [resolve(match.sources[1]) for match in matches]
    if any(slot is None for slot in (*defaults, *survivors)):
        return {match.key: None for match in matches}

    def rematch(drop_in: Slot, survivor: Slot) -> bool:
        return frozenset((drop_in, survivor)) in met

    if not any(map(rematch, defaults, survivors)):
        return {match.key: slot for match, slot in zip(matches, defaults, strict=True)}
    count = len(matches)
    graph = nx.Graph()
    reach = count if count <= _ALL_PLACEMENTS_UP_TO else _PLACEMENT_REACH
    for j, survivor in enumerate(survivors):
        for i in range(max(0, j - reach), min(count, j + reach + 1)):
            weight = (0 if rematch(defaults[i], survivor) else count + 1) + (i == j)
            graph.add_edge(("drop", i), ("stay", j), weight=weight)
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    placement: dict[MatchKey, Slot] = {}
    for a, b in matching:
        drop, stay = (a, b) if a[0] == "drop" else (b, a)
        placement[matches[stay[1]].key] = defaults[drop[1]]
    return placement


def _summary(bracket: Bracket, states: dict[MatchKey, MatchState]) -> BracketState:
    losses: dict[EntrantId, int] = dict.fromkeys(bracket.entrants, 0)
    eliminated: list[EntrantId] = []
    for state in states.values():
        if state.status != "completed" or state.loser is None:
            continue
        losses[state.loser] += 1
        out = (
            losses[state.loser] >= 2 if bracket.double else state.key.bracket == WINNERS
        )
        if out and state.loser not in eliminated:
            eliminated.append(state.loser)
    champion = _champion(bracket, states)
    finished = champion is not None and all(
        state.status in ("completed", "void") for state in states.values()
    )
    if champion is not None:
        # The title is decided: whoever lost the last final is out too (the
        # winners' champion beaten in a grand final without reset).
        eliminated.extend(
            entrant
            for entrant in bracket.entrants
            if entrant != champion and entrant not in eliminated and losses[entrant]
        )
    return BracketState(
        matches=tuple(states.values()),
        champion=champion if finished else None,
        finished=finished,
        losses=losses,
        eliminated=tuple(eliminated),
    )


def _champion(bracket: Bracket, states: dict[MatchKey, MatchState]) -> EntrantId | None:
    if not bracket.double:
        final = states[MatchKey(WINNERS, bracket.winners_rounds, 1)]
        return final.winner if final.status == "completed" else None
    grand_final = states[MatchKey(FINAL, 1, 1)]
    if grand_final.status != "completed":
        return None
    reset = states.get(MatchKey(FINAL, 2, 1))
    if reset is None or reset.status == "void":
        return grand_final.winner
    return reset.winner if reset.status == "completed" else None


def elimination_standings(
    bracket: Bracket, results: Mapping[MatchKey, Result]
) -> list[Standing]:
    """Standings of a bracket: how far each entrant got.

    The champion first; then the entrants still in (those unbeaten first, then
    the furthest round they have reached); then the eliminated, the latest out
    first (the third-place match's winner before its loser). Entrants who went
    out in the same round share a rank (1, 2, 3, 3, 5 …) and are listed by seed.
    Byes count as won matches (``played`` and ``won`` include them).
    ``measures``: ``rounds_won`` (matches won, byes included) and ``losses``.
    """
    state = bracket_state(bracket, results)
    rounds = sorted(
        {(match.key.bracket, match.key.round) for match in bracket.matches},
        key=lambda pair: (BRACKETS.index(pair[0]), pair[1]),
    )
    stage = {pair: index for index, pair in enumerate(rounds)}
    won: dict[EntrantId, int] = defaultdict(int)
    byes: dict[EntrantId, int] = defaultdict(int)
    points_for: dict[EntrantId, int] = defaultdict(int)
    points_against: dict[EntrantId, int] = defaultdict(int)
    furthest: dict[EntrantId, int] = defaultdict(int)
    out_at: dict[EntrantId, int] = {}
    third_place_winner: EntrantId | None = None
    eliminated = set(state.eliminated)
    for match in state.matches:
        here = stage[(match.key.bracket, match.key.round)]
        for entrant in match.entrants:
            if entrant is not None:
                furthest[entrant] = max(furthest[entrant], here)
        if match.status != "completed":
            continue
        won[match.winner] += 1
        if match.loser is None:
            byes[match.winner] += 1
            continue
        if not bracket.double and match.key.bracket == FINAL:
            third_place_winner = match.winner
        elif match.loser in eliminated:
            out_at[match.loser] = here
        result = results.get(match.key)
        if result is not None:
            for entrant in match.entrants:
                scored, conceded = result.points_of(entrant)
                points_for[entrant] += scored
                points_against[entrant] += conceded
    for entrant in eliminated:
        # Out without a loss of its own in the round (a final without reset).
        out_at.setdefault(entrant, furthest[entrant])

    def key(entrant: EntrantId) -> tuple[int, ...]:
        if entrant == state.champion:
            return (3,)
        if entrant in eliminated:
            return (1, out_at[entrant], entrant == third_place_winner)
        return (2, state.losses[entrant] == 0, furthest[entrant])

    keys = {entrant: key(entrant) for entrant in bracket.entrants}
    seed = {entrant: number for number, entrant in enumerate(bracket.entrants)}
    ordered = sorted(bracket.entrants, key=lambda e: (_negate(keys[e]), seed[e]))
    standings: list[Standing] = []
    for position, entrant in enumerate(ordered, start=1):
        same = standings and keys[standings[-1].entrant] == keys[entrant]
        losses = state.losses[entrant]
        standings.append(
            Standing(
                rank=standings[-1].rank if same else position,
                entrant=entrant,
                played=won[entrant] + losses,
                won=won[entrant],
                lost=losses,
                byes=byes[entrant],
                points_for=points_for[entrant],
                points_against=points_against[entrant],
                measures={"rounds_won": won[entrant], "losses": losses},
            )
        )
    return standings


def _negate(key: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(-int(part) for part in key)
