"""Undo the last hand."""

import pytest
from rest_framework.test import APIClient

from scoring.models import Game
from tests.scoring.api.helpers import EXAMPLE_HAND, hand_url, post_hand, read


def test_undo_removes_the_last_hand(api: APIClient, three_hands: Game) -> None:
    before = read(three_hands.pk)

    response = api.delete(hand_url(three_hands.pk, 3))

    assert response.status_code == 200
    body = response.json()
    assert body["hands"] == before["hands"][:2]
    assert body["scores"] == [0, 2, 1, 2]
    assert body["next_dealer"] == 2
    assert read(three_hands.pk) == body


def test_undo_every_hand_in_turn_leaves_a_new_game(
    api: APIClient, three_hands: Game
) -> None:
    for number in (3, 2, 1):
        assert api.delete(hand_url(three_hands.pk, number)).status_code == 200

    body = read(three_hands.pk)
    assert body["hands"] == []
    assert body["scores"] == [0, 0, 0, 0]
    assert body["next_dealer"] == 0


@pytest.mark.parametrize("number", [1, 2])
def test_undo_of_an_earlier_hand_is_409(
    api: APIClient, three_hands: Game, number: int
) -> None:
    before = read(three_hands.pk)

    response = api.delete(hand_url(three_hands.pk, number))

    assert response.status_code == 409
    assert response.json()["detail"]
    assert read(three_hands.pk) == before


@pytest.mark.parametrize("number", [0, 4, 99])
def test_undo_of_a_missing_hand_is_404(
    api: APIClient, three_hands: Game, number: int
) -> None:
    before = read(three_hands.pk)

    assert api.delete(hand_url(three_hands.pk, number)).status_code == 404
    assert read(three_hands.pk) == before


def test_undo_in_a_game_without_hands_is_404(api: APIClient, game: Game) -> None:
    assert api.delete(hand_url(game.pk, 1)).status_code == 404


def test_undo_of_the_winning_hand_reopens_the_game(
    api: APIClient, won_by_seat_1: Game
) -> None:
    response = api.delete(hand_url(won_by_seat_1.pk, 1))

    assert response.status_code == 200
    body = response.json()
    assert body["status"] == "in_progress"
    assert body["winner"] is None
    assert body["scores"] == [0, 0, 0, 0]
    assert body["next_dealer"] == 0
    assert post_hand(api, won_by_seat_1.pk, EXAMPLE_HAND).status_code == 201
