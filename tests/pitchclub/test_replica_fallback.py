"""The replica down (issue 25, the many-hosts promise): a heavy read that cannot reach
the replica reads the primary, the process's heavy reads go to the primary for
REPLICA_DOWN_SECONDS before one tries the replica again, and /health/ says
"replica": "down" while answering 200 (pitchclub/replica.py).

The replica nobody answers is an alias beside the test database: on PostgreSQL the
same database on a closed port, on SQLite a file in a folder that does not exist;
both refuse the connection with django.db.OperationalError, as a replica that is down
does. One that answers is the test database itself, through a second connection."""

import copy
import logging
import time
from collections.abc import Iterator

import pytest
from django.db import OperationalError, connections, router
from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.utils import load_backend
from django.http import HttpRequest, HttpResponse
from django.test import Client
from django.urls import reverse
from pytest_django.fixtures import Settings
from rest_framework.test import APIClient

from pitchclub import replica
from pitchclub.models import Player
from scoring.models import Game, Seat
from tests.pitchclub.test_settings import _manage
from tests.scoring.stats.test_stats_api import record_games, stats_url
from tests.scoring.stats.test_stats_page import text

# Outside a test's transaction: inside one the router sends every read to the primary.
pytestmark = pytest.mark.django_db(transaction=True)


def _alias(*, answers: bool) -> BaseDatabaseWrapper:
    settings_dict = copy.deepcopy(connections["default"].settings_dict)
    if not answers:
        if settings_dict["ENGINE"].endswith("sqlite3"):
            settings_dict["NAME"] = "/no-such-folder-pitchclub/replica.sqlite3"
        else:
            settings_dict["HOST"], settings_dict["PORT"] = "127.0.0.1", "1"
            settings_dict["OPTIONS"] = {
                **settings_dict["OPTIONS"],
                "connect_timeout": 2,
            }
    backend = load_backend(settings_dict["ENGINE"])
    return backend.DatabaseWrapper(settings_dict, replica.REPLICA)


class Replica:
    """Installs a `replica` alias for this thread and counts its connection tries."""

    def __init__(self) -> None:
        self.tries = 0
        self.wrapper: BaseDatabaseWrapper | None = None

    def install(self, *, answers: bool) -> None:
        self.close()
        wrapper = _alias(answers=answers)
        ensure_connection = wrapper.ensure_connection

        def counted() -> None:
            if wrapper.connection is None:
                self.tries += 1
            ensure_connection()

        wrapper.ensure_connection = counted  # type: ignore[method-assign]
        connections[replica.REPLICA] = wrapper
        self.wrapper = wrapper

    def close(self) -> None:
        if self.wrapper is not None:
            self.wrapper.close()


@pytest.fixture
def the_replica(
    monkeypatch: pytest.MonkeyPatch, settings: Settings
) -> Iterator[Replica]:
    """A replica configured, held for up, its first failure logged."""
    monkeypatch.setattr(replica, "replica_configured", lambda: True)
    monkeypatch.setattr(replica, "_down_until", 0.0)
    monkeypatch.setattr(replica, "_last_logged", -1e9)
    settings.DATABASE_ROUTERS = ["pitchclub.replica.ReplicaRouter"]
    settings.REPLICA_DOWN_SECONDS = 30
    alias = Replica()
    yield alias
    if alias.wrapper is not None:
        alias.close()
        del connections[replica.REPLICA]


@pytest.fixture
def down(the_replica: Replica) -> Replica:
    the_replica.install(answers=False)
    return the_replica


@pytest.fixture
def ann(api: APIClient) -> Player:
    games = record_games(api)
    return Seat.objects.get(game_id=games["A"], number=0).player


def test_the_player_page_and_its_api_read_the_primary_while_the_replica_is_down(
    ann: Player,
    anon_api: APIClient,
    monkeypatch: pytest.MonkeyPatch,
    down: Replica,
    caplog: pytest.LogCaptureFixture,
) -> None:
    with monkeypatch.context() as without_replica:
        without_replica.setattr(replica, "replica_configured", lambda: False)
        expected = anon_api.get(stats_url(ann.pk)).json()

    with caplog.at_level(logging.WARNING, logger="pitchclub.replica"):
        page = Client().get(reverse("scoring:player", args=[ann.pk]))
        stats = anon_api.get(stats_url(ann.pk))
        archive = Client().get(reverse("scoring:archive"))

    assert page.status_code == 200
    assert "Games 5 4 finished" in text(page.content.decode())
    assert stats.status_code == 200
    assert stats.json() == expected
    assert archive.status_code == 200
    # One try; the next heavy reads go to the primary without trying.
    assert down.tries == 1
    warnings = [r for r in caplog.records if r.name == "pitchclub.replica"]
    assert len(warnings) == 1
    assert "heavy reads go to the primary" in warnings[0].getMessage()


