"""How fast the scoring engine replays long games, and that the cost per hand does
not grow with the game.

Run ``python bench/engine_bench.py`` from the project root. For each variant and
table, random legal games of several lengths are built once, then ``replay`` scores
them again and again, with the garbage collector on as in production. The lengths
are timed in turn within each round (so a busy machine slows all of them alike), in
CPU time of this process; the figure printed is hands scored per second on one core,
the median over the rounds (and the best round).

Two targets: replay stays linear, i.e. on every table the median over the rounds of
(hands/s at 10,000 hands) / (hands/s at 10 hands) is at least 0.9; and no length of
any table is slower than 25,000 hands/s (a floor against a slower engine, half of
what this 2-core machine gives in 2026). Exit 1 if either is missed.
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
    new_game,
    replay,
    score_hand,
)

LINEARITY_TARGET = 0.9
FLOOR_RATE = 25_000
GAME_LENGTHS = (10, 100, 1_000, 10_000)
SHORT, LONG = GAME_LENGTHS[0], GAME_LENGTHS[-1]
# Rounds per table; each times every length for about ROUND_HANDS hands (at least
# one whole game), so the whole script stays well under 60 s.
ROUNDS = 7
ROUND_HANDS = 10_000

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


def random_game(rules: Rules, length: int, rng: random.Random) -> list[HandInput]:
    """``length`` random legal hands that do not end the game (a moon made in
    thirteen would, whatever the target): such a hand is drawn again."""
    hands: list[HandInput] = []
    state = new_game(rules)
    while len(hands) < length:
        hand = random_hand(rules, len(hands) + 1, rng)
        _, after = score_hand(rules, state, hand)
        if after.winner is None:
            hands.append(hand)
            state = after
    return hands


def measure(rules: Rules, games: dict[int, list[HandInput]]) -> dict[int, list[float]]:
    """Hands scored per second of CPU time for each game, one figure per round.

    Within a round every game is replayed for about ROUND_HANDS hands, one after the
    other, so that a round's figures can be compared with each other.
    """
    for hands in games.values():
        replay(rules, hands)  # fills the caches of Rules
    rates: dict[int, list[float]] = {length: [] for length in games}
    for _ in range(ROUNDS):
        for length, hands in games.items():
            repeats = max(1, ROUND_HANDS // length)
            start = time.process_time()
            for _ in range(repeats):
                replay(rules, hands)
            rates[length].append(repeats * length / (time.process_time() - start))
    return rates


def main() -> int:
    """Print hands per second for each table and game length; 1 if a target is
    missed."""
    rng = random.Random(2024)
    print(
        "Replaying long games: hands scored per second of CPU on one core, "
        "median of rounds (best), GC on"
    )
    print(
        f"{'table':<24}"
        + "".join(f"{f'{n:,} hands':>20}" for n in GAME_LENGTHS)
        + f"{f'{LONG:,} vs {SHORT}':>14}"
    )
    slowest = float("inf")
    least_ratio = float("inf")
    started = time.perf_counter()
    for label, variant, players, partnership in TABLES:
        rules = make_rules(variant, players, partnership, options={"target": NEVER})
        games = {length: random_game(rules, length, rng) for length in GAME_LENGTHS}
        rates = measure(rules, games)
        medians = [statistics.median(rates[length]) for length in GAME_LENGTHS]
        slowest = min(slowest, *medians)
        ratio = statistics.median(
            long / short for short, long in zip(rates[SHORT], rates[LONG], strict=True)
        )
        least_ratio = min(least_ratio, ratio)
        cells = [
            f"{median:,.0f} ({max(rates[length]):,.0f})"
            for median, length in zip(medians, GAME_LENGTHS, strict=True)
        ]
        print(
            f"{label:<24}"
            + "".join(f"{cell:>20}" for cell in cells)
            + f"{ratio:>14.2f}"
        )
    linear = least_ratio >= LINEARITY_TARGET
    fast = slowest >= FLOOR_RATE
    print(
        f"\nLinearity: the least ratio of hands/s at {LONG:,} hands to {SHORT} hands "
        f"is {least_ratio:.2f}, which {'meets' if linear else 'is BELOW'} the target "
        f"of {LINEARITY_TARGET}."
    )
    print(
        f"Slowest median: {slowest:,.0f} hands/s, which "
        f"{'meets' if fast else 'is BELOW'} the floor target of {FLOOR_RATE:,} "
        f"hands/s (ran in {time.perf_counter() - started:.1f} s)."
    )
    return 0 if linear and fast else 1


if __name__ == "__main__":
    sys.exit(main())
