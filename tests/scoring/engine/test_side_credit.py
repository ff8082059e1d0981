"""A point credited to a team without naming the partner who took it (RULES.md,
"point"; API.md `{"side": 1}`): the scorekeeper's "rest to team"."""

from __future__ import annotations

from typing import Any

import pytest

from scoring.engine import SideCredit

from .helpers import auction_rules, refused, score, thirteen_rules

THIRTEEN = {
    "ace": 1,
    "jack": 3,
    "jick": None,
    "high_joker": 0,
    "low_joker": None,
    "ten": None,
    "three": None,
    "off_three": None,
    "two": None,
}


def test_a_point_credited_to_a_team_scores_for_that_team() -> None:
    rest = {point: SideCredit(1) for point, seat in THIRTEEN.items() if seat is None}
    result = score(thirteen_rules(), pitcher=1, bid=7, awards={**THIRTEEN, **rest})

    # Bob & Di (team 1) took the ace and the jack, and the rest: 2 + 10 points.
    assert result.won == (1, 12)
    assert result.made
    assert result.deltas == (1, 12)


def test_a_side_credit_is_kept_as_given_in_the_result() -> None:
    awards = {**THIRTEEN, "ten": SideCredit(0), "three": SideCredit(1)}
    result = score(thirteen_rules(), pitcher=1, bid=5, awards=awards)

    assert result.awards["ten"] == SideCredit(0)
    assert result.awards["three"] == SideCredit(1)
    assert result.awards["ace"] == 1


def test_side_credits_count_like_the_seats_of_their_side_in_six_handed_teams() -> None:
    rules = auction_rules(6, True)
    awards = {"high": SideCredit(2), "low": 4, "jack": SideCredit(1), "game": 0}
    result = score(rules, pitcher=2, bid=2, awards=awards)

    assert result.won == (1, 2, 1)
    assert result.deltas == (1, 2, -2)


@pytest.mark.parametrize(
    ("rules", "award", "code", "message"),
    [
        (
            auction_rules(),
            SideCredit(1),
            "side_credit_solo",
            "Jack is credited to a team, but this game has no teams: every player "
            "scores for themself. Award it to the seat that took it, or to nobody.",
        ),
        (
            auction_rules(4, True),
            SideCredit(5),
            "unknown_side",
            "Jack is credited to team 5, which does not exist: this game has teams "
            "0 to 1.",
        ),
        (
            auction_rules(6, True),
            SideCredit(-1),
            "unknown_side",
            "Jack is credited to team -1, which does not exist: this game has teams "
            "0 to 2.",
        ),
        (
            auction_rules(4, True),
            SideCredit("x"),
            "invalid_side",
            'Jack is credited to team "x": a team is a number from 0 to 1.',
        ),
        (
            auction_rules(4, True),
            SideCredit(True),
            "invalid_side",
            "Jack is credited to team true: a team is a number from 0 to 1.",
        ),
        (
            auction_rules(4, True),
            SideCredit(1.0),
            "invalid_side",
            "Jack is credited to team 1.0: a team is a number from 0 to 1.",
        ),
    ],
    ids=["solo", "no-team-5", "negative", "text", "true", "float"],
)
def test_a_wrong_side_credit_is_refused_naming_the_point(
    rules: Any, award: SideCredit, code: str, message: str
) -> None:
    awards = {"high": 0, "low": 1, "jack": award}
    error = refused(
        rules, pitcher=1, bid=2, awards=awards, code=code, field="awards.jack"
    )
    assert error.message == message


def test_a_wrong_seat_in_partnership_play_says_a_team_may_be_credited() -> None:
    error = refused(
        auction_rules(4, True),
        pitcher=1,
        bid=2,
        awards={"high": 0, "low": "1"},
        code="invalid_seat",
        field="awards.low",
    )
    assert error.message == (
        'Low goes to a seat number from 0 to 3, to a team (like {"side": 1}), or to '
        'nobody; not "1".'
    )


def test_game_points_give_a_game_point_left_out_to_the_leading_team() -> None:
    """Totals per team do not say which partner took Game: the team is credited."""
    result = score(
        auction_rules(4, True),
        pitcher=0,
        bid=2,
        awards={"high": 0, "low": 0},
        game_points=[30, 41],
    )

    assert result.awards["game"] == SideCredit(1)
    assert result.won == (2, 1)


def test_game_points_accept_the_game_point_credited_to_the_leading_team() -> None:
    result = score(
        auction_rules(4, True),
        pitcher=0,
        bid=2,
        awards={"high": 0, "low": 0, "game": SideCredit(1)},
        game_points=[30, 41],
    )
    assert result.awards["game"] == SideCredit(1)


def test_game_points_refuse_the_game_point_credited_to_another_team() -> None:
    error = refused(
        auction_rules(4, True),
        pitcher=0,
        bid=2,
        awards={"high": 0, "low": 0, "game": SideCredit(0)},
        game_points=[30, 41],
        code="game_contradicts_game_points",
        field="awards.game",
    )
    assert "Game is awarded to team 0 (seats 0 and 2)" in error.message


@pytest.mark.parametrize(
    ("awards", "ok"),
    [
        ({"high": 1, "low": SideCredit(1)}, True),
        ({"high": SideCredit(1), "low": SideCredit(1)}, True),
        ({"high": SideCredit(1), "low": 3, "jack": SideCredit(1)}, True),
        ({"high": 1, "low": SideCredit(0)}, False),
        ({"high": SideCredit(0), "low": SideCredit(0), "jack": 1}, False),
    ],
)
def test_a_single_trump_credited_to_a_team_stays_with_that_team(
    awards: dict[str, Any], ok: bool
) -> None:
    rules = auction_rules(4, True)
    if ok:
        result = score(rules, pitcher=1, bid=2, awards=awards, single_trump=True)
        assert result.won[1] >= 2
    else:
        error = refused(
            rules,
            pitcher=1,
            bid=2,
            awards=awards,
            single_trump=True,
            code="single_trump_jack_split"
            if "jack" in awards
            else "single_trump_split",
            field="awards.jack" if "jack" in awards else "awards.low",
        )
        assert "team 0 (seats 0 and 2)" in error.message
