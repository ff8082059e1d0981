"""The game hook: what follows a game's change (a tournament match, a bracket, ratings).

Scoring's services dispatch one typed event per change, after the rows are written
and inside the same transaction. Apps above scoring register their listeners in their
``AppConfig.ready()``; scoring imports none of them::

    class TournamentsConfig(AppConfig):
        def ready(self) -> None:
            hooks.register(
                match_follows_game,
                events=(hooks.HandCorrected, hooks.GameFinished, hooks.GameReopened),
                order=100,
                name="tournaments.match_follows_game",
            )

Listeners run in a fixed order (``order``, then ``name``). A listener refuses the
change by raising ``RuleViolation`` (code, field, message): the service's transaction
rolls the whole change back and the scorekeeper gets the refusal like any rule's (a
409 or 400 from the API, a message next to the form on the page). Nothing is caught
here: a listener's bug stays a bug (a 500), never a change half made.
"""

from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, NamedTuple

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction

from scoring import engine
from scoring.models import Game, Hand


@dataclass(frozen=True, slots=True, kw_only=True)
class GameEvent:
    """Something happened to `game` (the locked row as the change left it), done by
    `by` (None: nobody signed in, or a script)."""

    game: Game
    by: AbstractBaseUser | None


@dataclass(frozen=True, slots=True, kw_only=True)
class HandRecorded(GameEvent):
    """A new hand was written (never for a retry of one already recorded)."""

    hand: Hand
    result: engine.HandResult


@dataclass(frozen=True, slots=True, kw_only=True)
class HandCorrected(GameEvent):
    """Hand `number` was replaced and the game replayed; `before` and `after` are
    the revision log's snapshots of the hand (convert.hand_snapshot)."""

    number: int
    before: dict[str, Any]
    after: dict[str, Any]


@dataclass(frozen=True, slots=True, kw_only=True)
class HandUndone(GameEvent):
    """The last hand, `number`, was removed; `before` is its snapshot."""

    number: int
    before: dict[str, Any]


@dataclass(frozen=True, slots=True, kw_only=True)
class GameFinished(GameEvent):
    """Side `winner` has won: the game was open (`previous_winner` None), or a
    correction gave it to another side (one event, not a reopening and a finish)."""

    winner: int
    previous_winner: int | None


@dataclass(frozen=True, slots=True, kw_only=True)
class GameReopened(GameEvent):
    """The game had been won by `previous_winner` and is open again (an undo or a
    correction)."""

    previous_winner: int


@dataclass(frozen=True, slots=True, kw_only=True)
class GameAbandoned(GameEvent):
    """The game, open, was abandoned: kept, read-only, left out of standings and
    statistics (services.game_abandon)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class GameResumed(GameEvent):
    """The abandoned game is open again (services.game_resume)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class GameDeleted(GameEvent):
    """The game, without hands, is being deleted: dispatched before its row goes
    (`game` is still there), so a listener can refuse or let go of what points to
    it (services.game_delete)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class GameLinked(GameEvent):
    """The game was just started with `links` to what an app above scoring keeps,
    by key and id (``{"night": 7}``: a season's night, tournaments.seasons.services).
    Dispatched by services.game_start after the seats are written, only when the
    creator gave links; scoring passes them through untouched. The listener that
    knows a key checks it and stores the link, or refuses naming the key (a 400
    at that field)."""

    links: Mapping[str, Any]


Listener = Callable[[Any], None]


class _Registration(NamedTuple):
    order: int
    name: str
    events: tuple[type[GameEvent], ...]
    listener: Listener


_registry: list[_Registration] = []


def register(
    listener: Listener,
    *,
    events: tuple[type[GameEvent], ...],
    order: int,
    name: str,
) -> Listener:
    """Call `listener(event)` for each event of the given types (a subclass of
    GameEvent each; GameEvent itself: every event). Listeners run by `order`, then
    `name`; a `name` is registered once (a second one raises ValueError)."""
    if not events or not all(
        isinstance(kind, type) and issubclass(kind, GameEvent) for kind in events
    ):
        raise ValueError(f"{name}: events must be GameEvent types, not {events!r}")
    if any(known.name == name for known in _registry):
        raise ValueError(f"A game listener named {name!r} is already registered.")
    _registry.append(_Registration(order, name, tuple(events), listener))
    _registry.sort(key=lambda known: (known.order, known.name))
    return listener


def unregister(name: str) -> None:
    """Forget the listener registered as `name` (KeyError if there is none)."""
    for index, known in enumerate(_registry):
        if known.name == name:
            del _registry[index]
            return
    raise KeyError(name)


@contextmanager
def listening(
    listener: Listener,
    *,
    events: tuple[type[GameEvent], ...] = (GameEvent,),
    order: int = 0,
    name: str = "test",
) -> Iterator[Listener]:
    """Register `listener` for the length of a `with` block (tests)."""
    register(listener, events=events, order=order, name=name)
    try:
        yield listener
    finally:
        unregister(name)


def dispatch(event: GameEvent) -> None:
    """Run the listeners of `event`, in order, inside the caller's transaction.
    Whatever a listener raises propagates: a refusal rolls the change back."""
    if not transaction.get_connection().in_atomic_block:
        raise RuntimeError(
            f"{type(event).__name__} dispatched outside a transaction: its listeners "
            "could not refuse the change."
        )
    for known in tuple(_registry):
        if isinstance(event, known.events):
            known.listener(event)
