import pytest
from django.contrib.auth.models import AbstractUser

from scoring.models import Game
from tests.factories import game_factory, record


@pytest.fixture
def game(user: AbstractUser) -> Game:
    """A 4-player solo auction game (dealer 0, target 7) kept by `user`."""
    return game_factory(created_by=user)


@pytest.fixture
def three_hands(game: Game) -> Game:
    """Three hands: scores [0,2,1,0], then [0,2,1,2], then [1,0,1,2]."""
    record(game, [2, "pass", "pass", "pass"], {"high": 1, "low": 1, "game": 2})
    record(game, ["pass", 2, "pass", "pass"], {"high": 3, "low": 3})
    return record(game, ["pass", "pass", 2, "pass"], {"high": 1, "low": 0})
