"""A long replay costs the same per hand as a short one (issue 25 item 8).

A replay keeps every hand's result until its end, so what one result holds is what
the garbage collector counts and scans as a game grows; these tests hold the results
light and the objects built the fast way exactly like those built by their class.
"""

from __future__ import annotations

import dataclasses
import gc
import pickle
import tracemalloc

import pytest

from scoring.engine import (
    GameState,
    HandInput,
    HandResult,
    RuleViolation,
    replay,
    score_hand,
)
from scoring.engine import game as engine_game

from .helpers import thirteen_rules

RULES = thirteen_rules()


def _long_game(hands: int) -> list[HandInput]:
    """A 13-Point game that nobody wins: in turn each team makes a bid of 7 taking
    7 points, then each is set taking none, so the scores go round in a circle."""
    seven = ("ace", "jack", "jick", "high_joker", "low_joker", "ten", "two")
    game = []
    for index in range(hands):
        pitcher = (index + 1) % 4
        made = index % 4 < 2
        awards = dict.fromkeys(seven, pitcher) if made else {}
        game.append(HandInput(pitcher=pitcher, bid=7, awards=awards))
    return game


def test_the_long_game_is_not_won_before_its_end() -> None:
    game = replay(RULES, _long_game(400))
    assert game.state.hands == 400
    assert game.state.winner is None


def test_results_are_slotted_frozen_and_equal_to_those_built_by_their_class() -> None:
    result, state = score_hand(
        RULES,
        GameState((0, 0), 0, None),
        HandInput(pitcher=1, bid=7, awards={"ace": 1, "jack": 3, "ten": 0}),
    )
    assert type(result) is HandResult
    assert type(state) is GameState
    assert not hasattr(result, "__dict__")
    assert not hasattr(state, "__dict__")
    fields = {f.name: getattr(result, f.name) for f in dataclasses.fields(result)}
    assert HandResult(**fields) == result
    assert repr(HandResult(**fields)) == repr(result)
    assert GameState(state.scores, state.hands, state.winner) == state
    assert pickle.loads(pickle.dumps(result)) == result
    assert pickle.loads(pickle.dumps(state)) == state
    with pytest.raises(dataclasses.FrozenInstanceError):
        result.bid = 8  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        state.hands = 3  # type: ignore[misc]


def test_the_twins_have_the_layout_of_the_frozen_classes() -> None:
    # The fast builders take the frozen class only because the slots are the same.
    assert engine_game._HandResultTwin.__slots__ == HandResult.__slots__
    assert engine_game._GameStateTwin.__slots__ == GameState.__slots__
    assert HandResult.__slots__ == tuple(f.name for f in dataclasses.fields(HandResult))


def test_equal_points_and_changes_share_one_tuple() -> None:
    results = replay(RULES, _long_game(40)).results
    assert results[0].won == results[4].won
    assert results[0].won is results[4].won
    assert results[2].deltas == (0, -7)
    assert results[2].deltas is results[6].deltas
    made = [result for result in results if result.made]
    assert made
    assert all(result.deltas is result.won for result in made)


def test_a_long_replay_keeps_one_tracked_object_and_little_memory_per_hand() -> None:
    hands = _long_game(3_000)
    replay(RULES, hands)
    gc.collect()
    before = len(gc.get_objects())
    tracemalloc.start()
    try:
        game = replay(RULES, hands)
        allocated, _ = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    gc.collect()
    tracked = len(gc.get_objects()) - before
    # Per hand: the HandResult (its awards dict and its tuples of ints are not
    # tracked once collected). A __dict__ per result made it 2.
    assert tracked / len(hands) < 1.2
    # About 600 bytes a hand here; 1,150 with a __dict__ and tuples of its own.
    assert allocated / len(hands) < 850
    assert len(game.results) == len(hands)


def _collections() -> int:
    return sum(generation["collections"] for generation in gc.get_stats())


def test_no_collection_runs_during_a_replay_and_the_collector_is_on_after(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    hands = _long_game(3_000)
    counts: list[int] = []
    scored = engine_game._replay

    def counted(rules, hands):  # the collector's runs at the start and the end
        counts.append(_collections())
        replayed = scored(rules, hands)
        counts.append(_collections())
        return replayed

    monkeypatch.setattr(engine_game, "_replay", counted)
    assert gc.isenabled()
    game = replay(RULES, hands)
    # 3,000 results are thousands of allocations: without the pause, the collector's
    # young generation alone (threshold 700) would have run several times.
    assert len(game.results) == 3_000
    assert counts[0] == counts[1]
    assert gc.isenabled()


def test_the_collector_is_back_on_after_a_refused_replay() -> None:
    hands = [*_long_game(10), HandInput(pitcher=9, bid=7, awards={})]
    with pytest.raises(RuleViolation):
        replay(RULES, hands)
    assert gc.isenabled()


def test_a_replay_leaves_a_collector_that_was_off_off() -> None:
    gc.disable()
    try:
        replay(RULES, _long_game(50))
        assert not gc.isenabled()
    finally:
        gc.enable()
