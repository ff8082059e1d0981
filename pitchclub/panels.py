"""Sections that apps above the core add to the core's pages.

The club page and the profile show what other apps keep (scoring: recent games;
later club nights, tournaments, stats) without the core importing them: an app
registers a panel function in ``AppConfig.ready()``; the page asks for the panels
and includes each one's template with its context (``panel``). Panels run in a fixed
order (``order``, then ``name``) when the view runs, so their queries are the page's.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.http import HttpRequest

from pitchclub.models import Club
from pitchclub.permissions import ClubAccess


@dataclass(frozen=True, slots=True)
class Panel:
    """A section of a page: the template to include and what it shows."""

    template: str
    context: dict[str, Any] = field(default_factory=dict)


ClubPanel = Callable[[HttpRequest, Club, ClubAccess], Panel | None]
ProfilePanel = Callable[[HttpRequest, AbstractBaseUser], Panel | None]

_CLUB: dict[str, tuple[int, ClubPanel]] = {}
_PROFILE: dict[str, tuple[int, ProfilePanel]] = {}


def _register(registry: dict[str, Any], panel: Any, order: int, name: str) -> None:
    registered = registry.get(name)
    if registered is not None and registered[1] is not panel:
        raise ValueError(f"A panel named {name!r} is already registered.")
    registry[name] = (order, panel)


def _in_order(registry: dict[str, Any]) -> list[Any]:
    return [
        panel
        for _, (_, panel) in sorted(
            registry.items(), key=lambda item: (item[1][0], item[0])
        )
    ]


def register_club_panel(panel: ClubPanel, *, order: int, name: str) -> None:
    """Show ``panel``'s section on every club page."""
    _register(_CLUB, panel, order, name)


def register_profile_panel(panel: ProfilePanel, *, order: int, name: str) -> None:
    """Show ``panel``'s section on the profile page."""
    _register(_PROFILE, panel, order, name)


def club_panels(request: HttpRequest, club: Club, access: ClubAccess) -> list[Panel]:
    """The club page's sections from other apps, in order."""
    panels = (panel(request, club, access) for panel in _in_order(_CLUB))
    return [panel for panel in panels if panel is not None]


def profile_panels(request: HttpRequest, user: AbstractBaseUser) -> list[Panel]:
    """The profile page's sections from other apps, in order."""
    panels = (panel(request, user) for panel in _in_order(_PROFILE))
    return [panel for panel in panels if panel is not None]
