"""Games the API tests record hands in, correct and undo."""

import pytest
from django.contrib.auth.models import AbstractUser

from scoring.models import Game
from tests.factories import game_factory, record
from tests.scoring.api.helpers import SEAT_1_MAKES_2, _as_record


@pytest.fixture
def won_by_seat_1(user: AbstractUser) -> Game:
    """Target 3: seat 1 pitches 4, takes everything and wins at hand 1."""
    game = game_factory(created_by=user, options={"target": 3})
    record(game, [4], {"high": 1, "low": 1, "jack": 1, "game": 1})
    assert game.status == "finished"
    return game


@pytest.fixture
def one_hand(user: AbstractUser) -> Game:
    game = game_factory(created_by=user)
    return record(game, **_as_record(SEAT_1_MAKES_2))
