"""Writes: the only bridge between rows and the rules engine.

Every service is atomic and locks the game row while it writes, so two phones
recording at once are serialised by the database instead of corrupting a game.
"""

from collections.abc import Mapping, Sequence
from typing import Any
from uuid import UUID

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils import timezone

from pitchclub import sql
from pitchclub.models import Club, Player
from pitchclub.services import players as club_services
from pitchclub.text import UnsafeText, clean_name
from scoring import engine
from scoring.engine import RuleViolation
from scoring.games import hooks, selectors
from scoring.games import links as game_links
from scoring.games.convert import (
    hand_input_of,
    hand_snapshot,
    result_fields,
    rules_for,
    state_of,
)
from scoring.models import Award, Game, GameLog, Hand, HandRevision, Seat, Status

PLAYER_NAME_MAX = 40


class HandNotFound(LookupError):
    """The hand number does not exist in this game (a 404, not a rule broken)."""


def _user(by: AbstractBaseUser | None) -> AbstractBaseUser | None:
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
                problem.sentence(f"The name of player {index + 1}"),
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
    seated = _resolve_players(players, club, _user(created_by))
    game = Game.objects.create(
        variant=str(rules.variant),
        partnership=rules.partnership,
        player_count=rules.players,
        first_dealer=rules.first_dealer,
        options=rules.options(),
        scores=[0] * len(rules.sides),
        club=club,
        created_by=_user(created_by),
    )
    Seat.objects.bulk_create(
        Seat(game=game, number=seat, side=rules.side_of(seat), player=player)
        for seat, player in enumerate(seated)
    )
    if links:
        hooks.dispatch(
            hooks.GameLinked(game=game, by=_user(created_by), links=dict(links))
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


def _lock(game_id: int) -> Game:
    return Game.objects.select_for_update().get(pk=game_id)


def _refuse_if_abandoned(game: Game) -> None:
    """An abandoned game is read-only until it is resumed."""
    if game.status == Status.ABANDONED:
        raise RuleViolation("game_abandoned", "status")


def _apply_state(game: Game, state: engine.GameState) -> int | None:
    """Write the game's new state; returns the side that had won before (or None)."""
    previous_winner = game.winner
    was_finished = game.status == Status.FINISHED
    game.scores = list(state.scores)
    game.hand_count = state.hands
    game.winner = state.winner
    game.status = Status.FINISHED if state.finished else Status.IN_PROGRESS
    if state.finished and not was_finished:
        game.finished_at = timezone.now()
    elif not state.finished:
        game.finished_at = None
    # As game.save(update_fields=…) would, without the ORM's cost (pitchclub.sql).
    sql.update(
        game, ["scores", "hand_count", "winner", "status", "finished_at", "updated_at"]
    )
    return previous_winner


def _winner_events(
    game: Game, previous_winner: int | None, by: AbstractBaseUser | None
) -> None:
    """GameFinished when the game is won by another side than before (from open, or
    from another side after a correction), GameReopened when it is open again."""
    if game.winner == previous_winner:
        return
    if game.winner is None:
        hooks.dispatch(
            hooks.GameReopened(game=game, by=by, previous_winner=previous_winner)
        )
    else:
        hooks.dispatch(
            hooks.GameFinished(
                game=game, by=by, winner=game.winner, previous_winner=previous_winner
            )
        )


def _write_awards(game: Game, hand: Hand, result: engine.HandResult) -> None:
    """One row per point taken, in one statement: a seat's with its player, or a
    side credit's with neither (it counts for the side, for no player)."""
    rules_points = engine.POINT_VALUES[engine.Variant(game.variant)]
    # Read once per game object: the API's answer shows the same seats.
    seats = {seat.number: seat for seat in selectors.seat_rows(game)}
    rows = []
    for point, award in result.awards.items():
        if award is None:
            continue
        if isinstance(award, engine.SideCredit):
            seat, side, player_id = None, award.side, None
        else:
            seat, side, player_id = award, seats[award].side, seats[award].player_id
        rows.append(
            Award(
                hand=hand,
                game_id=hand.game_id,
                point=point,
                seat=seat,
                side=side,
                value=rules_points[point],
                player_id=player_id,
            )
        )
    sql.insert_many(rows)


def _client_id_used(game: Game, client_id: UUID) -> bool:
    """Whether this game has seen `client_id`: True for a hand recorded with it (a
    retry: nothing to write). A hand recorded with it and then undone raises: the
    `client_id` stays used (API.md), so a phone resending it (a lost answer, its
    offline queue) never brings the undone hand back. One query for both."""
    seen = selectors.client_id_uses(game_id=game.pk, client_id=client_id)
    if not seen:
        return False
    if any(not was_undone for was_undone, _ in seen):
        return True
    number = seen[0][1]
    raise RuleViolation(
        "hand_undone", "client_id", hand=number, params={"number": number}
    )


def hand_record(
    *,
    game_id: int,
    hand: engine.HandInput,
    number: int | None = None,
    client_id: UUID | None = None,
    by: AbstractBaseUser | None = None,
    locked: Game | None = None,
) -> tuple[Game, bool]:
    """Record the next hand. Returns the game and whether a hand was written:
    a `client_id` already recorded for this game is a retry and writes nothing.

    `locked` is the game row when the caller has already locked it in its own
    transaction (select_for_update, as the API does while checking who may write):
    it is used as it is instead of being read again, and the caller's transaction
    is the service's (no savepoint of its own): whatever this raises must roll the
    caller's transaction back, as the API view does by letting it propagate out of
    its atomic block."""
    if locked is None:
        with transaction.atomic():
            return _hand_record(_lock(game_id), hand, number, client_id, by)
    if locked.pk != game_id:
        raise ValueError(f"locked is game {locked.pk}, not game {game_id}")
    if not transaction.get_connection().in_atomic_block:
        raise RuntimeError("locked: the game must be locked in an atomic block.")
    return _hand_record(locked, hand, number, client_id, by)


def _hand_record(
    game: Game,
    hand: engine.HandInput,
    number: int | None,
    client_id: UUID | None,
    by: AbstractBaseUser | None,
) -> tuple[Game, bool]:
    if client_id is not None and _client_id_used(game, client_id):
        return game, False
    _refuse_if_abandoned(game)
    expected = game.hand_count + 1
    if number is not None and number != expected:
        raise RuleViolation(
            "number_conflict",
            "number",
            params={"number": number, "expected": expected},
        )
    result, state = engine.score_hand(rules_for(game), state_of(game), hand)
    # The hand and its awards are INSERTed directly, the game UPDATEd
    # (pitchclub.sql): the same rows as the ORM's, at a fraction of its cost.
    stored = sql.insert(
        Hand(
            game=game,
            number=result.number,
            client_id=client_id,
            recorded_by=_user(by),
            **result_fields(result),
        )
    )
    _write_awards(game, stored, result)
    previous_winner = _apply_state(game, state)
    hooks.dispatch(
        hooks.HandRecorded(game=game, by=_user(by), hand=stored, result=result)
    )
    _winner_events(game, previous_winner, _user(by))
    return game, True


def _hands_for_replay(game: Game) -> list[Hand]:
    return list(game.hands.order_by("number").prefetch_related("awards"))


def _get_hand(hands: list[Hand], number: int) -> Hand:
    if not 1 <= number <= len(hands):
        raise HandNotFound(f"This game has no hand {number}.")
    return hands[number - 1]


@transaction.atomic
def hand_correct(
    *,
    game_id: int,
    number: int,
    hand: engine.HandInput,
    by: AbstractBaseUser | None = None,
) -> Game:
    """Replace hand `number` and replay the whole game (RULES.md, Corrections)."""
    game = _lock(game_id)
    _refuse_if_abandoned(game)
    hands = _hands_for_replay(game)
    target = _get_hand(hands, number)
    inputs = [hand_input_of(stored) for stored in hands]
    inputs[number - 1] = hand
    replayed = engine.replay(rules_for(game), inputs)
    rules = rules_for(game)
    before = hand_snapshot(target, rules.points)

    corrected = replayed.results[number - 1]
    for name, value in result_fields(corrected).items():
        setattr(target, name, value)
    target.recorded_by = _user(by) or target.recorded_by
    target.save()
    target.awards.all().delete()
    _write_awards(game, target, corrected)

    # Later hands keep their inputs; only their running scores can move.
    later = []
    for stored, result in zip(hands[number:], replayed.results[number:], strict=True):
        if stored.scores != list(result.scores):
            stored.scores = list(result.scores)
            later.append(stored)
    Hand.objects.bulk_update(later, ["scores"])

    target = Hand.objects.prefetch_related("awards").get(pk=target.pk)
    after = hand_snapshot(target, rules.points)
    HandRevision.objects.create(
        game=game,
        hand_number=number,
        action=HandRevision.Action.CORRECT,
        before=before,
        after=after,
        changed_by=_user(by),
    )
    previous_winner = _apply_state(game, replayed.state)
    hooks.dispatch(
        hooks.HandCorrected(
            game=game, by=_user(by), number=number, before=before, after=after
        )
    )
    _winner_events(game, previous_winner, _user(by))
    return game


@transaction.atomic
def hand_undo(*, game_id: int, number: int, by: AbstractBaseUser | None = None) -> Game:
    """Remove the last hand; the game reopens if that hand had won it."""
    game = _lock(game_id)
    _refuse_if_abandoned(game)
    target = game.hands.filter(number=number).prefetch_related("awards").first()
    if target is None:
        raise HandNotFound(f"This game has no hand {number}.")
    if number != game.hand_count:
        raise RuleViolation(
            "not_last_hand",
            "number",
            params={"last": game.hand_count, "number": number},
        )
    before = hand_snapshot(target, rules_for(game).points)
    HandRevision.objects.create(
        game=game,
        hand_number=number,
        action=HandRevision.Action.UNDO,
        before=before,
        changed_by=_user(by),
    )
    target.delete()
    previous = game.hands.filter(number=number - 1).values_list("scores", flat=True)
    scores = previous.first() or [0] * len(game.scores)
    # A game cannot be won before its last hand, so without it nobody has won.
    previous_winner = _apply_state(
        game, engine.GameState(scores=tuple(scores), hands=number - 1, winner=None)
    )
    hooks.dispatch(
        hooks.HandUndone(game=game, by=_user(by), number=number, before=before)
    )
    _winner_events(game, previous_winner, _user(by))
    return game


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
        changed_by=_user(by),
    )


