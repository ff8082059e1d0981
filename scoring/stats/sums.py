"""The statistics' monthly sums (PlayerMonth, PlayerPairMonth) kept exactly in step
with the per-game rows (PlayerGame) by database triggers, and built again from them
in one INSERT … SELECT each (docs/statistics.md).

Why triggers: a hand recorded must cost no more Django statements than before (the
table page's save, the API's record); a trigger costs none, runs in the change's
own statement and transaction, and follows every way the rows change (the hand's
upsert, a game's rows rebuilt, a merge moving a guest's rows, a deleted game's rows
cascading away).

A row adds to its player's month (games, finished, won, hands, points, pitched and
made by bid, taken by point) unless its game is abandoned. A pair (player, other)
in a game depends on the player's own row (side, winner, status, club, variant,
start) and the other's side, so the triggers take the pairs of a game's rows
before the change away and add those after:

* PostgreSQL: statement-level triggers with transition tables, one per event (a
  statement's rows together: the games it touched, their rows before and after).
* SQLite (no statement-level triggers): row-level triggers, run as each row
  changes; a row's change moves its month and its pairs with the game's other rows
  as they are at that moment, so a statement of many rows is a chain of exact
  steps.

The full rebuild drops the triggers, writes the rows and the sums with one INSERT …
SELECT each and creates the triggers again, in one transaction (their DDL is
transactional on both databases), instead of a million row-by-row trigger calls.
"""

from collections.abc import Callable

from scoring.models import (
    PLAYER_GAME_BIDS,
    Game,
    PlayerGame,
    PlayerMonth,
    PlayerPairMonth,
    Seat,
    Status,
)
from scoring.vocabulary import POINT_IDS

Quote = Callable[[str], str]

FINISHED, ABANDONED = Status.FINISHED.value, Status.ABANDONED.value
KEY = ("player_id", "month", "club", "variant")
PAIR_KEY = ("player_id", "other_id", "month", "club", "variant")
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


def month_values(row: str) -> dict[str, str]:
    """What a PlayerGame row (`row`: its alias) adds to its month."""
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


def _tables(quote: Quote) -> tuple[str, str, str]:
    return tuple(  # type: ignore[return-value]
        quote(model._meta.db_table)
        for model in (PlayerGame, PlayerMonth, PlayerPairMonth)
    )


def _upsert(quote: Quote, table: str, key: tuple[str, ...], counters: tuple) -> str:
    """ON CONFLICT on the sums' key: the counters added to."""
    sets = ", ".join(
        f"{quote(name)} = {table}.{quote(name)} + excluded.{quote(name)}"
        for name in counters
    )
    return (
        f"ON CONFLICT ({', '.join(quote(name) for name in key)}) DO UPDATE SET {sets}"
    )


def _columns(quote: Quote, key: tuple[str, ...], counters: tuple) -> str:
    return ", ".join(quote(name) for name in (*key, *counters))


# --- Built again in one statement each -------------------------------------------


def rebuild_sql(*, vendor: str, quote: Quote) -> list[str]:
    """Every month's and pair's sums from the rows (the sums' tables empty first)."""
    rows, months, pairs = _tables(quote)
    month = month_values("r")
    pair = pair_values("a", "b")
    return [
        f"DELETE FROM {months}",
        f"DELETE FROM {pairs}",
        f"INSERT INTO {months} ({_columns(quote, KEY, MONTH_COUNTERS)}) "
        f"SELECT r.player_id, {month_of(vendor, 'r')}, COALESCE(r.club_id, 0), "
        f"r.variant, {', '.join(f'SUM({month[n]})' for n in MONTH_COUNTERS)} "
        f"FROM {rows} r WHERE r.status <> '{ABANDONED}' GROUP BY r.player_id, "
        f"{month_of(vendor, 'r')}, COALESCE(r.club_id, 0), r.variant",
        f"INSERT INTO {pairs} ({_columns(quote, PAIR_KEY, PAIR_COUNTERS)}) "
        f"SELECT a.player_id, b.player_id, {month_of(vendor, 'a')}, "
        f"COALESCE(a.club_id, 0), a.variant, "
        f"{', '.join(f'SUM({pair[n]})' for n in PAIR_COUNTERS)} FROM {rows} a "
        f"INNER JOIN {rows} b ON b.game_id = a.game_id AND b.player_id <> a.player_id "
        f"WHERE a.status <> '{ABANDONED}' GROUP BY a.player_id, b.player_id, "
        f"{month_of(vendor, 'a')}, COALESCE(a.club_id, 0), a.variant",
    ]


