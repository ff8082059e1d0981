"""The readings of EVENTS.md's progressive night that docs/pairing.md writes down
(issue 14, item 4): when an arrival or a leaver changes the tables, who moves
(nobody who lost moves up, nobody who won moves down, late arrivals stay at the
last table); the fixed North-stays movement with 3 tables, and with 1 or 2 (it
repeats)."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from tournaments.pairing import (
    PlayedRound,
    fixed_movement_repeats,
    progressive_first_round,
    progressive_next_round,
    table_winners,
)

from .helpers import PROPERTY
from .test_progressive import played, players_of, random_scores, tables_of

# --- (a) arrivals and leavers that change the tables -------------------------------


def test_an_arrival_making_the_last_table_six_splits_it_into_two_of_three() -> None:
    # 9 players: a table of 4 and a solo table of 5; player 10 arrives.
    players = players_of(9)
    first = progressive_first_round(players)
    # Table 1: 1 & 3 beat 2 & 4; table 2 (solo): 5 and 6 score most.
    round_1 = played(first, [(7, 3), (9, 8, 1, 2, 0)])
    second = progressive_next_round([*players, 10], [round_1])
    # Table 1 keeps its winners and takes table 2's two best; table 2's three
    # losers stay; the head table's losers go to the last table with the
    # arrival: nobody moves up who lost, the tables above the last unchanged.
    assert [sorted(t) for t in tables_of(second)] == [
        [1, 3, 5, 6],
        [7, 8, 9],
        [2, 4, 10],
    ]


def test_an_arrival_adding_a_seat_above_the_last_table_takes_a_head_loser() -> None:
    # 10 players: 4, 3, 3; player 11 arrives, so tables of 4, 4, 3.
    players = players_of(10)
    first = progressive_first_round(players)
    # Table 1: 1 & 3 win; table 2 (5, 6, 7): 5 and 6; table 3 (8, 9, 10): 8, 9.
    round_1 = played(first, [(7, 3), (9, 8, 1), (6, 5, 0)])
    second = progressive_next_round([*players, 11], [round_1])
    tables = [sorted(t) for t in tables_of(second)]
    # Table 2 (7, who lost there, and 8, 9 up from table 3) needs a fourth: not
    # 10, who lost at table 3 (that would move a loser up), but 2, a loser of
    # the head table, who drops one table instead of two.
    assert tables == [[1, 3, 5, 6], [2, 7, 8, 9], [4, 10, 11]]


def test_leavers_leaving_a_table_of_two_are_made_up_from_below() -> None:
    players = players_of(8)
    first = progressive_first_round(players)
    round_1 = played(first, [(7, 3), (2, 9)])  # 1 & 3 win; 6 & 8 win
    # 1 and 3 go home: six players, two solo tables of three.
    second = progressive_next_round(players, [round_1], left={1, 3})
    tables = [sorted(t) for t in tables_of(second)]
    # Table 1 has 6 and 8 (up from table 2) and takes one more: a head table's
    # loser (2) stays rather than table 2's loser (5) moving up.
    assert tables == [[2, 6, 8], [4, 5, 7]]


@st.composite
def changing_nights(draw: st.DrawFn) -> tuple[list[int], random.Random, int]:
    return (
        players_of(draw(st.integers(min_value=4, max_value=23))),
        random.Random(draw(st.integers(0, 2**32))),
        draw(st.integers(min_value=2, max_value=6)),
    )


@PROPERTY
@given(changing_nights())
def test_winners_up_never_moves_a_loser_up_nor_a_winner_down(
    night: tuple[list[int], random.Random, int],
) -> None:
    """Whatever arrives or leaves: a late arrival sits at the last table, nobody
    sits above the table they lost at, nobody below the table they won at."""
    players, rng, count = night
    seating = progressive_first_round(players)
    rounds: list[PlayedRound] = []
    left: set[int] = set()
    for _ in range(count):
        rounds.append(played(seating, random_scores(seating, rng)))
        arrivals = []
        for _ in range(rng.choice([0, 0, 1, 2])):
            arrivals.append(max(players) + 1)
            players = [*players, arrivals[-1]]
        present = [p for p in players if p not in left]
        for _ in range(rng.choice([0, 0, 1, 2])):
            if len(present) > 5:
                gone = rng.choice(present)
                left.add(gone)
                present.remove(gone)
        seating = progressive_next_round(players, rounds, left=left)
        last = rounds[-1]
        seeds = {p: i for i, p in enumerate(players)}
        where = {
            p: number
            for number, table in enumerate(tables_of(seating), start=1)
            for p in table
        }
        for number, table in enumerate(last.tables, start=1):
            won = set(table_winners(table, seeds))
            for player in table.players:
                if player in left:
                    continue
                if player in won:
                    assert where[player] <= number, (player, "won", number)
                else:
                    assert where[player] >= min(number, len(seating.tables)) or (
                        number == 1
                    ), (player, "lost", number)
        for player in arrivals:
            if player in left:
                continue
            assert where[player] == len(seating.tables), (player, "arrived")


# --- (b) the fixed movement ----------------------------------------------------------


def test_fixed_movement_with_three_tables_moves_everyone_as_events_says() -> None:
    players = players_of(12)
    first = progressive_first_round(players)
    assert tables_of(first) == [(1, 2, 3, 4), (5, 6, 7, 8), (9, 10, 11, 12)]
    seating = first
    rounds = []
    seen = [tables_of(first)]
    for _ in range(3):
        rounds.append(played(seating, [(1, 0)] * 3))
        seating = progressive_next_round(players, rounds, movement="fixed")
        seen.append(tables_of(seating))
    # Seats N, E, S, W are 0, 1, 2, 3. North stays; South moves down one table,
    # East up one, West up two (wrapping round the three tables).
    assert seen[1] == [(1, 6, 11, 12), (5, 10, 3, 4), (9, 2, 7, 8)]
    # Three rounds bring everyone back: South and East go round in three moves,
    # West (up two of three) too.
    assert seen[3] == seen[0]
    # In rounds 1 to 3 nobody partners the same player twice.
    partners = [
        frozenset(side)
        for tables in seen[:3]
        for table in tables
        for side in (table[0::2], table[1::2])
    ]
    assert len(partners) == len(set(partners))
    assert not fixed_movement_repeats(3)


def test_fixed_movement_with_one_or_two_tables_repeats() -> None:
    for n in (4, 8):
        players = players_of(n)
        first = progressive_first_round(players)
        rounds = [played(first, [(1, 0)] * len(first.tables))]
        second = progressive_next_round(players, rounds, movement="fixed")
        rounds.append(played(second, [(1, 0)] * len(second.tables)))
        third = progressive_next_round(players, rounds, movement="fixed")
        # One table: nobody moves; two: round 3 is round 1 again.
        assert tables_of(third) == tables_of(first)
        assert fixed_movement_repeats(len(first.tables))
