"""Reads as rows: the raw SQL of recording a hand through the API (the game locked
with its club and seats, the `client_id` lookup, the hands and awards of the
answer), through pitchclub.sql: the ORM's statement building cost more than the
database's work (docs/benchmarks.md). They are portable between SQLite and
PostgreSQL, and their values come out through the model fields as the ORM's do.
Each runs a fixed number of queries, whatever the game's length."""

from typing import Any, NamedTuple
from uuid import UUID

from django.db import connection

from pitchclub import sql
from pitchclub.models import Club, Player
from scoring.games import links as game_links
from scoring.games.convert import HAND_FIELDS, hand_shape, row_shown, rules_for
from scoring.models import Award, Game, Hand, HandRevision, Seat


class SeatRow(NamedTuple):
    """A seat as the API's answer and the awards need it."""

    number: int
    side: int
    player_id: int
    name: str


# The game with its club and its seats' players, as one query joins them.
_GAME = sql.Columns(Game, alias="g")
_CLUB = sql.Columns(Club, alias="c")


@sql.statement
def _game_with_seats(lock: bool, links: tuple[str, ...]) -> str:
    # What the game was started for (game_links): one row per game at most, so
    # the joins do not multiply the seats' rows.
    linked = game_links.registered()
    values = "".join(
        f"l{n}.{sql.quote(link.value_column)}, " for n, link in enumerate(linked)
    )
    joins = "".join(
        f"LEFT JOIN {sql.quote(link.table)} l{n} "
        f"ON l{n}.{sql.quote(link.game_column)} = g.id "
        for n, link in enumerate(linked)
    )
    query = (
        f"SELECT {_GAME.sql}, {_CLUB.sql}, {values}"
        "s.number, s.side, s.player_id, p.name "
        f"FROM {sql.table(Game)} g "
        f"LEFT JOIN {sql.table(Club)} c ON c.id = g.club_id "
        f"{joins}"
        f"LEFT JOIN {sql.table(Seat)} s ON s.game_id = g.id "
        f"LEFT JOIN {sql.table(Player)} p ON p.id = s.player_id "
        "WHERE g.id = %s ORDER BY s.number"
    )
    if lock and connection.features.has_select_for_update:
        query += " FOR UPDATE"
        if connection.features.has_select_for_update_of:
            query += " OF g"
    return query


def game_with_seats(game_id: int, *, lock: bool = False) -> Game | None:
    """The game with its club, seats (seat_rows) and links (game_links), or None
    (1 query, whoever may see it: the caller checks). `lock` locks the game's
    row (not its club's) until the transaction ends, as
    select_for_update(of=("self",)) does; SQLite takes its write lock when the
    transaction starts."""
    least, most = connection.ops.integer_field_range(Game._meta.pk.get_internal_type())
    if not least <= game_id <= most:
        # No such row (and the database would refuse the number, as the ORM's
        # lookup knows).
        return None
    linked = game_links.registered()
    with connection.cursor() as cursor:
        cursor.execute(
            _game_with_seats(lock, tuple(link.key for link in linked)), [game_id]
        )
        rows = cursor.fetchall()
    if not rows:
        return None
    first = rows[0]
    game = _GAME.instance(first)
    # The club's columns are all NULL for a game outside clubs.
    game.club = _CLUB.instance(first, len(_GAME)) if game.club_id else None
    links = len(_GAME) + len(_CLUB)
    game_links.remember(
        game, {link.key: first[links + n] for n, link in enumerate(linked)}
    )
    seats = links + len(linked)
    game._seat_rows = [SeatRow(*row[seats:]) for row in rows if row[seats] is not None]
    return game