# --- The triggers ------------------------------------------------------------------


def drop_triggers_sql(*, vendor: str, quote: Quote) -> list[str]:
    rows = _tables(quote)[0]
    if vendor == "postgresql":
        return [f"DROP TRIGGER IF EXISTS {name} ON {rows}" for name in TRIGGERS] + [
            f"DROP FUNCTION IF EXISTS {name}()" for name in TRIGGERS
        ]
    return [f"DROP TRIGGER IF EXISTS {name}" for name in TRIGGERS]


def copies_sql(*, vendor: str, quote: Quote, drop: bool = False) -> list[str]:
    """Triggers that keep PlayerGame's copies of its game's start and its seat's
    player as they are, when changed by anything but the site's services (which
    never change a start, and move a merged guest's rows themselves): a data fix,
    the admin, a test. The rows' own triggers then move the sums."""
    rows = _tables(quote)[0]
    game, seat = quote(Game._meta.db_table), quote(Seat._meta.db_table)
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
    for name, (table, column, moved) in follows.items():
        if drop and vendor == "postgresql":
            statements += [
                f"DROP TRIGGER IF EXISTS {name} ON {table}",
                f"DROP FUNCTION IF EXISTS {name}()",
            ]
        elif drop:
            statements.append(f"DROP TRIGGER IF EXISTS {name}")
        elif vendor == "postgresql":
            statements += [
                f"CREATE FUNCTION {name}() RETURNS trigger LANGUAGE plpgsql AS $$ "
                f"BEGIN {moved}; RETURN NULL; END $$",
                f"CREATE TRIGGER {name} AFTER UPDATE OF {column} ON {table} "
                f"FOR EACH ROW WHEN (OLD.{column} IS DISTINCT FROM NEW.{column}) "
                f"EXECUTE FUNCTION {name}()",
            ]
        else:
            statements.append(
                f"CREATE TRIGGER {name} AFTER UPDATE OF {column} ON {table} "
                f"FOR EACH ROW WHEN NEW.{column} IS NOT OLD.{column} "
                f"BEGIN {moved}; END"
            )
    return statements


def create_triggers_sql(*, vendor: str, quote: Quote) -> list[str]:
    """The triggers that keep the sums in step with PlayerGame's rows."""
    if vendor == "postgresql":
        return _postgresql_triggers(quote)
    if vendor == "sqlite":
        return _sqlite_triggers(quote)
    # The project runs on these two (README): another database is refused by name.
    raise ValueError(
        f"The statistics' sums are kept on PostgreSQL and SQLite, not on {vendor}."
    )


def _month_delta(vendor: str, quote: Quote, delta: str) -> str:
    """The month sums moved by `delta`: rows of PlayerGame's columns and `sign`
    (+1 a row that is now, -1 one that was), grouped on the sums' key."""
    _, months, _ = _tables(quote)
    month = month_values("r")
    when = month_of(vendor, "r")
    sums = ", ".join(f"SUM(r.sign * ({month[name]}))" for name in MONTH_COUNTERS)
    return (
        f"INSERT INTO {months} ({_columns(quote, KEY, MONTH_COUNTERS)}) "
        f"SELECT r.player_id, {when}, COALESCE(r.club_id, 0), r.variant, {sums} "
        f"FROM ({delta}) r WHERE r.status <> '{ABANDONED}' "
        f"GROUP BY r.player_id, {when}, COALESCE(r.club_id, 0), r.variant "
        f"{_upsert(quote, months, KEY, MONTH_COUNTERS)}"
    )


