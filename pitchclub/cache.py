"""The cache several hosts share (issue 25): Django's own RedisCache, kept from taking
the site down with it.

With `REDIS_URL` set, the default cache is Redis: the API's throttles, the join-code
and password-reset rate limits and anything else counted in the cache are counted once
for every host. Redis down or slow: every call of this cache gives up within its
timeout, answers as an empty cache would (nothing found, nothing kept) and logs it
once a minute. Pages, the table and the API keep working; the rate limits then count
nothing until Redis is back (README, "Production"). The health page (`/health/`) says
whether the cache answers.
"""

import logging
import time
from typing import Any

from django.core.cache import caches
from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.redis import RedisCache

logger = logging.getLogger("pitchclub.cache")

LOG_EVERY_SECONDS = 60.0
_last_logged = 0.0


def _failed(operation: str, error: Exception) -> None:
    global _last_logged
    now = time.monotonic()
    if now - _last_logged >= LOG_EVERY_SECONDS:
        _last_logged = now
        logger.warning("Redis cache %s failed, answered as empty: %s", operation, error)


def _errors() -> tuple[type[Exception], ...]:
    import redis  # only with REDIS_URL set: the embedded default never imports it

    return (redis.exceptions.RedisError, OSError)


class ResilientRedisCache(RedisCache):
    """RedisCache whose failures cost a miss, never a page."""

    def _safely(self, operation: str, default: Any, call: Any, *args: Any, **kw: Any):
        try:
            return call(*args, **kw)
        except _errors() as error:
            _failed(operation, error)
            return default

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
        """Whether Redis answers now (the health page)."""
        try:
            return bool(self._cache.get_client(write=True).ping())
        except _errors():
            return False


def cache_health() -> str:
    """ "ok", "down" (Redis does not answer) or "local" (no shared cache: one host)."""
    cache = caches["default"]
    if isinstance(cache, ResilientRedisCache):
        return "ok" if cache.ping() else "down"
    return "local"
