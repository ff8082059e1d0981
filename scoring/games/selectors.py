"""Reads of games: the lists, one game and who may change it, and the logs of what
was done to it (abandoned, resumed, deleted; hands corrected and undone). Each
selector runs a fixed number of queries, whatever the game's length.

The players and clubs a visitor may look for or seat are read in
scoring.games.players; the raw-SQL reads of recording a hand through the API, in
scoring.games.rows."""

from django.contrib.auth.models import AbstractBaseUser
from django.db.models import (
    Exists,
    OuterRef,
    Prefetch,
    Q,
    QuerySet,
    Subquery,
    prefetch_related_objects,
)

from pitchclub import permissions
from pitchclub.models import Club, Membership, Player
from pitchclub.vocabulary import KEEPERS
from scoring.games import flags as game_flags
from scoring.games import links as game_links
from scoring.games import rows as game_rows
from scoring.models import Game, GameLog, Hand, HandRevision, Seat

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
    """One game the user may read, with club, seats, hands and awards (4 queries),
    and whether it has revisions or log entries (`has_revisions`, `has_log`).

    Raises Game.DoesNotExist for an unknown id or a game the user may not see: a
    private club's games do not exist for outsiders."""
    return _viewer_known(
        _with_seats(user)
        .prefetch_related(
            Prefetch("hands", queryset=Hand.objects.order_by("number")),
            "hands__awards",
        )
        .get(pk=game_id),
        user,
    )


def _with_seats(user: AbstractBaseUser | None) -> QuerySet[Game]:
    """The games the user may read, each with its club, its seats (prefetched), its
    links (game_links), its flags (game_flags), whether it has revisions or log
    entries, and the user's role in its club (`viewer_role`: _viewer_known)."""
    games = (
        Game.objects.filter(permissions.games_visible_filter(user))
        .select_related("club")
        .prefetch_related(
            Prefetch("seats", queryset=Seat.objects.select_related("player"))
        )
        .annotate(**game_links.annotations(), **game_flags.annotations())
        # Whether the page's history has anything to read: most games have no
        # correction and no abandonment, and their page reads neither log.
        .annotate(
            has_revisions=Exists(HandRevision.objects.filter(game_id=OuterRef("pk"))),
            has_log=Exists(GameLog.objects.filter(game_id=OuterRef("pk"))),
        )
    )
    if user is not None and user.is_authenticated:
        # Who may record and manage the game, read with it: the table page asks
        # up to three times per answer (issue 25 item 3).
        games = games.annotate(
            viewer_role=Subquery(
                Membership.objects.filter(
                    club_id=OuterRef("club_id"), user_id=user.pk
                ).values("role")[:1]
            )
        )
    return games


def _viewer_known(game: Game, user: AbstractBaseUser | None) -> Game:
    """`game` with the user's role in its club, as read with it, known to
    permissions.club_role (no query of its own for this user and club)."""
    if game.club is not None and user is not None and user.is_authenticated:
        permissions.remember_role(
            club=game.club, user=user, role=getattr(game, "viewer_role", None)
        )
    return game


def game_for_entry(*, game_id: int, user: AbstractBaseUser | None) -> Game:
    """One game the user may read, with club and seats but no hands (2 queries):
    what a tap's preview needs of a new hand (the game row holds the scores).
    Raises Game.DoesNotExist as game_detail does."""
    return _viewer_known(_with_seats(user).get(pk=game_id), user)


def game_locked_for_entry(*, game_id: int, user: AbstractBaseUser | None) -> Game:
    """As game_for_entry, its row locked (inside the caller's transaction) for
    hand_record(locked=…): the table's save reads the game once (2 queries)."""
    return _viewer_known(
        _with_seats(user).select_for_update(of=("self",)).get(pk=game_id), user
    )


def with_hands(game: Game) -> Game:
    """`game` (from game_for_entry) with its hands and their awards, as
    game_detail reads them (1 query: one join, game_rows.prefetch_hands)."""
    return game_rows.prefetch_hands(game)


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


def revision_list(*, game_id: int) -> QuerySet[HandRevision]:
    """A game's corrections and undos, oldest first (1 query)."""
    return (
        HandRevision.objects.filter(game_id=game_id)
        .select_related("changed_by")
        .order_by("changed_at", "id")
    )
