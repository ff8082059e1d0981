"""What follows a change of the core that apps above it must take part in.

Claiming a guest's profile merges two roster players: whatever an app above the core
keeps of the guest (scoring: seats and awards) must move to the player it merges
into. The core dispatches ``PlayersMerging`` where it merges; apps register their
listeners in ``AppConfig.ready()`` (scoring: ``scoring.listeners``), so the core
imports none of them. Listeners run inside the change's transaction, in a fixed order
(``order``, then ``name``); one may refuse the merge with a ``Refusal``, which rolls
the whole change back. Nothing is caught here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.db import transaction

from pitchclub.models import Invite, Player


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayersMerging:
    """``guest`` is about to become ``into`` (the claiming user's roster player),
    through ``invite``; the guest is deleted once every listener has run."""

    guest: Player
    into: Player
    invite: Invite


Listener = Callable[[PlayersMerging], None]

_LISTENERS: dict[str, tuple[int, Listener]] = {}


def register(listener: Listener, *, order: int, name: str) -> None:
    """Call ``listener`` for every merge. A name already taken by another listener
    is an error (two apps would otherwise silently replace each other)."""
    registered = _LISTENERS.get(name)
    if registered is not None and registered[1] is not listener:
        raise ValueError(f"A listener named {name!r} is already registered.")
    _LISTENERS[name] = (order, listener)


def unregister(name: str) -> None:
    _LISTENERS.pop(name, None)


def listeners() -> list[Listener]:
    """The listeners in the order they run: by ``order``, then by name."""
    return [
        listener
        for name, (order, listener) in sorted(
            _LISTENERS.items(), key=lambda item: (item[1][0], item[0])
        )
    ]


def dispatch(event: PlayersMerging) -> None:
    """Run every listener, inside the caller's transaction."""
    assert transaction.get_connection().in_atomic_block, "dispatch inside a write"
    for listener in listeners():
        listener(event)
