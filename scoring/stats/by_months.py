"""A player's figures from the monthly sums (PlayerMonth, PlayerPairMonth: kept by
scoring.stats.sums), whatever the number of the player's games: the rows of the
same statement shape as scoring.stats.by_games, so scoring.stats.figures reads
either (docs/statistics.md).

The visitor's visibility and the filters become conditions on the sums' columns:
the clubs the visitor may read (and games outside clubs), the club, the variant.
`from` and `to` are days in the current time zone; the whole UTC months inside
them are summed from the monthly sums, the partial months at their edges from the
per-game rows (PlayerGame, by player and start), so the answer is exact. A
`season` (a set of games, or a range of days, supplied by another app) reads the
per-game rows of its games. Games without a hand have no row: they count as
played, from their seats, starting from the few counted games with no hand.
"""

import datetime
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import EmptyResultSet
from django.db.models import Q

from pitchclub import permissions, sql
from pitchclub.models import Club, Player
from scoring.games.filters import _start_of
from scoring.models import PLAYER_GAME_BIDS as BIDS
from scoring.models import (
    Game,
    PlayerGame,
    PlayerMonth,
    PlayerPairMonth,
    Seat,
    Status,
)
from scoring.stats import sums
from scoring.stats.by_games import BIDS_PART, GAMES, PEOPLE, POINTS, RECENT
from scoring.vocabulary import POINT_IDS

FINISHED, ABANDONED = Status.FINISHED.value, Status.ABANDONED.value
_BID_COLUMNS = [f"{kind}_{bid}" for kind in ("pitched", "made") for bid in BIDS]
_POINT_COLUMNS = [f"taken_{point}" for point in POINT_IDS]
# A month's sums the page shows, in the order the first part reads them.
_SUMMED = ("games", "finished", "won", "hands", "points", *_BID_COLUMNS)
_SUMMED += tuple(_POINT_COLUMNS)


@dataclass(frozen=True)
class Scope:
    """Which of a player's games the figures count, as columns of the sums: the
    visitor's (None: anonymous) visibility, a club, a variant, a start from
    `start` (included) to `end` (excluded), and a season's games (a filter on
    games)."""

    user: AbstractBaseUser | None = None
    club: Club | None = None
    variant: str | None = None
    start: datetime.datetime | None = None
    end: datetime.datetime | None = None
    season: Q | None = None


def scope_of(cleaned: dict[str, Any], user: AbstractBaseUser | None) -> Scope:
    """The scope of the statistics' filters as cleaned (scoring.stats.filters),
    for `user`; `from` and `to` as the archive's filters read them."""
    start = end = None
    if cleaned.get("from"):
        start = _start_of(cleaned["from"])
    if cleaned.get("to"):
        try:
            end = _start_of(cleaned["to"] + datetime.timedelta(days=1))
        except OverflowError:  # 9999-12-31: no day after it
            end = None
    return Scope(
        user=user,
        club=cleaned.get("club"),
        variant=cleaned.get("variant") or None,
        start=start,
        end=end,
        season=cleaned.get("season"),
    )


def _month_start(moment: datetime.datetime) -> datetime.datetime:
    moment = moment.astimezone(datetime.UTC)
    return moment.replace(day=1, hour=0, minute=0, second=0, microsecond=0)


def _next_month(month: datetime.datetime) -> datetime.datetime:
    return (month + datetime.timedelta(days=32)).replace(day=1)


@dataclass(frozen=True)
class _Where:
    """A condition and its parameters; combined, in parentheses (it follows an
    AND in the statements)."""

    text: str
    params: tuple[Any, ...] = ()

    def __and__(self, other: "_Where") -> "_Where":
        return _Where(f"(({self.text}) AND ({other.text}))", self.params + other.params)

    def __or__(self, other: "_Where") -> "_Where":
        return _Where(f"(({self.text}) OR ({other.text}))", self.params + other.params)


NOTHING, EVERYTHING = _Where("1 = 0"), _Where("1 = 1")


def _moment(value: datetime.datetime) -> Any:
    return PlayerGame._meta.get_field("created_at").get_db_prep_value(value, sql.db())


def _day(value: datetime.datetime) -> Any:
    return PlayerMonth._meta.get_field("month").get_db_prep_value(
        value.date(), sql.db()
    )


def _between(column: str, start: Any, end: Any) -> _Where:
    """start <= column < end (None: no bound)."""
    found = EVERYTHING
    if start is not None:
        found &= _Where(f"{column} >= %s", (_moment(start),))
    if end is not None:
        found &= _Where(f"{column} < %s", (_moment(end),))
    return found


