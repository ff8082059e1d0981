"""The cache several hosts share (issue 25): Django's own RedisCache, kept from taking
the site down with it.

With `REDIS_URL` set, the default cache is Redis: the API's throttles, the join-code
and password-reset rate limits and anything else counted in the cache are counted once
for every host. Redis down or slow: a call of this cache gives up within its timeout,
answers as an empty cache would (nothing found, nothing kept) and logs it once a
minute. Then, for ``REDIS_DOWN_SECONDS`` (default 5), the process holds Redis for
down: every call answers as an empty cache at once, without touching the socket;
after that one call tries Redis again, the others answering empty until it has. So a
Redis that accepts connections and never answers costs its timeout to one request per
process and interval, not to every call of every request. Pages, the table and the
API keep working; the rate limits then count nothing until Redis is back (README,
"Production"). The health page (`/health/`) says whether the cache answers.
"""

import logging
import threading
import time
from typing import Any

from django.conf import settings
from django.core.cache import caches
from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.redis import RedisCache

logger = logging.getLogger("pitchclub.cache")

LOG_EVERY_SECONDS = 60.0
_last_logged = 0.0
_last_logged_back = 0.0

# Per Redis (its LOCATION), shared by the threads of a process: until when (monotonic
# clock) its calls answer as an empty cache without trying it. A Redis missing here
# is up. Django keeps one cache object per thread, hence module state.
_down_until: dict[str, float] = {}
_trial = threading.Lock()


def down_seconds() -> float:
    """How long a failure makes the process hold Redis for down."""
    return float(getattr(settings, "REDIS_DOWN_SECONDS", 5))


def _failed(operation: str, error: Exception) -> None:
    global _last_logged
    now = time.monotonic()
    if now - _last_logged >= LOG_EVERY_SECONDS:
        _last_logged = now
        logger.warning(
            "Redis cache %s failed, answered as empty (and every call for the next"
            " %g s, then one tries again): %s",
            operation,
            down_seconds(),
            error,
        )


def _may_call(server: str) -> bool:
    """Whether a call may go to Redis now: it is not held for down, or it was held
    long enough and this call is the one that tries again (the next ones keep
    answering empty meanwhile, for another interval should it hang too)."""
    until = _down_until.get(server)
    if until is None:
        return True
    now = time.monotonic()
    if now < until:
        return False
    with _trial:
        until = _down_until.get(server)
        if until is not None and now < until:
            return False  # another thread took the trial
        if until is not None:
            _down_until[server] = now + down_seconds()
    return True


def _went_down(server: str, operation: str, error: Exception) -> None:
    _down_until[server] = time.monotonic() + down_seconds()
    _failed(operation, error)


def _answered(server: str) -> None:
    global _last_logged_back
    if _down_until.pop(server, None) is None:
        return
    now = time.monotonic()
    if now - _last_logged_back >= LOG_EVERY_SECONDS:
        _last_logged_back = now
        logger.warning("Redis cache answers again")


def _errors() -> tuple[type[Exception], ...]:
    import redis  # only with REDIS_URL set: the embedded default never imports it

    return (redis.exceptions.RedisError, OSError)


class ResilientRedisCache(RedisCache):
    """RedisCache whose failures cost a miss, never a page, and, for a few seconds
    after one, not even a wait."""

    def __init__(self, server: str, params: dict[str, Any]) -> None:
        super().__init__(server, params)
        self._server = server

    def _safely(self, operation: str, default: Any, call: Any, *args: Any, **kw: Any):
        if not _may_call(self._server):
            return default
        try:
            answer = call(*args, **kw)
        except _errors() as error:
            _went_down(self._server, operation, error)
            return default
        _answered(self._server)
        return answer

    def get(self, key, default=None, version=None):
        return self._safely("get", default, super().get, key, default, version)

    def get_many(self, keys, version=None):
        return self._safely("get_many", {}, super().get_many, keys, version)

    def has_key(self, key, version=None):
        return self._safely("has_key", False, super().has_key, key, version)

    def set(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        self._safely("set", None, super().set, key, value, timeout, version)

    def add(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        return self._safely("add", False, super().add, key, value, timeout, version)

    def set_many(self, data, timeout=DEFAULT_TIMEOUT, version=None):
        return self._safely("set_many", [], super().set_many, data, timeout, version)

    def touch(self, key, timeout=DEFAULT_TIMEOUT, version=None):
        return self._safely("touch", False, super().touch, key, timeout, version)

    def delete(self, key, version=None):
        return self._safely("delete", False, super().delete, key, version)

    def delete_many(self, keys, version=None):
        self._safely("delete_many", None, super().delete_many, keys, version)

    def incr(self, key, delta=1, version=None):
        # An unknown key raises ValueError, as in every cache: not a failure of Redis.
        return self._safely("incr", None, super().incr, key, delta, version)

    def clear(self):
        return self._safely("clear", False, super().clear)

    def ping(self) -> bool:
        """Whether Redis answers now (the health page): False at once while it is
        held for down, else one try bounded by the timeout."""
        client = self._cache.get_client(write=True)
        return bool(self._safely("ping", False, client.ping))


def cache_health() -> str:
    """ "ok", "down" (Redis does not answer) or "local" (no shared cache: one host)."""
    cache = caches["default"]
    if isinstance(cache, ResilientRedisCache):
        return "ok" if cache.ping() else "down"
    return "local"
