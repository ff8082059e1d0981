"""The statistics' sums, over all time (PlayerTotal, PlayerPairTotal), by UTC month
(PlayerMonth, PlayerPairMonth) and by day in the site's time zone (PlayerDay,
PlayerPairDay), kept exactly in step with the
per-game rows (PlayerGame) by database triggers, and built again from them in one
INSERT … SELECT each (docs/statistics.md).

Why triggers: a hand recorded must cost no more Django statements than before (the
table page's save, the API's record); a trigger costs none, runs in the change's
own statement and transaction, and follows every way the rows change (the hand's
upsert, a game's rows rebuilt, a merge moving a guest's rows, a deleted game's rows
cascading away).

A row adds to its player's month and day (games, finished, won, hands, points,
pitched and made by bid, taken by point) unless its game is abandoned. A pair
(player, other) in a game depends on the player's own row (side, winner, status,
club, variant, start) and the other's side, so the triggers take the pairs of a
game's rows before the change away and add those after:

* PostgreSQL (scoring.stats.sums_postgresql): statement-level triggers with
  transition tables, one per event (a statement's rows together: the games it
  touched, their rows before and after).
* SQLite (scoring.stats.sums_sqlite; no statement-level triggers): row-level
  triggers, run as each row changes; a row's change moves its sums and its pairs
  with the game's other rows as they are at that moment, so a statement of many
  rows is a chain of exact steps.

The day is the start's date in settings.TIME_ZONE, written into the triggers when
they are created (`migrate` creates them again when the setting changed:
scoring.apps). The full rebuild drops the triggers, writes the rows and the sums
with one INSERT … SELECT each and creates the triggers again, in one transaction
(their DDL is transactional on both databases), instead of a million row-by-row
trigger calls.
"""

import re

from scoring.models import Game, PlayerGame, Seat
from scoring.stats.sum_levels import (
    ABANDONED,
    ALL_TIME,
    COPIED,
    DAY,
    FINISHED,
    LEVELS,
    MONTH,
    MONTH_COUNTERS,
    PAIR_COUNTERS,
    PAIR_INPUTS,
    TOTAL,
    TRIGGERS,
    Level,
    Quote,
    columns,
    day_sql,
    month_of,
    month_values,
    pair_values,
    site_zone,
    table,
    upsert,
)

# The parts, for the statistics' reads and the tests: scoring.stats.sum_levels.
__all__ = [
    "ABANDONED",
    "ALL_TIME",
    "COPIED",
    "DAY",
    "FINISHED",
    "LEVELS",
    "MONTH",
    "MONTH_COUNTERS",
    "PAIR_COUNTERS",
    "PAIR_INPUTS",
    "TOTAL",
    "TRIGGERS",
    "Level",
    "Quote",
    "columns",
    "day_sql",
    "month_of",
    "month_values",
    "pair_values",
    "site_zone",
    "table",
    "upsert",
]


# --- Built again in one statement each -------------------------------------------


def rebuild_sql(
    *, vendor: str, quote: Quote, levels: tuple[Level, ...] = LEVELS
) -> list[str]:
    """The sums of `levels` from the rows (their tables emptied first)."""
    rows = table(quote, PlayerGame)
    month = month_values("r")
    pair = pair_values("a", "b")
    statements = []
    for level in levels:
        sums, pairs = table(quote, level.model), table(quote, level.pair_model)
        when_r, when_a = level.of(vendor, "r"), level.of(vendor, "a")
        # The keys' columns in the order (player[, other], stretch, club, variant).
        statements += [
            f"DELETE FROM {sums}",
            f"DELETE FROM {pairs}",
            f"INSERT INTO {sums} ({columns(quote, level.key, MONTH_COUNTERS)}) "
            f"SELECT r.player_id, {when_r}, COALESCE(r.club_id, 0), r.variant, "
            f"{', '.join(f'SUM({month[n]})' for n in MONTH_COUNTERS)} "
            f"FROM {rows} r WHERE r.status <> '{ABANDONED}' GROUP BY r.player_id, "
            f"{when_r}, COALESCE(r.club_id, 0), r.variant",
            f"INSERT INTO {pairs} ({columns(quote, level.pair_key, PAIR_COUNTERS)}) "
            f"SELECT a.player_id, b.player_id, {when_a}, COALESCE(a.club_id, 0), "
            f"a.variant, {', '.join(f'SUM({pair[n]})' for n in PAIR_COUNTERS)} "
            f"FROM {rows} a INNER JOIN {rows} b ON b.game_id = a.game_id "
            f"AND b.player_id <> a.player_id WHERE a.status <> '{ABANDONED}' "
            f"GROUP BY a.player_id, b.player_id, {when_a}, COALESCE(a.club_id, 0), "
            "a.variant",
        ]
    return statements


# --- The triggers ------------------------------------------------------------------


def drop_triggers_sql(*, vendor: str, quote: Quote) -> list[str]:
    rows = table(quote, PlayerGame)
    if vendor == "postgresql":
        return [f"DROP TRIGGER IF EXISTS {name} ON {rows}" for name in TRIGGERS] + [
            f"DROP FUNCTION IF EXISTS {name}()" for name in TRIGGERS
        ]
    return [f"DROP TRIGGER IF EXISTS {name}" for name in TRIGGERS]