def test_the_health_page_says_the_replica_is_down_and_answers_200(
    down: Replica,
) -> None:
    answer = Client().get(reverse("health"))
    assert answer.status_code == 200
    assert answer.json() == {"database": "ok", "cache": "local", "replica": "down"}
    # Held for down: the page says so again without trying.
    assert Client().get(reverse("health")).json()["replica"] == "down"
    assert down.tries == 1


def test_the_health_page_says_a_replica_that_answers_is_ok(
    the_replica: Replica,
) -> None:
    the_replica.install(answers=True)
    answer = Client().get(reverse("health"))
    assert answer.json() == {"database": "ok", "cache": "local", "replica": "ok"}


def test_without_a_replica_the_health_page_does_not_name_one() -> None:
    assert "replica" not in Client().get(reverse("health")).json()


def read() -> str:
    """Which database answered a heavy read's query, for a GET."""
    answered: list[str] = []

    @replica.heavy_read
    def view(request: HttpRequest) -> HttpResponse:
        Game.objects.count()
        answered.append(router.db_for_read(Game))
        return HttpResponse("ok")

    request = HttpRequest()
    request.method = "GET"
    view(request)
    return answered[-1]


def test_after_the_interval_one_heavy_read_tries_the_replica_again(
    down: Replica, settings: Settings
) -> None:
    settings.REPLICA_DOWN_SECONDS = 0.2
    assert read() == "default"
    assert read() == "default"
    assert down.tries == 1
    time.sleep(0.25)
    # Still down: tried once more, held for down again.
    assert read() == "default"
    assert read() == "default"
    assert down.tries == 2
    # Back: within the interval the primary still, then the replica.
    down.install(answers=True)
    assert read() == "default"
    time.sleep(0.25)
    assert read() == "replica"
    assert read() == "replica"


def test_a_kept_connection_the_replica_dropped_sends_the_read_to_the_primary(
    the_replica: Replica,
) -> None:
    if connections["default"].vendor != "postgresql":
        pytest.skip("a server that drops a connection: PostgreSQL's")
    the_replica.install(answers=True)
    assert read() == "replica"
    assert the_replica.wrapper is not None
    kept = the_replica.wrapper.connection
    with connections["default"].cursor() as cursor:
        cursor.execute("SELECT pg_terminate_backend(%s)", [kept.info.backend_pid])
    assert read() == "default"
    assert replica.held_down()


def test_an_error_of_the_primary_is_not_blamed_on_the_replica(
    the_replica: Replica,
) -> None:
    the_replica.install(answers=True)

    @replica.heavy_read
    def view(request: HttpRequest) -> HttpResponse:
        raise OperationalError("the primary is gone")

    request = HttpRequest()
    request.method = "GET"
    with pytest.raises(OperationalError):
        view(request)
    assert not replica.held_down()


def test_the_replica_gives_up_connecting_after_a_timeout() -> None:
    script = (
        "from django.conf import settings as s;"
        "print(s.DATABASES['replica']['OPTIONS'].get('connect_timeout'))"
    )
    for url, expected in [
        ("postgres://reader@10.0.0.2:5432/pitchclub", "2"),
        ("postgres://reader@10.0.0.2:5432/pitchclub?connect_timeout=5", "5"),
    ]:
        done = _manage("shell", "-c", script, DEBUG="1", DATABASE_REPLICA_URL=url)
        assert done.returncode == 0, done.stderr
        assert done.stdout.strip().splitlines()[-1] == expected


def test_a_replicas_connection_is_opened_per_request_by_default() -> None:
    """connect_timeout bounds only the opening: a kept connection whose replica
    stalls would hold its worker until gunicorn kills it."""
    script = (
        "from django.conf import settings as s;"
        "print(s.DATABASES['replica']['CONN_MAX_AGE'], "
        "s.DATABASES['default']['CONN_MAX_AGE'])"
    )
    url = "postgres://reader@10.0.0.2:5432/pitchclub"
    done = _manage("shell", "-c", script, DEBUG="1", DATABASE_REPLICA_URL=url)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-1] == "0 60"
    done = _manage(
        "shell",
        "-c",
        script,
        DEBUG="1",
        DATABASE_REPLICA_URL=url,
        REPLICA_CONN_MAX_AGE="30",
    )
    assert done.stdout.strip().splitlines()[-1] == "30 60"