# A game's card (scoring.table.cards, the pages' lists): what it shows, no more
# (psycopg parses every column of every row, a seat's row each; Django's loader of
# a moment is Python, about 10 µs a value).
_CARD = sql.Columns(
    Game,
    (
        "id",
        "variant",
        "partnership",
        "player_count",
        "first_dealer",
        "options",
        "status",
        "winner",
        "scores",
        "hand_count",
        "club",
        "created_at",
    ),
    alias="g",
)
_CARD_CLUB = sql.Columns(Club, ("id", "name", "slug"), alias="c")


@sql.statement
def _games_with_seats(count: int) -> str:
    places = ", ".join(["%s"] * count)
    return (
        f"SELECT {_CARD.sql}, {_CARD_CLUB.sql}, s.number, s.side, s.player_id, "
        "p.name "
        f"FROM {sql.table(Game)} g "
        f"LEFT JOIN {sql.table(Club)} c ON c.id = g.club_id "
        f"LEFT JOIN {sql.table(Seat)} s ON s.game_id = g.id "
        f"LEFT JOIN {sql.table(Player)} p ON p.id = s.player_id "
        f"WHERE g.id IN ({places}) ORDER BY g.id, s.number"
    )


def games_with_seats(game_ids: list[int]) -> dict[int, Game]:
    """The games of `game_ids` with their clubs and seats (seat_rows), by id, as
    their cards show them (the other columns deferred: read if asked for) (1
    query, none without ids; whoever may see them: the caller checks), read
    where the router sends reads: a heavy read's from the replica. A list of
    games' cards (the player page's latest games) costs a fifth of the ORM's
    two queries (the games with their clubs, then the seats with their
    players)."""
    if not game_ids:
        return {}
    with sql.reading(Game).cursor() as cursor:
        cursor.execute(_games_with_seats(len(game_ids)), list(game_ids))
        rows = cursor.fetchall()
    seats = len(_CARD) + len(_CARD_CLUB)
    found: dict[int, Game] = {}
    for row in rows:
        game = found.get(row[0])
        if game is None:
            game = found[row[0]] = _CARD.instance(row)
            game.club = _CARD_CLUB.instance(row, len(_CARD)) if game.club_id else None
            game._seat_rows = []
        if row[seats] is not None:
            game._seat_rows.append(SeatRow(*row[seats:]))
    return found


@sql.statement
def _seats_of_game() -> str:
    return (
        "SELECT s.number, s.side, s.player_id, p.name "
        f"FROM {sql.table(Seat)} s INNER JOIN {sql.table(Player)} p "
        "ON p.id = s.player_id WHERE s.game_id = %s ORDER BY s.number"
    )


def seat_rows(game: Game) -> list[SeatRow]:
    """The game's seats in order: as read with the game (game_with_seats) or
    prefetched (game_list), else one query the first time for a game object."""
    rows = getattr(game, "_seat_rows", None)
    if rows is not None:
        return rows
    prefetched = getattr(game, "_prefetched_objects_cache", {}).get("seats")
    if prefetched is not None:
        rows = [
            SeatRow(seat.number, seat.side, seat.player_id, seat.player.name)
            for seat in sorted(prefetched, key=lambda seat: seat.number)
        ]
    else:
        # Where the router sends reads: a heavy read's list from the replica, a
        # writer's (and anything inside a transaction) from the primary.
        with sql.reading(Seat).cursor() as cursor:
            cursor.execute(_seats_of_game(), [game.pk])
            rows = [SeatRow(*row) for row in cursor.fetchall()]
    game._seat_rows = rows
    return rows


@sql.statement
def _client_id_uses() -> str:
    if connection.vendor == "postgresql":
        undone_id = "r.before ->> 'client_id'"
    else:
        undone_id = "JSON_EXTRACT(r.before, '$.client_id')"
    return (
        f"SELECT 0, h.number FROM {sql.table(Hand)} h "
        "WHERE h.game_id = %s AND h.client_id = %s "
        "UNION ALL "
        f"SELECT 1, r.hand_number FROM {sql.table(HandRevision)} r "
        f"WHERE r.game_id = %s AND r.action = %s AND {undone_id} = %s "
        "LIMIT 2"
    )


