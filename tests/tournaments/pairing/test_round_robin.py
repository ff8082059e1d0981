"""Round robin: Berger tables, byes, cycles and standings (EVENTS.md round_robin)."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.pairing import (
    PairingError,
    Result,
    berger_table,
    round_robin_rounds,
    round_robin_schedule,
    round_robin_standings,
)

from .helpers import PROPERTY


def test_berger_table_for_six_is_fides() -> None:
    assert berger_table(6) == [
        [(1, 6), (2, 5), (3, 4)],
        [(6, 4), (5, 3), (1, 2)],
        [(2, 6), (3, 1), (4, 5)],
        [(6, 5), (1, 4), (2, 3)],
        [(3, 6), (4, 2), (5, 1)],
    ]


def test_odd_number_gives_each_entrant_one_bye_per_cycle() -> None:
    rounds = round_robin_schedule(list("ABCDE"))
    assert [[p.entrants for p in r] for r in rounds] == [
        [("B", "E"), ("C", "D"), ("A",)],
        [("E", "C"), ("A", "B"), ("D",)],
        [("C", "A"), ("D", "E"), ("B",)],
        [("A", "D"), ("B", "C"), ("E",)],
        [("D", "B"), ("E", "A"), ("C",)],
    ]


@PROPERTY
@given(n=st.integers(min_value=2, max_value=21), cycles=st.sampled_from([1, 2]))
def test_everyone_meets_everyone_once_per_cycle(n: int, cycles: int) -> None:
    entrants = [f"e{i}" for i in range(n)]
    rounds = round_robin_schedule(entrants, cycles)
    assert len(rounds) == round_robin_rounds(n, cycles)
    assert len(rounds) == ((n - 1) if n % 2 == 0 else n) * cycles
    meetings: Counter[frozenset[str]] = Counter()
    byes: Counter[str] = Counter()
    for round_ in rounds:
        seated = [e for pairing in round_ for e in pairing.entrants]
        assert len(seated) == len(set(seated)) == n  # at most once per round
        assert sum(p.is_bye for p in round_) == n % 2
        assert [p.is_bye for p in round_] == sorted(p.is_bye for p in round_)
        for pairing in round_:
            if pairing.is_bye:
                byes[pairing.entrants[0]] += 1
            else:
                meetings[frozenset(pairing.entrants)] += 1
    assert set(meetings) == {frozenset(p) for p in combinations(entrants, 2)}
    assert set(meetings.values()) == {cycles}  # no rematch within a cycle
    assert byes == (Counter(dict.fromkeys(entrants, cycles)) if n % 2 else Counter())
    if cycles == 2:
        half = len(rounds) // 2
        for first, second in zip(rounds[:half], rounds[half:], strict=True):
            assert [p.entrants[::-1] for p in first if not p.is_bye] == [
                p.entrants for p in second if not p.is_bye
            ]


def test_a_third_cycle_is_refused() -> None:
    with pytest.raises(PairingError) as refused:
        round_robin_schedule(list("ABCD"), cycles=3)
    assert (refused.value.code, refused.value.field) == ("bad_cycles", "cycles")


def test_standings_wins_then_head_to_head_then_difference() -> None:
    # A, B and C each win two; among them A beat B, B beat C, C beat A (a tie
    # on head-to-head), so points difference decides: C +9, B +2, A 0.
    results = [
        Result(("A", "B"), "A", (11, 9)),
        Result(("B", "C"), "B", (11, 9)),
        Result(("C", "A"), "C", (11, 3)),
        Result(("A", "D"), "A", (11, 5)),
        Result(("B", "D"), "B", (11, 9)),
        Result(("C", "D"), "C", (11, 8)),
        Result(("D",), "D"),
    ]
    standings = round_robin_standings(list("ABCD"), results)
    assert [s.entrant for s in standings] == ["C", "B", "A", "D"]
    c = standings[0]
    assert (c.rank, c.played, c.won, c.lost, c.points_for, c.points_against) == (
        1, 3, 2, 1, 31, 22,
    )  # fmt: skip
    assert c.measures == {"head_to_head": 1, "points_difference": 9, "points_for": 31}
    d = standings[-1]
    # A bye is not counted as a win in a round robin.
    assert (d.won, d.byes, d.played) == (0, 1, 3)


def test_head_to_head_among_the_tied_beats_points_difference() -> None:
    results = [
        Result(("A", "B"), "B", (10, 11)),
        Result(("A", "C"), "A", (11, 0)),
        Result(("B", "C"), "C", (2, 11)),
        Result(("A", "D"), "A", (11, 0)),
        Result(("B", "D"), "B", (11, 10)),
        Result(("C", "D"), "D", (0, 11)),
    ]
    standings = round_robin_standings(list("ABCD"), results)
    # A and B both won two, A's difference is far better, but B beat A.
    assert [s.entrant for s in standings[:2]] == ["B", "A"]
    assert standings[0].measures["head_to_head"] == 1


def test_points_for_then_seed_break_the_last_ties() -> None:
    results = [Result(("A", "B"), "A", (11, 7)), Result(("C", "D"), "C", (15, 11))]
    names = [s.entrant for s in round_robin_standings(list("ABCD"), results)]
    assert names == ["C", "A", "D", "B"]
    even = [Result(("A", "B"), "A", (11, 7)), Result(("C", "D"), "C", (11, 7))]
    # Seeds D, C, B, A: C and A tie on everything, C is the better seed.
    names = [s.entrant for s in round_robin_standings(list("DCBA"), even)]
    assert names == ["C", "A", "D", "B"]


def test_a_result_naming_a_stranger_is_refused() -> None:
    with pytest.raises(PairingError) as refused:
        round_robin_standings(list("AB"), [Result(("A", "Z"), "A")])
    assert refused.value.code == "unknown_entrant"
    with pytest.raises(PairingError) as refused:
        round_robin_standings(list("AB"), [Result(("A", "B"), "C")])
    assert refused.value.code == "winner_not_in_match"
