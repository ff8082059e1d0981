"""The correction preview says what the game's totals become after the replay, and
a winner won or lost, before Save (issue 23, item 5)."""

from typing import Any

import pytest
from django.contrib.auth.models import AbstractUser
from django.test import Client
from django.urls import reverse

from tests.factories import UserFactory, game_factory, record

pytestmark = pytest.mark.django_db

HX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def keeper() -> AbstractUser:
    return UserFactory(username="kate")


@pytest.fixture
def kate(client: Client, keeper: AbstractUser) -> Client:
    client.force_login(keeper)
    return client


def _preview(kate: Client, game: Any, number: int, **fields: str) -> str:
    url = reverse("scoring:hand", args=[game.pk, number])
    return kate.post(url, {**fields, "action": "preview"}, **HX).content.decode()


def test_the_preview_shows_the_new_totals_and_a_lost_winner(
    kate: Client, keeper: Any
) -> None:
    game = game_factory(options={"target": 4}, created_by=keeper)
    record(game, ["pass", 2, "pass", "pass"], {"high": 2, "low": 2, "game": 0})
    record(
        game, ["pass", "pass", 4, "pass"], {"high": 0, "low": 0, "jack": 0, "game": 0}
    )
    assert game.winner == 0
    assert game.scores == [5, 0, 2, 0]
    # Hand 1 corrected: Ann bid 2 and was set (Bob took High and Low).
    text = _preview(
        kate,
        game,
        1,
        pitcher="0",
        bid="2",
        **{"award-high": "1", "award-low": "1", "award-jack": "none"},
        **{"award-game": "2"},
    )
    assert "Totals after hand 2" in text
    assert (
        '<span class="replayed-total">'
        'Ann <strong>2</strong> <span class="was">(was 5)</span>' in text
    )
    assert (
        '<span class="replayed-total">'
        'Bob <strong>2</strong> <span class="was">(was 0)</span>' in text
    )
    assert "The game is no longer won" in text
    assert "still wins" not in text


def test_the_preview_names_a_new_winner(kate: Client, keeper: Any) -> None:
    game = game_factory(options={"target": 4}, created_by=keeper)
    record(game, ["pass", 2, "pass", "pass"], {"high": 2, "low": 2, "game": 2})
    record(game, ["pass", "pass", "pass", 2], {"high": 1, "low": 1, "game": 1})
    assert game.winner is None
    assert game.scores == [0, 3, 3, 0]
    # Hand 1 corrected: Cy bid 2 and was set (Bob took High, Low and Jack).
    text = _preview(
        kate,
        game,
        1,
        pitcher="2",
        bid="2",
        **{"award-high": "1", "award-low": "1", "award-jack": "1"},
        **{"award-game": "0"},
    )
    assert "Bob now wins the game, in hand 2." in text
    assert (
        '<span class="replayed-total">'
        'Bob <strong>6</strong> <span class="was">(was 3)</span>' in text
    )
    assert "still wins" not in text


def test_correcting_the_last_hand_shows_no_second_totals(
    kate: Client, keeper: Any
) -> None:
    game = game_factory(options={"target": 7}, created_by=keeper)
    record(game, ["pass", 2, "pass", "pass"], {"high": 2, "low": 2, "game": 0})
    text = _preview(
        kate,
        game,
        1,
        pitcher="2",
        bid="2",
        **{"award-high": "2", "award-low": "2", "award-jack": "none"},
        **{"award-game": "2"},
    )
    assert "Totals after" not in text
    assert "Cy" in text
    assert "→ <strong>3</strong>" in text
