"""The sums' triggers on SQLite (scoring.stats.sums; no statement-level triggers):
row-level, run as each row changes; a row's change moves its sums (every level's:
the months', the days') and its pairs with the game's other rows as they are at
that moment, so a statement of many rows is a chain of exact steps."""

from scoring.models import PlayerGame
from scoring.stats.sum_levels import (
    ABANDONED,
    MONTH_COUNTERS,
    PAIR_COUNTERS,
    PAIR_INPUTS,
    Level,
    Quote,
    columns,
    month_values,
    pair_values,
    table,
    upsert,
)

VENDOR = "sqlite"


def _only_existing(
    quote: Quote, into: str, key: tuple[str, ...], values: list[str]
) -> str:
    """A subtraction's guard: the sums row it takes from exists. It always does,
    as the row being taken away added to it, except when a flush (Django's, after a
    transactional test) empties the sums before the rows: then nothing is taken,
    rather than a row of negative sums left behind."""
    match = " AND ".join(
        f"s.{quote(name)} = {value}" for name, value in zip(key, values, strict=True)
    )
    return f"EXISTS (SELECT 1 FROM {into} s WHERE {match})"


def _sums(quote: Quote, level: Level, row: str, sign: int) -> str:
    """The level's sums of the pseudo-row `row` (NEW, OLD) moved by `sign`."""
    into = table(quote, level.model)
    month = month_values(row)
    values = ", ".join(f"{sign} * ({month[name]})" for name in MONTH_COUNTERS)
    key = [
        f"{row}.player_id",
        level.of(VENDOR, row),
        f"COALESCE({row}.club_id, 0)",
        f"{row}.variant",
    ]
    guard = f" AND {_only_existing(quote, into, level.key, key)}" if sign < 0 else ""
    return (
        f"INSERT INTO {into} ({columns(quote, level.key, MONTH_COUNTERS)}) "
        f"SELECT {', '.join(key)}, {values} "
        f"WHERE {row}.status <> '{ABANDONED}'{guard} "
        f"{upsert(quote, into, level.key, MONTH_COUNTERS)}"
    )


def _pairs(quote: Quote, level: Level, row: str, sign: int) -> str:
    """The level's pairs of the pseudo-row `row` with the game's other rows as
    they are now, both ways, moved by `sign`."""
    rows, pairs = table(quote, PlayerGame), table(quote, level.pair_model)
    parts = []
    for mine, other in ((row, "o"), ("o", row)):
        pair = pair_values(mine, other)
        values = ", ".join(f"{sign} * ({pair[name]})" for name in PAIR_COUNTERS)
        parts.append(
            f"SELECT {mine}.player_id AS a, {other}.player_id AS b, "
            f"{level.of(VENDOR, mine)} AS m, COALESCE({mine}.club_id, 0) AS c, "
            f"{mine}.variant AS v, {values} FROM {rows} o "
            f"WHERE o.game_id = {row}.game_id AND o.id <> {row}.id "
            f"AND o.player_id <> {row}.player_id AND {mine}.status <> '{ABANDONED}'"
        )
    guard = (
        _only_existing(
            quote, pairs, level.pair_key, ["x.a", "x.b", "x.m", "x.c", "x.v"]
        )
        if sign < 0
        else "true"
    )
    return (
        f"INSERT INTO {pairs} ({columns(quote, level.pair_key, PAIR_COUNTERS)}) "
        f"SELECT * FROM ({' UNION ALL '.join(parts)}) x WHERE {guard} "
        f"{upsert(quote, pairs, level.pair_key, PAIR_COUNTERS)}"
    )


def triggers(quote: Quote, levels: tuple[Level, ...]) -> list[str]:
    rows = table(quote, PlayerGame)
    changed = " OR ".join(f"NEW.{name} IS NOT OLD.{name}" for name in PAIR_INPUTS)

    def each(step, *moves: tuple[str, int]) -> list[str]:
        return [
            step(quote, level, row, sign) for level in levels for row, sign in moves
        ]

    bodies = {
        "playergame_sums_insert": (
            "AFTER INSERT",
            each(_sums, ("NEW", 1)) + each(_pairs, ("NEW", 1)),
        ),
        "playergame_sums_update": (
            "AFTER UPDATE",
            each(_sums, ("OLD", -1), ("NEW", 1)),
        ),
        "playergame_pairs_update": (
            f"AFTER UPDATE ON {rows} FOR EACH ROW WHEN {changed}",
            each(_pairs, ("OLD", -1), ("NEW", 1)),
        ),
        "playergame_sums_delete": (
            "AFTER DELETE",
            each(_sums, ("OLD", -1)) + each(_pairs, ("OLD", -1)),
        ),
    }
    statements = []
    for name, (event, body) in bodies.items():
        on = event if " ON " in event else f"{event} ON {rows} FOR EACH ROW"
        statements.append(f"CREATE TRIGGER {name} {on} BEGIN {'; '.join(body)}; END")
    return statements