def client_id_uses(*, game_id: int, client_id: UUID) -> list[tuple[bool, int]]:
    """Where this game has seen `client_id`: (False, number) for the hand recorded
    with it, (True, number) for a hand recorded with it and since undone (the
    revision log keeps its client_id); at most two (1 query)."""
    params = [
        game_id,
        Hand._meta.get_field("client_id").get_db_prep_value(client_id, connection),
        game_id,
        HandRevision.Action.UNDO.value,
        str(client_id),
    ]
    with connection.cursor() as cursor:
        cursor.execute(_client_id_uses(), params)
        return [(bool(undone), number) for undone, number in cursor.fetchall()]


# A game's hands with their awards: one row per award (a hand without any, one row
# with NULLs).
_HAND = sql.Columns(Hand, ("id", *HAND_FIELDS), alias="h")


@sql.statement
def _game_hands() -> str:
    return (
        f"SELECT {_HAND.sql}, a.point, a.seat, a.side "
        f"FROM {sql.table(Hand)} h "
        f"LEFT JOIN {sql.table(Award)} a ON a.hand_id = h.id "
        "WHERE h.game_id = %s ORDER BY h.number"
    )


def game_hands(game: Game) -> list[dict[str, Any]]:
    """Every hand of the game as API.md shows it, in order (1 query). Every write
    through the API answers with the whole game, so this is read at each hand
    recorded: raw SQL, plain rows (no model instances)."""
    with connection.cursor() as cursor:
        cursor.execute(_game_hands(), [game.pk])
        rows = cursor.fetchall()
    points = rules_for(game).points
    names = _HAND.attnames
    width = len(names)
    read = _HAND.reader()
    hands: list[dict[str, Any]] = []
    fields: dict[str, Any] = {}
    awarded: dict[str, int | dict[str, int]] = {}
    for row in rows:
        if not fields or row[0] != fields["id"]:
            if fields:
                hands.append(hand_shape(fields, awarded, points))
            fields = dict(zip(names, read(row), strict=True))
            awarded = {}
        point, seat, side = row[width:]
        if point is not None:
            awarded[point] = row_shown(seat, side)
    if fields:
        hands.append(hand_shape(fields, awarded, points))
    return hands


# The same hands and awards as model instances, for the pages: one join where the
# ORM's prefetch takes two queries (issue 25 item 3: the table's save).
_HAND_ROW = sql.Columns(Hand, alias="h")
_AWARD_ROW = sql.Columns(Award, alias="a")


@sql.statement
def _hands_and_awards() -> str:
    return (
        f"SELECT {_HAND_ROW.sql}, {_AWARD_ROW.sql} FROM {sql.table(Hand)} h "
        f"LEFT JOIN {sql.table(Award)} a ON a.hand_id = h.id "
        "WHERE h.game_id = %s ORDER BY h.number, a.point"
    )


def prefetch_hands(game: Game) -> Game:
    """`game` with its hands in order and each hand's awards, in the caches
    prefetch_related("hands", "hands__awards") fills, as Hand's and Award's
    orderings put them (1 query, whatever the game's length)."""
    with connection.cursor() as cursor:
        cursor.execute(_hands_and_awards(), [game.pk])
        rows = cursor.fetchall()
    hands: list[Hand] = []
    width = len(_HAND_ROW)
    for row in rows:
        if not hands or hands[-1].pk != row[0]:
            hand = _HAND_ROW.instance(row)
            hand.game = game
            hand._prefetched_objects_cache = {"awards": []}
            hands.append(hand)
        if row[width] is not None:
            award = _AWARD_ROW.instance(row, width)
            award.hand = hands[-1]
            hands[-1]._prefetched_objects_cache["awards"].append(award)
    cache = getattr(game, "_prefetched_objects_cache", None)
    if cache is None:
        game._prefetched_objects_cache = cache = {}
    cache["hands"] = hands
    return game