class _Conditions:
    """The scope's conditions on each source: `months` on the sums (alias m),
    `rows` on the per-game rows (alias r, the partial months only: with `whole`,
    every row of the scope) and `games` on the games without a hand (alias g)."""

    def __init__(self, scope: Scope) -> None:
        self.scope = scope
        clubs, params = (
            permissions.clubs_visible_to(scope.user)
            .order_by()
            .values("id")
            .query.sql_with_params()
        )
        self.clubs = _Where(clubs, tuple(params))
        self.season = None
        ids = _ids_of(scope.season)
        if ids is not None and sql.db().vendor == "postgresql":
            # One array, not thousands of parameters the planner reads each time.
            self.season = _Where("= ANY(%s)", (ids,))
        elif scope.season is not None:
            chosen, params = (
                Game.objects.filter(scope.season)
                .order_by()
                .values("id")
                .query.sql_with_params()
            )
            self.season = _Where(f"IN ({chosen})", tuple(params))

    def _common(self, club: str, variant: str, outside: str) -> _Where:
        """Visible, of the club and variant asked for; `outside`: the test of a
        game outside clubs."""
        found = _Where(outside) | _Where(
            f"{club} IN ({self.clubs.text})", self.clubs.params
        )
        if self.scope.club is not None:
            found &= _Where(f"{club} = %s", (self.scope.club.pk,))
        if self.scope.variant:
            found &= _Where(f"{variant} = %s", (self.scope.variant,))
        return found

    def _range(self) -> tuple[Any, Any, Any, Any] | None:
        """The whole months (first, end) and the partial edges' bounds (start,
        end), or None when the range holds no whole month."""
        start, end = self.scope.start, self.scope.end
        first = None if start is None else _month_start(start)
        if first is not None and first < start:
            first = _next_month(first)
        last = None if end is None else _month_start(end)
        if first is not None and last is not None and first >= last:
            return None
        return first, last, start, end

    def months(self, alias: str = "m") -> _Where:
        if self.season is not None:
            return NOTHING
        found = self._common(f"{alias}.club", f"{alias}.variant", f"{alias}.club = 0")
        bounds = self._range()
        if bounds is None:
            return NOTHING
        first, last, _, _ = bounds
        if first is not None:
            found &= _Where(f"{alias}.month >= %s", (_day(first),))
        if last is not None:
            found &= _Where(f"{alias}.month < %s", (_day(last),))
        return found

    def rows(self, alias: str = "r", whole: bool = False) -> _Where:
        found = self._common(
            f"{alias}.club_id", f"{alias}.variant", f"{alias}.club_id IS NULL"
        )
        found = _Where(f"{alias}.status <> '{ABANDONED}'") & found
        column = f"{alias}.created_at"
        if whole or self.season is not None:
            found &= _between(column, self.scope.start, self.scope.end)
            if self.season is not None:
                found &= _Where(
                    f"{alias}.game_id {self.season.text}", self.season.params
                )
            return found
        bounds = self._range()
        if bounds is None:
            return found & _between(column, self.scope.start, self.scope.end)
        first, last, start, end = bounds
        edges = NOTHING
        if start is not None and start < first:
            edges |= _between(column, start, first)
        if end is not None and last < end:
            edges |= _between(column, last, end)
        return found & edges

    def games(self, alias: str = "g") -> _Where:
        found = self._common(
            f"{alias}.club_id", f"{alias}.variant", f"{alias}.club_id IS NULL"
        )
        found &= _between(f"{alias}.created_at", self.scope.start, self.scope.end)
        if self.season is not None:
            found &= _Where(f"{alias}.id {self.season.text}", self.season.params)
        # The partial index of the counted games without a hand.
        return (
            _Where(f"{alias}.hand_count = 0 AND {alias}.status <> '{ABANDONED}'")
            & found
        )


def _ids_of(season: Q | None) -> list[int] | None:
    """A season's games when given as ids (scoring.games.scopes.scope_filter's
    `pk__in` of a list), else None."""
    if season is None or season.negated or len(season.children) != 1:
        return None
    name, value = season.children[0]
    if name == "pk__in" and isinstance(value, list | tuple):
        return [int(pk) for pk in value]
    return None


def _handless(
    where: _Where, me: int, columns: str, joined: str = ""
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
        where = _Conditions(scope)
    except EmptyResultSet:
        return []
    months, rows = sql.table(PlayerMonth), sql.table(PlayerGame)
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
    m_where, r_where, g_where = where.months(), where.rows(), where.games()
    g_sql, g_params = _handless(
        g_where, me, "g.variant, " + ", ".join(handless[n] for n in _SUMMED)
    )
    params: list[Any] = [me, *r_where.params, me, *m_where.params, *g_params]
    # `chosen`: the player's per-game rows read once (the partial months, or a
    # season's games), for the figures, the people met and a season's latest.
    tally = (
        f"WITH chosen AS MATERIALIZED (SELECT * FROM {rows} r "
        f"WHERE r.player_id = %s AND {r_where.text}), "
        f"tally (variant, {summed}) AS MATERIALIZED (SELECT variant, "
        f"{', '.join(f'SUM({n})' for n in _SUMMED)} FROM ("
        f"SELECT m.variant, {', '.join(f'm.{n}' for n in _SUMMED)} FROM {months} m "
        f"WHERE m.player_id = %s AND {m_where.text} UNION ALL "
        f"SELECT r.variant, {', '.join(month[n] for n in _SUMMED)} FROM chosen r "
        f"UNION ALL {g_sql}) x "
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
    with sql.db().cursor() as cursor:
        cursor.execute(tally + " UNION ALL ".join(parts), params)
        return cursor.fetchall()


def _people(where: _Conditions, me: int) -> tuple[str, list[Any]]:
    """PEOPLE: every other player met, with and against (the pairs' sums, the
    partial months' rows of both players, the games without a hand's seats)."""
    pairs, rows, person = (
        sql.table(PlayerPairMonth),
        sql.table(PlayerGame),
        sql.table(Player),
    )
    m_where = where.months("m")
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
        f"SELECT o.player_id, {', '.join(from_rows[n] for n in counters)} "
        f"FROM chosen r {_others(rows)} "
        f"UNION ALL {g_sql}) y GROUP BY other "
        "HAVING SUM(together) > 0 OR SUM(against) > 0) x "
        f"INNER JOIN {person} p ON p.id = x.other"
    )
    return text, [me, *m_where.params, *g_params]


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


def _recent(where: _Conditions, me: int, recent: int) -> tuple[str, list[Any]]:
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
