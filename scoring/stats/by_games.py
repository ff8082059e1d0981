"""A player's figures counted game by game: the player's seats joined to the games
as filtered (any queryset of games), and the statistics' rows of those games
(PlayerGame) summed in one statement. The path of the figures before the monthly
sums (scoring.stats.by_months); kept for a filter given as a queryset alone, and
as the reference the sums are tested against (tests/scoring/stats/test_sums.py).
Its cost grows with the player's games.
"""

from typing import Any

from django.core.exceptions import EmptyResultSet
from django.db.models import QuerySet

from pitchclub import sql
from pitchclub.models import Player
from scoring.models import PLAYER_GAME_BIDS as BIDS
from scoring.models import Game, PlayerGame, Seat, Status
from scoring.vocabulary import POINT_IDS

# The parts of the figures' statement, each row's first column.
GAMES, BIDS_PART, POINTS, PEOPLE, RECENT = range(5)


def _mine(player: Player, games: QuerySet[Game]) -> tuple[str, list[Any]]:
    """`mine`: the player's seat in each of `games`, with the game's columns the
    figures need (one join of the seats to the games as filtered), computed once
    (MATERIALIZED: the planner then joins the rows to a few thousand known
    games, instead of guessing how many games the visibility filter keeps)."""
    chosen, params = (
        games.filter(seats__player=player)
        .order_by()
        .values_list(
            "id",
            "variant",
            "status",
            "winner",
            "hand_count",
            "created_at",
            "seats__side",
            "seats__number",
        )
        .query.sql_with_params()
    )
    return (
        "WITH mine (id, variant, status, winner, hand_count, created_at, side, "
        f"number) AS MATERIALIZED ({chosen}) ",
        list(params),
    )


_BID_COLUMNS = [f"{kind}_{bid}" for kind in ("pitched", "made") for bid in BIDS]
_POINT_COLUMNS = [f"taken_{point}" for point in POINT_IDS]


@sql.statement
def _parts(people: bool, recent: bool) -> str:
    """The figures over `mine` and the statistics' rows of its seats (PlayerGame:
    what each seat did in each game, counted when its hands were recorded) in
    one statement: one SELECT a part, each row (part, variant, a number, a word,
    five counts). `tally` sums the rows by variant (a game without a hand has
    none).

    GAMES: variant, games played, finished, won, hands, the points' values.
    BIDS_PART: variant, bid, pitched, made. POINTS: variant, point, taken. PEOPLE
    (`people`): another player's id and name, games with, won with, against, won
    against, lost against. RECENT (`recent`): the latest games' ids, newest first
    (the limit is a parameter)."""
    seat, person, rows = sql.table(Seat), sql.table(Player), sql.table(PlayerGame)
    # Typed once in the first SELECT: the others' NULLs take these types.
    number, word, count = "CAST(NULL AS bigint)", "CAST(NULL AS text)", "NULL"
    sums = ", ".join(f"SUM(r.{column})" for column in _BID_COLUMNS + _POINT_COLUMNS)
    tally = (
        f", tally (variant, points, {', '.join(_BID_COLUMNS + _POINT_COLUMNS)}) AS "
        f"MATERIALIZED (SELECT m.variant, SUM(r.points), {sums} FROM mine m "
        f"INNER JOIN {rows} r ON r.game_id = m.id AND r.seat = m.number "
        "GROUP BY m.variant) "
    )
    parts = [
        f"SELECT {GAMES}, g.variant, {number}, {word}, g.n, g.f, g.w, g.h, "
        "t.points FROM (SELECT variant, COUNT(*) n, "
        f"SUM(CASE WHEN status = '{Status.FINISHED.value}' THEN 1 ELSE 0 END) f, "
        "SUM(CASE WHEN winner = side THEN 1 ELSE 0 END) w, SUM(hand_count) h "
        "FROM mine GROUP BY variant) g LEFT JOIN tally t ON t.variant = g.variant",
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
    if people:
        # Counted by player id, then named: the 60 players met, not their 12,000
        # seats, carry a name through the grouping.
        parts.append(
            f"SELECT {PEOPLE}, NULL, x.player_id, p.name, x.w, x.ww, x.a, x.aw, "
            "x.al FROM (SELECT o.player_id, "
            "SUM(CASE WHEN o.side = m.side THEN 1 ELSE 0 END) w, "
            "SUM(CASE WHEN o.side = m.side AND m.winner = m.side THEN 1 ELSE 0 END) "
            "ww, SUM(CASE WHEN o.side <> m.side THEN 1 ELSE 0 END) a, "
            "SUM(CASE WHEN o.side <> m.side AND m.winner = m.side THEN 1 ELSE 0 END) "
            "aw, SUM(CASE WHEN o.side <> m.side AND m.winner = o.side THEN 1 ELSE 0 "
            f"END) al FROM mine m INNER JOIN {seat} o ON o.game_id = m.id "
            "WHERE o.player_id <> %s GROUP BY o.player_id) x "
            f"INNER JOIN {person} p ON p.id = x.player_id"
        )
    if recent:
        parts.append(
            f"SELECT {RECENT}, NULL, r.id, NULL, {count}, {count}, {count}, "
            f"{count}, {count} FROM (SELECT id FROM mine "
            "ORDER BY created_at DESC, id DESC LIMIT %s) r"
        )
    return tally + " UNION ALL ".join(parts)


def figure_rows(
    player: Player, games: QuerySet[Game], top: int, recent: int
) -> list[tuple[Any, ...]]:
    """The rows of _parts over the player's games (1 query; none when the filter
    can match no game, as a scope without games: no rows)."""
    try:
        mine, params = _mine(player, games)
    except EmptyResultSet:
        return []
    if top > 0:
        params.append(player.pk)
    if recent > 0:
        params.append(recent)
    # A heavy read's (the player page, the API): the replica's, if one.
    with sql.reading(Game).cursor() as cursor:
        cursor.execute(mine + _parts(top > 0, recent > 0), params)
        return cursor.fetchall()
