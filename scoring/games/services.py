"""Writes of whole games: start one (its players seated, found or added by name),
its rematch, abandon, resume and delete it. The hands are written by
scoring.games.hands.

Every service is atomic and locks the game row while it writes, so two phones
recording at once are serialised by the database instead of corrupting a game.
"""

from collections.abc import Mapping, Sequence
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils.translation import gettext

from pitchclub.models import Club, Player
from pitchclub.services import players as club_services
from pitchclub.text import UnsafeText, clean_name
from scoring import engine
from scoring.engine import RuleViolation
from scoring.games import hooks, selectors
from scoring.games import links as game_links
from scoring.games.convert import rules_for
from scoring.games.versions import Changed, game_version
from scoring.models import Game, GameLog, Seat, Status

PLAYER_NAME_MAX = 40


def signed_in(by: AbstractBaseUser | None) -> AbstractBaseUser | None:
    """`by` as the rows keep who wrote them: None for an anonymous visitor."""
    return by if by is not None and by.is_authenticated else None


def _clubless_player(name: str, created_by: AbstractBaseUser | None) -> Player:
    """Outside clubs a name means the same player only in the same scorekeeper's
    games (their regular table), spelled exactly so: never someone else's player."""
    if created_by is not None:
        known = (
            Player.objects.filter(
                club__isnull=True, name=name, seats__game__created_by=created_by
            )
            .order_by("id")
            .first()
        )
        if known is not None:
            return known
    return Player.objects.create(name=name)


def _may_seat_outside_clubs(player: Player, by: AbstractBaseUser | None) -> bool:
    """Outside clubs a player named by id must be the caller's: their own account's
    player, or one from their own clubless games. Anyone else's (a club member, a
    stranger's regular) would fill a stranger's stats or block a guest's claim."""
    if by is None:
        return False
    if by.is_superuser or player.user_id == by.pk:
        return True
    return player.club_id is None and player.seats.filter(game__created_by=by).exists()


def _resolve_players(
    players: Sequence[str | Player],
    club: Club | None,
    created_by: AbstractBaseUser | None = None,
) -> list[Player]:
    """Players as given, or by name: in a club a name is looked up in its roster,
    and a new name adds a guest to it; outside clubs a name seen before is reused."""
    resolved: list[Player] = []
    for index, entry in enumerate(players):
        field = f"players.{index}"
        if isinstance(entry, Player):
            if club is not None and entry.club_id != club.pk:
                raise RuleViolation(
                    "player_not_in_roster",
                    field,
                    params={"player": entry.name, "club": club.name},
                )
            if club is None and not _may_seat_outside_clubs(entry, created_by):
                raise RuleViolation(
                    "player_not_yours", field, params={"player": entry.name}
                )
            resolved.append(entry)
            continue
        if not isinstance(entry, str):
            raise RuleViolation("invalid_player", field)
        try:
            name = clean_name(entry)
        except UnsafeText as problem:
            raise RuleViolation(
                "invalid_player_name",
                field,
                problem.sentence(
                    gettext("The name of player %(number)s") % {"number": index + 1}
                ),
                params={"player": index + 1, "problem": problem.code},
            ) from problem
        if not name:
            raise RuleViolation(
                "empty_player_name", field, params={"player": index + 1}
            )
        if len(name) > PLAYER_NAME_MAX:
            raise RuleViolation(
                "player_name_too_long",
                field,
                params={"player": index + 1, "most": PLAYER_NAME_MAX},
            )
        if club is not None:
            player = club_services.guest_add(club=club, name=name)
        else:
            player = _clubless_player(name, created_by)
        resolved.append(player)
    # The same player, or two names a score sheet could not tell apart.
    seen: dict[object, int] = {}
    for index, player in enumerate(resolved):
        for key in (player.pk, player.name.casefold()):
            if key in seen:
                raise RuleViolation(
                    "duplicate_player",
                    f"players.{index}",
                    params={
                        "name": player.name,
                        "seat": engine.params.Seat(seen[key]),
                    },
                )
        seen[player.pk] = seen[player.name.casefold()] = index
    return resolved


@transaction.atomic
def game_start(
    *,
    variant: str,
    players: Sequence[str | Player],
    partnership: bool | None = None,
    first_dealer: int = 0,
    options: Mapping[str, Any] | None = None,
    club: Club | None = None,
    created_by: AbstractBaseUser | None = None,
    links: Mapping[str, Any] | None = None,
) -> Game:
    """Start a game: seats in the given order, seat 0 first. Whether the creator may
    start a game in `club` is the caller's check (pitchclub.permissions). `links`
    (e.g. ``{"night": 7}``) go untouched to the apps above through the game hook
    (hooks.GameLinked), whose listeners store them or refuse."""
    if not isinstance(players, Sequence) or isinstance(players, str):
        raise RuleViolation("invalid_players", "players", reason="list")
    rules = engine.make_rules(variant, len(players), partnership, first_dealer, options)
    seated = _resolve_players(players, club, signed_in(created_by))
    game = Game.objects.create(
        variant=str(rules.variant),
        partnership=rules.partnership,
        player_count=rules.players,
        first_dealer=rules.first_dealer,
        options=rules.options(),
        scores=[0] * len(rules.sides),
        club=club,
        created_by=signed_in(created_by),
    )
    Seat.objects.bulk_create(
        Seat(game=game, number=seat, side=rules.side_of(seat), player=player)
        for seat, player in enumerate(seated)
    )
    if links:
        hooks.dispatch(
            hooks.GameLinked(game=game, by=signed_in(created_by), links=dict(links))
        )
    return game


