"""A player's figures from the monthly sums (PlayerMonth, PlayerPairMonth: kept by
scoring.stats.sums), whatever the number of the player's games: the rows of the
same statement shape as scoring.stats.by_games, so scoring.stats.figures reads
either (docs/statistics.md).

The visitor's visibility and the filters become conditions on the sums' columns:
the clubs the visitor may read (and games outside clubs), the club, the variant.
Without `from`, `to` or a season, the totals over all time are read instead of
the months (PlayerTotal, PlayerPairTotal: one row per club and variant). `from` and
`to` are days in the current time zone; the whole UTC months inside them are
summed from the monthly sums, the partial months at their edges from the
per-game rows (PlayerGame, by player and start), so the answer is exact. A
`season` (supplied by another app) given as its nights' days (NightDays) is summed
from the daily sums of those days (PlayerDay, PlayerPairDay), less the rows of the
games it leaves out and plus those it counts on another day; given as a set of
games or a range of days, from the per-game rows of its games. Games without a
hand have no row: they count as played, from their seats, starting from the few
counted games with no hand. Which rows each source gives: scoring.stats.conditions.
"""

from typing import Any

from django.core.exceptions import EmptyResultSet

from pitchclub import sql
from pitchclub.models import Player
from scoring.models import PLAYER_GAME_BIDS as BIDS
from scoring.models import (
    Game,
    PlayerDay,
    PlayerGame,
    PlayerMonth,
    PlayerPairDay,
    PlayerPairMonth,
    PlayerPairTotal,
    PlayerTotal,
    Seat,
    Status,
)
from scoring.stats import sums
from scoring.stats.by_games import BIDS_PART, GAMES, PEOPLE, POINTS, RECENT
from scoring.stats.conditions import Conditions, Scope, Where, among, scope_of
from scoring.vocabulary import POINT_IDS

__all__ = ["Scope", "figure_rows", "scope_of"]

FINISHED, ABANDONED = Status.FINISHED.value, Status.ABANDONED.value
_BID_COLUMNS = [f"{kind}_{bid}" for kind in ("pitched", "made") for bid in BIDS]
_POINT_COLUMNS = [f"taken_{point}" for point in POINT_IDS]
# A month's sums the page shows, in the order the first part reads them.
_SUMMED = ("games", "finished", "won", "hands", "points", *_BID_COLUMNS)
_SUMMED += tuple(_POINT_COLUMNS)


def _handless(
    where: Where, me: int, columns: str, joined: str = ""
) -> tuple[str, list]:
    """The player's (`me`) counted games without a hand (g) and their seat (s)."""
    game, seat = sql.table(Game), sql.table(Seat)
    return (
        f"SELECT {columns} FROM {game} g INNER JOIN {seat} s ON s.game_id = g.id "
        f"AND s.player_id = %s{joined} WHERE {where.text}",
        [me, *where.params],
    )


def figure_rows(
    player: Player, scope: Scope, top: int, recent: int
) -> list[tuple[Any, ...]]:
    """The figures' rows (as scoring.stats.by_games.figure_rows gives them) over
    the scope's sums, partial months and games without a hand (1 query)."""
    try:
        where = Conditions(scope)
    except EmptyResultSet:
        return []
    months, days, rows = (
        sql.table(PlayerTotal if where.all_time else PlayerMonth),
        sql.table(PlayerDay),
        sql.table(PlayerGame),
    )
    me = player.pk
    month = sums.month_values("r")
    won_side = "CASE WHEN g.winner = s.side THEN 1 ELSE 0 END"
    handless = dict.fromkeys(_SUMMED, "0")
    handless.update(
        games="1",
        finished=f"CASE WHEN g.status = '{FINISHED}' THEN 1 ELSE 0 END",
        won=won_side,
    )
    summed = ", ".join(_SUMMED)
    m_where, d_where = where.months(), where.days()
    r_where, g_where = where.rows(), where.games()
    g_sql, g_params = _handless(
        g_where, me, "g.variant, " + ", ".join(handless[n] for n in _SUMMED)
    )
    sign = _sign(where)
    params: list[Any] = [*sign.params, me, *r_where.params, me, *m_where.params]
    params += [me, *d_where.params, *g_params]
    # `chosen`: the player's per-game rows read once (the partial months, or a
    # season's games, or those a season's days count apart: `sign` -1 a row its
    # days' sums count and the season does not), for the figures, the people met
    # and a season's latest.
    tally = (
        f"WITH chosen AS MATERIALIZED (SELECT r.*, {sign.text} AS sign "
        f"FROM {rows} r WHERE r.player_id = %s AND {r_where.text}), "
        f"tally (variant, {summed}) AS MATERIALIZED (SELECT variant, "
        f"{', '.join(f'SUM({n})' for n in _SUMMED)} FROM ("
        f"SELECT m.variant, {', '.join(f'm.{n}' for n in _SUMMED)} FROM {months} m "
        f"WHERE m.player_id = %s AND {m_where.text} UNION ALL "
        f"SELECT d.variant, {', '.join(f'd.{n}' for n in _SUMMED)} FROM {days} d "
        f"WHERE d.player_id = %s AND {d_where.text} UNION ALL "
        f"SELECT r.variant, {', '.join(f'r.sign * ({month[n]})' for n in _SUMMED)} "
        f"FROM chosen r UNION ALL {g_sql}) x "
        "GROUP BY variant HAVING SUM(games) > 0) "
    )
    number, word, count = "CAST(NULL AS bigint)", "CAST(NULL AS text)", "NULL"
    parts = [
        f"SELECT {GAMES}, variant, {number}, {word}, games, finished, won, hands, "
        "points FROM tally",
        *(
            f"SELECT {BIDS_PART}, variant, {bid}, NULL, pitched_{bid}, made_{bid}, "
            f"{count}, {count}, {count} FROM tally WHERE pitched_{bid} > 0"
            for bid in BIDS
        ),
        *(
            f"SELECT {POINTS}, variant, NULL, '{point}', taken_{point}, {count}, "
            f"{count}, {count}, {count} FROM tally WHERE taken_{point} > 0"
            for point in POINT_IDS
        ),
    ]
    if top > 0:
        people, people_params = _people(where, me)
        parts.append(people)
        params += people_params
    if recent > 0:
        latest, latest_params = _recent(where, me, recent)
        parts.append(latest)
        params += latest_params
    # A heavy read's (the player page, the API): the replica's, if one.
    with sql.reading(PlayerGame).cursor() as cursor:
        cursor.execute(tally + " UNION ALL ".join(parts), params)
        return cursor.fetchall()


