"""Replaying a game after a correction or an undo."""

from __future__ import annotations

import dataclasses

import pytest

from scoring.engine import PASS, HandInput, new_game, replay, score_hand

from .helpers import auction_rules, refusal, thirteen_rules

P = PASS
RULES = auction_rules()  # four players, target 7, pitcher-only

# A four-hand game: seat 1 reaches 7 at hand 3 but must wait; it goes out at hand 4.
GAME = [
    HandInput(pitcher=1, bid=2, awards={"high": 1, "low": 1, "jack": 1, "game": 0}),
    HandInput(auction=[P, P, P, 3], awards={"high": 1, "low": 1, "jack": 1, "game": 2}),
    HandInput(pitcher=0, bid=2, awards={"high": 0, "low": 0, "game": 1}),
    HandInput(auction=[P, 1, P, P], awards={"high": 1, "low": 2}),
]
SCORES = [(1, 3, 0, 0), (1, 6, 1, 0), (3, 7, 1, 0), (3, 8, 2, 0)]


def test_replay_scores_every_hand_in_order() -> None:
    game = replay(RULES, GAME)
    assert [result.number for result in game.results] == [1, 2, 3, 4]
    assert [result.dealer for result in game.results] == [0, 1, 2, 3]
    assert [result.scores for result in game.results] == SCORES
    assert [result.winner for result in game.results] == [None, None, None, 1]
    assert game.state.scores == (3, 8, 2, 0)
    assert game.state.hands == 4
    assert game.state.winner == 1


def test_replay_is_the_same_as_scoring_hand_by_hand() -> None:
    state = new_game(RULES)
    results = []
    for hand in GAME:
        result, state = score_hand(RULES, state, hand)
        results.append(result)
    game = replay(RULES, GAME)
    assert game.results == tuple(results)
    assert game.state == state


def test_replay_of_no_hands_is_a_new_game() -> None:
    game = replay(thirteen_rules(), [])
    assert game.results == ()
    assert game.state == new_game(thirteen_rules())


def test_a_correction_is_followed_by_every_later_score() -> None:
    # Hand 1 was a 4, not a 2: seat 1 is set back and never reaches the target.
    corrected = [dataclasses.replace(GAME[0], bid=4), *GAME[1:]]
    game = replay(RULES, corrected)
    assert [result.scores for result in game.results] == [
        (1, -4, 0, 0),
        (1, -1, 1, 0),
        (3, 0, 1, 0),
        (3, 1, 2, 0),
    ]
    assert game.state.winner is None


def test_a_correction_that_undoes_the_win_reopens_the_game() -> None:
    corrected = [*GAME[:3], HandInput(pitcher=1, bid=2, awards={"high": 1, "low": 2})]
    game = replay(RULES, corrected)
    assert game.results[-1].scores == (3, 5, 2, 0)
    assert game.state.winner is None
    assert game.state.finished is False
    # ... and hands can be recorded again.
    result, _ = score_hand(
        RULES, game.state, HandInput(pitcher=2, bid=2, awards={"high": 2, "low": 2})
    )
    assert result.number == 5


def test_undoing_the_winning_hand_reopens_the_game() -> None:
    game = replay(RULES, GAME[:-1])
    assert game.state.winner is None
    assert game.state.scores == (3, 7, 1, 0)


def test_a_correction_that_wins_before_the_last_hand_is_refused() -> None:
    # Hand 2 corrected to a made 4: seat 1 reaches 7 as pitcher at hand 2 of 4.
    corrected = [
        GAME[0],
        HandInput(
            auction=[P, P, P, 4], awards={"high": 1, "low": 1, "jack": 1, "game": 1}
        ),
        *GAME[2:],
    ]
    error = refusal(lambda: replay(RULES, corrected), "won_before_last_hand", "game")
    assert error.hand == 2
    assert error.message == (
        "After this change the game would be won at hand 2, but 4 hands are "
        "recorded. Remove the hands after hand 2 first."
    )
    # Removing the later hands first makes the same correction acceptable.
    assert replay(RULES, corrected[:2]).state.winner == 1


def test_a_correction_that_moves_the_win_to_the_last_hand_is_accepted() -> None:
    corrected = [
        *GAME[:3],
        HandInput(pitcher=0, bid=4, awards={"high": 0, "low": 0, "jack": 0, "game": 0}),
    ]
    game = replay(RULES, corrected)
    assert game.state.scores == (7, 7, 1, 0)
    assert game.state.winner == 0


@pytest.mark.parametrize(
    ("bad", "at", "code", "field"),
    [
        (HandInput(auction=[P, P, P, P]), 3, "dealer_stuck", "auction.3"),
        (HandInput(pitcher=9, bid=2, awards={}), 2, "unknown_seat", "pitcher"),
        (
            HandInput(pitcher=1, bid=2, awards={"high": 0}),
            1,
            "missing_low",
            "awards.low",
        ),
    ],
)
def test_a_refused_hand_is_named_by_its_number(
    bad: HandInput, at: int, code: str, field: str
) -> None:
    hands = [*GAME[: at - 1], bad, *GAME[at:]]
    error = refusal(lambda: replay(RULES, hands), code, field)
    assert error.hand == at
