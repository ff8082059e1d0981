"""Heavy reads from a PostgreSQL replica (`DATABASE_REPLICA_URL`, alias ``replica``).

The pages that read much and write nothing (a player's page and the statistics API,
the leaderboards, the archives, a season's standings, the walls) are marked with
``@heavy_read``: their reads go to the replica. Everything else reads the primary:
every write and whatever runs in its transaction, the table page, and every page of
someone who wrote in the last ``REPLICA_PIN_SECONDS`` (a write answered by the site
sets a cookie saying until when): a scorekeeper or an organiser reads back what they
wrote, never the replica's older copy. A script with a token keeps no cookie: its
heavy reads may be that far behind.

The replica down (refused, no answer within its ``connect_timeout``, or its kept
connection gone): the heavy read that finds it so is read again from the primary, and
so are the process's heavy reads for ``REPLICA_DOWN_SECONDS`` (default 30) before one
tries the replica again; logged once a minute (``pitchclub.replica``). `/health/` says
``"replica": "ok" | "down"``.

Without ``DATABASE_REPLICA_URL`` there is no ``replica`` alias and everything reads
the primary, as before.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import wraps
from typing import Any

from django.conf import settings
from django.db import DatabaseError, OperationalError, connections
from django.http import HttpRequest, HttpResponse

REPLICA = "replica"
PRIMARY = "default"
# Set on the answer to a write: until when this browser reads the primary.
PIN_COOKIE = "pitchclub_wrote"
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})

_heavy: ContextVar[bool] = ContextVar("pitchclub_heavy_read", default=False)

logger = logging.getLogger("pitchclub.replica")
LOG_EVERY_SECONDS = 60.0
_last_logged = 0.0
# Until when (monotonic clock) this process reads the primary in heavy reads: the
# replica could not be reached. Shared by its threads; each has its own connection.
_down_until = 0.0


def replica_configured() -> bool:
    return REPLICA in settings.DATABASES


def pin_seconds() -> int:
    return int(getattr(settings, "REPLICA_PIN_SECONDS", 10))


def down_seconds() -> float:
    """How long heavy reads go to the primary after the replica failed to answer."""
    return float(getattr(settings, "REPLICA_DOWN_SECONDS", 30))


def _went_down(error: Exception) -> None:
    global _down_until, _last_logged
    now = time.monotonic()
    _down_until = now + down_seconds()
    if now - _last_logged >= LOG_EVERY_SECONDS:
        _last_logged = now
        logger.warning(
            "The replica does not answer, heavy reads go to the primary for %g s: %s",
            down_seconds(),
            error,
        )


def held_down() -> bool:
    """Whether the replica failed in the last ``REPLICA_DOWN_SECONDS``: heavy reads
    then read the primary without trying it."""
    return time.monotonic() < _down_until


def _unreachable() -> bool:
    """After an OperationalError in a heavy read: whether the replica raised it and
    cannot be reached (no connection could be made, or the one kept is gone), not
    the primary, nor one query the replica refused."""
    replica = connections[REPLICA]
    if not replica.errors_occurred:
        return False
    return replica.connection is None or not replica.is_usable()


def replica_health() -> str | None:
    """ "ok", "down" (held for down, or it does not answer a query now), or None
    without a replica (the health page)."""
    if not replica_configured():
        return None
    if held_down():
        return "down"
    try:
        with connections[REPLICA].cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except DatabaseError as error:
        _went_down(error)
        return "down"
    return "ok"


class ReplicaRouter:
    """Reads go to the replica only inside a heavy read, outside any transaction on
    the primary; writes, migrations and relations are the primary's."""

    def db_for_read(self, model: type, **hints: Any) -> str | None:
        if (
            _heavy.get()
            and replica_configured()
            and not connections[PRIMARY].in_atomic_block
        ):
            return REPLICA
        return PRIMARY

    def db_for_write(self, model: type, **hints: Any) -> str:
        return PRIMARY

    def allow_relation(self, obj1: Any, obj2: Any, **hints: Any) -> bool:
        # The replica is a copy of the primary: their rows are the same rows.
        return True

    def allow_migrate(self, db: str, app_label: str, **hints: Any) -> bool:
        return db == PRIMARY


@contextmanager
def reading_replica() -> Iterator[None]:
    """Reads inside go to the replica (when there is one)."""
    token = _heavy.set(True)
    try:
        yield
    finally:
        _heavy.reset(token)


def pinned(request: HttpRequest) -> bool:
    """Whether this browser wrote recently: it reads the primary."""
    value = request.COOKIES.get(PIN_COOKIE, "")
    try:
        until = float(value)
    except ValueError:
        return False
    return until > time.time()


def heavy_read(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """A view (function, or a class-based view's dispatch) whose GETs read the
    replica, unless the visitor wrote in the last few seconds."""

    @wraps(view)
    def wrapped(*args: Any, **kwargs: Any) -> HttpResponse:
        request = next(
            (arg for arg in args if isinstance(arg, HttpRequest)),
            getattr(args[0], "request", None) if args else None,
        )
        if (
            request is None
            or request.method not in SAFE_METHODS
            or pinned(request)
            or not replica_configured()
        ):
            return view(*args, **kwargs)
        # Who asks is read from the primary first: a session just made (a sign-in
        # pins, but a cookie can be refused) is not on the replica yet. The
        # middleware's user is lazy: asking it something reads it (the session and
        # the user, only when a session cookie came).
        user = getattr(request, "user", None)
        if user is not None:
            user.is_authenticated  # noqa: B018
        if held_down():
            return view(*args, **kwargs)
        try:
            # The views render their pages (render()) inside: every query is made
            # here.
            with reading_replica():
                return view(*args, **kwargs)
        except OperationalError as error:
            # The router named the replica before any connection: a replica down
            # shows at the first query (refused, or no answer within its
            # connect_timeout). A heavy read writes nothing: read it again from the
            # primary.
            if not _unreachable():
                raise
            _went_down(error)
        return view(*args, **kwargs)

    return wrapped


class ReplicaPinMiddleware:
    """The answer to a write (any method but GET, HEAD and OPTIONS, not a server
    error) pins this browser to the primary for ``REPLICA_PIN_SECONDS``."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if (
            replica_configured()
            and request.method not in SAFE_METHODS
            and response.status_code < 500
        ):
            seconds = pin_seconds()
            response.set_cookie(
                PIN_COOKIE,
                f"{time.time() + seconds:.3f}",
                max_age=seconds,
                httponly=True,
                samesite="Lax",
                secure=request.is_secure(),
            )
        return response
