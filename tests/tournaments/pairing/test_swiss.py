"""Swiss pairing and standings (EVENTS.md swiss)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

import networkx as nx
import pytest
from hypothesis import given
from hypothesis import strategies as st

import tournaments.pairing.swiss as swiss
from tournaments.pairing import (
    Pairing,
    PairingError,
    Result,
    swiss_pairings,
    swiss_rounds,
    swiss_standings,
)

from .helpers import PROPERTY


def entrants_of(n: int) -> list[int]:
    return list(range(1, n + 1))


def play(
    pairings: tuple[Pairing, ...], rng: random.Random, favourite: float = 0.6
) -> list[Result]:
    results = []
    for pairing in pairings:
        if pairing.is_bye:
            results.append(Result(pairing.entrants, pairing.entrants[0]))
            continue
        first, second = pairing.entrants
        winner = first if rng.random() < favourite else second
        scores = (11, rng.randrange(11)) if winner == first else (rng.randrange(11), 11)
        results.append(Result(pairing.entrants, winner, scores))
    return results


@pytest.mark.parametrize(
    ("n", "rounds"), [(2, 1), (3, 2), (4, 2), (5, 3), (8, 3), (9, 4), (64, 6), (100, 7)]
)
def test_default_rounds_is_ceil_log2_at_most_n_minus_one(n: int, rounds: int) -> None:
    assert swiss_rounds(n) == rounds


def test_more_rounds_than_n_minus_one_are_refused() -> None:
    assert swiss_rounds(6, 5) == 5
    with pytest.raises(PairingError) as refused:
        swiss_rounds(6, 6)
    assert (refused.value.code, refused.value.field) == ("bad_rounds", "rounds")


def test_round_one_is_top_half_against_bottom_half() -> None:
    assert [p.entrants for p in swiss_pairings(entrants_of(8), [])] == [
        (1, 5), (2, 6), (3, 7), (4, 8),
    ]  # fmt: skip
    # Odd: the lowest seed has the bye, the others split in halves.
    assert [p.entrants for p in swiss_pairings(entrants_of(7), [])] == [
        (1, 4), (2, 5), (3, 6), (7,),
    ]  # fmt: skip


def test_round_two_pairs_inside_score_groups() -> None:
    first = swiss_pairings(entrants_of(8), [])
    results = [Result(p.entrants, p.entrants[0], (11, 5)) for p in first]
    assert [p.entrants for p in swiss_pairings(entrants_of(8), results)] == [
        (1, 3), (2, 4), (5, 7), (6, 8),
    ]  # fmt: skip


def test_the_odd_one_out_floats_to_the_next_group() -> None:
    # 6 entrants, round 1: 1-4, 2-5, 3-6; the better seeds win: three with a
    # win. The lowest of them (3) floats down to meet the best of the rest (4):
    # 3 met 6 and 4 met 1, so 3 v 4 is no rematch.
    results = [
        Result(p.entrants, p.entrants[0], (11, 5))
        for p in swiss_pairings(entrants_of(6), [])
    ]
    second = [p.entrants for p in swiss_pairings(entrants_of(6), results)]
    assert second == [(1, 2), (3, 4), (5, 6)]


def test_a_rematch_is_avoided_by_the_next_best_pairing() -> None:
    # Four entrants, 1 v 3 and 2 v 4 in round 1, then 1 v 2 and 3 v 4: in
    # round 3 the only pairing without a rematch is 1 v 4, 2 v 3.
    results = [
        Result((1, 3), 1), Result((2, 4), 2), Result((1, 2), 1), Result((3, 4), 3),
    ]  # fmt: skip
    assert [p.entrants for p in swiss_pairings(entrants_of(4), results)] == [
        (1, 4), (2, 3),
    ]  # fmt: skip


def test_the_bye_goes_to_the_lowest_ranked_without_one() -> None:
    results = [Result((1, 3), 1), Result((2, 4), 4), Result((5,), 5)]
    pairings = swiss_pairings(entrants_of(5), results)
    # 5 had the bye; the standings are 1, 4, 5 (one win each, then seed), then
    # 2 and 3 (Buchholz 1 each, then seed): 3 is the lowest ranked and has it.
    # 5, the odd one out of the winners, floats down to 2.
    assert [p.entrants for p in pairings] == [(1, 4), (5, 2), (3,)]


def test_standings_match_wins_buchholz_difference_seed() -> None:
    results = [
        Result((1, 3), 1, (11, 2)),
        Result((2, 4), 4, (8, 11)),
        Result((5,), 5),
        Result((1, 4), 1, (11, 9)),
        Result((5, 3), 3, (4, 11)),
        Result((2,), 2),
    ]
    standings = swiss_standings(entrants_of(5), results)
    assert [s.entrant for s in standings] == [1, 4, 3, 2, 5]
    one = standings[0]
    assert (one.won, one.lost, one.played, one.byes) == (2, 0, 2, 0)
    assert one.measures == {"buchholz": 2, "points_difference": 11}
    # 4, 3, 2 and 5 won one each (a bye is a win). Buchholz: 4 met 2 and 1
    # (1 + 2), 3 met 1 and 5 (2 + 1), so points difference puts 4 (+1) before
    # 3 (-2); 2 met 4, 5 met 3 (1 each): 2 (-3) before 5 (-7).
    assert {s.entrant: s.measures["buchholz"] for s in standings} == {
        1: 2, 3: 3, 2: 1, 4: 3, 5: 1,
    }  # fmt: skip
    assert [s.measures["points_difference"] for s in standings] == [11, 1, -2, -3, -7]
    assert [s.rank for s in standings] == [1, 2, 3, 4, 5]


def test_pairing_uses_networkx_max_weight_matching(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls = []
    real = nx.max_weight_matching

    def spy(*args: object, **kwargs: object) -> object:
        calls.append(kwargs)
        return real(*args, **kwargs)

    monkeypatch.setattr(swiss.nx, "max_weight_matching", spy)
    swiss_pairings(entrants_of(6), [])
    assert calls == [{"maxcardinality": True}]


# Brute force for small n: every way to pair the round.


def all_pairings(entrants: list[int]) -> Iterator[list[tuple[int, ...]]]:
    if not entrants:
        yield []
        return
    first, rest = entrants[0], entrants[1:]
    if len(entrants) % 2 == 1:
        # ``first`` has the bye, or pairs with someone and another has it.
        for pairs in all_pairings(rest):
            yield [(first,), *pairs]
    for index, partner in enumerate(rest):
        for pairs in all_pairings(rest[:index] + rest[index + 1 :]):
            yield [(first, partner), *pairs]


def assessment(
    pairing: list[tuple[int, ...]], results: list[Result], entrants: list[int]
) -> tuple[int, int, int] | None:
    """(rematches, bye cost, squared win differences) of a pairing, or None when
    its bye breaks 'nobody two byes while someone has none'."""
    standings = swiss_standings(entrants, results)
    rank = {s.entrant: index for index, s in enumerate(standings)}
    wins = {s.entrant: s.won for s in standings}
    byes = {s.entrant: s.byes for s in standings}
    met = {frozenset(r.entrants) for r in results if len(r.entrants) == 2}
    rematches = sum(frozenset(p) in met for p in pairing if len(p) == 2)
    differences = sum((wins[p[0]] - wins[p[1]]) ** 2 for p in pairing if len(p) == 2)
    bye_cost = 0
    for p in pairing:
        if len(p) == 1:
            fewest = min(byes.values())
            if byes[p[0]] != fewest:
                return None
            bye_cost = sum(
                1 for e in entrants if byes[e] == fewest and rank[e] > rank[p[0]]
            )
    return rematches, bye_cost, differences


@st.composite
def histories(draw: st.DrawFn) -> tuple[list[int], list[Result]]:
    """A few rounds paired by the library itself or at random, any winners."""
    n = draw(st.integers(min_value=2, max_value=8))
    entrants = entrants_of(n)
    rng = random.Random(draw(st.integers(0, 2**32)))
    results: list[Result] = []
    for _ in range(draw(st.integers(0, n))):
        if draw(st.booleans()):
            pairings = swiss_pairings(entrants, results)
        else:
            shuffled = entrants[:]
            rng.shuffle(shuffled)
            pairs = [tuple(shuffled[i : i + 2]) for i in range(0, n, 2)]
            pairings = tuple(Pairing(p) for p in pairs)
        results += play(pairings, rng, favourite=rng.random())
    return entrants, results


@PROPERTY
@given(histories())
def test_swiss_is_as_good_as_brute_force(
    history: tuple[list[int], list[Result]],
) -> None:
    entrants, results = history
    drawn = [p.entrants for p in swiss_pairings(entrants, results)]
    seated = Counter(e for p in drawn for e in p)
    assert seated == Counter(entrants)  # everyone exactly once
    ours = assessment(drawn, results, entrants)
    assert ours is not None, "nobody gets two byes while someone has none"
    best = min(
        a
        for pairing in all_pairings(entrants)
        if (a := assessment(pairing, results, entrants)) is not None
    )
    # No rematch while a rematch-free pairing exists, the bye to the lowest
    # ranked who may have it, then as few and as short floats as possible.
    assert ours == best


@PROPERTY
@given(n=st.integers(min_value=3, max_value=15), seed=st.integers(0, 2**32))
def test_a_whole_swiss_spreads_byes_and_avoids_rematches(n: int, seed: int) -> None:
    entrants = entrants_of(n)
    rng = random.Random(seed)
    results: list[Result] = []
    for _ in range(swiss_rounds(n)):
        pairings = swiss_pairings(entrants, results)
        byes = Counter(r.winner for r in results if r.is_bye)
        for pairing in pairings:
            if pairing.is_bye:
                # Nobody two byes while someone has none.
                assert byes[pairing.entrants[0]] == min(byes[e] for e in entrants)
        results += play(pairings, rng)
    met = Counter(frozenset(r.entrants) for r in results if not r.is_bye)
    # ceil(log2 n) rounds always leave room for a rematch-free pairing.
    assert max(met.values()) == 1


def test_many_entrants_pair_like_all_pairs_would(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    entrants = entrants_of(120)
    rng = random.Random(5)
    results: list[Result] = []
    for _ in range(5):
        limited = swiss_pairings(entrants, results)
        monkeypatch.setattr(swiss, "ALL_PAIRS_UP_TO", 1000)
        full = swiss_pairings(entrants, results)
        monkeypatch.undo()
        assert assessment([p.entrants for p in limited], results, entrants) == (
            assessment([p.entrants for p in full], results, entrants)
        )
        results += play(limited, rng)
