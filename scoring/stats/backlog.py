"""The ratings' backlog (docs/ratings.md, "Large re-ratings in the background"): what
a change left to rate again after its commit, and who drains it.

A request never re-rates more than ``settings.RATING_INLINE_GAMES`` games: a larger
re-rating is written here as a RatingBacklog row in the request's transaction, and
after the commit the drain (scoring.stats.catch_up) is woken, as
``settings.RATING_DRAIN`` says: ``process`` (PostgreSQL's default), a thread of the
web process starts ``manage.py ratings_catch_up --due`` in a child process and waits
for it (a drain on the thread itself would share the interpreter's lock with the
requests and double their time, measured); ``inline`` (SQLite's default), right
after the commit, in the request; ``off``, only ``manage.py ratings_catch_up`` (a
timer). The thread starts the child again while rows came in meanwhile, sleeps
until a failed row's next attempt, and ends when the backlog is empty; the next row
wakes it again. A row outlives a host that dies mid-drain: the drain's transaction
rolls back and the row is drained by the next wake-up on any host, or the command.
"""

import logging
import os
import subprocess
import sys
import threading
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import timedelta

from django.conf import settings
from django.db import connections, transaction
from django.db.models import Count, Min, Q
from django.utils import timezone

from scoring.models import RatingBacklog
from scoring.stats.skill import OrderKey

logger = logging.getLogger("scoring.ratings")

# A failed row is tried again after 10 s, 20 s, 40 s … at most an hour.
RETRY_FIRST = timedelta(seconds=10)
RETRY_MOST = timedelta(hours=1)
# The thread's pause after the drain itself broke (the database away).
CRASH_PAUSE = 30.0


@dataclass(frozen=True, slots=True)
class Pending:
    """Whether any backlog row waits, and whether one names this game."""

    rows: bool
    game: bool


def pending(game_id: int | None) -> Pending:
    """What waits in the backlog (1 query). While anything waits, every rating
    change is added to it rather than made in the request: the drain may hold the
    ratings' locks for seconds, and a game it brings in line must not be compared
    with rows it is rewriting."""
    counts = RatingBacklog.objects.aggregate(
        rows=Count("id"), game=Count("id", filter=Q(game=game_id))
    )
    return Pending(rows=bool(counts["rows"]), game=bool(counts["game"]))


def backlog_add(
    *, start: OrderKey | None, players: Iterable[int], game: int | None
) -> RatingBacklog:
    """A row for the drain, written in the caller's transaction; the drain is woken
    once it commits."""
    row = RatingBacklog.objects.create(
        start_at=start[0] if start else None,
        start_game=start[1] if start else None,
        players=sorted(set(players)),
        game=game,
    )
    transaction.on_commit(kick)
    return row


def retry_delay(attempts: int) -> timedelta:
    """How long a row waits after its `attempts`-th failure."""
    return min(RETRY_FIRST * 2 ** max(0, attempts - 1), RETRY_MOST)


def health() -> dict[str, int | float] | None:
    """The backlog as /health/ shows it: rows waiting, the oldest one's age in
    seconds, and how many failed at least once; None (not shown) when it is empty
    (1 query)."""
    summary = RatingBacklog.objects.aggregate(
        rows=Count("id"),
        oldest=Min("created_at"),
        failing=Count("id", filter=Q(attempts__gt=0)),
    )
    if not summary["rows"]:
        return None
    age = (timezone.now() - summary["oldest"]).total_seconds()
    return {
        "items": summary["rows"],
        "oldest_seconds": round(age, 1),
        "failing": summary["failing"],
    }


# --- Who drains it ---------------------------------------------------------------

# The drain in this process (catch_up.drain_due), for RATING_DRAIN=inline.
_drain: Callable[[], float | None] | None = None
_guard = threading.Lock()
_wake = threading.Event()
_worker: dict[str, object] = {"thread": None, "pid": None}


def set_drain(drain: Callable[[], float | None]) -> None:
    """Install the drain (ScoringConfig.ready(), through catch_up.install())."""
    global _drain
    _drain = drain


def next_due() -> float | None:
    """Seconds until the next row is due (0 if one is), or None when the backlog
    is empty (1 query)."""
    following = (
        RatingBacklog.objects.order_by("next_attempt_at")
        .values_list("next_attempt_at", flat=True)
        .first()
    )
    if following is None:
        return None
    return max(0.0, (following - timezone.now()).total_seconds())


def kick() -> None:
    """Wake the drain, as ``settings.RATING_DRAIN`` says (after a row's commit)."""
    if settings.RATING_DRAIN == "off":
        return
    if settings.RATING_DRAIN == "inline":
        try:
            if _drain is not None:
                _drain()
        except Exception:
            # The rows stay; the next change or the command drains them.
            logger.exception("Ratings: the backlog's drain failed")
        return
    with _guard:
        _wake.set()
        thread = _worker["thread"]
        alive = isinstance(thread, threading.Thread) and thread.is_alive()
        if not alive or _worker["pid"] != os.getpid():
            # (A forked worker inherits the parent's state but not its threads.)
            thread = threading.Thread(target=_run, name="ratings-backlog", daemon=True)
            _worker.update(thread=thread, pid=os.getpid())
            thread.start()


def _child() -> None:
    """One drain in a child process; its exit status and its own log are logged
    here (a row's error, logged by the child as it fails, would otherwise end with
    the child when the drain goes on and exits 0)."""
    command = [
        sys.executable,
        str(settings.BASE_DIR / "manage.py"),
        "ratings_catch_up",
        "--due",
    ]
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        logger.warning(
            "Ratings: the backlog's drain exited %s: %s",
            done.returncode,
            (done.stderr or done.stdout).strip()[-2000:],
        )
    elif done.stderr.strip():
        logger.warning(
            "Ratings: the backlog's drain said: %s", done.stderr.strip()[-2000:]
        )


def _run() -> None:
    """The thread: a child drains; then sleep until a failed row is due or a new
    row wakes it; end when the backlog is empty and nobody woke it meanwhile."""
    delay: float | None = 0.0
    while True:
        _wake.clear()
        try:
            _child()
            delay = next_due()
            # A row the child could not take (another host drains): look again.
            delay = None if delay is None else max(delay, 1.0)
        except Exception:
            logger.exception("Ratings: the backlog's drain could not run")
            delay = CRASH_PAUSE
        finally:
            # This thread's connection: none kept open while it sleeps.
            connections.close_all()
        with _guard:
            if delay is None and not _wake.is_set():
                _worker["thread"] = None
                return
        _wake.wait(timeout=delay)
