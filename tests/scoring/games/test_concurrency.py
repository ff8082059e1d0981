"""Two phones recording the same hand at once: the game row lock serialises them, so
exactly one hand is written. Real row locks need PostgreSQL."""

import threading
import uuid

import pytest
from django.db import connection, connections

from scoring import engine
from scoring.engine import RuleViolation
from scoring.games import hands as hand_services
from scoring.models import Hand
from tests.factories import game_factory

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql", reason="row locks need PostgreSQL"
    ),
]

HAND = engine.HandInput(
    auction=(2, "pass", "pass", "pass"),
    awards={"high": 1, "low": 1, "jack": 1, "game": 1},
)


def _race(game_id: int, kwargs_per_thread: list[dict]) -> list[object]:
    barrier = threading.Barrier(len(kwargs_per_thread))
    outcomes: list[object] = [None] * len(kwargs_per_thread)

    def phone(index: int, kwargs: dict) -> None:
        try:
            barrier.wait()
            outcomes[index] = hand_services.hand_record(
                game_id=game_id, hand=HAND, **kwargs
            )
        except RuleViolation as violation:
            outcomes[index] = violation
        finally:
            connections.close_all()

    threads = [
        threading.Thread(target=phone, args=(index, kwargs))
        for index, kwargs in enumerate(kwargs_per_thread)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    return outcomes


def test_two_phones_recording_hand_1_at_once_write_it_once() -> None:
    game = game_factory()
    outcomes = _race(game.pk, [{"number": 1}, {"number": 1}])

    refused = [o for o in outcomes if isinstance(o, RuleViolation)]
    assert len(refused) == 1
    assert refused[0].code == "number_conflict"
    assert Hand.objects.filter(game=game).count() == 1


def test_the_same_retry_sent_twice_at_once_writes_one_hand() -> None:
    game = game_factory()
    client_id = uuid.uuid4()
    outcomes = _race(game.pk, [{"client_id": client_id}, {"client_id": client_id}])

    created = sorted(outcome[1] for outcome in outcomes)
    assert created == [False, True]
    assert Hand.objects.filter(game=game).count() == 1
