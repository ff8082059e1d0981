"""Rates and figures as the pages write them: a half rounds up, as people expect
(5 won of 8 is 62.5%, shown "63%"), not to the even neighbour as Python's round()
does. The API keeps the raw rates."""

from fractions import Fraction

import pytest

from pitchclub.models import Player
from scoring.stats.leaderboard import Standing
from scoring.templatetags.stats import NOTHING, decimal, percent, whole_percent


@pytest.mark.parametrize(
    ("rate", "shown"),
    [
        (0.625, "63%"),
        (5 / 8, "63%"),
        (0.125, "13%"),
        (1 / 8, "13%"),
        (0.375, "38%"),
        (0.145, "15%"),
        (1 / 3, "33%"),
        (2 / 3, "67%"),
        (0, "0%"),
        (0.0, "0%"),
        (1, "100%"),
        (1.0, "100%"),
        (0.005, "1%"),
        (0.004, "0%"),
        (Fraction(5, 8), "63%"),
    ],
)
def test_a_rate_is_a_whole_percent_rounded_half_up(rate: float, shown: str) -> None:
    assert percent(rate) == shown


def test_nothing_to_count_is_a_dash() -> None:
    assert percent(None) == NOTHING
    assert whole_percent(None) is None
    assert decimal(None) == NOTHING


@pytest.mark.parametrize(
    ("value", "shown"),
    [(2.25, "2.3"), (9 / 4, "2.3"), (0.05, "0.1"), (2.6153, "2.6"), (0, "0.0")],
)
def test_a_figure_to_one_decimal_rounds_half_up(value: float, shown: str) -> None:
    assert decimal(value) == shown


@pytest.mark.parametrize(
    ("part", "whole", "shown"),
    [
        (5, 8, 63),
        (1, 8, 13),
        (3, 8, 38),
        (1, 3, 33),
        (2, 3, 67),
        (0, 4, 0),
        (4, 4, 100),
    ],
)
def test_the_leaderboard_rounds_a_half_up(part: int, whole: int, shown: int) -> None:
    standing = Standing(
        player=Player(name="Ann"),
        rating=None,
        games=whole,
        won=part,
        pitched=whole,
        made=part,
    )
    assert standing.win_percent == shown
    assert standing.bid_percent == shown


def test_the_leaderboard_without_games_has_no_percent() -> None:
    standing = Standing(player=Player(name="Ann"), rating=None)
    assert standing.win_percent is None
    assert standing.bid_percent is None
