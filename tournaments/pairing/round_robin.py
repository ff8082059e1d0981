"""Round robin: Berger tables (the circle method) and its standings."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence

from .base import (
    EntrantId,
    Pairing,
    PairingError,
    Result,
    Standing,
    check_entrants,
    check_results,
)


def round_robin_rounds(entrants: int, cycles: int = 1) -> int:
    """How many rounds a round robin of ``entrants`` has: (n-1 or n) x cycles."""
    per_cycle = entrants - 1 if entrants % 2 == 0 else entrants
    return per_cycle * cycles


def berger_table(n: int) -> list[list[tuple[int, int]]]:
    """FIDE's Berger tables for ``n`` (even) positions, 1-based, rounds in order.

    Position ``n`` is fixed; in round ``r`` the head of the circle is
    ``(r-1)*n/2 mod (n-1) + 1`` and plays ``n`` (colours alternate), the others
    pair head+i with head-i around the circle of the first ``n-1`` positions.
    """
    rounds: list[list[tuple[int, int]]] = []
    circle = n - 1
    for r in range(1, n):
        head = ((r - 1) * (n // 2)) % circle + 1
        pairs = [(head, n) if r % 2 == 1 else (n, head)]
        for i in range(1, n // 2):
            up = (head - 1 + i) % circle + 1
            down = (head - 1 - i) % circle + 1
            pairs.append((up, down))
        rounds.append(pairs)
    return rounds


def round_robin_schedule(
    entrants: Sequence[EntrantId], cycles: int = 1
) -> list[tuple[Pairing, ...]]:
    """Every round of a round robin, in order; each round's matches in table order.

    ``entrants`` are in seed order (seed 1 first). With an odd number the entrant
    the circle pairs with the empty position has a bye (listed last). The second
    cycle repeats the first with the seats swapped.
    """
    check_entrants(entrants)
    if cycles not in (1, 2):
        raise PairingError(
            "bad_cycles",
            "cycles",
            f"A round robin is played once or twice (cycles 1 or 2), not {cycles}.",
            {"cycles": cycles},
        )
    n = len(entrants)
    positions = n + n % 2
    rounds: list[tuple[Pairing, ...]] = []
    for cycle in range(cycles):
        for table in berger_table(positions):
            matches: list[Pairing] = []
            byes: list[Pairing] = []
            for a, b in table:
                if a > n or b > n:
                    byes.append(Pairing((entrants[min(a, b) - 1],)))
                    continue
                first, second = entrants[a - 1], entrants[b - 1]
                if cycle % 2 == 1:
                    first, second = second, first
                matches.append(Pairing((first, second)))
            rounds.append((*matches, *byes))
    return rounds


def round_robin_standings(
    entrants: Sequence[EntrantId], results: Sequence[Result]
) -> list[Standing]:
    """Round-robin standings: match wins (a bye is not a win here), head-to-head
    among the tied, points difference, points for, then seed.

    ``head_to_head`` is the match wins an entrant took from the others tied with
    it on match wins (0 when nobody is tied with it). ``played`` counts matches
    played (byes apart, in ``byes``).
    """
    check_entrants(entrants)
    check_results(entrants, results)
    won: dict[EntrantId, int] = defaultdict(int)
    lost: dict[EntrantId, int] = defaultdict(int)
    byes: dict[EntrantId, int] = defaultdict(int)
    points_for: dict[EntrantId, int] = defaultdict(int)
    points_against: dict[EntrantId, int] = defaultdict(int)
    for result in results:
        if result.is_bye:
            byes[result.winner] += 1
            continue
        for entrant in result.entrants:
            scored, conceded = result.points_of(entrant)
            points_for[entrant] += scored
            points_against[entrant] += conceded
            if entrant == result.winner:
                won[entrant] += 1
            else:
                lost[entrant] += 1
    tied: dict[int, set[EntrantId]] = defaultdict(set)
    for entrant in entrants:
        tied[won[entrant]].add(entrant)
    head_to_head: dict[EntrantId, int] = defaultdict(int)
    for result in results:
        if result.is_bye:
            continue
        first, second = result.entrants
        group = tied[won[first]]
        if len(group) > 1 and second in group:
            head_to_head[result.winner] += 1
    seed = {entrant: number for number, entrant in enumerate(entrants, start=1)}

    def key(entrant: EntrantId) -> tuple[int, ...]:
        difference = points_for[entrant] - points_against[entrant]
        return (
            -won[entrant],
            -head_to_head[entrant],
            -difference,
            -points_for[entrant],
            seed[entrant],
        )

    ordered = sorted(entrants, key=key)
    return [
        Standing(
            rank=rank,
            entrant=entrant,
            played=won[entrant] + lost[entrant],
            won=won[entrant],
            lost=lost[entrant],
            byes=byes[entrant],
            points_for=points_for[entrant],
            points_against=points_against[entrant],
            measures={
                "head_to_head": head_to_head[entrant],
                "points_difference": points_for[entrant] - points_against[entrant],
                "points_for": points_for[entrant],
            },
        )
        for rank, entrant in enumerate(ordered, start=1)
    ]
