"""The backlog's drain (docs/ratings.md, "Large re-ratings in the background"): the
rows scoring.stats.backlog keeps, rated again after the commit of the change that
wrote them, by the backlog's thread, right after the commit, or ``manage.py
ratings_catch_up``.

One drain at a time on the whole site (a PostgreSQL advisory lock; SQLite writes one
at a time anyway): two walks at once could each read ratings the other is rewriting.
Each attempt is two transactions: a short one brings the rows' games' rating rows in
line with the games (a correction of one waits for it), then the due rows so brought
in line, locked (``skip_locked``), merged into one walk from the earliest of their
finish keys for all of their players (the walk from the earliest key covers what the
later ones ask), then deleted. A row written in between (a change committed while
the drain runs) waits for the next attempt. A failure rolls the walk back and leaves
the rows, each with one attempt more, the error and a later time to try again
(scoring.stats.backlog.retry_delay); a batch of several that failed is tried again
at once in halves, down to single rows, so that one bad row holds back no other. A
row whose game cannot be brought in line fails alone.
"""

import logging
from dataclasses import dataclass, field

from django.db import connection, transaction
from django.utils import timezone

from pitchclub import health
from scoring.models import RatingBacklog
from scoring.stats import backlog
from scoring.stats.listeners import game_in_line, rerate_deferred

logger = logging.getLogger("scoring.ratings")

# Rows merged into one walk at most (the earliest due first).
BATCH = 100
# pg_advisory_xact_lock's key: one drain at a time ("ratings" in ASCII).
LOCK_KEY = 0x726174696E6773


@dataclass
class Drained:
    """What one drain did: rows done, rows that failed (ids), attempts made."""

    done: int = 0
    failed: list[int] = field(default_factory=list)
    attempts: int = 0
    busy: bool = False


def install() -> None:
    """The drain for the backlog's thread, and the backlog on /health/
    (ScoringConfig.ready())."""
    backlog.set_drain(drain_due)
    health.register_section("ratings_backlog", backlog.health)


def drain(*, due_only: bool = True) -> Drained:
    """Drain the backlog until no row is due (every row with ``due_only=False``,
    the command's choice). A row that fails now is not tried again by this call."""
    report = Drained()
    skip: set[int] = set()
    while True:
        outcome = _attempt(None, skip=skip, due_only=due_only)
        report.attempts += 1
        if outcome is None or outcome == "busy":
            report.busy = outcome == "busy"
            return report
        done, unlined, failed = outcome
        report.done += done
        if len(failed) > 1:
            failed = _apart(failed, report)
        report.failed += unlined + failed
        skip |= set(unlined) | set(failed)


def _apart(failed: list[int], report: Drained) -> list[int]:
    """The rows of a walk that failed, tried again at once in halves, and halves of
    those, down to single rows: one bad row holds back no other, in about
    2 log2(rows) walks (a walk per row before: each walk may rate a club's every
    game), and a batch that failed for a passing reason costs two walks more. Only a
    single row that fails again is marked again. The rows that still fail."""
    still: list[int] = []
    middle = len(failed) // 2
    for part in (failed[:middle], failed[middle:]):
        outcome = _attempt(part, skip=set(), due_only=False, mark=len(part) == 1)
        report.attempts += 1
        if not isinstance(outcome, tuple):
            still += part  # busy or gone: left as they are
            continue
        done, unlined, walk_failed = outcome
        report.done += done
        still += unlined
        still += _apart(walk_failed, report) if len(walk_failed) > 1 else walk_failed
    return sorted(still)


def drain_due() -> float | None:
    """Every due row, in this process; then the seconds until a failed row is due
    again, or None when the backlog is empty."""
    drain()
    return backlog.next_due()


def _single_flight() -> bool:
    """This transaction is the only drain (PostgreSQL); False if another is."""
    if connection.vendor != "postgresql":
        return True
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_try_advisory_xact_lock(%s)", [LOCK_KEY])
        return bool(cursor.fetchone()[0])


