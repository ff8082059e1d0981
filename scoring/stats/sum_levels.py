"""The statistics' sums' parts (scoring.stats.sums): the counters, the stretches of
time they sum over (Level: a UTC month, a day in the site's time zone, all time),
what a per-game row adds to them, and the pieces of SQL the rebuild and each database's
triggers (scoring.stats.sums_postgresql, scoring.stats.sums_sqlite) share.
"""

import datetime
import re
import zoneinfo
from collections.abc import Callable
from dataclasses import dataclass

from django.conf import settings
from django.db.models import Model

from scoring.models import (
    PLAYER_GAME_BIDS,
    PlayerDay,
    PlayerMonth,
    PlayerPairDay,
    PlayerPairMonth,
    PlayerPairTotal,
    PlayerTotal,
    Status,
)
from scoring.vocabulary import POINT_IDS

Quote = Callable[[str], str]

FINISHED, ABANDONED = Status.FINISHED.value, Status.ABANDONED.value
# PlayerGame's counters a month sums as they are.
COPIED = (
    "hands",
    "points",
    "pitched",
    "made",
    *(f"pitched_{bid}" for bid in PLAYER_GAME_BIDS),
    *(f"made_{bid}" for bid in PLAYER_GAME_BIDS),
    *(f"taken_{point}" for point in POINT_IDS),
)
MONTH_COUNTERS = ("games", "finished", "won", *COPIED)
PAIR_COUNTERS = ("together", "won_together", "against", "won_against", "lost_against")
# The columns a pair's figures depend on: a change of any moves the game's pairs.
PAIR_INPUTS = (
    "game_id",
    "player_id",
    "side",
    "status",
    "winner",
    "club_id",
    "variant",
    "created_at",
)
TRIGGERS = (
    "playergame_sums_insert",
    "playergame_sums_update",
    "playergame_pairs_update",
    "playergame_sums_delete",
)


def month_of(vendor: str, row: str) -> str:
    """The first day (UTC) of the month `row` started in."""
    if vendor == "postgresql":
        return f"CAST(date_trunc('month', {row}.created_at AT TIME ZONE 'UTC') AS date)"
    # SQLite keeps a moment as UTC text, 'YYYY-MM-DD HH:MM:SS…'.
    return f"substr({row}.created_at, 1, 7) || '-01'"


def site_zone() -> str:
    """settings.TIME_ZONE, checked to be a zone name (it is written into SQL)."""
    zone = settings.TIME_ZONE if settings.USE_TZ else "UTC"
    if not re.fullmatch(r"[A-Za-z0-9_+\-/]+", zone):
        raise ValueError(f"TIME_ZONE {zone!r} is not a time zone's name.")
    zoneinfo.ZoneInfo(zone)  # Unknown: ZoneInfoNotFoundError, by name.
    return zone


def day_sql(vendor: str, column: str, zone: str | None = None) -> str:
    """The date of the moment `column` in the site's time zone (`zone`), as
    Django's TruncDate reads it (a season's nights: tournaments.seasons)."""
    zone = zone or site_zone()
    if vendor == "postgresql":
        return f"CAST(({column} AT TIME ZONE '{zone}') AS date)"
    # Django's own function on its SQLite connections (TruncDate's).
    return f"django_datetime_cast_date({column}, '{zone}', 'UTC')"


def day_of_row(vendor: str, row: str) -> str:
    """The day (site's time zone) `row` started on."""
    return day_sql(vendor, f"{row}.created_at")


# Every game, whenever it started: one stretch, named by this day.
ALL_TIME = datetime.date(2000, 1, 1)


def all_time(vendor: str, row: str) -> str:
    """ALL_TIME, whatever `row`. PostgreSQL refuses a bare constant in GROUP BY (a
    cast is not one); SQLite keeps a date as text (its CAST AS date makes 2000)."""
    day = f"'{ALL_TIME.isoformat()}'"
    return f"CAST({day} AS date)" if vendor == "postgresql" else day


@dataclass(frozen=True)
class Level:
    """Sums over a stretch of time: their models, the key the triggers' upserts
    match (its second column names the stretch), and the stretch a row falls in
    (`stretch(vendor, row)`: SQL of a PlayerGame row's alias)."""

    model: type[Model]
    pair_model: type[Model]
    stretch: Callable[[str, str], str]
    key: tuple[str, ...]
    pair_key: tuple[str, ...]

    def of(self, vendor: str, row: str) -> str:
        """The stretch `row` (a PlayerGame row's alias) falls in."""
        return self.stretch(vendor, row)


MONTH = Level(
    PlayerMonth,
    PlayerPairMonth,
    month_of,
    ("player_id", "month", "club", "variant"),
    ("player_id", "other_id", "month", "club", "variant"),
)
DAY = Level(
    PlayerDay,
    PlayerPairDay,
    day_of_row,
    ("player_id", "day", "club", "variant"),
    ("player_id", "other_id", "day", "club", "variant"),
)
TOTAL = Level(
    PlayerTotal,
    PlayerPairTotal,
    all_time,
    ("player_id", "span", "club", "variant"),
    ("player_id", "other_id", "span", "club", "variant"),
)
LEVELS = (MONTH, DAY, TOTAL)


def month_values(row: str) -> dict[str, str]:
    """What a PlayerGame row (`row`: its alias) adds to its month (or day)."""
    values = {
        "games": "1",
        "finished": f"CASE WHEN {row}.status = '{FINISHED}' THEN 1 ELSE 0 END",
        "won": f"CASE WHEN {row}.winner = {row}.side THEN 1 ELSE 0 END",
    }
    values.update({name: f"{row}.{name}" for name in COPIED})
    return values


def pair_values(mine: str, other: str) -> dict[str, str]:
    """What the row `mine` adds to its pair with the row `other` of its game."""
    same, apart = f"{mine}.side = {other}.side", f"{mine}.side <> {other}.side"
    won = f"{mine}.winner = {mine}.side"
    return {
        "together": f"CASE WHEN {same} THEN 1 ELSE 0 END",
        "won_together": f"CASE WHEN {same} AND {won} THEN 1 ELSE 0 END",
        "against": f"CASE WHEN {apart} THEN 1 ELSE 0 END",
        "won_against": f"CASE WHEN {apart} AND {won} THEN 1 ELSE 0 END",
        "lost_against": f"CASE WHEN {apart} AND {mine}.winner = {other}.side "
        "THEN 1 ELSE 0 END",
    }


def table(quote: Quote, model: type[Model]) -> str:
    return quote(model._meta.db_table)


def upsert(quote: Quote, into: str, key: tuple[str, ...], counters: tuple) -> str:
    """ON CONFLICT on the sums' key: the counters added to."""
    sets = ", ".join(
        f"{quote(name)} = {into}.{quote(name)} + excluded.{quote(name)}"
        for name in counters
    )
    return (
        f"ON CONFLICT ({', '.join(quote(name) for name in key)}) DO UPDATE SET {sets}"
    )


def columns(quote: Quote, key: tuple[str, ...], counters: tuple) -> str:
    return ", ".join(quote(name) for name in (*key, *counters))
