"""Writes of hands: record the next one, correct one (the whole game replayed), undo
the last; a correction or an undo keeps what it replaced in the revision log
(HandRevision). The only bridge between a game's rows and the rules engine's
scoring.

Every service is atomic and locks the game row while it writes, so two phones
recording at once are serialised by the database instead of corrupting a game.
"""

from collections.abc import Iterable
from uuid import UUID

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from pitchclub import sql
from scoring import engine
from scoring.engine import RuleViolation
from scoring.games import hooks
from scoring.games.convert import (
    hand_input_from,
    hand_input_of,
    hand_snapshot,
    result_fields,
    rules_for,
    state_of,
)
from scoring.games.rows import client_id_uses, seat_rows
from scoring.games.services import signed_in
from scoring.games.versions import Changed, hand_version
from scoring.models import Award, Game, Hand, HandRevision, Status


class HandNotFound(LookupError):
    """The hand number does not exist in this game (a 404, not a rule broken)."""


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
    seats = {seat.number: seat for seat in seat_rows(game)}
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


def hand_retried(*, game_id: int, client_id: UUID) -> int | None:
    """The number of the hand this game recorded with `client_id` (still recorded,
    not undone), or None: a phone's resend recognised even where no hand may be
    recorded any more (a won or abandoned game; 1 query)."""
    seen = client_id_uses(game_id=game_id, client_id=client_id)
    return next((number for undone, number in seen if not undone), None)


def _client_id_used(game: Game, client_id: UUID) -> bool:
    """Whether this game has seen `client_id`: True for a hand recorded with it (a
    retry: nothing to write). A hand recorded with it and then undone raises: the
    `client_id` stays used (API.md), so a phone resending it (a lost answer, its
    offline queue) never brings the undone hand back. One query for both."""
    seen = client_id_uses(game_id=game.pk, client_id=client_id)
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
            recorded_by=signed_in(by),
            **result_fields(result),
        )
    )
    _write_awards(game, stored, result)
    previous_winner = _apply_state(game, state)
    hooks.dispatch(
        hooks.HandRecorded(game=game, by=signed_in(by), hand=stored, result=result)
    )
    _winner_events(game, previous_winner, signed_in(by))
    return game, True


def _hands_for_replay(game: Game) -> list[Hand]:
    return list(game.hands.order_by("number").prefetch_related("awards"))


def _get_hand(hands: list[Hand], number: int) -> Hand:
    if not 1 <= number <= len(hands):
        raise HandNotFound(
            gettext("This game has no hand %(number)s.") % {"number": number}
        )
    return hands[number - 1]


@transaction.atomic
def hand_correct(
    *,
    game_id: int,
    number: int,
    hand: engine.HandInput,
    by: AbstractBaseUser | None = None,
    version: str | None = None,
) -> Game:
    """Replace hand `number` and replay the whole game (RULES.md, Corrections).
    `version`, from the page that showed the hand (versions.hand_version): the
    hand changed since raises `Changed` and nothing is written."""
    game = _lock(game_id)
    _refuse_if_abandoned(game)
    hands = _hands_for_replay(game)
    target = _get_hand(hands, number)
    if version is not None and version != hand_version(target):
        raise Changed(number)
    inputs = [hand_input_of(stored) for stored in hands]
    inputs[number - 1] = hand
    replayed = engine.replay(rules_for(game), inputs)
    rules = rules_for(game)
    before = hand_snapshot(target, rules.points)

    corrected = replayed.results[number - 1]
    for name, value in result_fields(corrected).items():
        setattr(target, name, value)
    target.recorded_by = signed_in(by) or target.recorded_by
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
        changed_by=signed_in(by),
    )
    previous_winner = _apply_state(game, replayed.state)
    hooks.dispatch(
        hooks.HandCorrected(
            game=game, by=signed_in(by), number=number, before=before, after=after
        )
    )
    _winner_events(game, previous_winner, signed_in(by))
    return game


@transaction.atomic
def hand_undo(
    *,
    game_id: int,
    number: int,
    by: AbstractBaseUser | None = None,
    version: str | None = None,
) -> Game:
    """Remove the last hand; the game reopens if that hand had won it. `version`,
    from the confirmation page: another hand under this number, or this one
    corrected since, raises `Changed` and nothing is undone."""
    game = _lock(game_id)
    _refuse_if_abandoned(game)
    target = game.hands.filter(number=number).prefetch_related("awards").first()
    if target is None:
        raise HandNotFound(
            gettext("This game has no hand %(number)s.") % {"number": number}
        )
    if version is not None and version != hand_version(target):
        raise Changed(number)
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
        changed_by=signed_in(by),
    )
    target.delete()
    previous = game.hands.filter(number=number - 1).values_list("scores", flat=True)
    scores = previous.first() or [0] * len(game.scores)
    # A game cannot be won before its last hand, so without it nobody has won.
    previous_winner = _apply_state(
        game, engine.GameState(scores=tuple(scores), hands=number - 1, winner=None)
    )
    hooks.dispatch(
        hooks.HandUndone(game=game, by=signed_in(by), number=number, before=before)
    )
    _winner_events(game, previous_winner, signed_in(by))
    return game


def restorable(revisions: Iterable[HandRevision], hand_count: int) -> int | None:
    """The hand a game's newest undo can bring back (its number), or None: while
    the undone hand would still be the last and it was not restored already.
    `revisions`: the game's, oldest first (selectors.revision_list)."""
    undos = [r for r in revisions if r.action == HandRevision.Action.UNDO]
    if not undos:
        return None
    newest = max(undos, key=lambda revision: revision.pk)
    if newest.after is not None or newest.hand_number != hand_count + 1:
        return None
    return newest.hand_number


@transaction.atomic
def hand_restore(
    *, game_id: int, number: int, by: AbstractBaseUser | None = None
) -> Game:
    """Take the game's newest undo back: hand `number` recorded again as the undo
    kept it (its client_id too, so a phone resending it is a retry), through the
    same path as any new hand; the undo's revision keeps the restored hand as its
    `after`. Refused (`not_restorable`) unless that undo is of hand `number`, it
    was not restored already and no hand was recorded since."""
    game = _lock(game_id)
    _refuse_if_abandoned(game)
    revisions = HandRevision.objects.select_for_update().filter(game=game)
    if restorable(revisions, game.hand_count) != number:
        raise RuleViolation("not_restorable", "number", params={"number": number})
    revision = max(
        (r for r in revisions if r.action == HandRevision.Action.UNDO),
        key=lambda r: r.pk,
    )
    _hand_record(game, hand_input_from(revision.before), number, None, by)
    restored = game.hands.prefetch_related("awards").get(number=number)
    # Its client_id back (the check in _hand_record would call it undone).
    client_id = revision.before.get("client_id")
    if client_id:
        restored.client_id = UUID(client_id)
        restored.save(update_fields=["client_id"])
    revision.after = hand_snapshot(restored, rules_for(game).points)
    revision.save(update_fields=["after"])
    return game