def _pair_delta(vendor: str, quote: Quote, new: bool, old: bool, changed: str) -> str:
    """PostgreSQL: the pairs of the games the statement touched (`changed`: their
    ids), those of their rows after it added, those before it taken away."""
    rows, _, pairs = _tables(quote)
    before = ["SELECT a.* FROM after a"]
    if new:
        before[0] += " WHERE a.id NOT IN (SELECT id FROM new_rows)"
    if old:
        before.append(
            "SELECT o.* FROM old_rows o WHERE o.game_id IN (SELECT game_id FROM g)"
        )
    pair = pair_values("d", "d_other")
    # The other row's side, renamed: `d` carries the player's row and the other's.
    pair = {
        name: value.replace("d_other.side", "d.other_side")
        for name, value in pair.items()
    }
    sums = [f"SUM(d.sign * ({pair[name]}))" for name in PAIR_COUNTERS]
    joined = (
        "SELECT {sign} AS sign, a.*, b.player_id AS other_id, b.side AS other_side "
        "FROM {rows} a INNER JOIN {rows} b ON b.game_id = a.game_id "
        "AND b.player_id <> a.player_id"
    )
    when = month_of(vendor, "d")
    return (
        f"WITH g AS ({changed}), after AS (SELECT p.* FROM {rows} p "
        "WHERE p.game_id IN (SELECT game_id FROM g)), "
        f"before AS ({' UNION ALL '.join(before)}), "
        f"d AS ({joined.format(sign=1, rows='after')} UNION ALL "
        f"{joined.format(sign=-1, rows='before')}) "
        f"INSERT INTO {pairs} ({_columns(quote, PAIR_KEY, PAIR_COUNTERS)}) "
        f"SELECT d.player_id, d.other_id, {when}, COALESCE(d.club_id, 0), d.variant, "
        f"{', '.join(sums)} FROM d WHERE d.status <> '{ABANDONED}' "
        f"GROUP BY d.player_id, d.other_id, {when}, COALESCE(d.club_id, 0), "
        f"d.variant HAVING {' OR '.join(f'{s} <> 0' for s in sums)} "
        f"{_upsert(quote, pairs, PAIR_KEY, PAIR_COUNTERS)}"
    )


def _postgresql_triggers(quote: Quote) -> list[str]:
    rows = _tables(quote)[0]
    changed_inputs = " OR ".join(
        f"n.{name} IS DISTINCT FROM o.{name}" for name in PAIR_INPUTS
    )
    events = {
        "playergame_sums_insert": (
            "INSERT",
            "NEW TABLE AS new_rows",
            [
                _month_delta("postgresql", quote, "SELECT 1 AS sign, * FROM new_rows"),
                _pair_delta(
                    "postgresql",
                    quote,
                    True,
                    False,
                    "SELECT DISTINCT game_id FROM new_rows",
                ),
            ],
        ),
        "playergame_sums_update": (
            "UPDATE",
            "OLD TABLE AS old_rows NEW TABLE AS new_rows",
            [
                _month_delta(
                    "postgresql",
                    quote,
                    "SELECT 1 AS sign, * FROM new_rows "
                    "UNION ALL SELECT -1 AS sign, * FROM old_rows",
                ),
                # Only the games whose pairs' inputs changed (a hand's upsert
                # changes none until the game is won).
                _pair_delta(
                    "postgresql",
                    quote,
                    True,
                    True,
                    "SELECT n.game_id FROM new_rows n INNER JOIN old_rows o "
                    f"ON o.id = n.id WHERE {changed_inputs} UNION "
                    "SELECT o.game_id FROM new_rows n INNER JOIN old_rows o "
                    f"ON o.id = n.id WHERE {changed_inputs}",
                ),
            ],
        ),
        "playergame_sums_delete": (
            "DELETE",
            "OLD TABLE AS old_rows",
            [
                _month_delta("postgresql", quote, "SELECT -1 AS sign, * FROM old_rows"),
                _pair_delta(
                    "postgresql",
                    quote,
                    False,
                    True,
                    "SELECT DISTINCT game_id FROM old_rows",
                ),
            ],
        ),
    }
    statements = []
    for name, (event, tables, body) in events.items():
        statements.append(
            f"CREATE FUNCTION {name}() RETURNS trigger LANGUAGE plpgsql AS $$ "
            f"BEGIN {'; '.join(body)}; RETURN NULL; END $$"
        )
        statements.append(
            f"CREATE TRIGGER {name} AFTER {event} ON {rows} REFERENCING {tables} "
            f"FOR EACH STATEMENT EXECUTE FUNCTION {name}()"
        )
    return statements


