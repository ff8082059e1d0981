"""Fixed-hands games (option ``hand_limit``, EVENTS.md ``progressive``): the game
ends after its last hand whatever the scores, the side alone in front wins, a tie
at the top plays another hand. Worked through with real numbers."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.engine import (
    OPTION_DEFAULTS,
    POINTS,
    GameState,
    HandInput,
    Replay,
    Rules,
    RuleViolation,
    Variant,
    make_rules,
    new_game,
    replay,
    score_hand,
    waiting_to_go_out,
)
from scoring.engine.variants import MAX_HAND_LIMIT

from .helpers import (
    at,
    auction_rules,
    legal_hand,
    refusal,
    rules_strategy,
    score,
    thirteen_rules,
)

PROPERTY = settings(
    max_examples=150,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)


def sweep(seat: int, pitcher: int | None = None, bid: int = 2) -> HandInput:
    """An auction hand whose four points all go to ``seat`` (pitcher: ``seat``)."""
    taker = dict.fromkeys(POINTS[Variant.AUCTION], seat)
    return HandInput(
        pitcher=seat if pitcher is None else pitcher, bid=bid, awards=taker
    )


def split(high: int, low: int, jack: int | None, game: int | None, pitcher: int,
          bid: int = 1) -> HandInput:  # fmt: skip
    """An auction hand with each point to the seat named."""
    awards = {"high": high, "low": low, "jack": jack, "game": game}
    return HandInput(pitcher=pitcher, bid=bid, awards=awards)


def play(rules: Rules, *hands: HandInput) -> Replay:
    return replay(rules, list(hands))


# -- the option ---------------------------------------------------------------


@pytest.mark.parametrize("variant", ["auction", "thirteen"])
def test_the_option_is_off_by_default_and_reported(variant: str) -> None:
    rules = make_rules(variant, 4)
    assert rules.hand_limit is None
    assert OPTION_DEFAULTS[Variant(variant)]["hand_limit"] is None
    assert rules.options()["hand_limit"] is None
    limited = make_rules(variant, 4, options={"hand_limit": 8})
    assert limited.hand_limit == 8
    assert limited.options()["hand_limit"] == 8
    # Given as null it is the ordinary game, as when left out.
    assert make_rules(variant, 4, options={"hand_limit": None}) == rules


@pytest.mark.parametrize("limit", [1, 8, 12, MAX_HAND_LIMIT])
def test_any_whole_number_of_hands_up_to_the_most_is_accepted(limit: int) -> None:
    assert auction_rules(hand_limit=limit).hand_limit == limit


@pytest.mark.parametrize(
    ("given", "said"),
    [
        (0, "0"),
        (-8, "-8"),
        (MAX_HAND_LIMIT + 1, str(MAX_HAND_LIMIT + 1)),
        (8.0, "8.0"),
        ("8", '"8"'),
        (True, "true"),
        ([8], "[8]"),
    ],
)
def test_a_number_of_hands_that_is_not_a_whole_number_in_range_is_refused(
    given: object, said: str
) -> None:
    for variant in ("auction", "thirteen"):
        wrong = refusal(
            lambda v=variant: make_rules(v, 4, options={"hand_limit": given}),
            "invalid_option",
            "options.hand_limit",
        )
        assert wrong.reason == "hand_limit"
        assert wrong.message == (
            f"The number of hands must be a whole number from 1 to {MAX_HAND_LIMIT}, "
            f"not {said}; leave it out for a game to the target."
        )


def test_a_failed_moon_cannot_lose_a_fixed_hands_game_at_once() -> None:
    wrong = refusal(
        lambda: thirteen_rules(hand_limit=8, moon_fail="lose"),
        "invalid_option",
        "options.moon_fail",
    )
    assert wrong.message == (
        "A game of 8 hands ends after its last hand, whatever the scores, so a failed "
        'moon cannot lose it at once: make moon_fail "setback" (set back 13), or '
        "leave the number of hands out."
    )
    # Each alone is fine; a Rules built by hand with both is a bug.
    assert thirteen_rules(moon_fail="lose").hand_limit is None
    limited = thirteen_rules(hand_limit=8)
    with pytest.raises(ValueError, match="failed moon"):
        dataclasses.replace(limited, moon_fail="lose")
    with pytest.raises(ValueError, match="Invalid Rules"):
        dataclasses.replace(limited, hand_limit=0)


# -- winning ------------------------------------------------------------------


def test_reaching_the_target_before_the_last_hand_does_not_end_the_game() -> None:
    rules = auction_rules(hand_limit=3)  # target 7, only the pitcher goes out
    game = play(rules, sweep(0), sweep(0))
    assert game.state.scores == (8, 0, 0, 0)
    assert game.state.winner is None
    assert all(result.winner is None for result in game.results)
    # Nobody "needs to win a bid to go out": nobody goes out of this game.
    assert waiting_to_go_out(rules, game.state) == ()
    # Without the limit the same pitcher went out at hand 2.
    assert play(auction_rules(), sweep(0), sweep(0)).state.winner == 0


def test_after_the_last_hand_the_most_points_win_whoever_pitched() -> None:
    rules = auction_rules(hand_limit=2)
    # Hand 2: seat 3 pitches 2 and is set; seat 1 takes three points and leads
    # with 4, below the target of 7 and without pitching.
    game = play(rules, split(1, 2, None, 1, pitcher=2), split(1, 1, 3, 1, 3, bid=2))
    assert game.state.scores == (0, 5, 1, -2)
    assert game.state.winner == 1
    assert game.results[-1].winner == 1
    assert game.state.finished


@pytest.mark.parametrize("pitcher_only_win", [True, False])
@pytest.mark.parametrize("must_make_bid_to_win", [True, False])
def test_the_rules_of_going_out_play_no_part(
    pitcher_only_win: bool, must_make_bid_to_win: bool
) -> None:
    rules = auction_rules(
        hand_limit=1,
        pitcher_only_win=pitcher_only_win,
        must_make_bid_to_win=must_make_bid_to_win,
    )
    # Seat 0 pitches 4 and is set back; seat 2 leads with 2, far from 7.
    result = score(rules, pitcher=0, bid=4, awards={"high": 2, "low": 2, "jack": 1})
    assert result.scores == (-4, 1, 2, 0)
    assert result.winner == 2


def test_everyone_below_zero_the_least_negative_wins() -> None:
    rules = auction_rules(2, hand_limit=1)
    result = score(rules, at(-5, -3, hands=0), pitcher=1, bid=4, awards=_to(0, 0))
    assert result.scores == (-3, -7)
    assert result.winner == 0


def _to(high: int, low: int) -> dict[str, Any]:
    return {"high": high, "low": low}


def test_a_tie_at_the_top_after_the_last_hand_plays_on_until_one_side_is_ahead() -> (
    None
):
    rules = auction_rules(hand_limit=2)
    tied = play(rules, sweep(0), sweep(1))
    assert tied.state.scores == (4, 4, 0, 0)
    assert tied.state.winner is None
    # Extra hand 3: 2 points each again, still tied.
    still = play(rules, sweep(0), sweep(1), split(0, 1, 0, 1, pitcher=0))
    assert still.state.scores == (6, 6, 0, 0)
    assert still.state.winner is None
    # Extra hand 4: seat 2 pitches and makes 1, seat 1 takes 3: alone in front.
    broken = play(
        rules,
        sweep(0),
        sweep(1),
        split(0, 1, 0, 1, pitcher=0),
        split(2, 1, 1, 1, pitcher=2),
    )
    assert broken.state.scores == (6, 9, 1, 0)
    assert broken.state.winner == 1
    assert broken.state.hands == 4
    # Once won, no more hands.
    more = refusal(
        lambda: score_hand(rules, broken.state, sweep(3)), "game_over", "game"
    )
    assert more.params["hands"] == 4


def test_an_extra_hand_may_be_won_by_a_side_that_was_not_tied() -> None:
    rules = auction_rules(3, hand_limit=1)
    # Seats 0 and 1 tie at 5 after hand 1; seat 2 has 4.
    state = GameState(scores=(5, 5, 4), hands=1, winner=None)
    _result, after = score_hand(rules, state, sweep(2))
    assert after.scores == (5, 5, 8)
    assert after.winner == 2


@pytest.mark.parametrize("players", [3, 5])
def test_solo_the_single_highest_score_wins_and_a_tie_below_it_does_not_matter(
    players: int,
) -> None:
    rules = auction_rules(players, hand_limit=2)
    before = at(*([1] * players), hands=1)
    result = score(rules, before, pitcher=0, bid=2, awards=_to(0, 0))
    assert result.scores[0] == 3
    assert result.winner == 0
    # Two at the top: another hand.
    tie = score(rules, before, pitcher=0, bid=1, awards=_to(0, 1))
    assert tie.scores[:2] == (2, 2)
    assert tie.winner is None


def test_in_partnership_the_team_with_more_points_wins() -> None:
    rules = auction_rules(4, True, hand_limit=1)
    result = score(rules, pitcher=1, bid=2, awards=_to(0, 2))
    assert result.scores == (2, -2)
    assert result.winner == 0


def test_thirteen_the_target_does_not_end_a_fixed_hands_game() -> None:
    rules = thirteen_rules(hand_limit=2, target=11)
    first = score(
        rules, pitcher=1, bid=7, awards={"three": 1, "off_three": 3, "ace": 1}
    )
    assert first.scores == (0, 7)
    after_one = GameState(first.scores, hands=1, winner=None)
    second = score(
        rules,
        after_one,
        pitcher=2,
        bid=5,
        awards=dict.fromkeys(POINTS[Variant.THIRTEEN][:6], 1),
    )
    assert second.scores == (-5, 13)
    assert second.winner == 1


def test_a_moon_made_before_the_last_hand_only_scores_its_thirteen() -> None:
    rules = thirteen_rules(hand_limit=4)
    moon = dict.fromkeys(POINTS[Variant.THIRTEEN], 0)
    result = score(rules, pitcher=0, bid=13, awards=moon)
    assert result.made is True
    assert result.deltas == (13, 0)
    assert result.winner is None
    # Without the limit the same moon wins at once.
    assert score(thirteen_rules(), pitcher=0, bid=13, awards=moon).winner == 0


def test_a_failed_moon_is_set_back_13_and_the_last_hand_decides() -> None:
    rules = thirteen_rules(hand_limit=1)
    awards = dict.fromkeys(POINTS[Variant.THIRTEEN], 0) | {"two": 1}
    result = score(rules, at(20, 0, hands=0), pitcher=0, bid=13, awards=awards)
    assert result.made is False
    assert result.scores == (7, 1)
    assert result.winner == 0


def test_a_one_hand_game_is_decided_by_its_only_hand() -> None:
    rules = auction_rules(hand_limit=1)
    assert play(rules, sweep(3)).state.winner == 3


# -- corrections: the game is replayed --------------------------------------------


def test_a_correction_of_an_earlier_hand_can_change_the_winner() -> None:
    rules = auction_rules(hand_limit=2)
    hands = [sweep(0), split(1, 1, 1, 0, pitcher=1)]
    assert play(rules, *hands).state.winner == 0  # 5 against 3
    hands[0] = split(0, 0, 2, 2, pitcher=0)
    corrected = play(rules, *hands)
    assert corrected.state.scores == (3, 3, 2, 0)
    assert corrected.state.winner is None  # now tied: the game is open again


def test_a_correction_that_would_decide_the_game_before_its_last_hand_is_refused() -> (
    None
):
    rules = auction_rules(hand_limit=2)
    # Tied after hand 2, decided by extra hand 3.
    hands = [sweep(0), sweep(1), sweep(0)]
    assert play(rules, *hands).state.winner == 0
    # Hand 1 corrected so that seat 0 leads after hand 2: the game would end there.
    hands[0] = split(0, 0, 0, 2, pitcher=0)
    wrong = refusal(lambda: play(rules, *hands), "won_before_last_hand", "game")
    assert (wrong.hand, wrong.params) == (2, {"number": 2, "total": 3})


def test_hands_before_the_last_are_never_winning_ones() -> None:
    rules = auction_rules(hand_limit=5)
    game = play(rules, *(sweep(0) for _ in range(4)))
    assert game.state.scores == (16, 0, 0, 0)
    assert game.state.winner is None
    last, _ = score_hand(rules, game.state, sweep(1))
    assert last.winner == 0


def test_a_new_game_starts_open() -> None:
    state = new_game(auction_rules(hand_limit=1))
    assert (state.hands, state.winner) == (0, None)


@pytest.mark.parametrize("variant", ["auction", "thirteen"])
def test_an_unknown_option_lists_hand_limit_among_the_variants_options(
    variant: str,
) -> None:
    wrong = refused_option(variant, {"hand_limt": 8})
    assert wrong.code == "unknown_option"
    assert wrong.message.endswith(", hand_limit.")


def refused_option(variant: str, options: dict[str, object]) -> RuleViolation:
    with pytest.raises(RuleViolation) as caught:
        make_rules(variant, 4, options=options)
    return caught.value


# -- properties -------------------------------------------------------------------


@st.composite
def fixed_hands_games(draw: st.DrawFn) -> tuple[Rules, list[HandInput]]:
    """A fixed-hands game played to its end (or 40 hands past its limit)."""
    rules = draw(rules_strategy(hand_limit=True))
    rng = random.Random(draw(st.integers(0, 2**32)))
    hands: list[HandInput] = []
    state = new_game(rules)
    assert rules.hand_limit is not None
    while not state.finished and state.hands < rules.hand_limit + 40:
        hand = legal_hand(rng, rules, state.hands + 1)
        hands.append(hand)
        _, state = score_hand(rules, state, hand)
    return rules, hands


@PROPERTY
@given(fixed_hands_games())
def test_a_fixed_hands_game_has_exactly_its_hands_unless_tied_at_the_top(
    game: tuple[Rules, list[HandInput]],
) -> None:
    rules, hands = game
    limit = rules.hand_limit
    assert limit is not None
    played = replay(rules, hands)
    results = played.results
    # No hand before the last of the limit wins, whatever the scores or moons.
    assert all(result.winner is None for result in results[: limit - 1])
    assert len(results) >= limit
    # Each hand from the limit on that did not end the game left a tie at the top.
    for result in results[limit - 1 : -1]:
        top = max(result.scores)
        assert result.scores.count(top) >= 2
    if played.state.finished:
        last = results[-1]
        winner = played.state.winner
        assert winner == last.winner
        assert all(
            score < last.scores[winner]
            for side, score in enumerate(last.scores)
            if side != winner
        )
    else:
        assert len(results) == limit + 40


@PROPERTY
@given(fixed_hands_games())
def test_nobody_waits_to_go_out_of_a_fixed_hands_game(
    game: tuple[Rules, list[HandInput]],
) -> None:
    rules, hands = game
    state = new_game(rules)
    for hand in hands:
        _, state = score_hand(rules, state, hand)
        assert waiting_to_go_out(rules, state) == ()


@PROPERTY
@given(fixed_hands_games())
def test_the_limit_changes_who_wins_and_when_never_the_figures(
    game: tuple[Rules, list[HandInput]],
) -> None:
    rules, hands = game
    ordinary = dataclasses.replace(rules, hand_limit=None)
    state = new_game(ordinary)
    for hand, limited in zip(hands, replay(rules, hands).results, strict=True):
        if state.finished:
            break
        result, state = score_hand(ordinary, state, hand)
        assert (result.won, result.made, result.deltas, result.scores) == (
            limited.won,
            limited.made,
            limited.deltas,
            limited.scores,
        )
