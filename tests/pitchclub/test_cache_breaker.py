"""A Redis that hangs (issue 25, the many-hosts promise): after one call fails or times
out, the process holds Redis for down for REDIS_DOWN_SECONDS and answers every call as
an empty cache at once; then one call tries again (pitchclub/cache.py).

The hung Redis is a socket in the test that accepts connections and never answers;
the recovery path goes through it to the real Redis on 127.0.0.1:6379 once it
forwards (database 15, a key prefix per test worker and test, as in
test_redis_cache.py)."""

import contextlib
import logging
import os
import socket
import threading
import time
import uuid
from collections.abc import Callable, Iterator

import pytest
from django.core.cache import caches
from django.test import Client, override_settings
from django.urls import reverse
from pytest_django.fixtures import Settings

from pitchclub import cache as shared_cache
from scoring.table.share import live_version
from tests.factories import game_factory
from tests.pitchclub.test_redis_cache import needs_redis, redis_cache

TIMEOUT = 0.3  # redis_cache()'s is 0.5; shorter here, the tests wait it out
REAL_REDIS = ("127.0.0.1", 6379)


def _pump(source: socket.socket, target: socket.socket) -> None:
    try:
        while data := source.recv(65536):
            target.sendall(data)
    except OSError:
        return


class HungRedis:
    """Accepts connections and never answers, until told to forward them to the
    real Redis (connections made after that; redis-py drops one that timed out)."""

    def __init__(self) -> None:
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.location = f"redis://127.0.0.1:{self.listener.getsockname()[1]}/15"
        self.forwarding = threading.Event()
        self.held: list[socket.socket] = []
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                conn, _ = self.listener.accept()
            except OSError:
                return
            self.held.append(conn)
            if self.forwarding.is_set():
                upstream = socket.create_connection(REAL_REDIS)
                self.held.append(upstream)
                for pair in ((conn, upstream), (upstream, conn)):
                    threading.Thread(target=_pump, args=pair, daemon=True).start()

    def close(self) -> None:
        with contextlib.suppress(OSError):
            self.listener.shutdown(socket.SHUT_RDWR)
        for sock in [self.listener, *self.held]:
            sock.close()


@pytest.fixture
def prefix() -> str:
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    return f"test-{worker}-{uuid.uuid4().hex[:8]}"


@pytest.fixture
def hung() -> Iterator[HungRedis]:
    server = HungRedis()
    yield server
    server.close()


@pytest.fixture(autouse=True)
def breaker(monkeypatch: pytest.MonkeyPatch, settings: Settings) -> None:
    """Every test starts with Redis held for up, and logs its first failure."""
    monkeypatch.setattr(shared_cache, "_down_until", {})
    monkeypatch.setattr(shared_cache, "_last_logged", -1e9)
    monkeypatch.setattr(shared_cache, "_last_logged_back", -1e9)
    settings.REDIS_DOWN_SECONDS = 30


def hung_cache(location: str, prefix: str) -> dict:
    caches_setting = redis_cache(location, prefix)
    caches_setting["default"]["OPTIONS"] = {
        "socket_connect_timeout": TIMEOUT,
        "socket_timeout": TIMEOUT,
    }
    return caches_setting


def timed(call: Callable[[], object]) -> float:
    started = time.monotonic()
    call()
    return time.monotonic() - started


def every_kind_of_call() -> None:
    cache = caches["default"]
    assert cache.get("seen", "empty") == "empty"
    assert cache.get_many(["a", "b"]) == {}
    assert cache.add("a", 1, 30) is False
    cache.set("a", 1, 30)
    assert cache.has_key("a") is False
    assert cache.incr("a") is None
    assert cache.touch("a") is False
    assert cache.delete("a") is False
    cache.set_many({"a": 1}, 30)
    cache.delete_many(["a"])


