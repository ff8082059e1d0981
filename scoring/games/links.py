"""What a game was started for, as apps above scoring keep it (a season's night).

A game may be started with `links` (``{"night": 7}``: services.game_start, the
game hook's GameLinked), which scoring passes through untouched to the app that
knows the key. That app stores the link in a model of its own, one row per linked
game at most, and registers it here in ``AppConfig.ready()``:

- ``model`` and ``value``: the row and its field holding what the game was linked
  to (``NightGame.night``), ``game`` its one-to-one field to the game. Scoring then
  reads a game's links with the game itself, no query of their own: a join in the
  raw read of the API (rows.game_with_seats), a subquery in the ORM's
  (selectors.game_detail, game_list), and the API's game says ``"night": 7``.
- ``describe``: what a link value means to the scorekeeper starting a game for it
  ("Counts for the night of Thu 3 Dec · Winter 2026"), or None when the value is
  not one the club has (the new-game page then says so and leaves it out).

Scoring never imports the apps above: it knows a key only as a name.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from django.db.models import Model, OuterRef, Subquery

from pitchclub.models import Club
from scoring.models import Game


@dataclass(frozen=True, slots=True)
class LinkDescription:
    """What a link means on the new-game page: the sentence, and the variant the
    game must be (None: any)."""

    text: str
    variant: str | None = None


# (value, club) -> the description, or None for a value the club does not have
# (1 query at most).
Describer = Callable[[object, Club | None], LinkDescription | None]


@dataclass(frozen=True, slots=True)
class GameLink:
    key: str
    model: type[Model]
    value: str
    describe: Describer
    game: str = "game"

    @property
    def table(self) -> str:
        return str(self.model._meta.db_table)

    @property
    def game_column(self) -> str:
        return str(self.model._meta.get_field(self.game).column)

    @property
    def value_column(self) -> str:
        return str(self.model._meta.get_field(self.value).column)

    @property
    def annotation(self) -> str:
        return f"link_{self.key}"


_LINKS: dict[str, GameLink] = {}


def register_game_link(link: GameLink) -> None:
    """Let games be started for ``link.key`` and read it back (once per key)."""
    registered = _LINKS.get(link.key)
    if registered is not None and registered != link:
        raise ValueError(f"A game link {link.key!r} is already registered.")
    _LINKS[link.key] = link


def registered() -> tuple[GameLink, ...]:
    """The links in a fixed order (by key)."""
    return tuple(_LINKS[key] for key in sorted(_LINKS))


def get(key: str) -> GameLink | None:
    return _LINKS.get(key)


def annotations() -> dict[str, Subquery]:
    """Each link's value as a subquery of a Game queryset (``link_<key>``)."""
    return {
        link.annotation: Subquery(
            link.model._default_manager.filter(**{link.game: OuterRef("pk")}).values(
                link.value
            )[:1]
        )
        for link in registered()
    }


def remember(game: Game, values: Mapping[str, Any]) -> None:
    """Keep the links read with the game on it (rows.game_with_seats)."""
    game._links = {key: value for key, value in values.items() if value is not None}  # type: ignore[attr-defined]


def links_of(game: Game) -> dict[str, Any]:
    """The game's links by key, those it has only: as read with the game (a join or
    the ``link_<key>`` annotations), else one query per link the first time."""
    known = getattr(game, "_links", None)
    if known is not None:
        return dict(known)
    values: dict[str, Any] = {}
    for link in registered():
        if hasattr(game, link.annotation):
            values[link.key] = getattr(game, link.annotation)
        else:
            values[link.key] = (
                link.model._default_manager.filter(**{link.game: game.pk})
                .values_list(link.value, flat=True)
                .first()
            )
    remember(game, values)
    return dict(game._links)  # type: ignore[attr-defined]


def describe(key: str, value: object, club: Club | None) -> LinkDescription | None:
    """What starting a game with ``{key: value}`` in ``club`` means, or None when
    nothing registered knows it."""
    link = _LINKS.get(key)
    return None if link is None else link.describe(value, club)
