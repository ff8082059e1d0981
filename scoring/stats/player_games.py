"""The statistics' rows (PlayerGame: one per player and game with a hand) kept in step
with the games: a listener of scoring's game hook and one of the core's merge hook,
registered in ScoringConfig.ready(), each inside the change's transaction; and the
rebuild from hands and awards (`manage.py player_games_rebuild`, migration 0007).

A hand recorded costs one statement: the seats' rows upserted with what the event
holds (the game's state as the hand left it, the hand's pitch and awards), their
counters added to. Anything rarer (a correction, an undo, an abandon, a resume)
builds the game's rows again from its hands and awards (2 statements). A game
finished or reopened needs nothing more: the hand, correction or undo that did it
already wrote the game's new state. A merge moves the guest's rows to the player
that stays (the core's merge refuses two players who sat in one game).

The rows exist for the games with at least one hand: nothing is dispatched when a
game starts, so the statistics count the games without a hand from their seats
(scoring.stats.figures).
"""

from typing import Any

from django.db import connection
from django.db.models import Model

from pitchclub import sql
from pitchclub.hooks import PlayersMerging
from scoring import engine
from scoring.games import hooks
from scoring.games.rows import seat_rows
from scoring.models import PLAYER_GAME_BIDS, Award, Game, Hand, PlayerGame, Seat, Status
from scoring.stats import sums
from scoring.vocabulary import POINT_IDS

FOLLOWED = (
    hooks.HandRecorded,
    hooks.HandCorrected,
    hooks.HandUndone,
    hooks.GameAbandoned,
    hooks.GameResumed,
)

Result = PlayerGame.Result

# The game's columns and the player's, then the counters (added to by a hand).
GAME_COLUMNS = ("variant", "club_id", "status", "created_at", "winner")
PLAYER_COLUMNS = ("player_id", "game_id", "seat", "side", "result", "hands", "score")
COUNTERS = (
    "pitched",
    "made",
    "points",
    *(f"pitched_{bid}" for bid in PLAYER_GAME_BIDS),
    *(f"made_{bid}" for bid in PLAYER_GAME_BIDS),
    *(f"taken_{point}" for point in POINT_IDS),
)
COLUMNS = PLAYER_COLUMNS + GAME_COLUMNS + COUNTERS


def result_of(status: str, winner: int | None, side: int) -> str:
    """won, lost, open or abandoned: the game's result for `side`."""
    if status == Status.ABANDONED:
        return Result.ABANDONED.value
    if status != Status.FINISHED:
        return Result.OPEN.value
    return (Result.WON if winner == side else Result.LOST).value


def rows_follow_game(event: hooks.GameEvent) -> None:
    """Keep the game's rows in step with `event` (see the module's docstring)."""
    if isinstance(event, hooks.HandRecorded):
        _hand_added(event.game, event.hand, event.result)
    else:
        rebuild(game_ids=[event.game.pk])


def rows_follow_merge(event: PlayersMerging) -> None:
    """The merged guest's rows become the staying player's (after scoring's seats
    moved: registered after scoring.move_seats_and_awards)."""
    PlayerGame.objects.filter(player_id=event.guest.pk).update(player_id=event.into.pk)


# --- One hand recorded: one upsert -----------------------------------------------


@sql.statement
def _upsert(rows: int) -> str:
    table = sql.table(PlayerGame)
    marks = "(" + ", ".join(["%s"] * len(COLUMNS)) + ")"
    absolute = ("status", "winner", "result", "hands", "score")
    sets = [f"{sql.quote(name)} = EXCLUDED.{sql.quote(name)}" for name in absolute]
    sets += [
        f"{sql.quote(name)} = {table}.{sql.quote(name)} + EXCLUDED.{sql.quote(name)}"
        for name in COUNTERS
    ]
    return (
        f"INSERT INTO {table} ({', '.join(sql.quote(name) for name in COLUMNS)}) "
        f"VALUES {', '.join([marks] * rows)} "
        f"ON CONFLICT ({sql.quote('game_id')}, {sql.quote('seat')}) "
        f"DO UPDATE SET {', '.join(sets)}"
    )


def _hand_added(game: Game, hand: Hand, result: engine.HandResult) -> None:
    """Every seat's row with the game as the hand left it, plus what the hand adds
    (1 statement; the seats were read with the game)."""
    values = engine.POINT_VALUES[engine.Variant(game.variant)]
    counters: dict[int, dict[str, int]] = {}
    for seat in seat_rows(game):
        counters[seat.number] = dict.fromkeys(COUNTERS, 0)
    pitcher = counters[hand.pitcher]
    pitcher["pitched"] = pitcher[f"pitched_{hand.bid}"] = 1
    pitcher["made"] = pitcher[f"made_{hand.bid}"] = int(hand.made)
    for point, award in result.awards.items():
        if award is None or isinstance(award, engine.SideCredit):
            continue
        counters[award][f"taken_{point}"] += 1
        counters[award]["points"] += values[point]
    created = PlayerGame._meta.get_field("created_at").get_db_prep_value(
        game.created_at, connection
    )
    params: list[Any] = []
    for seat in seat_rows(game):
        params += [
            seat.player_id,
            game.pk,
            seat.number,
            seat.side,
            result_of(game.status, game.winner, seat.side),
            game.hand_count,
            game.scores[seat.side],
            game.variant,
            game.club_id,
            game.status,
            created,
            game.winner,
            *counters[seat.number].values(),
        ]
    with sql.db().cursor() as cursor:
        cursor.execute(_upsert(len(counters)), params)


# --- Rebuilt from hands and awards --------------------------------------------------