def _lock_whole(game_id: int) -> Game:
    return (
        Game.objects.select_for_update(of=("self",))
        .select_related("club", "created_by")
        .get(pk=game_id)
    )


@transaction.atomic
def game_abandon(*, game_id: int, by: AbstractBaseUser | None) -> tuple[Game, bool]:
    """Abandon an open game: it is kept, read-only, left out of standings and
    statistics (Game.objects.counted()), its log says who and when; GameAbandoned
    is dispatched. Returns the game and whether it changed: an abandoned game is
    left as it is (a second tap, a retry). A finished game is refused. Whether `by`
    may is the caller's check (selectors.game_manageable_by)."""
    game = _lock_whole(game_id)
    if game.status == Status.ABANDONED:
        return game, False
    if game.status == Status.FINISHED:
        raise RuleViolation("game_finished", "status")
    before = game_snapshot(game)
    game.status = Status.ABANDONED
    game.save(update_fields=["status", "updated_at"])
    _log(game, GameLog.Action.ABANDON, before, by)
    hooks.dispatch(hooks.GameAbandoned(game=game, by=_user(by)))
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
    hooks.dispatch(hooks.GameResumed(game=game, by=_user(by)))
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
    hooks.dispatch(hooks.GameDeleted(game=game, by=_user(by)))
    game.delete()
    return tombstone
