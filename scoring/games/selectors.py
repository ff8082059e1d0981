"""Reads: each selector runs a fixed number of queries, whatever the game's length.

The reads of recording a hand through the API (the game locked with its club and
seats, the `client_id` lookup, the hands and awards of the answer) are raw SQL
through pitchclub.sql: the ORM's statement building cost more than the database's
work (docs/benchmarks.md). They are portable between SQLite and PostgreSQL, and their
values come out through the model fields as the ORM's do."""

from collections import defaultdict
from collections.abc import Iterable
from typing import Any, NamedTuple
from uuid import UUID

from django.contrib.auth.models import AbstractBaseUser
from django.db import connection
from django.db.models import (
    Exists,
    OuterRef,
    Prefetch,
    Q,
    QuerySet,
    prefetch_related_objects,
)
from django.db.models.functions import Lower
from django.utils.translation import gettext

from pitchclub import permissions, sql
from pitchclub import selectors as club_selectors
from pitchclub.models import Club, Membership, Player
from pitchclub.vocabulary import KEEPERS
from scoring.games import links as game_links
from scoring.games.convert import HAND_FIELDS, hand_shape, row_shown, rules_for
from scoring.models import Award, Game, GameLog, Hand, HandRevision, Seat

# The club and profile pages show game cards from here (until they get panels).


def game_list(
    *,
    user: AbstractBaseUser | None,
    limit: int | None = None,
    played_by: AbstractBaseUser | None = None,
) -> QuerySet[Game]:
    """Games the user may read (only those `played_by` someone's players, if given),
    most recently changed first, with their clubs and seated players (2 queries)."""
    games = Game.objects.filter(permissions.games_visible_filter(user))
    if played_by is not None:
        games = games.filter(
            Exists(Seat.objects.filter(game=OuterRef("pk"), player__user=played_by))
        )
    games = (
        games.select_related("club")
        .prefetch_related(
            Prefetch("seats", queryset=Seat.objects.select_related("player"))
        )
        .annotate(**game_links.annotations())
        .order_by("-updated_at", "-id")
    )
    return games[:limit] if limit is not None else games


def game_detail(*, game_id: int, user: AbstractBaseUser | None) -> Game:
    """One game the user may read, with club, seats, hands and awards (4 queries).

    Raises Game.DoesNotExist for an unknown id or a game the user may not see: a
    private club's games do not exist for outsiders."""
    return (
        Game.objects.filter(permissions.games_visible_filter(user))
        .select_related("club")
        .prefetch_related(
            Prefetch("seats", queryset=Seat.objects.select_related("player")),
            Prefetch("hands", queryset=Hand.objects.order_by("number")),
            "hands__awards",
        )
        .annotate(**game_links.annotations())
        .get(pk=game_id)
    )


def game_editable_by(*, game: Game, user: AbstractBaseUser | None) -> bool:
    """Whether `user` may record, correct and undo hands of `game`. In a club's
    game rights follow the club's roles (its organisers and scorekeepers, API.md):
    a creator who lost the role loses them too. A game outside clubs is its
    creator's. Superusers may do everything."""
    if user is None or not user.is_authenticated:
        return False
    if user.is_superuser:
        return True
    if game.club_id is not None:
        return permissions.club_scorekeeping_by(club=game.club, user=user)
    return game.created_by_id == user.pk


def game_manageable_by(*, game: Game, user: AbstractBaseUser | None) -> bool:
    """Whether `user` may abandon, resume or delete `game`: its creator, or in a
    club's game the club's organisers (a creator who is no longer one of the club's
    organisers or scorekeepers may not, as for recording hands). Superusers too."""
    if user is None or not user.is_authenticated:
        return False
    if user.is_superuser:
        return True
    if game.club_id is None:
        return game.created_by_id == user.pk
    access = permissions.club_access(club=game.club, user=user)
    return access.can_manage or (
        access.can_keep_score and game.created_by_id == user.pk
    )


