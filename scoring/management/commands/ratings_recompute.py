"""Rate every stored game again from scratch (docs/ratings.md)."""

import time
from typing import Any

from django.core.management.base import BaseCommand

from scoring.stats.recompute import recompute_all


class Command(BaseCommand):
    help = (
        "Recompute every player's rating from the stored games: each finished game "
        "that was not abandoned, in finish order (finished_at, then game id)."
    )

    def handle(self, *args: Any, **options: Any) -> None:
        started = time.perf_counter()
        games = recompute_all()
        seconds = time.perf_counter() - started
        self.stdout.write(
            self.style.SUCCESS(f"Rated {games} game{'s' if games != 1 else ''} ")
            + f"in {seconds:.2f} s."
        )
