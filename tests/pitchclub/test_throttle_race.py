"""Rate limits counted atomically (pitchclub/throttles.py): tries sent at once, from
many threads each with its own connection to Redis (as many gunicorns on several
hosts are), pass exactly as many as the rate says, and so do they through the
in-memory cache of one process; the limit slides from one period to the next, and a
refusal's wait is when a try passes again.

Redis is the one on 127.0.0.1:6379 (tests/pitchclub/test_redis_cache.py), under a
key prefix of its own per test worker and test."""

import threading
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.core.cache import caches
from django.test import override_settings
from pytest_django.fixtures import Settings

from pitchclub import throttles
from pitchclub.throttles import PageThrottle
from tests.pitchclub.test_redis_cache import (
    NOBODY_LISTENS,
    REDIS,
    needs_redis,
    prefix,  # noqa: F401 (the fixture)
    redis_cache,
)
from tests.pitchclub.test_throttles import limit

TRIES_AT_ONCE = 40
ADDRESS = "203.0.113.10"


def all_at_once(try_one: Callable[[], int]) -> list[int]:
    """`try_one` from TRIES_AT_ONCE threads released together: their waits."""
    start = threading.Barrier(TRIES_AT_ONCE)

    def one(_: int) -> int:
        start.wait()
        try:
            return try_one()
        finally:
            # Each thread made its own cache client: let it go.
            caches.close_all()

    with ThreadPoolExecutor(TRIES_AT_ONCE) as pool:
        return list(pool.map(one, range(TRIES_AT_ONCE)))


def guess() -> int:
    return PageThrottle("join", ADDRESS).take()


def assert_exactly_the_rate_passes(waits: list[int]) -> None:
    count, period = limit("join")
    assert waits.count(0) == count
    assert all(0 < wait <= period for wait in waits if wait)
    # And the counter holds just those: the next try waits too.
    assert guess() > 0


@pytest.fixture
def locmem(prefix: str) -> Iterator[None]:  # noqa: F811 (the fixture)
    local = {
        "default": {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "LOCATION": prefix,
        }
    }
    with override_settings(CACHES=local):
        yield


@pytest.fixture
def shared_redis(prefix: str) -> Iterator[None]:  # noqa: F811 (the fixture)
    with override_settings(CACHES=redis_cache(REDIS, prefix)):
        yield
        client = caches["default"]._cache.get_client(write=True)
        for key in client.scan_iter(f"{prefix}:*"):
            client.delete(key)


@needs_redis
def test_tries_at_once_through_redis_pass_exactly_the_rate(
    shared_redis: None,
) -> None:
    assert_exactly_the_rate_passes(all_at_once(guess))


def test_tries_at_once_in_one_process_pass_exactly_the_rate(locmem: None) -> None:
    assert_exactly_the_rate_passes(all_at_once(guess))


@needs_redis
def test_tries_given_back_at_once_leave_their_places(shared_redis: None) -> None:
    """A table joining with the right code at once: each try taken is given back,
    and the guesser behind them still has the whole rate."""

    def right_code() -> int:
        throttle = PageThrottle("join", ADDRESS)
        wait = throttle.take()
        throttle.give_back()
        return wait

    all_at_once(right_code)

    assert_exactly_the_rate_passes(all_at_once(guess))


def test_redis_down_counts_nothing(prefix: str) -> None:  # noqa: F811 (the fixture)
    count, _ = limit("join")
    with override_settings(CACHES=redis_cache(NOBODY_LISTENS, prefix)):
        assert [guess() for _ in range(count + 2)] == [0] * (count + 2)


class Clock:
    def __init__(self, now: float) -> None:
        self.now = now

    def time(self) -> float:
        return self.now


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch, locmem: None) -> Clock:
    _, period = limit("join")
    # The last second of a period.
    clock = Clock(1_000_000 * period - 1)
    monkeypatch.setattr(throttles, "time", clock)
    return clock


def test_a_burst_at_a_periods_end_buys_no_second_burst(clock: Clock) -> None:
    count, period = limit("join")
    assert [guess() for _ in range(count)] == [0] * count
    wait = guess()
    assert wait == 1  # the period ends in a second

    # Just into the next period the last one still weighs nearly whole: one try.
    clock.now += 2
    assert guess() == 0
    assert guess() > 0
    # Halfway, half of the last period's tries still count: of the rate of 10, the
    # one taken just into the period and 4 more pass, the 6th is refused.
    assert count == 10
    clock.now += period / 2 - 2
    passed = [guess() for _ in range(5)]
    assert passed[:4] == [0, 0, 0, 0]
    assert passed[4] > 0


@pytest.mark.parametrize("spread", [0, 7, 31, 59])
def test_a_refusals_wait_is_when_a_try_passes_again(
    clock: Clock, settings: Settings, spread: int
) -> None:
    count, period = limit("join")
    clock.now += 1.25  # just into a period (a clock reads no whole second)
    for n in range(count):
        clock.now += spread / count
        assert guess() == 0, n
    while not (wait := guess()):
        pass

    assert 0 < wait <= period
    clock.now += wait - 1
    assert guess() > 0
    clock.now += 1
    assert guess() == 0