def rebuild_sql(
    *,
    vendor: str,
    quote: Any,
    seat: type[Model] = Seat,
    game: type[Model] = Game,
    hand: type[Model] = Hand,
    award: type[Model] = Award,
    rows: type[Model] = PlayerGame,
    where: str = "",
) -> str:
    """INSERT … SELECT of the rows of every game with a hand (`where`: a further
    condition on the game `g`), counted from the hands and awards: the statement
    the rebuild, the migration that creates the table (with its historical models)
    and the rare changes run."""

    def table(model: type[Model]) -> str:
        return quote(model._meta.db_table)

    if vendor == "postgresql":
        score = "CAST(g.scores ->> s.side AS integer)"
    else:
        score = "CAST(json_extract(g.scores, '$[' || s.side || ']') AS integer)"
    finished, abandoned = Status.FINISHED.value, Status.ABANDONED.value
    result = (
        f"CASE WHEN g.status = '{abandoned}' THEN '{Result.ABANDONED.value}' "
        f"WHEN g.status <> '{finished}' THEN '{Result.OPEN.value}' "
        f"WHEN g.winner = s.side THEN '{Result.WON.value}' "
        f"ELSE '{Result.LOST.value}' END"
    )
    bids = [f"pitched_{bid}" for bid in PLAYER_GAME_BIDS] + [
        f"made_{bid}" for bid in PLAYER_GAME_BIDS
    ]
    taken = [f"taken_{point}" for point in POINT_IDS]
    pitched = ", ".join(
        [
            "COUNT(*) AS pitched",
            "SUM(CASE WHEN made THEN 1 ELSE 0 END) AS made",
            *(
                f"SUM(CASE WHEN bid = {bid} THEN 1 ELSE 0 END) AS pitched_{bid}"
                for bid in PLAYER_GAME_BIDS
            ),
            *(
                f"SUM(CASE WHEN bid = {bid} AND made THEN 1 ELSE 0 END) AS made_{bid}"
                for bid in PLAYER_GAME_BIDS
            ),
        ]
    )
    points = ", ".join(
        [
            "SUM(value) AS points",
            *(
                f"SUM(CASE WHEN point = '{point}' THEN 1 ELSE 0 END) AS taken_{point}"
                for point in POINT_IDS
            ),
        ]
    )
    condition = f" AND {where}" if where else ""
    selected = [
        "s.player_id",
        "g.id",
        "s.number",
        "s.side",
        result,
        "g.hand_count",
        f"COALESCE({score}, 0)",
        "g.variant",
        "g.club_id",
        "g.status",
        "g.created_at",
        "g.winner",
        "COALESCE(b.pitched, 0)",
        "COALESCE(b.made, 0)",
        "COALESCE(a.points, 0)",
        *(f"COALESCE(b.{name}, 0)" for name in bids),
        *(f"COALESCE(a.{name}, 0)" for name in taken),
    ]
    return (
        f"INSERT INTO {table(rows)} ({', '.join(quote(name) for name in COLUMNS)}) "
        f"SELECT {', '.join(selected)} FROM {table(seat)} s "
        f"INNER JOIN {table(game)} g ON g.id = s.game_id "
        f"LEFT JOIN (SELECT game_id, pitcher, {pitched} FROM {table(hand)} "
        f"WHERE game_id IN (SELECT g.id FROM {table(game)} g WHERE g.hand_count > 0"
        f"{condition}) GROUP BY game_id, pitcher) b "
        "ON b.game_id = g.id AND b.pitcher = s.number "
        f"LEFT JOIN (SELECT game_id, seat, {points} FROM {table(award)} "
        "WHERE seat IS NOT NULL AND game_id IN "
        f"(SELECT g.id FROM {table(game)} g WHERE g.hand_count > 0{condition}) "
        "GROUP BY game_id, seat) a ON a.game_id = g.id AND a.seat = s.number "
        f"WHERE g.hand_count > 0{condition}"
    )


def rebuild(*, game_ids: list[int] | None = None) -> int:
    """The rows of `game_ids` (None: every game) built again from their hands and
    awards, in the caller's transaction (2 statements; the sums follow by their
    triggers); how many rows now. Every game: the sums built again too, the
    triggers dropped meanwhile (scoring.stats.sums)."""
    connection = sql.db()
    if game_ids is None:
        return _rebuild_all(connection)
    if not game_ids:
        return 0
    marks = ", ".join(["%s"] * len(game_ids))
    statement = rebuild_sql(
        vendor=connection.vendor, quote=sql.quote, where=f"g.id IN ({marks})"
    )
    params = list(game_ids)
    with connection.cursor() as cursor:
        cursor.execute(
            f"DELETE FROM {sql.table(PlayerGame)} WHERE game_id IN ({marks})", params
        )
        # The game ids appear three times in the statement.
        cursor.execute(statement, params * 3)
        return cursor.rowcount


def _rebuild_all(connection: Any) -> int:
    """Every row and every sum, with a statement each, not a trigger per row."""
    vendor = connection.vendor
    with connection.cursor() as cursor:
        for statement in sums.drop_triggers_sql(vendor=vendor, quote=sql.quote):
            cursor.execute(statement)
        cursor.execute(f"DELETE FROM {sql.table(PlayerGame)}")
        cursor.execute(rebuild_sql(vendor=vendor, quote=sql.quote))
        rows = cursor.rowcount
        for statement in sums.rebuild_sql(vendor=vendor, quote=sql.quote):
            cursor.execute(statement)
        for statement in sums.create_triggers_sql(vendor=vendor, quote=sql.quote):
            cursor.execute(statement)
    return rows
