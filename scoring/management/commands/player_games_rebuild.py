"""Build the statistics' rows (PlayerGame) again from the stored hands and awards,
and the sums by month, by day and over all time (PlayerMonth, PlayerDay, PlayerTotal
and their pairs) from them (docs/statistics.md):
one INSERT … SELECT each, the sums' triggers dropped meanwhile."""

import time
from typing import Any

from django.core.management.base import BaseCommand
from django.db import transaction

from scoring.stats.player_games import rebuild


class Command(BaseCommand):
    help = (
        "Build every player's per-game statistics rows again from the stored games, "
        "hands and awards, and their sums from them, in one transaction (the "
        "pages keep reading the old rows until it commits; recording a hand waits "
        "for it)."
    )

    def handle(self, *args: Any, **options: Any) -> None:
        started = time.perf_counter()
        with transaction.atomic():
            rows = rebuild()
        seconds = time.perf_counter() - started
        self.stdout.write(
            self.style.SUCCESS(f"Built {rows} row{'s' if rows != 1 else ''} ")
            + f"in {seconds:.2f} s."
        )
