"""Swiss: rounds paired from the standings by maximum weight matching."""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

import networkx as nx

from .base import (
    EntrantId,
    Pairing,
    PairingError,
    Result,
    Standing,
    check_entrants,
    check_results,
)

#: Up to this many entrants every pair is a candidate (an exact optimum). Above it
#: each entrant's candidates are its likely partners first (see ``_candidates``),
#: and every pair only when those leave no complete rematch-free pairing.
ALL_PAIRS_UP_TO = 48
#: How far from its ideal partner (in its score group, and in the ranking) an
#: entrant's candidates reach when the candidates are limited.
REACH = 4


def swiss_rounds(entrants: int, rounds: int | None = None) -> int:
    """The number of rounds: ``rounds`` if given, else ceil(log2 n); at most n - 1."""
    most = max(entrants - 1, 1)
    if rounds is None:
        return min(max(math.ceil(math.log2(entrants)), 1), most)
    if not 1 <= rounds <= most:
        raise PairingError(
            "bad_rounds",
            "rounds",
            f"A Swiss of {entrants} entrants has 1 to {most} rounds, not {rounds}.",
            {"entrants": entrants, "most": most, "rounds": rounds},
        )
    return rounds


@dataclass(frozen=True)
class _Record:
    won: int
    lost: int
    byes: int
    points_for: int
    points_against: int
    buchholz: int


def _records(
    entrants: Sequence[EntrantId], results: Sequence[Result]
) -> dict[EntrantId, _Record]:
    won: dict[EntrantId, int] = defaultdict(int)
    lost: dict[EntrantId, int] = defaultdict(int)
    byes: dict[EntrantId, int] = defaultdict(int)
    points_for: dict[EntrantId, int] = defaultdict(int)
    points_against: dict[EntrantId, int] = defaultdict(int)
    opponents: dict[EntrantId, list[EntrantId]] = defaultdict(list)
    for result in results:
        if result.is_bye:
            # A bye counts as a won match with no points.
            won[result.winner] += 1
            byes[result.winner] += 1
            continue
        for entrant in result.entrants:
            scored, conceded = result.points_of(entrant)
            points_for[entrant] += scored
            points_against[entrant] += conceded
            opponents[entrant].append(result.opponent_of(entrant))
            if entrant == result.winner:
                won[entrant] += 1
            else:
                lost[entrant] += 1
    return {
        entrant: _Record(
            won=won[entrant],
            lost=lost[entrant],
            byes=byes[entrant],
            points_for=points_for[entrant],
            points_against=points_against[entrant],
            buchholz=sum(won[opponent] for opponent in opponents[entrant]),
        )
        for entrant in entrants
    }


def swiss_standings(
    entrants: Sequence[EntrantId], results: Sequence[Result]
) -> list[Standing]:
    """Swiss standings: match wins (a bye is one), Buchholz, points difference, seed.

    Buchholz is the sum of the match wins of every opponent met (a bye meets
    nobody). ``played`` counts byes too (a bye is a won match); ``byes`` says how
    many of them were byes.
    """
    check_entrants(entrants)
    check_results(entrants, results)
    records = _records(entrants, results)
    return _standings(entrants, records)


def _standings(
    entrants: Sequence[EntrantId], records: dict[EntrantId, _Record]
) -> list[Standing]:
    seed = {entrant: number for number, entrant in enumerate(entrants, start=1)}

    def key(entrant: EntrantId) -> tuple[int, ...]:
        record = records[entrant]
        return (
            -record.won,
            -record.buchholz,
            -(record.points_for - record.points_against),
            seed[entrant],
        )

    return [
        Standing(
            rank=rank,
            entrant=entrant,
            played=records[entrant].won + records[entrant].lost,
            won=records[entrant].won,
            lost=records[entrant].lost,
            byes=records[entrant].byes,
            points_for=records[entrant].points_for,
            points_against=records[entrant].points_against,
            measures={
                "buchholz": records[entrant].buchholz,
                "points_difference": (
                    records[entrant].points_for - records[entrant].points_against
                ),
            },
        )
        for rank, entrant in enumerate(sorted(entrants, key=key), start=1)
    ]


class _Costs:
    """The cost of each possible pair, lexicographic by construction.

    From the most to the least important: a rematch; the bye going to someone
    other than the lowest-ranked entrant who may have it; a difference in match
    wins (squared, so one float of two groups costs more than two floats of one);
    which entrant floats (the lowest of the higher group against the highest of
    the lower); and, inside a score group, how far the pair is from top half
    against bottom half. Each level's weight exceeds the largest possible total
    of all the levels below it, so no amount of a lesser cost buys a greater one.
    """

    def __init__(
        self,
        ranked: list[EntrantId],
        wins: dict[EntrantId, int],
        met: set[frozenset[EntrantId]],
    ) -> None:
        n = len(ranked)
        self.ranked = ranked
        self.wins = wins
        self.met = met
        self.rank = {entrant: index for index, entrant in enumerate(ranked)}
        self.position: dict[EntrantId, int] = {}
        self.group_size: dict[int, int] = defaultdict(int)
        for entrant in ranked:
            self.position[entrant] = self.group_size[wins[entrant]]
            self.group_size[wins[entrant]] += 1
        pairs = n // 2 + 1
        most_wins = max(wins.values(), default=0) + 1
        place_total = pairs * n * n
        self.float_weight = place_total + 1
        float_total = pairs * 2 * n * self.float_weight + place_total
        self.score_weight = float_total + 1
        score_total = pairs * most_wins * most_wins * self.score_weight + float_total
        self.bye_weight = score_total + 1
        bye_total = n * self.bye_weight + score_total
        self.rematch_weight = bye_total + 1
        self.top = (
            self.rematch_weight
            + most_wins * most_wins * self.score_weight
            + 2 * n * self.float_weight
            + n * n
            + n * self.bye_weight
            + 1
        )

    def pair(self, a: EntrantId, b: EntrantId) -> int:
        if self.rank[a] > self.rank[b]:
            a, b = b, a
        cost = self.rematch_weight if frozenset((a, b)) in self.met else 0
        wins_a, wins_b = self.wins[a], self.wins[b]
        if wins_a == wins_b:
            half = self.group_size[wins_a] // 2
            distance = abs(self.position[a] - self.position[b])
            return cost + (distance - half) ** 2
        cost += (wins_a - wins_b) ** 2 * self.score_weight
        from_bottom = self.group_size[wins_a] - 1 - self.position[a]
        return cost + (from_bottom + self.position[b]) * self.float_weight

    def bye(self, below: int) -> int:
        """The cost of a bye to a candidate with ``below`` candidates ranked lower."""
        return below * self.bye_weight