def _only_existing(
    quote: Quote, table: str, key: tuple[str, ...], values: list[str]
) -> str:
    """A subtraction's guard: the sums row it takes from exists. It always does,
    as the row being taken away added to it, except when a flush (Django's, after a
    transactional test) empties the sums before the rows: then nothing is taken,
    rather than a row of negative sums left behind."""
    match = " AND ".join(
        f"s.{quote(name)} = {value}" for name, value in zip(key, values, strict=True)
    )
    return f"EXISTS (SELECT 1 FROM {table} s WHERE {match})"


def _sqlite_month(quote: Quote, row: str, sign: int) -> str:
    """SQLite: the month of the pseudo-row `row` (NEW, OLD) moved by `sign`."""
    _, months, _ = _tables(quote)
    month = month_values(row)
    values = ", ".join(f"{sign} * ({month[name]})" for name in MONTH_COUNTERS)
    key = [
        f"{row}.player_id",
        month_of("sqlite", row),
        f"COALESCE({row}.club_id, 0)",
        f"{row}.variant",
    ]
    guard = f" AND {_only_existing(quote, months, KEY, key)}" if sign < 0 else ""
    return (
        f"INSERT INTO {months} ({_columns(quote, KEY, MONTH_COUNTERS)}) "
        f"SELECT {', '.join(key)}, {values} "
        f"WHERE {row}.status <> '{ABANDONED}'{guard} "
        f"{_upsert(quote, months, KEY, MONTH_COUNTERS)}"
    )


def _sqlite_pairs(quote: Quote, row: str, sign: int) -> str:
    """SQLite: the pairs of the pseudo-row `row` with the game's other rows as they
    are now, both ways, moved by `sign`."""
    rows, _, pairs = _tables(quote)
    parts = []
    for mine, other in ((row, "o"), ("o", row)):
        pair = pair_values(mine, other)
        values = ", ".join(f"{sign} * ({pair[name]})" for name in PAIR_COUNTERS)
        parts.append(
            f"SELECT {mine}.player_id AS a, {other}.player_id AS b, "
            f"{month_of('sqlite', mine)} AS m, COALESCE({mine}.club_id, 0) AS c, "
            f"{mine}.variant AS v, {values} FROM {rows} o "
            f"WHERE o.game_id = {row}.game_id AND o.id <> {row}.id "
            f"AND o.player_id <> {row}.player_id AND {mine}.status <> '{ABANDONED}'"
        )
    guard = (
        _only_existing(quote, pairs, PAIR_KEY, ["x.a", "x.b", "x.m", "x.c", "x.v"])
        if sign < 0
        else "true"
    )
    return (
        f"INSERT INTO {pairs} ({_columns(quote, PAIR_KEY, PAIR_COUNTERS)}) "
        f"SELECT * FROM ({' UNION ALL '.join(parts)}) x WHERE {guard} "
        f"{_upsert(quote, pairs, PAIR_KEY, PAIR_COUNTERS)}"
    )


def _sqlite_triggers(quote: Quote) -> list[str]:
    rows = _tables(quote)[0]
    changed = " OR ".join(f"NEW.{name} IS NOT OLD.{name}" for name in PAIR_INPUTS)
    bodies = {
        "playergame_sums_insert": (
            "AFTER INSERT",
            [_sqlite_month(quote, "NEW", 1), _sqlite_pairs(quote, "NEW", 1)],
        ),
        "playergame_sums_update": (
            "AFTER UPDATE",
            [_sqlite_month(quote, "OLD", -1), _sqlite_month(quote, "NEW", 1)],
        ),
        "playergame_pairs_update": (
            f"AFTER UPDATE ON {rows} FOR EACH ROW WHEN {changed}",
            [_sqlite_pairs(quote, "OLD", -1), _sqlite_pairs(quote, "NEW", 1)],
        ),
        "playergame_sums_delete": (
            "AFTER DELETE",
            [_sqlite_month(quote, "OLD", -1), _sqlite_pairs(quote, "OLD", -1)],
        ),
    }
    statements = []
    for name, (event, body) in bodies.items():
        on = event if " ON " in event else f"{event} ON {rows} FOR EACH ROW"
        statements.append(f"CREATE TRIGGER {name} {on} BEGIN {'; '.join(body)}; END")
    return statements
