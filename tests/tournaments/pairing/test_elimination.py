"""Single and double elimination brackets (EVENTS.md, single/double_elimination)."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.pairing import (
    BracketState,
    MatchKey,
    PairingError,
    Result,
    bracket_dependents,
    bracket_order,
    bracket_size,
    bracket_state,
    draw_bracket,
    elimination_standings,
    seed_order,
)

from .helpers import PROPERTY, better_seed, play_bracket, random_chooser

W, L, F = "winners", "losers", "final"


def seeds_of(n: int) -> list[int]:
    return list(range(1, n + 1))


@pytest.mark.parametrize(
    ("n", "size"), [(2, 2), (3, 4), (4, 4), (5, 8), (8, 8), (9, 16), (33, 64)]
)
def test_bracket_size_is_the_smallest_power_of_two_at_least_n(
    n: int, size: int
) -> None:
    assert bracket_size(n) == size
    assert draw_bracket(seeds_of(n)).size == size


def test_eight_seeds_in_standard_bracket_order() -> None:
    assert bracket_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    first = [m for m in draw_bracket(seeds_of(8)).matches if m.key.round == 1]
    assert [tuple(s.seed for s in m.sources) for m in first] == [
        (1, 8), (4, 5), (2, 7), (3, 6),
    ]  # fmt: skip


@pytest.mark.parametrize("size", [2, 4, 8, 16, 32, 64])
def test_seed_s_meets_size_plus_one_minus_s_and_top_seeds_meet_late(size: int) -> None:
    order = bracket_order(size)
    for a, b in zip(order[0::2], order[1::2], strict=True):
        assert a + b == size + 1
    # With the better seed always winning, round r has seeds 1..size/2^r left,
    # so 1 and 2 meet only in the final, 1 and 4 in a semi-final.
    state, _ = play_bracket(draw_bracket(seeds_of(size)), better_seed)
    assert state.champion == 1
    rounds = size.bit_length() - 1
    final = state.match(MatchKey(W, rounds, 1))
    assert set(final.entrants) == {1, 2}
    for match in state.matches:
        r = match.key.round
        assert max(match.entrants) <= size // 2 ** (r - 1)


def test_byes_go_to_the_top_seeds_and_complete_at_once() -> None:
    state = bracket_state(draw_bracket(seeds_of(5)), {})
    first = [m for m in state.matches if m.key.round == 1]
    byes = [m for m in first if m.status == "completed"]
    assert [m.entrants for m in byes] == [(1,), (2,), (3,)]
    assert [m.winner for m in byes] == [1, 2, 3]
    assert [m.entrants for m in first if m.status == "ready"] == [(4, 5)]
    second = [m for m in state.matches if m.key.round == 2]
    assert [m.entrants for m in second] == [(1, None), (2, 3)]
    assert [m.status for m in second] == ["waiting", "ready"]


def test_winner_of_match_k_meets_winner_of_its_neighbour() -> None:
    bracket = draw_bracket(seeds_of(8))
    results = {
        MatchKey(W, 1, 1): Result((1, 8), 8, (3, 11)),
        MatchKey(W, 1, 2): Result((4, 5), 5, (9, 11)),
        MatchKey(W, 1, 3): Result((2, 7), 2),
    }
    state = bracket_state(bracket, results)
    assert state.match(MatchKey(W, 2, 1)).entrants == (8, 5)
    assert state.match(MatchKey(W, 2, 2)).entrants == (2, None)


def test_third_place_match_between_the_semi_final_losers() -> None:
    bracket = draw_bracket(seeds_of(4), third_place=True)
    results = {
        MatchKey(W, 1, 1): Result((1, 4), 1),
        MatchKey(W, 1, 2): Result((2, 3), 3),
    }
    state = bracket_state(bracket, results)
    assert state.match(MatchKey(F, 1, 1)).entrants == (4, 2)
    results[MatchKey(W, 2, 1)] = Result((1, 3), 3)
    assert not bracket_state(bracket, results).finished  # third place still to play
    results[MatchKey(F, 1, 1)] = Result((4, 2), 4)
    state = bracket_state(bracket, results)
    assert state.finished
    assert state.champion == 3
    ranks = {s.entrant: s.rank for s in elimination_standings(bracket, results)}
    assert ranks == {3: 1, 1: 2, 4: 3, 2: 4}


def test_without_third_place_the_semi_final_losers_share_third() -> None:
    _, results = play_bracket(draw_bracket(seeds_of(8)), better_seed)
    standings = elimination_standings(draw_bracket(seeds_of(8)), results)
    assert [(s.entrant, s.rank) for s in standings] == [
        (1, 1), (2, 2), (3, 3), (4, 3), (5, 5), (6, 5), (7, 5), (8, 5),
    ]  # fmt: skip
    assert standings[0].measures == {"rounds_won": 3, "losses": 0}


def test_random_seeding_is_drawn_once_from_the_generator_given() -> None:
    entrants = list("ABCDEFGH")
    first = seed_order(entrants, "random", random.Random(7))
    assert sorted(first) == entrants
    assert first == seed_order(entrants, "random", random.Random(7))
    assert first != entrants
    assert seed_order(entrants, "given") == entrants
    with pytest.raises(PairingError) as refused:
        seed_order(entrants, "random")
    assert refused.value.code == "rng_needed"


def test_a_result_for_a_match_not_ready_or_with_a_stranger_is_refused() -> None:
    bracket = draw_bracket(seeds_of(4))
    with pytest.raises(PairingError) as refused:
        bracket_state(bracket, {MatchKey(W, 2, 1): Result((1, 2), 1)})
    assert refused.value.code == "match_not_ready"
    with pytest.raises(PairingError) as refused:
        bracket_state(bracket, {MatchKey(W, 1, 1): Result((1, 3), 1)})
    assert refused.value.code == "result_entrants_mismatch"
    with pytest.raises(PairingError) as refused:
        bracket_state(bracket, {MatchKey(W, 1, 1): Result((1, 4), 2)})
    assert refused.value.code == "winner_not_in_match"
    with pytest.raises(PairingError) as refused:
        bracket_state(bracket, {MatchKey(L, 1, 1): Result((1, 4), 1)})
    assert refused.value.code == "unknown_match"


# Double elimination.


def test_double_elimination_of_eight_has_the_expected_rounds() -> None:
    bracket = draw_bracket(seeds_of(8), double=True)
    per_round = Counter((m.key.bracket, m.key.round) for m in bracket.matches)
    assert per_round == {
        (W, 1): 4, (W, 2): 2, (W, 3): 1,
        (L, 1): 2, (L, 2): 2, (L, 3): 1, (L, 4): 1,
        (F, 1): 1, (F, 2): 1,
    }  # fmt: skip


def test_grand_final_reset_is_played_only_when_the_losers_champion_wins() -> None:
    bracket = draw_bracket([1, 2], double=True)
    results = {MatchKey(W, 1, 1): Result((1, 2), 1)}
    state = bracket_state(bracket, results)
    assert state.match(MatchKey(F, 1, 1)).entrants == (1, 2)
    assert state.match(MatchKey(F, 2, 1)).status == "waiting"
    won_first = {**results, MatchKey(F, 1, 1): Result((1, 2), 1)}
    state = bracket_state(bracket, won_first)
    assert state.match(MatchKey(F, 2, 1)).status == "void"
    assert (state.finished, state.champion) == (True, 1)
    lost_first = {**results, MatchKey(F, 1, 1): Result((1, 2), 2)}
    state = bracket_state(bracket, lost_first)
    assert state.match(MatchKey(F, 2, 1)).status == "ready"
    assert state.losses == {1: 1, 2: 1}
    assert not state.finished
    state = bracket_state(bracket, {**lost_first, MatchKey(F, 2, 1): Result((1, 2), 2)})
    assert (state.finished, state.champion) == (True, 2)


def test_without_reset_the_grand_final_decides() -> None:
    bracket = draw_bracket([1, 2], double=True, grand_final_reset=False)
    results = {
        MatchKey(W, 1, 1): Result((1, 2), 1),
        MatchKey(F, 1, 1): Result((1, 2), 2),
    }
    state = bracket_state(bracket, results)
    assert (state.finished, state.champion) == (True, 2)
    assert [m.key for m in bracket.matches if m.key.bracket == F] == [MatchKey(F, 1, 1)]


def test_a_winners_loser_is_placed_away_from_the_entrant_it_beat() -> None:
    # 4 entrants: losers' round 2 takes the winners' final's loser against the
    # losers' round 1 winner; with one match nothing else is possible, so use 8.
    bracket = draw_bracket(seeds_of(8), double=True)
    results = {
        MatchKey(W, 1, 1): Result((1, 8), 1),
        MatchKey(W, 1, 2): Result((4, 5), 4),
        MatchKey(W, 1, 3): Result((2, 7), 2),
        MatchKey(W, 1, 4): Result((3, 6), 3),
        MatchKey(W, 2, 1): Result((1, 4), 1),
        MatchKey(W, 2, 2): Result((2, 3), 2),
        MatchKey(L, 1, 1): Result((8, 5), 8),
        MatchKey(L, 1, 2): Result((7, 6), 6),
    }
    state = bracket_state(bracket, results)
    # Default placement (reversed after round 2) already keeps 4 from 5 or 8
    # and 3 from 6 or 7: 4 (who beat 5) meets 6, 3 (who beat 6) meets 8.
    assert state.match(MatchKey(L, 2, 1)).entrants == (3, 8)
    assert state.match(MatchKey(L, 2, 2)).entrants == (4, 6)
    met = {frozenset(m.entrants) for m in state.matches if m.key.bracket == W}
    for match in state.matches:
        if match.key in (MatchKey(L, 2, 1), MatchKey(L, 2, 2)):
            assert frozenset(match.entrants) not in met


def test_placement_moves_a_loser_only_to_avoid_a_rematch() -> None:
    # 16 entrants, random winners: whenever a losers' round is not placed as
    # drawn, the default placement had more rematches than the one made.
    bracket = draw_bracket(seeds_of(16), double=True)
    rng = random.Random(0)
    moved = 0
    for _ in range(200):
        state, _ = play_bracket(bracket, random_chooser(rng))
        met = {
            frozenset(m.entrants)
            for m in state.matches
            if m.key.bracket == W and len(m.entrants) == 2
        }
        for round_ in range(2, 7, 2):
            matches = [
                m for m in state.matches if m.key.bracket == L and m.key.round == round_
            ]
            placed = [m.entrants for m in matches]
            default = [
                (
                    state.match(bracket.match(m.key).sources[0].match).loser,
                    *m.entrants[1:],
                )
                for m in matches
            ]
            if placed != default:
                moved += 1
                assert sum(frozenset(p) in met for p in placed) < sum(
                    frozenset(p) in met for p in default
                )
        if moved >= 3:
            break
    assert moved, "some random bracket needs a placement other than the default"


def no_avoidable_rematch(state: BracketState) -> None:
    """Every placed losers' round that takes winners' losers has no rematch
    unless every placement of it has one (checked by brute force)."""
    from itertools import permutations

    met = {
        frozenset(m.entrants)
        for m in state.matches
        if m.key.bracket == W and m.status == "completed" and len(m.entrants) == 2
    }
    rounds: dict[int, list] = {}
    for match in state.matches:
        if match.key.bracket == L and match.key.round % 2 == 0 and match.key.round > 0:
            rounds.setdefault(match.key.round, []).append(match)
    for matches in rounds.values():
        if any(m.entrants[0] is None for m in matches):
            continue
        drops = [m.entrants[0] for m in matches]
        stays = [m.entrants[1] if len(m.entrants) == 2 else None for m in matches]
        rematches = sum(frozenset(p) in met for p in zip(drops, stays, strict=True))
        if rematches and len(drops) <= 6:
            best = min(
                sum(frozenset(p) in met for p in zip(order, stays, strict=True))
                for order in permutations(drops)
            )
            assert rematches == best


@PROPERTY
@given(
    n=st.integers(min_value=2, max_value=24),
    reset=st.booleans(),
    luck=st.randoms(use_true_random=False),
)
def test_double_elimination_nobody_out_before_two_losses(
    n: int, reset: bool, luck: random.Random
) -> None:
    bracket = draw_bracket(seeds_of(n), double=True, grand_final_reset=reset)

    def check(state: BracketState) -> None:
        no_avoidable_rematch(state)
        for entrant in state.eliminated:
            if state.losses[entrant] < 2:
                # Only the winners' champion beaten in a final without reset.
                assert not reset
                assert state.champion is not None
                assert state.losses[entrant] == 1

    state, results = play_bracket(bracket, random_chooser(luck), check=check)
    assert state.finished
    assert state.champion is not None
    assert state.losses[state.champion] <= 1
    assert set(state.eliminated) == set(seeds_of(n)) - {state.champion}
    plays = Counter(
        e for m in state.matches if m.status == "completed" for e in m.entrants
    )
    byes = Counter(m.entrants[0] for m in state.matches if len(m.entrants) == 1)
    for entrant in seeds_of(n):
        assert state.losses[entrant] <= 2
        assert plays[entrant] >= 1
    # A bye in the winners' bracket only in round 1, to the top seeds.
    winners_byes = [
        m.entrants[0]
        for m in state.matches
        if m.key.bracket == W and len(m.entrants) == 1
    ]
    assert sorted(winners_byes) == list(range(1, bracket.size - n + 1))
    assert sum(byes.values()) >= len(winners_byes)
    standings = elimination_standings(bracket, results)
    assert standings[0].entrant == state.champion
    assert standings[0].rank == 1


@PROPERTY
@given(
    n=st.integers(min_value=2, max_value=40),
    third=st.booleans(),
    luck=st.randoms(use_true_random=False),
)
def test_single_elimination_one_loss_eliminates(
    n: int, third: bool, luck: random.Random
) -> None:
    bracket = draw_bracket(seeds_of(n), third_place=third)
    state, results = play_bracket(bracket, random_chooser(luck))
    assert state.finished
    assert state.losses[state.champion] == 0
    winners_losses = Counter(
        m.loser for m in state.matches if m.key.bracket == W and m.loser is not None
    )
    assert set(winners_losses.values()) == {1}
    assert len(winners_losses) == n - 1
    byes = [
        m.entrants[0]
        for m in state.matches
        if len(m.entrants) == 1 and m.key.bracket == W
    ]
    assert sorted(byes) == list(range(1, bracket.size - n + 1))
    ranks = [s.rank for s in elimination_standings(bracket, results)]
    assert ranks == sorted(ranks)
    assert ranks[:2] == [1, 2]


def test_dependents_name_the_next_matches_and_a_whole_placed_round() -> None:
    bracket = draw_bracket(seeds_of(8), double=True)
    assert bracket_dependents(bracket, MatchKey(W, 1, 1)) == {
        MatchKey(W, 2, 1), MatchKey(L, 1, 1),
    }  # fmt: skip
    # A winners' round-2 loser is placed with its whole losers' round.
    assert bracket_dependents(bracket, MatchKey(W, 2, 1)) == {
        MatchKey(W, 3, 1), MatchKey(L, 2, 1), MatchKey(L, 2, 2),
    }  # fmt: skip
    assert MatchKey(F, 2, 1) in bracket_dependents(bracket, MatchKey(F, 1, 1))
