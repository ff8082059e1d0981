"""A progressive Pitch night: seating, movements, sit-outs, tallies (EVENTS.md)."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.pairing import (
    PairingError,
    PlayedRound,
    Seating,
    TableResult,
    fixed_movement_repeats,
    progressive_first_round,
    progressive_next_round,
    progressive_standings,
    table_layout,
    table_winners,
)

from .helpers import PROPERTY


def players_of(n: int) -> list[int]:
    return list(range(1, n + 1))


def tables_of(seating: Seating) -> list[tuple[int, ...]]:
    return [table.players for table in seating.tables]


def played(seating: Seating, scores: list[tuple[int, ...]]) -> PlayedRound:
    return PlayedRound(
        tuple(
            TableResult(table.players, score)
            for table, score in zip(seating.tables, scores, strict=True)
        ),
        seating.sitting_out,
    )


@pytest.mark.parametrize(
    ("n", "solo", "sizes", "out"),
    [
        (4, True, (4,), 0),
        (5, True, (5,), 0),
        (6, True, (3, 3), 0),
        (7, True, (4, 3), 0),
        (9, True, (4, 5), 0),
        (10, True, (4, 3, 3), 0),
        (12, True, (4, 4, 4), 0),
        (7, False, (4,), 3),
        (10, False, (4, 4), 2),
    ],
)
def test_tables_of_four_and_the_left_over(
    n: int, solo: bool, sizes: tuple[int, ...], out: int
) -> None:
    assert table_layout(n, solo=solo) == (sizes, out)


def test_fewer_than_four_players_are_refused() -> None:
    with pytest.raises(PairingError) as refused:
        progressive_first_round(players_of(3))
    assert (refused.value.code, refused.value.params["minimum"]) == (
        "too_few_entrants",
        4,
    )


def test_round_one_seats_in_the_order_given() -> None:
    seating = progressive_first_round(players_of(11))
    assert tables_of(seating) == [(1, 2, 3, 4), (5, 6, 7, 8), (9, 10, 11)]
    assert [t.solo for t in seating.tables] == [False, False, True]
    assert seating.tables[0].sides == ((1, 3), (2, 4))
    assert seating.tables[2].sides == ((9,), (10,), (11,))
    without_solo = progressive_first_round(players_of(11), solo=False)
    assert tables_of(without_solo) == [(1, 2, 3, 4), (5, 6, 7, 8)]
    assert without_solo.sitting_out == (9, 10, 11)


def test_winners_move_up_head_losers_go_to_the_last_table_partners_split() -> None:
    first = progressive_first_round(players_of(12))
    # Table 1: 1+3 beat 2+4. Table 2: 6+8 beat 5+7. Table 3: 9+11 beat 10+12.
    round_1 = played(first, [(9, 5), (3, 10), (11, 2)])
    second = progressive_next_round(players_of(12), [round_1])
    assert tables_of(second) == [(1, 3, 6, 8), (5, 7, 9, 11), (10, 12, 2, 4)]
    # Every stayer partners an arrival: nobody keeps a partner.
    assert [t.sides for t in second.tables] == [
        ((1, 6), (3, 8)), ((5, 9), (7, 11)), ((10, 2), (12, 4)),
    ]  # fmt: skip


def test_a_solo_table_sends_its_two_best_up_ties_to_the_better_seed() -> None:
    first = progressive_first_round(players_of(13))
    assert tables_of(first)[-1] == (9, 10, 11, 12, 13)
    round_1 = played(first, [(9, 5), (3, 10), (1, 5, 3, 5, 0)])
    assert table_winners(round_1.tables[2], {p: p for p in players_of(13)}) == (10, 12)
    second = progressive_next_round(players_of(13), [round_1])
    assert tables_of(second) == [(1, 3, 6, 8), (5, 7, 10, 12), (9, 11, 13, 2, 4)]


def test_six_players_at_two_tables_of_three() -> None:
    first = progressive_first_round(players_of(6))
    round_1 = played(first, [(7, 3, 5), (2, 9, 4)])
    # Head table: its two best (1 and 3) stay, its last (2) goes down. Only
    # one seat is free: of table 2's two best (5 and 6) only 5 comes up.
    assert tables_of(progressive_next_round(players_of(6), [round_1])) == [
        (1, 3, 5), (4, 6, 2),
    ]  # fmt: skip


def test_a_tied_table_of_four_plays_another_hand() -> None:
    first = progressive_first_round(players_of(4))
    with pytest.raises(PairingError) as refused:
        progressive_next_round(players_of(4), [played(first, [(7, 7)])])
    assert (refused.value.code, refused.value.field) == ("tied_table", "scores")


def test_fixed_movement_north_stays_south_down_east_up_west_up_two() -> None:
    players = players_of(16)
    first = progressive_first_round(players)
    # Seats N E S W = 0 1 2 3; table t has N=4t-3, E=4t-2, S=4t-1, W=4t.
    round_1 = played(first, [(1, 0)] * 4)
    second = progressive_next_round(players, [round_1], movement="fixed")
    assert tables_of(second) == [
        (1, 6, 15, 12), (5, 10, 3, 16), (9, 14, 7, 4), (13, 2, 11, 8),
    ]  # fmt: skip
    partners = {frozenset(side) for t in first.tables for side in t.sides}
    assert not partners & {frozenset(side) for t in second.tables for side in t.sides}
    assert [fixed_movement_repeats(n) for n in (1, 2, 3)] == [True, True, False]


def test_fixed_movement_keeps_a_solo_table_solo() -> None:
    players = players_of(11)
    first = progressive_first_round(players)
    round_1 = played(first, [(1, 0), (1, 0), (4, 3, 2)])
    second = progressive_next_round(players, [round_1], movement="fixed")
    # West circulates among the tables of 4 only; table 3 has N, E, S.
    # (with two tables of 4, up two is where West already sits).
    assert tables_of(second) == [(1, 6, 11, 4), (5, 10, 3, 8), (9, 2, 7)]


def test_sit_outs_in_turn_without_solo_play_and_their_credit() -> None:
    players = players_of(10)
    seating = progressive_first_round(players, solo=False)
    rounds = []
    sat_out = []
    for _ in range(5):
        sat_out.append(seating.sitting_out)
        rounds.append(played(seating, [(9, 4), (6, 3)]))
        seating = progressive_next_round(players, rounds, solo=False)
    assert sat_out == [(9, 10), (7, 8), (5, 6), (3, 4), (1, 2)]
    # Round 1: the seated scored 9, 4, 9, 4 (table 1) and 6, 3, 6, 3: mean 5.5,
    # rounded half up: 6 points and a round won for 9 and 10.
    standings = {s.entrant: s for s in progressive_standings(players, rounds[:1])}
    assert (standings[9].points_for, standings[9].won, standings[9].byes) == (6, 1, 1)
    assert standings[9].measures == {"points": 6, "rounds_won": 1, "byes": 1}


def test_late_arrival_joins_at_the_last_table_next_round() -> None:
    players = players_of(8)
    first = progressive_first_round(players)
    round_1 = played(first, [(9, 5), (3, 10)])
    # Player 9 arrives during round 1: 9 players, the last table seats 5.
    second = progressive_next_round([*players, 9], [round_1])
    assert tables_of(second)[-1] == (5, 7, 2, 4, 9)
    standings = {s.entrant: s for s in progressive_standings([*players, 9], [round_1])}
    assert (standings[9].played, standings[9].points_for) == (0, 0)


def test_late_arrival_without_solo_play_sits_out_first() -> None:
    players = players_of(8)
    first = progressive_first_round(players, solo=False)
    round_1 = played(first, [(9, 5), (3, 10)])
    second = progressive_next_round([*players, 9], [round_1], solo=False)
    assert second.sitting_out == (9,)


def test_a_player_who_leaves_keeps_their_tally_and_is_not_seated() -> None:
    players = players_of(9)
    first = progressive_first_round(players)
    round_1 = played(first, [(9, 5), (1, 4, 2, 3, 0)])
    second = progressive_next_round(players, [round_1], left={7})
    assert 7 not in {p for table in tables_of(second) for p in table}
    assert [len(t) for t in tables_of(second)] == [4, 4]
    tallies = {
        s.entrant: s.points_for for s in progressive_standings(players, [round_1])
    }
    assert tallies[7] == 2


def test_tallies_by_points_or_by_wins() -> None:
    players = players_of(8)
    first = progressive_first_round(players)
    rounds = [played(first, [(3, 1), (12, 11)])]
    seating = progressive_next_round(players, rounds)
    assert tables_of(seating) == [(1, 3, 5, 7), (6, 8, 2, 4)]
    rounds.append(played(seating, [(0, 2), (15, 1)]))
    # Points: 1: 3+0, 2: 1+15, 3: 3+2, 4: 1+1, 5: 12+0, 6: 11+15, 7: 12+2,
    # 8: 11+1; 5 and 8 tie on 12, 5 won a round.
    by_points = progressive_standings(players, rounds)
    assert [s.entrant for s in by_points] == [6, 2, 7, 5, 8, 3, 1, 4]
    five = by_points[3]
    assert (five.points_for, five.won, five.lost, five.played) == (12, 1, 1, 2)
    assert five.measures == {"points": 12, "rounds_won": 1, "byes": 0}
    # Rounds won: 3 and 7 won both, 8 and 4 none.
    by_wins = progressive_standings(players, rounds, scoring="wins")
    assert [s.entrant for s in by_wins] == [7, 3, 6, 2, 5, 1, 8, 4]


# Whole nights at random.


@st.composite
def nights(draw: st.DrawFn) -> tuple[list[int], bool, str, random.Random, int]:
    n = draw(st.integers(min_value=4, max_value=23))
    return (
        players_of(n),
        draw(st.booleans()),
        draw(st.sampled_from(["winners_up", "fixed"])),
        random.Random(draw(st.integers(0, 2**32))),
        draw(st.integers(min_value=2, max_value=7)),
    )


def random_scores(seating: Seating, rng: random.Random) -> list[tuple[int, ...]]:
    scores = []
    for table in seating.tables:
        if table.solo:
            scores.append(tuple(rng.randrange(-3, 12) for _ in table.players))
        else:
            a = rng.randrange(0, 12)
            scores.append((a, rng.choice([b for b in range(-4, 12) if b != a])))
    return scores


@PROPERTY
@given(nights())
def test_every_night_seats_everyone_present_once(
    night: tuple[list[int], bool, str, random.Random, int],
) -> None:
    players, solo, movement, rng, count = night
    seating = progressive_first_round(players, solo=solo)
    rounds: list[PlayedRound] = []
    left: set[int] = set()
    sat_out: Counter[int] = Counter()
    for _ in range(count):
        present = [p for p in players if p not in left]
        seated = [p for table in tables_of(seating) for p in table]
        assert Counter(seated + list(seating.sitting_out)) == Counter(present)
        for table in seating.tables:
            assert len(table.players) == 4 or (solo and len(table.players) in (3, 5))
        if not solo:
            assert len(seating.sitting_out) == len(present) % 4
            # Nobody sits out twice before everyone present has once.
            out = set(seating.sitting_out)
            if out:
                assert max(sat_out[p] for p in out) <= min(
                    (sat_out[p] for p in present if p not in out), default=99
                )
            sat_out.update(seating.sitting_out)
        if rounds and movement == "winners_up":
            before = {
                frozenset(side)
                for t in rounds[-1].tables
                if len(t.players) == 4
                for side in (t.players[0::2], t.players[1::2])
            }
            for table in seating.tables:
                if not table.solo:
                    assert not before & set(map(frozenset, table.sides))
        rounds.append(played(seating, random_scores(seating, rng)))
        # Now and then someone arrives late or goes home.
        if rng.random() < 0.3:
            players = [*players, max(players) + 1]
        if rng.random() < 0.3 and len(present) > 5:
            left.add(rng.choice(present))
        seating = progressive_next_round(
            players, rounds, movement=movement, solo=solo, left=left
        )
    standings = progressive_standings(players, rounds)
    assert sorted(s.entrant for s in standings) == sorted(players)
    assert [s.rank for s in standings] == list(range(1, len(players) + 1))
