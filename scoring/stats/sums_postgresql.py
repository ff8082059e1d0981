"""The sums' triggers on PostgreSQL (scoring.stats.sums): statement-level, with
transition tables, one per event; each moves every level's sums (the months', the
days') by the statement's rows together: the games it touched, their rows before
and after.

Each upsert takes its rows in the order of their key (ORDER BY): two games
recorded at once that share players then lock the same sums rows in the same
order, and wait for each other instead of deadlocking (an aggregate's own order
is the hash table's)."""

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

VENDOR = "postgresql"


def _sums_delta(quote: Quote, level: Level, delta: str) -> str:
    """The level's sums moved by `delta`: rows of PlayerGame's columns and `sign`
    (+1 a row that is now, -1 one that was), grouped on the sums' key."""
    into = table(quote, level.model)
    month = month_values("r")
    when = level.of(VENDOR, "r")
    sums = ", ".join(f"SUM(r.sign * ({month[name]}))" for name in MONTH_COUNTERS)
    return (
        f"INSERT INTO {into} ({columns(quote, level.key, MONTH_COUNTERS)}) "
        f"SELECT r.player_id, {when}, COALESCE(r.club_id, 0), r.variant, {sums} "
        f"FROM ({delta}) r WHERE r.status <> '{ABANDONED}' "
        f"GROUP BY r.player_id, {when}, COALESCE(r.club_id, 0), r.variant "
        f"ORDER BY 1, 2, 3, 4 {upsert(quote, into, level.key, MONTH_COUNTERS)}"
    )


def _pair_delta(quote: Quote, level: Level, new: bool, old: bool, changed: str) -> str:
    """The level's pairs of the games the statement touched (`changed`: their
    ids), those of their rows after it added, those before it taken away."""
    rows, pairs = table(quote, PlayerGame), table(quote, level.pair_model)
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
    when = level.of(VENDOR, "d")
    return (
        f"WITH g AS ({changed}), after AS (SELECT p.* FROM {rows} p "
        "WHERE p.game_id IN (SELECT game_id FROM g)), "
        f"before AS ({' UNION ALL '.join(before)}), "
        f"d AS ({joined.format(sign=1, rows='after')} UNION ALL "
        f"{joined.format(sign=-1, rows='before')}) "
        f"INSERT INTO {pairs} ({columns(quote, level.pair_key, PAIR_COUNTERS)}) "
        f"SELECT d.player_id, d.other_id, {when}, COALESCE(d.club_id, 0), d.variant, "
        f"{', '.join(sums)} FROM d WHERE d.status <> '{ABANDONED}' "
        f"GROUP BY d.player_id, d.other_id, {when}, COALESCE(d.club_id, 0), "
        f"d.variant HAVING {' OR '.join(f'{s} <> 0' for s in sums)} "
        f"ORDER BY 1, 2, 3, 4, 5 {upsert(quote, pairs, level.pair_key, PAIR_COUNTERS)}"
    )


def triggers(quote: Quote, levels: tuple[Level, ...]) -> list[str]:
    rows = table(quote, PlayerGame)
    changed_inputs = " OR ".join(
        f"n.{name} IS DISTINCT FROM o.{name}" for name in PAIR_INPUTS
    )
    # (event, transition tables, the rows' delta, the pairs' new, old, games).
    events = {
        "playergame_sums_insert": (
            "INSERT",
            "NEW TABLE AS new_rows",
            "SELECT 1 AS sign, * FROM new_rows",
            (True, False, "SELECT DISTINCT game_id FROM new_rows"),
        ),
        "playergame_sums_update": (
            "UPDATE",
            "OLD TABLE AS old_rows NEW TABLE AS new_rows",
            "SELECT 1 AS sign, * FROM new_rows "
            "UNION ALL SELECT -1 AS sign, * FROM old_rows",
            # Only the games whose pairs' inputs changed (a hand's upsert changes
            # none until the game is won).
            (
                True,
                True,
                "SELECT n.game_id FROM new_rows n INNER JOIN old_rows o "
                f"ON o.id = n.id WHERE {changed_inputs} UNION "
                "SELECT o.game_id FROM new_rows n INNER JOIN old_rows o "
                f"ON o.id = n.id WHERE {changed_inputs}",
            ),
        ),
        "playergame_sums_delete": (
            "DELETE",
            "OLD TABLE AS old_rows",
            "SELECT -1 AS sign, * FROM old_rows",
            (False, True, "SELECT DISTINCT game_id FROM old_rows"),
        ),
    }
    statements = []
    for name, (event, tables, delta, (new, old, games)) in events.items():
        body = [_sums_delta(quote, level, delta) for level in levels]
        body += [_pair_delta(quote, level, new, old, games) for level in levels]
        statements.append(
            f"CREATE FUNCTION {name}() RETURNS trigger LANGUAGE plpgsql AS $$ "
            f"BEGIN {'; '.join(body)}; RETURN NULL; END $$"
        )
        statements.append(
            f"CREATE TRIGGER {name} AFTER {event} ON {rows} REFERENCING {tables} "
            f"FOR EACH STATEMENT EXECUTE FUNCTION {name}()"
        )
    return statements