def game_archive(
    *, user: AbstractBaseUser | None, player: Player | None = None
) -> QuerySet[Game]:
    """Every game the user may read (only those `player` sat in, if given), newest
    first (by when it started), with clubs and seated players (2 queries a page):
    the archives filter it."""
    games = Game.objects.filter(permissions.games_visible_filter(user))
    if player is not None:
        games = games.filter(
            Exists(Seat.objects.filter(game=OuterRef("pk"), player=player))
        )
    return (
        games.select_related("club")
        .prefetch_related(
            Prefetch("seats", queryset=Seat.objects.select_related("player"))
        )
        .order_by("-created_at", "-id")
    )


def players_visible_to(user: AbstractBaseUser | None) -> QuerySet[Player]:
    """Players whose games the user may look for: outside clubs, or in a club the
    user may see (a private club's roster does not exist for outsiders)."""
    return Player.objects.filter(
        Q(club__isnull=True) | Q(club__in=permissions.clubs_visible_to(user))
    )


def clubs_told_apart(clubs: Iterable[Club]) -> dict[int, str]:
    """pitchclub's club_labels for a choice among `clubs`, by id, fetching the
    organisers of the clubs that share a name (1 query if any do, else none)."""
    return club_selectors.club_labels(_with_shared_organisers(clubs))


def players_told_apart(players: Iterable[Player]) -> dict[int, str]:
    """Each player's name for a choice among `players` (with their clubs), by id.
    A name no other shares (in any case) stays bare; else it says the club,
    told apart from a club of the same name as the clubs pages do ("Ann (Thursday
    Night Pitch, Main Street)", "Eve (no club)"), and, where that is the same too,
    which has an account, or else the id ("Eve (no club, id 12)"). 1 query where
    clubs of one name need their organisers, else none."""
    players = list(players)
    named: dict[str, list[Player]] = defaultdict(list)
    for player in players:
        named[player.name.casefold()].append(player)
    labels = {player.pk: player.name for player in players}
    repeated = [same for same in named.values() if len(same) > 1]
    if not repeated:
        return labels
    clubs = {player.club_id: player.club for player in players if player.club_id}
    hints = club_selectors.club_hints(_with_shared_organisers(clubs.values()))

    def where(player: Player) -> str:
        if player.club is None:
            return gettext("no club")
        hint = hints.get(player.club_id, "")
        return f"{player.club.name}, {hint}" if hint else player.club.name

    for same in repeated:
        places: dict[str, list[Player]] = defaultdict(list)
        for player in same:
            places[where(player)].append(player)
        for place, alike in places.items():
            accounts = {player.user_id is not None for player in alike}
            for player in alike:
                if len(alike) == 1:
                    clue = place
                elif len(alike) == len(accounts):
                    account = player.user_id is not None
                    clue = f"{place}, " + (
                        gettext("has an account") if account else gettext("guest")
                    )
                else:
                    clue = f"{place}, " + gettext("id %(id)s") % {"id": player.pk}
                labels[player.pk] = f"{player.name} ({clue})"
    return labels


def _with_shared_organisers(clubs: Iterable[Club]) -> list[Club]:
    """The clubs, those sharing a name with their organisers fetched (club_hints
    may name them): 1 query if any share one, else none."""
    clubs = list(clubs)
    named: dict[str, list[Club]] = defaultdict(list)
    for club in clubs:
        named[club.name.casefold()].append(club)
    shared = [club for same in named.values() if len(same) > 1 for club in same]
    prefetch_related_objects(shared, club_selectors.organisers_prefetch())
    return clubs


def player_for_archive(*, player_id: int, user: AbstractBaseUser | None) -> Player:
    """The player with their club, if the user may see them (Player.DoesNotExist
    otherwise)."""
    return players_visible_to(user).select_related("club").get(pk=player_id)


def players_of(user: AbstractBaseUser) -> list[Player]:
    """The user's own players (one per club, and outside clubs), with their clubs,
    by club name (1 query)."""
    return list(
        Player.objects.filter(user=user)
        .select_related("club")
        .order_by(Lower("club__name"), "id")
    )