def _sign(where: Conditions) -> Where:
    """A chosen row's sign: -1 for a game a season's days' sums count that the
    season does not (removed), else 1."""
    if where.nights is None or not where.nights.removed:
        return Where("1")
    removed = among("r.game_id", list(where.nights.removed))
    return Where(f"CASE WHEN {removed.text} THEN -1 ELSE 1 END", removed.params)


def _people(where: Conditions, me: int) -> tuple[str, list[Any]]:
    """PEOPLE: every other player met, with and against (the pairs' sums by
    month or by day, the chosen rows with both players', the games without a
    hand's seats)."""
    pairs, pair_days, rows, person = (
        sql.table(PlayerPairTotal if where.all_time else PlayerPairMonth),
        sql.table(PlayerPairDay),
        sql.table(PlayerGame),
        sql.table(Player),
    )
    m_where, d_where = where.months("m"), where.days("d")
    counters = sums.PAIR_COUNTERS
    from_rows = sums.pair_values("r", "o")
    from_seats = sums.pair_values("s", "o")
    from_seats = {
        name: value.replace("s.winner", "g.winner")
        for name, value in from_seats.items()
    }
    g_sql, g_params = _handless(
        where.games(),
        me,
        "o.player_id, " + ", ".join(from_seats[n] for n in counters),
        f" INNER JOIN {sql.table(Seat)} o ON o.game_id = g.id "
        "AND o.player_id <> s.player_id",
    )
    text = (
        f"SELECT {PEOPLE}, NULL, x.other, p.name, x.w, x.ww, x.a, x.aw, x.al "
        "FROM (SELECT other, SUM(together) w, SUM(won_together) ww, "
        "SUM(against) a, SUM(won_against) aw, SUM(lost_against) al FROM ("
        f"SELECT m.other_id AS other, {', '.join(f'm.{n}' for n in counters)} "
        f"FROM {pairs} m WHERE m.player_id = %s AND {m_where.text} UNION ALL "
        f"SELECT d.other_id, {', '.join(f'd.{n}' for n in counters)} "
        f"FROM {pair_days} d WHERE d.player_id = %s AND {d_where.text} UNION ALL "
        "SELECT o.player_id, "
        f"{', '.join(f'r.sign * ({from_rows[n]})' for n in counters)} "
        f"FROM chosen r {_others(rows)} "
        f"UNION ALL {g_sql}) y GROUP BY other "
        "HAVING SUM(together) > 0 OR SUM(against) > 0) x "
        f"INNER JOIN {person} p ON p.id = x.other"
    )
    return text, [me, *m_where.params, me, *d_where.params, *g_params]


def _others(rows: str) -> str:
    """The other rows (o) of each chosen row's game (r). On PostgreSQL a lateral
    subquery, kept apart (OFFSET 0), so that each game's rows are found by the
    game's index: joined, the planner reads the whole table into a hash to meet a
    few thousand games."""
    if sql.db().vendor == "postgresql":
        return (
            f"CROSS JOIN LATERAL (SELECT o.player_id, o.side FROM {rows} o "
            "WHERE o.game_id = r.game_id AND o.player_id <> r.player_id OFFSET 0) o"
        )
    return (
        f"INNER JOIN {rows} o ON o.game_id = r.game_id AND o.player_id <> r.player_id"
    )


def _recent(where: Conditions, me: int, recent: int) -> tuple[str, list[Any]]:
    """RECENT: the latest games' ids, newest first: the per-game rows by player
    and start, newest first (the index stops at `recent`), and the games without
    a hand."""
    if where.season is not None:
        # A season's rows are `chosen` already.
        source, params = "chosen r WHERE 1 = 1", []
    else:
        r_where = where.rows("r", whole=True)
        source = f"{sql.table(PlayerGame)} r WHERE r.player_id = %s AND {r_where.text}"
        params = [me, *r_where.params]
    g_sql, g_params = _handless(where.games(), me, "g.id, g.created_at")
    count = "NULL"
    text = (
        f"SELECT {RECENT}, NULL, z.id, NULL, {count}, {count}, {count}, {count}, "
        f"{count} FROM (SELECT id, created_at FROM (SELECT * FROM ("
        f"SELECT r.game_id AS id, r.created_at FROM {source} "
        "ORDER BY r.created_at DESC, r.game_id DESC LIMIT %s) "
        f"a UNION ALL SELECT * FROM ({g_sql}) b) c "
        "ORDER BY created_at DESC, id DESC LIMIT %s) z"
    )
    return text, [*params, recent, *g_params, recent]
