"""Two games sharing a player finish at the same moment: the rating rows are locked
in ascending player order, so the second update waits for the first and neither is
lost, and the result is the one of rating both in finish order. Real row locks need
PostgreSQL."""

import itertools
import threading

import pytest
from django.db import connection, connections

from pitchclub.services import clubs as club_services
from scoring import engine
from scoring.games import hands as hand_services
from scoring.models import Game, Rating, RatingChange, Status
from tests.factories import UserFactory
from tests.scoring.stats.test_ratings import hand, recomputed, snapshot, start, sweep

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql", reason="row locks need PostgreSQL"
    ),
]


def _finish_at_once(games: list[Game]) -> list[object]:
    barrier = threading.Barrier(len(games))
    outcomes: list[object] = [None] * len(games)

    def table(index: int, game: Game) -> None:
        try:
            barrier.wait()
            outcomes[index] = hand_services.hand_record(
                game_id=game.pk,
                hand=engine.HandInput(pitcher=0, bid=4, awards=sweep(0)),
            )
        except Exception as problem:
            outcomes[index] = problem
        finally:
            connections.close_all()

    threads = [
        threading.Thread(target=table, args=(index, game))
        for index, game in enumerate(games)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return outcomes


@pytest.mark.parametrize("tables", [2, 4])
def test_games_sharing_a_player_finishing_at_once_lose_no_update(
    tables: int,
) -> None:
    keeper = UserFactory()
    club = club_services.club_create(name="Race Night", by=keeper)
    # Bob sits at every table; each table's seat 0 is one hand from winning.
    games = []
    for index in range(tables):
        game = start(club, [f"Winner {index}", "Bob"])
        games.append(hand(game, 0, 4, sweep(0)))

    outcomes = _finish_at_once(games)

    assert all(isinstance(outcome, tuple) for outcome in outcomes), outcomes
    for game in games:
        game.refresh_from_db()
        assert game.status == Status.FINISHED
    assert RatingChange.objects.count() == 2 * tables
    bob = Rating.objects.get(player__name="Bob")
    assert bob.games == tables
    # Bob's changes chain: each game starts from the one before it in finish order.
    changes = list(RatingChange.objects.filter(player=bob.player))
    for before, after in itertools.pairwise(changes):
        assert (after.mu_before, after.sigma_before) == (
            before.mu_after,
            before.sigma_after,
        )
    assert (bob.mu, bob.sigma) == (changes[-1].mu_after, changes[-1].sigma_after)
    assert snapshot() == recomputed()
