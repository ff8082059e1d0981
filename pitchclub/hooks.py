"""What follows a change of the core that apps above it must take part in.

Merging two roster players of one person (an organiser's merge on the roster page or
the API, or a member claiming a guest's profile through an invite) goes through one
service, ``pitchclub.services.players.players_merge``'s: whatever an app above the
core keeps of the guest (scoring: seats and awards) must move to the player it
merges into. The core dispatches ``PlayersMerging`` there; apps register their
listeners in ``AppConfig.ready()`` (scoring: ``scoring.games.listeners``), so the
core imports none of them. Listeners run inside the change's transaction, in a fixed
order (``order``, then ``name``); one may refuse the merge with a ``Refusal``, which
rolls the whole change back. Nothing is caught here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction

from pitchclub.models import Invite, Player


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayersMerging:
    """``guest`` (a player without an account) is about to become ``into``, the
    player that stays: an organiser's merge (``invite`` None), or a claim through
    ``invite`` by a user already on the roster. The guest is deleted once every
    listener has run.

    A listener says what it moved in ``moved`` (``{"games": 3, "awards": 7}``): the
    roster's log keeps it, and the merge's confirmation shows it. A refusal names
    ``refusal_field``: ``code`` for a claim (the invite code typed), ``into`` for
    a merge."""

    guest: Player
    into: Player
    invite: Invite | None = None
    by: AbstractBaseUser | None = None
    moved: dict[str, int] = field(default_factory=dict)

    @property
    def refusal_field(self) -> str:
        """Where a refusal of this merge belongs."""
        return "into" if self.invite is None else "code"


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
