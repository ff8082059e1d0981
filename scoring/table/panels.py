"""Sections that apps above scoring add to a game's table page.

A game played for something kept above scoring (a tournament's match) says so on
its page without scoring importing that app: the app registers a panel function in
``AppConfig.ready()``; the table page asks for the panels and includes each one's
template. A panel may take the place of "New game, same players" (a match's next
game is the match's, not a club game). Panels run in a fixed order (``order``, then
``name``) when the view runs: at most one query each.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from django.http import HttpRequest

from scoring.models import Game


@dataclass(frozen=True, slots=True)
class GamePanel:
    """A section of the table page: the template to include and what it shows;
    ``replaces_rematch`` hides "New game, same players"."""

    template: str
    context: dict[str, Any] = field(default_factory=dict)
    replaces_rematch: bool = False


# (request, game, editable) -> panel or None; `editable`: the user keeps this
# game's score (scoring has worked it out already).
GamePanelFunction = Callable[[HttpRequest, Game, bool], GamePanel | None]

_PANELS: dict[str, tuple[int, GamePanelFunction]] = {}


def register_game_panel(panel: GamePanelFunction, *, order: int, name: str) -> None:
    """Show ``panel``'s section on every game's table page."""
    registered = _PANELS.get(name)
    if registered is not None and registered[1] is not panel:
        raise ValueError(f"A game panel named {name!r} is already registered.")
    _PANELS[name] = (order, panel)


def game_panels(request: HttpRequest, game: Game, *, editable: bool) -> list[GamePanel]:
    """The table page's sections from other apps, in order."""
    ordered = sorted(_PANELS.items(), key=lambda item: (item[1][0], item[0]))
    panels = (panel(request, game, editable) for _, (_, panel) in ordered)
    return [panel for panel in panels if panel is not None]
