"""Single and double elimination: the bracket, its state from results, standings.

A bracket is drawn once (``draw_bracket``): every match it can ever hold, with
where each of its two entrants comes from (a seed, the winner or the loser of an
earlier match, or nobody). Its state (``bracket_state``) is a pure function of
the results recorded so far: who is in each match, which are ready, the
champion. Nothing is stored here: the caller keeps the results and asks again.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal

import networkx as nx

from .base import EntrantId, PairingError, Result, Standing, check_entrants

Kind = Literal["seed", "winner", "loser", "empty"]
Status = Literal["waiting", "ready", "completed", "void"]

WINNERS = "winners"
LOSERS = "losers"
FINAL = "final"
_BRACKETS = (WINNERS, LOSERS, FINAL)

#: Up to this many drop-ins every placement is considered; above it, placements
#: within ``_PLACEMENT_REACH`` of the default one.
_ALL_PLACEMENTS_UP_TO = 32
_PLACEMENT_REACH = 4


@dataclass(frozen=True, order=True)
class MatchKey:
    """A match's place: its bracket (``winners``, ``losers``, ``final``), round
    and number in the round, both from 1 (the API's ``rounds[].bracket``,
    ``rounds[].number``, ``matches[].number``)."""

    bracket: str
    round: int
    number: int

    def __str__(self) -> str:
        return f"{self.bracket} round {self.round} match {self.number}"


@dataclass(frozen=True)
class Source:
    """Where a slot's entrant comes from: ``seed`` (``seed``), the ``winner`` or
    the ``loser`` of ``match``, or ``empty`` (nobody: the other entrant has a
    bye)."""

    kind: Kind
    seed: int | None = None
    match: MatchKey | None = None


_EMPTY_SOURCE = Source("empty")


@dataclass(frozen=True)
class BracketMatch:
    key: MatchKey
    sources: tuple[Source, Source]
    #: A losers'-bracket match whose first slot takes a winners'-bracket loser:
    #: ``sources[0]`` is the default placement only (see ``bracket_state``).
    drop_in: bool = False


@dataclass(frozen=True)
class Bracket:
    """Every match of an elimination tournament, in play order."""

    entrants: tuple[EntrantId, ...]
    size: int
    double: bool
    third_place: bool
    grand_final_reset: bool
    matches: tuple[BracketMatch, ...]

    @property
    def winners_rounds(self) -> int:
        return self.size.bit_length() - 1

    def match(self, key: MatchKey) -> BracketMatch:
        for match in self.matches:
            if match.key == key:
                return match
        raise PairingError(
            "unknown_match", "match", f"There is no {key}.", {"match": str(key)}
        )


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


def bracket_size(entrants: int) -> int:
    """The smallest power of two at least ``entrants`` (and at least 2)."""
    size = 2
    while size < entrants:
        size *= 2
    return size


def bracket_order(size: int) -> list[int]:
    """Seeds in bracket order, two by two the first round's matches.

    For 8: 1 8 4 5 2 7 3 6 (1-8, 4-5, 2-7, 3-6): seed s meets size+1-s, and 1
    and 2 can meet only in the final, 1 and 4 only in a semi-final …
    """
    order = [1]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [seed for top in order for seed in (top, total - top)]
    return order


def _drop_in_order(count: int, winners_round: int) -> list[int]:
    """The default placement of round ``winners_round``'s losers: for match j of
    the losers' round they drop into, the number of the winners' match whose
    loser comes. Reversed after even rounds, halves swapped after odd ones, so
    that the losers of one half meet the survivors of the other."""
    numbers = list(range(1, count + 1))
    if count == 1:
        return numbers
    if winners_round % 2 == 0:
        return numbers[::-1]
    half = count // 2
    return numbers[half:] + numbers[:half]


def draw_bracket(
    entrants: Sequence[EntrantId],
    *,
    double: bool = False,
    third_place: bool = False,
    grand_final_reset: bool = True,
) -> Bracket:
    """Draw the bracket of ``entrants`` (in seed order: random seeding is
    ``seed_order``'s job).

    Single elimination: ``bracket_size(n)`` slots in ``bracket_order``, seeds
    above n are byes (so the top seeds get them); the winners of matches 2j-1
    and 2j meet in match j of the next round. ``third_place`` adds a match of the
    semi-final losers (``final`` round 1; ignored with 2 entrants).

    ``double``: a losers' bracket and a grand final (``final`` round 1; its reset,
    ``final`` round 2, when ``grand_final_reset``). Losers' round 1 pairs the
    losers of winners' matches 2j-1 and 2j; losers' round 2k-2 takes the losers
    of winners' round k (k ≥ 2) against the survivors, round 2k-1 pairs the
    survivors among themselves. Matches that can never have an entrant (losers'
    matches fed by two byes) are left out, so a losers' round may lack numbers.
    """
    check_entrants(entrants)
    n = len(entrants)
    size = bracket_size(n)
    rounds = size.bit_length() - 1
    matches: list[BracketMatch] = []
    order = bracket_order(size)
    for number in range(1, size // 2 + 1):
        seeds = order[2 * number - 2 : 2 * number]
        sources = tuple(
            Source("seed", seed=seed) if seed <= n else _EMPTY_SOURCE for seed in seeds
        )
        matches.append(BracketMatch(MatchKey(WINNERS, 1, number), sources))  # type: ignore[arg-type]
    for round_ in range(2, rounds + 1):
        for number in range(1, size // 2**round_ + 1):
            matches.append(
                BracketMatch(
                    MatchKey(WINNERS, round_, number),
                    (
                        Source(
                            "winner",
                            match=MatchKey(WINNERS, round_ - 1, 2 * number - 1),
                        ),
                        Source(
                            "winner", match=MatchKey(WINNERS, round_ - 1, 2 * number)
                        ),
                    ),
                )
            )
    if not double:
        if third_place and rounds >= 2:
            semi = rounds - 1
            matches.append(
                BracketMatch(
                    MatchKey(FINAL, 1, 1),
                    (
                        Source("loser", match=MatchKey(WINNERS, semi, 1)),
                        Source("loser", match=MatchKey(WINNERS, semi, 2)),
                    ),
                )
            )
        return _without_void(entrants, size, False, third_place, False, matches)
    if rounds >= 2:
        for number in range(1, size // 4 + 1):
            matches.append(
                BracketMatch(
                    MatchKey(LOSERS, 1, number),
                    (
                        Source("loser", match=MatchKey(WINNERS, 1, 2 * number - 1)),
                        Source("loser", match=MatchKey(WINNERS, 1, 2 * number)),
                    ),
                )
            )
    for winners_round in range(2, rounds + 1):
        drop_round = 2 * winners_round - 2
        count = size // 2**winners_round
        placement = _drop_in_order(count, winners_round)
        for number in range(1, count + 1):
            matches.append(
                BracketMatch(
                    MatchKey(LOSERS, drop_round, number),
                    (
                        Source(
                            "loser",
                            match=MatchKey(
                                WINNERS, winners_round, placement[number - 1]
                            ),
                        ),
                        Source(
                            "winner", match=MatchKey(LOSERS, drop_round - 1, number)
                        ),
                    ),
                    drop_in=True,
                )
            )
        if winners_round < rounds:
            for number in range(1, count // 2 + 1):
                matches.append(
                    BracketMatch(
                        MatchKey(LOSERS, drop_round + 1, number),
                        (
                            Source(
                                "winner",
                                match=MatchKey(LOSERS, drop_round, 2 * number - 1),
                            ),
                            Source(
                                "winner", match=MatchKey(LOSERS, drop_round, 2 * number)
                            ),
                        ),
                    )
                )
    losers_champion = (
        Source("winner", match=MatchKey(LOSERS, 2 * rounds - 2, 1))
        if rounds >= 2
        else Source("loser", match=MatchKey(WINNERS, 1, 1))
    )
    finalists = (Source("winner", match=MatchKey(WINNERS, rounds, 1)), losers_champion)
    matches.append(BracketMatch(MatchKey(FINAL, 1, 1), finalists))
    if grand_final_reset:
        matches.append(
            BracketMatch(
                MatchKey(FINAL, 2, 1),
                (
                    Source("winner", match=MatchKey(FINAL, 1, 1)),
                    Source("loser", match=MatchKey(FINAL, 1, 1)),
                ),
            )
        )
    return _without_void(entrants, size, True, False, grand_final_reset, matches)


def _without_void(
    entrants: Sequence[EntrantId],
    size: int,
    double: bool,
    third_place: bool,
    reset: bool,
    matches: list[BracketMatch],
) -> Bracket:
    """Leave out the matches nobody can reach; a source from one becomes empty,
    and so does the loser of a bye."""
    empty_winner: set[MatchKey] = set()
    empty_loser: set[MatchKey] = set()
    kept: list[BracketMatch] = []
    for match in matches:
        sources = tuple(
            _EMPTY_SOURCE
            if (source.kind == "winner" and source.match in empty_winner)
            or (source.kind == "loser" and source.match in empty_loser)
            else source
            for source in match.sources
        )
        empties = sum(source.kind == "empty" for source in sources)
        if empties == 2:
            empty_winner.add(match.key)
            empty_loser.add(match.key)
            continue
        if empties == 1:
            empty_loser.add(match.key)
        kept.append(BracketMatch(match.key, sources, match.drop_in))  # type: ignore[arg-type]
    kept.sort(
        key=lambda match: (
            _BRACKETS.index(match.key.bracket),
            match.key.round,
            match.key.number,
        )
    )
    return Bracket(
        entrants=tuple(entrants),
        size=size,
        double=double,
        third_place=third_place,
        grand_final_reset=reset,
        matches=tuple(kept),
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


def bracket_dependents(bracket: Bracket, key: MatchKey) -> frozenset[MatchKey]:
    """The matches whose entrants a change of ``key``'s result can change: those
    taking its winner or loser, every match of a losers' round placed from it,
    and onwards through byes (which complete at once). A correction of ``key`` is
    safe while none of these has started."""
    bracket.match(key)
    found: set[MatchKey] = set()
    todo = [key]
    while todo:
        current = todo.pop()
        for match in bracket.matches:
            if match.key in found:
                continue
            feeds = any(source.match == current for source in match.sources)
            if not feeds and match.drop_in:
                # A placed round depends on every match feeding any of its slots.
                feeds = any(
                    source.match == current
                    for other in bracket.matches
                    if other.drop_in and other.key.round == match.key.round
                    for source in other.sources
                )
            if feeds:
                found.add(match.key)
                if any(source.kind == "empty" for source in match.sources) or (
                    match.key == MatchKey(FINAL, 1, 1)
                ):
                    todo.append(match.key)
    return frozenset(found)


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
        key=lambda pair: (_BRACKETS.index(pair[0]), pair[1]),
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
