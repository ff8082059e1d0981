"""How fast a Swiss round is drawn for a big field.

Run ``python bench/pairing_bench.py`` from the project root. A Swiss of 1,000
entrants is played out with random winners (the better-ranked entrant wins 60%
of the time, so score groups stay mixed); from round 2 on every round is drawn
several times and the median time to draw it is printed, wall clock and CPU.
Rounds 4 and later carry three or more earlier rounds, so rematches matter. The
target: under 2 s per round on one core.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tournaments.pairing import Pairing, Result, swiss_pairings, swiss_rounds

ENTRANTS = 1_000
TARGET_SECONDS = 2.0
REPEATS = 3


def play(pairings: tuple[Pairing, ...], rng: random.Random) -> list[Result]:
    results = []
    for pairing in pairings:
        if pairing.is_bye:
            results.append(Result(pairing.entrants, pairing.entrants[0]))
            continue
        first, second = pairing.entrants
        winner = first if rng.random() < 0.6 else second
        scores = (11, rng.randrange(11)) if winner == first else (rng.randrange(11), 11)
        results.append(Result(pairing.entrants, winner, scores))
    return results


def timed(entrants: list[int], results: list[Result]) -> tuple[float, float, tuple]:
    walls, cpus = [], []
    pairings: tuple[Pairing, ...] = ()
    for _ in range(REPEATS):
        wall, cpu = time.perf_counter(), time.process_time()
        pairings = swiss_pairings(entrants, results)
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
    return statistics.median(walls), statistics.median(cpus), pairings


def main() -> int:
    started = time.perf_counter()
    entrants = list(range(1, ENTRANTS + 1))
    rounds = swiss_rounds(ENTRANTS)
    rng = random.Random(2026)
    results: list[Result] = []
    print(f"Swiss of {ENTRANTS:,} entrants, {rounds} rounds: seconds to draw a round")
    print(f"{'round':>5} {'wall':>8} {'cpu':>8} {'rematches':>10}")
    slowest = 0.0
    for number in range(1, rounds + 1):
        wall, cpu, pairings = timed(entrants, results)
        met = {frozenset(r.entrants) for r in results if not r.is_bye}
        rematches = sum(frozenset(p.entrants) in met for p in pairings)
        print(f"{number:>5} {wall:>8.2f} {cpu:>8.2f} {rematches:>10}")
        if number >= 4:
            slowest = max(slowest, cpu)
        results += play(pairings, rng)
    verdict = "meets" if slowest < TARGET_SECONDS else "is ABOVE"
    print(
        f"Slowest round after three played: {slowest:.2f} s of CPU, which {verdict} "
        f"the target of {TARGET_SECONDS:.0f} s "
        f"(ran in {time.perf_counter() - started:.1f} s)."
    )
    return 0 if slowest < TARGET_SECONDS else 1


if __name__ == "__main__":
    sys.exit(main())
