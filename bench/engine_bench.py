"""How fast the scoring engine replays long games.

Run ``python bench/engine_bench.py`` from the project root. For each variant and
table, random legal games of several lengths are built once, then ``replay`` scores
them again and again; the figure printed is hands scored per second on one core.
The target is at least 50,000 hands per second.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scoring.engine import (
    PASS,
    HandInput,
    Rules,
    Variant,
    legal_calls,
    make_rules,
    replay,
)

TARGET_RATE = 50_000
GAME_LENGTHS = (10, 100, 1_000, 10_000)
# Each measurement runs for about this long, so the whole script stays well under 60 s.
SECONDS_PER_CASE = 0.5
# Hands per timed round (at least one whole game): the clock's resolution is
# negligible at this size.
ROUND_HANDS = 2_000

# A target no random game reaches, so every game is as long as asked.
NEVER = 2_147_483_647

TABLES = (
    ("auction, 4 solo", "auction", 4, False),
    ("auction, 6 in 3 teams", "auction", 6, True),
    ("thirteen, 2 teams", "thirteen", 4, True),
)


def random_auction(rules: Rules, number: int, rng: random.Random) -> list[int | str]:
    """A legal auction, call by call; passes are likelier, as at a real table."""
    calls: list[int | str] = []
    while options := legal_calls(rules, number, calls):
        if PASS in options and rng.random() < 0.6:
            calls.append(PASS)
        else:
            calls.append(rng.choice([call for call in options if call != PASS]))
    return calls


def random_hand(rules: Rules, number: int, rng: random.Random) -> HandInput:
    """A legal hand: half recorded with the auction, half with pitcher and bid."""
    auction = random_auction(rules, number, rng)
    # Every bid tops (or, in a steal, equals) the one before: the last one stands.
    dealer = rules.dealer_of(number)
    pitcher, bid = next(
        ((dealer + 1 + index) % rules.players, call)
        for index, call in reversed(list(enumerate(auction)))
        if call != PASS
    )
    seats = list(range(rules.players))
    awards = {
        point: rng.choice(seats) if rng.random() < 0.85 else None
        for point in rules.points
    }
    game_points = None
    if rules.variant is Variant.AUCTION:
        awards["high"] = rng.choice(seats)
        awards["low"] = rng.choice(seats)
        if rng.random() < 0.5:
            game_points = [rng.randint(0, 80 // len(rules.sides)) for _ in rules.sides]
            top = max(game_points)
            leaders = [side for side, total in enumerate(game_points) if total == top]
            awards["game"] = rules.sides[leaders[0]][0] if len(leaders) == 1 else None
    if rng.random() < 0.5:
        return HandInput(
            auction=auction, awards=awards, trump="hearts", game_points=game_points
        )
    return HandInput(pitcher=pitcher, bid=bid, awards=awards, game_points=game_points)


def measure(rules: Rules, hands: list[HandInput]) -> tuple[float, float]:
    """Hands scored per second when replaying ``hands``: the median and best round.

    Rounds of about ROUND_HANDS hands run for SECONDS_PER_CASE. The median is what
    a busy machine gives; the best round is the one least disturbed by other work.
    """
    replay(rules, hands)  # fills the caches of Rules
    per_round = max(1, ROUND_HANDS // len(hands))
    rates = []
    deadline = time.perf_counter() + SECONDS_PER_CASE
    while not rates or time.perf_counter() < deadline:
        start = time.perf_counter()
        for _ in range(per_round):
            replay(rules, hands)
        rates.append(per_round * len(hands) / (time.perf_counter() - start))
    return statistics.median(rates), max(rates)


def main() -> int:
    """Print hands per second for each table and game length; 1 if below target."""
    rng = random.Random(2024)
    print("Replaying long games: hands scored per second on one core, median (best)")
    print(f"{'table':<24}" + "".join(f"{f'{n:,} hands':>20}" for n in GAME_LENGTHS))
    medians = []
    started = time.perf_counter()
    for label, variant, players, partnership in TABLES:
        rules = make_rules(variant, players, partnership, options={"target": NEVER})
        cells = []
        for length in GAME_LENGTHS:
            hands = [random_hand(rules, number, rng) for number in range(1, length + 1)]
            median, best = measure(rules, hands)
            medians.append(median)
            cells.append(f"{median:,.0f} ({best:,.0f})")
        print(f"{label:<24}" + "".join(f"{cell:>20}" for cell in cells))
    slowest = min(medians)
    verdict = "meets" if slowest >= TARGET_RATE else "is BELOW"
    print(
        f"\nSlowest median: {slowest:,.0f} hands/s, which {verdict} the target of "
        f"{TARGET_RATE:,} hands/s (ran in {time.perf_counter() - started:.1f} s)."
    )
    return 0 if slowest >= TARGET_RATE else 1


if __name__ == "__main__":
    sys.exit(main())
