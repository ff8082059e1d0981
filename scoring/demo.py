"""The parts apps above scoring add to `manage.py demo`.

Scoring's command loads a club evening of games; an app above (tournaments: a
cup, a Swiss, a progressive night, a season) adds its part without scoring
importing it: it registers a function in ``AppConfig.ready()``, and the command
calls each part with the demo club and user, after the games, in a fixed order
(``order``, then ``name``). A part is idempotent on its own: it adds what is not
there yet and says what it added (an empty string: nothing).
"""

from __future__ import annotations

from collections.abc import Callable

from django.contrib.auth.models import AbstractBaseUser

from pitchclub.models import Club

# (club, user) -> what it added, in words ("a finished cup"), or "" for nothing.
DemoPart = Callable[[Club, AbstractBaseUser], str]

_PARTS: dict[str, tuple[int, DemoPart]] = {}


def register_demo_part(part: DemoPart, *, order: int, name: str) -> None:
    """Have `manage.py demo` call ``part`` after loading its games."""
    registered = _PARTS.get(name)
    if registered is not None and registered[1] is not part:
        raise ValueError(f"A demo part named {name!r} is already registered.")
    _PARTS[name] = (order, part)


def demo_parts() -> list[DemoPart]:
    """The registered parts, in order."""
    ordered = sorted(_PARTS.items(), key=lambda item: (item[1][0], item[0]))
    return [part for _, (_, part) in ordered]