def create_triggers_sql(
    *, vendor: str, quote: Quote, levels: tuple[Level, ...] = LEVELS
) -> list[str]:
    """The triggers that keep the sums of `levels` in step with PlayerGame's rows."""
    if vendor == "postgresql":
        from scoring.stats import sums_postgresql

        return sums_postgresql.triggers(quote, levels)
    if vendor == "sqlite":
        from scoring.stats import sums_sqlite

        return sums_sqlite.triggers(quote, levels)
    # The project runs on these two (README): another database is refused by name.
    raise ValueError(
        f"The statistics' sums are kept on PostgreSQL and SQLite, not on {vendor}."
    )


def copies_sql(*, vendor: str, quote: Quote, drop: bool = False) -> list[str]:
    """Triggers that keep PlayerGame's copies of its game's start and its seat's
    player as they are, when changed by anything but the site's services (which
    never change a start, and move a merged guest's rows themselves): a data fix,
    the admin, a test. The rows' own triggers then move the sums."""
    rows = table(quote, PlayerGame)
    game, seat = table(quote, Game), table(quote, Seat)
    follows = {
        "game_start_follows": (
            game,
            "created_at",
            f"UPDATE {rows} SET created_at = NEW.created_at WHERE game_id = NEW.id",
        ),
        "seat_player_follows": (
            seat,
            "player_id",
            f"UPDATE {rows} SET player_id = NEW.player_id "
            "WHERE game_id = NEW.game_id AND seat = NEW.number",
        ),
    }
    statements = []
    for name, (on, column, moved) in follows.items():
        if drop and vendor == "postgresql":
            statements += [
                f"DROP TRIGGER IF EXISTS {name} ON {on}",
                f"DROP FUNCTION IF EXISTS {name}()",
            ]
        elif drop:
            statements.append(f"DROP TRIGGER IF EXISTS {name}")
        elif vendor == "postgresql":
            statements += [
                f"CREATE FUNCTION {name}() RETURNS trigger LANGUAGE plpgsql AS $$ "
                f"BEGIN {moved}; RETURN NULL; END $$",
                f"CREATE TRIGGER {name} AFTER UPDATE OF {column} ON {on} "
                f"FOR EACH ROW WHEN (OLD.{column} IS DISTINCT FROM NEW.{column}) "
                f"EXECUTE FUNCTION {name}()",
            ]
        else:
            statements.append(
                f"CREATE TRIGGER {name} AFTER UPDATE OF {column} ON {on} "
                f"FOR EACH ROW WHEN NEW.{column} IS NOT OLD.{column} "
                f"BEGIN {moved}; END"
            )
    return statements


# --- The site's time zone, written into the days' triggers -------------------------

_ZONE_IN = {
    "postgresql": (
        "SELECT prosrc FROM pg_proc WHERE proname = 'playergame_sums_insert'",
        # The day's (day_sql), not the month's date_trunc(… AT TIME ZONE 'UTC').
        r"CAST\(\([\w.]+ AT TIME ZONE '([^']+)'\) AS date\)",
    ),
    "sqlite": (
        "SELECT sql FROM sqlite_master WHERE type = 'trigger' "
        "AND name = 'playergame_sums_insert'",
        r"django_datetime_cast_date\([^,]+, '([^']+)'",
    ),
}


def days_zone(connection) -> str | None:
    """The time zone the days' triggers were made with (None: no days' trigger)."""
    asked, found = _ZONE_IN[connection.vendor]
    with connection.cursor() as cursor:
        cursor.execute(asked)
        row = cursor.fetchone()
    match = re.search(found, row[0]) if row else None
    return match.group(1) if match else None


# The zone each database's days' triggers were made with, read once a process.
_zones: dict[str, str | None] = {}


def days_in_site_zone(connection) -> bool:
    """Whether the daily sums are kept in settings.TIME_ZONE (the triggers' zone:
    read once a process, then remembered; follow_site_zone forgets it). Not, the
    statistics count a season game by game."""
    if connection.alias not in _zones:
        _zones[connection.alias] = days_zone(connection)
    return _zones[connection.alias] == site_zone()


def follow_site_zone(connection) -> bool:
    """When settings.TIME_ZONE is not the zone the days' triggers were made with
    (the setting changed since): the days' sums built again in that zone and the
    triggers made again, in one transaction; True then. Run after `migrate`
    (scoring.apps)."""
    from django.db import transaction

    _zones.pop(connection.alias, None)
    made = days_zone(connection)
    if made is None or made == site_zone():
        return False
    vendor, quote = connection.vendor, connection.ops.quote_name
    with transaction.atomic(using=connection.alias), connection.cursor() as cursor:
        for statement in drop_triggers_sql(vendor=vendor, quote=quote):
            cursor.execute(statement)
        for statement in rebuild_sql(vendor=vendor, quote=quote, levels=(DAY,)):
            cursor.execute(statement)
        for statement in create_triggers_sql(vendor=vendor, quote=quote):
            cursor.execute(statement)
    return True