_BYE = object()


def swiss_pairings(
    entrants: Sequence[EntrantId], results: Sequence[Result]
) -> tuple[Pairing, ...]:
    """Draw the next Swiss round from the results of the rounds played so far.

    ``entrants`` are in seed order; ``results`` are every completed match of the
    earlier rounds (byes included). The matches come in table order (the best
    ranked first), each with its better-ranked entrant first; a bye comes last.

    Round 1 pairs the top half of the seeds against the bottom half. Every round
    is a maximum weight matching (``networkx.max_weight_matching``) over the
    standings as they stand, see ``_Costs``: no rematch while a complete pairing
    without one exists, the bye to the lowest-ranked entrant among those with the
    fewest byes, then entrants with equal match wins, top half against bottom
    half inside each score group.
    """
    check_entrants(entrants)
    check_results(entrants, results)
    records = _records(entrants, results)
    ranked = [standing.entrant for standing in _standings(entrants, records)]
    met = {frozenset(result.entrants) for result in results if not result.is_bye}
    wins = {entrant: records[entrant].won for entrant in entrants}
    costs = _Costs(ranked, wins, met)
    candidates: list[EntrantId] = []
    if len(ranked) % 2 == 1:
        fewest = min(records[entrant].byes for entrant in ranked)
        candidates = [e for e in ranked if records[e].byes == fewest]
    matching = None
    if len(ranked) > ALL_PAIRS_UP_TO:
        matching = _match(_limited_graph(costs, candidates), len(ranked))
    if matching is None:
        matching = _match(_full_graph(costs, candidates), len(ranked))
    assert matching is not None, "a complete graph always has a complete matching"
    pairs: list[tuple[EntrantId, EntrantId]] = []
    bye: EntrantId | None = None
    for a, b in matching:
        if a is _BYE or b is _BYE:
            bye = b if a is _BYE else a
            continue
        pairs.append((a, b) if costs.rank[a] < costs.rank[b] else (b, a))
    pairs.sort(key=lambda pair: costs.rank[pair[0]])
    drawn = [Pairing(pair) for pair in pairs]
    if bye is not None:
        drawn.append(Pairing((bye,)))
    return tuple(drawn)


def _full_graph(costs: _Costs, candidates: list[EntrantId]) -> nx.Graph:
    graph = nx.Graph()
    ranked = costs.ranked
    for index, a in enumerate(ranked):
        for b in ranked[index + 1 :]:
            graph.add_edge(a, b, weight=costs.top - costs.pair(a, b))
    for below, entrant in enumerate(reversed(candidates)):
        graph.add_edge(_BYE, entrant, weight=costs.top - costs.bye(below))
    return graph


def _limited_graph(costs: _Costs, candidates: list[EntrantId]) -> nx.Graph:
    """Likely partners only, and never a rematch: for each entrant, those near its
    ideal partner in its score group and those near it in the ranking (which
    covers floats, the groups being contiguous in the ranking)."""
    graph = nx.Graph()
    ranked = costs.ranked
    by_group: dict[int, list[EntrantId]] = defaultdict(list)
    for entrant in ranked:
        by_group[costs.wins[entrant]].append(entrant)

    def add(a: EntrantId, b: EntrantId) -> None:
        if a != b and frozenset((a, b)) not in costs.met:
            graph.add_edge(a, b, weight=costs.top - costs.pair(a, b))

    for index, a in enumerate(ranked):
        for b in ranked[index + 1 : index + 1 + REACH]:
            add(a, b)
        group = by_group[costs.wins[a]]
        ideal = costs.position[a] + len(group) // 2
        for position in range(ideal - REACH, ideal + REACH + 1):
            if costs.position[a] < position < len(group):
                add(a, group[position])
    for below, entrant in enumerate(reversed(candidates[-2 * REACH :])):
        graph.add_edge(_BYE, entrant, weight=costs.top - costs.bye(below))
    return graph


def _match(graph: nx.Graph, entrants: int) -> set[tuple[EntrantId, EntrantId]] | None:
    """A maximum weight matching of the graph if it pairs everyone, else ``None``."""
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    if len(matching) * 2 < entrants + entrants % 2:
        return None
    return matching
