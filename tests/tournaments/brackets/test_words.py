"""One name per thing (issue 22): a match and its round are named the same on the
bracket, the match's page and its game's page."""

import pytest

from tournaments.words import match_label, round_label


@pytest.mark.parametrize(
    ("round_number", "number", "rounds", "name"),
    [
        (3, 1, 3, "Final"),
        (2, 2, 3, "Semi-final 2"),
        (1, 3, 3, "Quarter-final 3"),
        (1, 2, 4, "Round 1 match 2"),
        (2, 1, None, "Round 2 match 1"),  # the bracket's size unknown: as before
    ],
)
def test_a_single_elimination_match_is_named_by_its_place(
    round_number: int, number: int, rounds: int | None, name: str
) -> None:
    label = match_label(
        format="single_elimination",
        bracket="winners",
        round_number=round_number,
        number=number,
        rounds=rounds,
    )
    assert label == name


@pytest.mark.parametrize(
    ("bracket", "round_number", "rounds", "name"),
    [
        ("winners", 3, 3, "Winners' final"),
        ("winners", 2, 3, "Winners' round 2 match 1"),
        ("losers", 4, 4, "Losers' final"),
        ("losers", 2, 4, "Losers' round 2 match 1"),
        ("final", 1, 2, "The grand final"),
    ],
)
def test_a_double_elimination_match_is_named_as_its_column(
    bracket: str, round_number: int, rounds: int, name: str
) -> None:
    label = match_label(
        format="double_elimination",
        bracket=bracket,
        round_number=round_number,
        number=1,
        rounds=rounds,
    )
    assert label == name


@pytest.mark.parametrize(
    ("format", "bracket", "round_number", "rounds", "title"),
    [
        ("single_elimination", "winners", 3, 3, "Final"),
        ("single_elimination", "winners", 2, 3, "Semi-finals"),
        ("single_elimination", "winners", 2, 4, "Quarter-finals"),
        ("single_elimination", "winners", 1, 4, "Round 1"),
        ("single_elimination", "final", 1, 1, "Third place"),
        ("double_elimination", "winners", 3, 3, "Winners' final"),
        ("double_elimination", "losers", 2, 4, "Losers' round 2"),
        ("double_elimination", "losers", 4, 4, "Losers' final"),
        ("double_elimination", "final", 1, 2, "Grand final"),
        ("swiss", "main", 2, 3, "Round 2"),
    ],
)
def test_a_round_is_named_as_its_column(
    format: str, bracket: str, round_number: int, rounds: int, title: str
) -> None:
    label = round_label(
        format=format, bracket=bracket, round_number=round_number, rounds=rounds
    )
    assert label == title