def _in_line(ids: list[int] | None, skip: set[int], due_only: bool) -> list[int]:
    """The games of the rows brought in line, each row then naming the keys and
    players its game asks for (a short transaction: its new rating rows lock the
    game row's key, which a correction of it must not wait for long). A row whose
    game fails is marked failed alone; its id is returned."""
    failed = []
    with transaction.atomic():
        if not _single_flight():
            return []
        for row in _rows(ids, skip, due_only, with_game=True):
            try:
                with transaction.atomic():
                    keys, players = game_in_line(row.game)
            except Exception as error:
                logger.exception("Ratings: backlog row %s's game failed", row.pk)
                _mark_failed([row], error)
                failed.append(row.pk)
                continue
            if row.start_at is not None:
                keys.append((row.start_at, row.start_game))
            if keys:
                row.start_at, row.start_game = min(keys)
            row.players = sorted(set(row.players) | players)
            row.game = None
            row.save(update_fields=["start_at", "start_game", "players", "game"])
    return failed


def _rows(
    ids: list[int] | None, skip: set[int], due_only: bool, *, with_game: bool = False
) -> list[RatingBacklog]:
    """The rows to drain, locked (rows another drain holds are skipped): those
    whose game waits to be brought in line (`with_game`), or those ready for the
    walk."""
    rows = RatingBacklog.objects.select_for_update(skip_locked=True).exclude(
        pk__in=skip
    )
    if ids is not None:
        rows = rows.filter(pk__in=ids)
    if due_only:
        rows = rows.filter(next_attempt_at__lte=timezone.now())
    rows = rows.filter(game__isnull=not with_game)
    return list(rows.order_by("next_attempt_at", "id")[:BATCH])


def _attempt(
    ids: list[int] | None, *, skip: set[int], due_only: bool, mark: bool = True
) -> tuple[int, list[int], list[int]] | str | None:
    """The rows (`ids`, or the due ones): their games brought in line, then, in one
    transaction, merged into one walk and deleted; or, on failure, marked (unless
    not `mark`: rows already marked, tried again in parts). (done,
    ids of rows whose game failed, ids of the walk's rows if it failed); "busy"
    when another drain runs; None when no row is left.

    A row written after the games were brought in line (a change committed
    meanwhile) is not in this walk: the next attempt brings it in line and takes
    it. (It used to fail the whole batch, which was then tried again row by row,
    a whole walk per row: 541 s for 78 rows on 20,000 games, measured.)"""
    try:
        unlined = _in_line(ids, skip, due_only)
    except Exception:
        logger.exception("Ratings: the backlog's games could not be brought in line")
        unlined = []
    with transaction.atomic():
        if not _single_flight():
            return "busy"
        batch = _rows(ids, skip | set(unlined), due_only)
        if not batch:
            return (0, unlined, []) if unlined else None
        starts = [(r.start_at, r.start_game) for r in batch if r.start_at is not None]
        players = {player for r in batch for player in r.players}
        try:
            with transaction.atomic():
                if starts:
                    rerate_deferred(min(starts), players)
                if connection.vendor == "postgresql":
                    # Deferred constraints checked here, inside the savepoint.
                    connection.check_constraints()
        except Exception as error:
            logger.exception("Ratings: backlog rows %s failed", [r.pk for r in batch])
            if mark:
                _mark_failed(batch, error)
            return 0, unlined, [r.pk for r in batch]
        RatingBacklog.objects.filter(pk__in=[r.pk for r in batch]).delete()
        return len(batch), unlined, []


def _mark_failed(batch: list[RatingBacklog], error: Exception) -> None:
    now = timezone.now()
    for row in batch:
        row.attempts += 1
        row.last_error = f"{type(error).__name__}: {error}"[:2000]
        row.next_attempt_at = now + backlog.retry_delay(row.attempts)
    RatingBacklog.objects.bulk_update(
        batch, ["attempts", "last_error", "next_attempt_at"]
    )