def club_for_archive(*, slug: str, user: AbstractBaseUser | None) -> Club | None:
    """The club of `slug` if the user may see it, else None (1 query)."""
    return permissions.clubs_visible_to(user).filter(slug=slug).first()


def game_was_deleted(*, game_id: int) -> bool:
    """Whether game `game_id` existed and was deleted (1 query)."""
    return GameLog.objects.filter(
        game_number=game_id, action=GameLog.Action.DELETE
    ).exists()


def game_log(*, game_id: int) -> QuerySet[GameLog]:
    """A game's abandonments and resumptions, oldest first (1 query)."""
    return (
        GameLog.objects.filter(game_id=game_id)
        .select_related("changed_by")
        .order_by("changed_at", "id")
    )


def deleted_game_log(
    *, user: AbstractBaseUser | None, club: Club | None = None
) -> QuerySet[GameLog]:
    """The tombstones of deleted games the user may see, newest first: a club's
    for its organisers and scorekeepers; outside clubs, those the user deleted.
    With `club`, that club's only (none if the user does not keep its score);
    without, all of those (a superuser: every one)."""
    if user is None or not user.is_authenticated:
        return GameLog.objects.none()
    entries = GameLog.objects.filter(action=GameLog.Action.DELETE)
    own = Q(club__isnull=True, changed_by=user)
    if club is not None:
        if not permissions.club_scorekeeping_by(club=club, user=user):
            return GameLog.objects.none()
        entries = entries.filter(club=club)
    elif not user.is_superuser:
        kept = Membership.objects.filter(user=user, role__in=KEEPERS).values("club")
        entries = entries.filter(own | Q(club__in=kept))
    return entries.select_related("changed_by").order_by("-changed_at", "-id")


def deleted_games(
    *, user: AbstractBaseUser | None, club: Club | None = None, limit: int = 20
) -> list[GameLog]:
    """What the archive pages show of deleted games, newest first: a club's to its
    organisers and scorekeepers; on the all-games page, those the user deleted
    outside clubs."""
    if club is None and user is not None and user.is_authenticated:
        entries = deleted_game_log(user=user).filter(club__isnull=True, changed_by=user)
    else:
        entries = deleted_game_log(user=user, club=club)
    return list(entries[:limit])


def game_seats(game: Game) -> list[Seat]:
    """The game's seats in order with their players: one query the first time for a
    game object, none after (nor when they were prefetched)."""
    prefetch_related_objects(
        [game],
        Prefetch(
            "seats", queryset=Seat.objects.select_related("player").order_by("number")
        ),
    )
    return list(game.seats.all())


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
        with connection.cursor() as cursor:
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


def revision_list(*, game_id: int) -> QuerySet[HandRevision]:
    """A game's corrections and undos, oldest first (1 query)."""
    return (
        HandRevision.objects.filter(game_id=game_id)
        .select_related("changed_by")
        .order_by("changed_at", "id")
    )


def clubs_keeping_score(user: AbstractBaseUser) -> list[Club]:
    """The clubs the user keeps score in, by name, each with its roster as
    `roster_players` (2 queries, whatever the rosters' sizes)."""
    memberships = (
        club_selectors.clubs_of(user)
        .filter(role__in=KEEPERS)
        .order_by("club__name", "club_id")
        .prefetch_related(
            Prefetch(
                "club__players",
                queryset=Player.objects.order_by(Lower("name"), "id"),
                to_attr="roster_players",
            )
        )
    )
    return [membership.club for membership in memberships]


def club_for_new_game(*, slug: str, user: AbstractBaseUser) -> Club | None:
    """The club of `slug` with its roster as `roster_players`, if `user` keeps score
    there; else None (2 queries, 3 with the roster)."""
    club = Club.objects.filter(slug=slug).first()
    if club is None or not permissions.club_scorekeeping_by(club=club, user=user):
        return None
    club.roster_players = list(
        club_selectors.roster(club=club).order_by(Lower("name"), "id")
    )
    return club