def test_a_hung_redis_costs_one_timeout_then_nothing(
    hung: HungRedis, prefix: str, caplog: pytest.LogCaptureFixture
) -> None:
    with (
        override_settings(CACHES=hung_cache(hung.location, prefix)),
        caplog.at_level(logging.WARNING, logger="pitchclub.cache"),
    ):
        first = timed(lambda: caches["default"].get("seen"))
        assert TIMEOUT * 0.9 <= first < TIMEOUT * 3
        # 20 rounds of 10 calls: 60 s at one timeout each; held for down, at once.
        held = timed(lambda: [every_kind_of_call() for _ in range(20)])
    assert held < TIMEOUT
    warnings = [r for r in caplog.records if r.name == "pitchclub.cache"]
    assert len(warnings) == 1
    assert "answered as empty" in warnings[0].getMessage()


def test_a_live_poll_pays_one_timeout_not_three_then_none(
    db: None, hung: HungRedis, prefix: str, client: Client, settings: Settings
) -> None:
    settings.LIVE_FROM_CACHE = True
    game = game_factory()
    url = reverse("scoring:live", args=[game.pk])
    version = live_version(game.updated_at, game.hand_count)

    def poll() -> None:
        answer = client.get(url, {"v": version}, headers={"HX-Request": "true"})
        assert answer.status_code == 204

    with override_settings(CACHES=hung_cache(hung.location, prefix)):
        # The first poll's get_many times out; its two adds do not wait again.
        assert timed(poll) < TIMEOUT * 2
        assert timed(lambda: [poll() for _ in range(10)]) < TIMEOUT


def test_the_health_page_says_down_at_once_while_redis_is_held_for_down(
    db: None, hung: HungRedis, prefix: str, client: Client
) -> None:
    with override_settings(CACHES=hung_cache(hung.location, prefix)):
        # Nothing called Redis yet: the page tries once, bounded by the timeout.
        started = time.monotonic()
        first = client.get(reverse("health"))
        assert time.monotonic() - started < TIMEOUT * 3
        assert first.json() == {"database": "ok", "cache": "down"}
        started = time.monotonic()
        answers = [client.get(reverse("health")) for _ in range(5)]
        assert time.monotonic() - started < TIMEOUT
    assert all(a.status_code == 200 for a in answers)
    assert all(a.json()["cache"] == "down" for a in answers)


def test_once_held_long_enough_one_call_tries_again_and_the_others_do_not_wait(
    hung: HungRedis, prefix: str, settings: Settings
) -> None:
    settings.REDIS_DOWN_SECONDS = 0.2
    with override_settings(CACHES=hung_cache(hung.location, prefix)):
        caches["default"].get("seen")
        time.sleep(0.25)
        # This thread's call is the one that tries (and waits its timeout) ...
        trying = threading.Thread(target=lambda: caches["default"].get("seen"))
        trying.start()
        time.sleep(0.05)
        # ... while this one's calls answer empty at once.
        assert timed(lambda: [every_kind_of_call() for _ in range(5)]) < TIMEOUT / 2
        assert trying.is_alive()
        trying.join()
        # Hung again: held for down another interval.
        assert timed(every_kind_of_call) < TIMEOUT / 2


@needs_redis
def test_redis_answering_again_is_used_again_after_the_interval(
    hung: HungRedis, prefix: str, settings: Settings, caplog: pytest.LogCaptureFixture
) -> None:
    settings.REDIS_DOWN_SECONDS = 0.5
    with (
        override_settings(CACHES=hung_cache(hung.location, prefix)),
        caplog.at_level(logging.WARNING, logger="pitchclub.cache"),
    ):
        cache = caches["default"]
        cache.set("history", [3.5], 30)  # times out: held for down
        hung.forwarding.set()
        # Redis answers now, but the process does not ask it within the interval.
        cache.set("history", [3.5], 30)
        assert cache.get("history") is None
        time.sleep(0.6)
        cache.set("history", [3.5], 30)  # the one call that tries: it answers
        assert cache.get("history") == [3.5]
        assert cache.add("history", [], 30) is False
        assert shared_cache._down_until == {}
        cache.delete("history")
    messages = [r.getMessage() for r in caplog.records if r.name == "pitchclub.cache"]
    assert len(messages) == 2
    assert "answered as empty" in messages[0]
    assert messages[1] == "Redis cache answers again"