def rematch_dealer(game: Game) -> int:
    """Who deals first in the next game of `game`: the deal goes on passing to the
    left, so the seat that would have dealt the next hand."""
    return rules_for(game).dealer_of(game.hand_count + 1)


def game_rematch(
    *, game: Game, by: AbstractBaseUser | None, first_dealer: int | None = None
) -> Game:
    """The next game of a finished one: the same players in the same seats, the
    same variant and options, in the same club, for what the game was started for
    (its links: a season's night); `first_dealer` deals first (by default the deal
    moves on: rematch_dealer). Seats prefetched. Whether `by` may start it is the
    caller's check."""
    links = game_links.links_of(game)
    return game_start(
        variant=game.variant,
        players=[seat.player for seat in game.seats.all()],
        partnership=game.partnership,
        first_dealer=rematch_dealer(game) if first_dealer is None else first_dealer,
        options=game.options,
        club=game.club,
        created_by=by,
        links=links or None,
    )


# --- Whole games: abandon, resume, delete -------------------------------------------


def game_snapshot(game: Game) -> dict[str, Any]:
    """The game as the game log keeps it (and a deletion's tombstone shows it)."""
    seats = selectors.game_seats(game)
    return {
        "variant": game.variant,
        "partnership": game.partnership,
        "players": [seat.player.name for seat in seats],
        "player_ids": [seat.player_id for seat in seats],
        "options": game.options,
        "status": game.status,
        "hand_count": game.hand_count,
        "scores": game.scores,
        "club": game.club.slug if game.club_id else None,
        "created_by": game.created_by.get_username() if game.created_by else None,
        "created_at": game.created_at.isoformat(),
    }


def _log(game: Game, action: str, before: dict[str, Any], by: Any) -> GameLog:
    return GameLog.objects.create(
        game=game if action != GameLog.Action.DELETE else None,
        game_number=game.pk,
        club_id=game.club_id,
        action=action,
        before=before,
        changed_by=signed_in(by),
    )


def _lock_whole(game_id: int) -> Game:
    return (
        Game.objects.select_for_update(of=("self",))
        .select_related("club", "created_by")
        .get(pk=game_id)
    )


@transaction.atomic
def game_abandon(
    *, game_id: int, by: AbstractBaseUser | None, version: str | None = None
) -> tuple[Game, bool]:
    """Abandon an open game: it is kept, read-only, left out of standings and
    statistics (Game.objects.counted()), its log says who and when; GameAbandoned
    is dispatched. Returns the game and whether it changed: an abandoned game is
    left as it is (a second tap, a retry). A finished game is refused. Whether `by`
    may is the caller's check (selectors.game_manageable_by). `version`, from the
    confirmation page (versions.game_version): a game changed since raises
    `Changed` and is not abandoned."""
    game = _lock_whole(game_id)
    if game.status == Status.ABANDONED:
        return game, False
    if version is not None and version != game_version(game):
        raise Changed()
    if game.status == Status.FINISHED:
        raise RuleViolation("game_finished", "status")
    before = game_snapshot(game)
    game.status = Status.ABANDONED
    game.save(update_fields=["status", "updated_at"])
    _log(game, GameLog.Action.ABANDON, before, by)
    hooks.dispatch(hooks.GameAbandoned(game=game, by=signed_in(by)))
    return game, True


@transaction.atomic
def game_resume(*, game_id: int, by: AbstractBaseUser | None) -> tuple[Game, bool]:
    """Open an abandoned game again (the table plays on after all); GameResumed is
    dispatched. Returns the game and whether it changed: a game that is not
    abandoned is left as it is."""
    game = _lock_whole(game_id)
    if game.status != Status.ABANDONED:
        return game, False
    before = game_snapshot(game)
    game.status = Status.IN_PROGRESS
    game.save(update_fields=["status", "updated_at"])
    _log(game, GameLog.Action.RESUME, before, by)
    hooks.dispatch(hooks.GameResumed(game=game, by=signed_in(by)))
    return game, True


@transaction.atomic
def game_delete(*, game_id: int, by: AbstractBaseUser | None) -> GameLog:
    """Delete a game started by mistake: only one without hands (else refused:
    abandon it instead). Its seats and its log of undone hands go with it; the
    game log keeps a tombstone (who, when, the game as it was), which is returned.
    GameDeleted is dispatched while the row is still there."""
    game = _lock_whole(game_id)
    hands = game.hands.count()
    if hands:
        raise RuleViolation("game_has_hands", "hands", params={"hands": hands})
    before = game_snapshot(game)
    tombstone = _log(game, GameLog.Action.DELETE, before, by)
    hooks.dispatch(hooks.GameDeleted(game=game, by=signed_in(by)))
    game.delete()
    return tombstone
