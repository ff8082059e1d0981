"""Whether a game belongs to something an app above scoring keeps (a tournament's
match), read with the game itself: no query of its own on the pages that ask.

Unlike a link (scoring.games.links: what a game was started for, shown by the API),
a flag is only a yes or no for the pages: a panel of the table page that would
otherwise look for the game's match on every answer (issue 25 item 3: a club's
game saved in at most 10 statements) reads it first and looks only when it is yes.
An app registers its flags in ``AppConfig.ready()``; scoring never imports it.
"""

from collections.abc import Callable

from django.db.models import Exists

from scoring.models import Game

# name -> an EXISTS over the app's rows, correlated with the game (OuterRef("pk")).
_FLAGS: dict[str, Callable[[], Exists]] = {}


def register_game_flag(name: str, exists: Callable[[], Exists]) -> None:
    """Read `name` with the games of the pages (once per name)."""
    if name in _FLAGS:
        raise ValueError(f"Game flag {name!r} is already registered")
    _FLAGS[name] = exists


def annotations() -> dict[str, Exists]:
    """Each flag as an annotation of a Game queryset (``flag_<name>``)."""
    return {f"flag_{name}": exists() for name, exists in sorted(_FLAGS.items())}


def flagged(game: Game, name: str) -> bool:
    """Whether `game` has the flag: as read with it, else True (not read: the
    caller then looks for itself)."""
    return bool(getattr(game, f"flag_{name}", True))
