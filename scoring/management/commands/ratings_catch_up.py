"""Drain the ratings' backlog now (docs/ratings.md, "Large re-ratings in the
background"): for a timer, and after a host died mid-drain."""

import time
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from scoring.models import RatingBacklog
from scoring.stats.catch_up import drain


class Command(BaseCommand):
    help = (
        "Rate again what the ratings' backlog holds: every row, even one waiting "
        "for its next attempt after a failure (--due: only those due now). Exits "
        "with status 1 when a row failed (it stays, with its error)."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--due",
            action="store_true",
            help="only the rows due now (a failed row waits for its next attempt)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        started = time.perf_counter()
        report = drain(due_only=options["due"])
        seconds = time.perf_counter() - started
        left = RatingBacklog.objects.count()
        if report.busy:
            self.stdout.write("Another drain is running; it drains the rest.")
        self.stdout.write(
            f"Drained {report.done} backlog row{'s' if report.done != 1 else ''} "
            f"in {seconds:.2f} s; {left} left."
        )
        if report.failed:
            self.stderr.write(
                f"Failed: rows {', '.join(map(str, report.failed))} "
                "(their last_error says why; tried again later)."
            )
            raise SystemExit(1)
