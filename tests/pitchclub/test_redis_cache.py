"""REDIS_URL (issue 25, item 1): the default cache is Redis, shared by every host, so a
rate limit counts once for all of them; Redis down costs nothing but the counting.

The tests use the Redis that runs on 127.0.0.1:6379 on every machine here (CI too),
its database 15, under a key prefix of their own per test worker and test: nothing is
flushed, the keys expire with their rates."""

import logging
import os
import uuid
from collections.abc import Iterator

import pytest
from django.core.cache import caches
from django.test import Client, override_settings
from django.urls import reverse

from pitchclub import cache as shared_cache
from pitchclub.models import Club
from pitchclub.services.clubs import club_create
from tests.factories import UserFactory
from tests.pitchclub.test_settings import _setting
from tests.pitchclub.test_throttles import assert_too_many, from_address, limit

REDIS = "redis://127.0.0.1:6379/15"
NOBODY_LISTENS = "redis://127.0.0.1:1/15"
JOIN = reverse("clubs:join")


def redis_cache(location: str, prefix: str) -> dict:
    return {
        "default": {
            "BACKEND": "pitchclub.cache.ResilientRedisCache",
            "LOCATION": location,
            "KEY_PREFIX": prefix,
            "OPTIONS": {"socket_connect_timeout": 0.5, "socket_timeout": 0.5},
        }
    }


def redis_answers() -> bool:
    import redis

    try:
        return bool(redis.Redis.from_url(REDIS, socket_connect_timeout=0.5).ping())
    except redis.exceptions.RedisError:
        return False


needs_redis = pytest.mark.skipif(
    not redis_answers(),
    reason="no Redis on 127.0.0.1:6379 (every machine here has one)",
)


@pytest.fixture
def prefix() -> str:
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    return f"test-{worker}-{uuid.uuid4().hex[:8]}"


@pytest.fixture
def club(db: None) -> Club:
    return club_create(name="Grange Hall Pitch", by=UserFactory())


@pytest.fixture
def behind_nginx(settings: object) -> Iterator[None]:
    with override_settings(TRUSTED_PROXY_COUNT=1):
        yield


def test_redis_url_is_read_by_a_fresh_process() -> None:
    backend = 'CACHES["default"]["BACKEND"]'
    assert _setting(backend).stdout.strip().endswith("LocMemCache")
    shared = _setting(backend, REDIS_URL=REDIS)
    assert shared.stdout.strip() == "pitchclub.cache.ResilientRedisCache"
    location = _setting('CACHES["default"]["LOCATION"]', REDIS_URL=REDIS)
    assert location.stdout.strip() == REDIS


def guess(n: int) -> None:
    answer = from_address("203.0.113.10").get(JOIN, {"code": f"WRONG{n:03}"})
    assert answer.status_code == 200, answer.status_code


@needs_redis
def test_two_hosts_count_wrong_codes_together(
    behind_nginx: None, club: Club, prefix: str
) -> None:
    count, period = limit("join")
    # Host A takes the first half of the guesses, host B (its own connection) the rest.
    with override_settings(CACHES=redis_cache(REDIS, prefix)):
        for n in range(count // 2):
            guess(n)
    with override_settings(CACHES=redis_cache(REDIS, prefix)):
        for n in range(count // 2, count):
            guess(n)
        answer = from_address("203.0.113.10").get(JOIN, {"code": "WRONG999"})
        assert_too_many(answer, period)


def test_without_a_shared_cache_each_host_would_allow_the_full_rate(
    behind_nginx: None, club: Club, prefix: str
) -> None:
    count, _ = limit("join")
    local = "django.core.cache.backends.locmem.LocMemCache"
    for host in ("a", "b"):
        caches_of_host = {"default": {"BACKEND": local, "LOCATION": f"{prefix}-{host}"}}
        with override_settings(CACHES=caches_of_host):
            for n in range(count):
                guess(n)


def test_redis_down_costs_the_counting_not_the_pages(
    behind_nginx: None,
    club: Club,
    prefix: str,
    client: Client,
    caplog: pytest.LogCaptureFixture,
) -> None:
    count, _ = limit("join")
    shared_cache._last_logged = -1e9
    with (
        override_settings(CACHES=redis_cache(NOBODY_LISTENS, prefix)),
        caplog.at_level(logging.WARNING, logger="pitchclub.cache"),
    ):
        for n in range(count + 2):
            guess(n)
        assert client.get(reverse("scoring:home")).status_code == 200
        assert caches["default"].get("anything", "empty") == "empty"
        health = client.get(reverse("health"))
    assert health.status_code == 200
    assert health.json() == {"database": "ok", "cache": "down"}
    warnings = [r for r in caplog.records if r.name == "pitchclub.cache"]
    # Logged, once a minute, not once a call.
    assert len(warnings) == 1
    assert "answered as empty" in warnings[0].getMessage()


@needs_redis
def test_the_health_page_says_the_cache_answers(
    db: None, client: Client, prefix: str
) -> None:
    with override_settings(CACHES=redis_cache(REDIS, prefix)):
        answer = client.get(reverse("health"))
    assert answer.json() == {"database": "ok", "cache": "ok"}
    assert answer["Cache-Control"].startswith("max-age=0")


def test_one_host_without_redis_says_local(db: None, client: Client) -> None:
    assert client.get(reverse("health")).json() == {"database": "ok", "cache": "local"}


@needs_redis
def test_values_round_trip_through_redis(prefix: str) -> None:
    with override_settings(CACHES=redis_cache(REDIS, prefix)):
        cache = caches["default"]
        cache.set("history", [3.5, 2.0], 30)
        assert cache.get("history") == [3.5, 2.0]
        assert cache.add("history", [], 30) is False
        cache.delete("history")
        assert cache.get("history") is None
