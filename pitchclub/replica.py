"""Heavy reads from a PostgreSQL replica (`DATABASE_REPLICA_URL`, alias ``replica``).

The pages that read much and write nothing (a player's page and the statistics API,
the leaderboards, the archives, a season's standings, the walls) are marked with
``@heavy_read``: their reads go to the replica. Everything else reads the primary:
every write and whatever runs in its transaction, the table page, and every page of
someone who wrote in the last ``REPLICA_PIN_SECONDS`` (a write answered by the site
sets a cookie saying until when): a scorekeeper or an organiser reads back what they
wrote, never the replica's older copy. A script with a token keeps no cookie: its
heavy reads may be that far behind.

Without ``DATABASE_REPLICA_URL`` there is no ``replica`` alias and everything reads
the primary, as before.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import wraps
from typing import Any

from django.conf import settings
from django.db import connections
from django.http import HttpRequest, HttpResponse

REPLICA = "replica"
PRIMARY = "default"
# Set on the answer to a write: until when this browser reads the primary.
PIN_COOKIE = "pitchclub_wrote"
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})

_heavy: ContextVar[bool] = ContextVar("pitchclub_heavy_read", default=False)


def replica_configured() -> bool:
    return REPLICA in settings.DATABASES


def pin_seconds() -> int:
    return int(getattr(settings, "REPLICA_PIN_SECONDS", 10))


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
        # pins, but a cookie can be refused) is not on the replica yet.
        getattr(request, "user", None)
        # The views render their pages (render()) inside: every query is made here.
        with reading_replica():
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
