"""Games sharing players recorded at the same moment (two scorekeepers, one of them
entering a paper sheet afterwards): both transactions move the same sums rows;
each waits for the other, none fails, and the sums end equal to the rows. The
triggers take the rows in the order of their key (scoring.stats.sums_postgresql),
which rules out a deadlock between two such statements; without that order this
test passed too (the hash aggregate's order happened to agree), so it holds the
outcome, not the order. Real row locks need PostgreSQL."""

import threading

import pytest
from django.db import connection, connections

from pitchclub.services import clubs as club_services
from scoring import engine
from scoring.games import hands as hand_services
from tests.factories import UserFactory
from tests.scoring.stats.test_ratings import start
from tests.scoring.stats.test_sums import expected_sums, stored_sums

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql", reason="row locks need PostgreSQL"
    ),
]

ROUNDS = 12


def test_games_sharing_players_recorded_at_once_do_not_deadlock() -> None:
    keeper = UserFactory()
    club = club_services.club_create(name="Paper Night", by=keeper)
    names = ["Ann", "Bob", "Cy", "Di", "Eve", "Finn"]
    # The same six players, seated in opposite orders: each hand's upsert moves
    # the sums of all six in both games.
    games = [start(club, names, target=500), start(club, names[::-1], target=500)]
    barrier = threading.Barrier(len(games))
    problems: list[Exception] = []

    def table(game_id: int, pitcher: int) -> None:
        try:
            for number in range(ROUNDS):
                barrier.wait(timeout=30)
                hand_services.hand_record(
                    game_id=game_id,
                    hand=engine.HandInput(
                        pitcher=(pitcher + number) % 6,
                        bid=2,
                        awards={"high": number % 6, "low": (number + 1) % 6},
                    ),
                )
        except Exception as problem:  # a deadlock, or a broken barrier
            problems.append(problem)
            barrier.abort()
        finally:
            connections.close_all()

    threads = [
        threading.Thread(target=table, args=(game.pk, index))
        for index, game in enumerate(games)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)

    assert problems == []
    assert stored_sums() == expected_sums()
    assert stored_sums("day") == expected_sums("day")
    for game in games:
        game.refresh_from_db()
        assert game.hand_count == ROUNDS
