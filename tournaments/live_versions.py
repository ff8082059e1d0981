"""A tournament's wall (a bracket's, a round's, a progressive night's) answered from
the cache while nothing changed: a poll of a public club's wall that finds its
version unchanged costs no database statement (issue 25 item 2).

The wall asks every 3 s with the version it shows (`board.wall_version`, read from
the database by `selectors.tournament_watched`). Unlike a game's, that version
cannot be worked out when a change commits (it spans the tournament, its matches
and their games), so the cache keeps two things per tournament:

- a *generation*, a random token that every change replaces once it commits
  (``changed``): the tournaments' services that change what the wall shows (draws,
  pairings, rounds, seating, results, renames, closing, archiving), and a game of
  one of its matches through scoring's game hook (``game_changed``);
- the wall's version as a poll last read it from the database, written under the
  generation that poll saw *before* reading (``cached`` then ``remember``).

A poll is answered from the cache only when both agree: a poll that read the
database just before a change committed writes its version under the old
generation, which no longer counts. A deleted tournament's keys go (``gone``).

Only a shared cache can say what another process changed (``LIVE_FROM_CACHE``: with
``REDIS_URL`` or ``CACHE_DIR``); without it every poll reads the database as before.
A private club's wall is never answered from the cache: the reader is checked.
While Redis is down the cache answers nothing (pitchclub/cache.py) and polls read
the database.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass

from django.conf import settings
from django.core.cache import cache
from django.db import transaction

from scoring.games import flags as game_flags
from scoring.models import Game
from tournaments.models import MatchGame

# A minute, as a game's: should a change's new generation be lost (Redis restarting
# as it commits), a poll reads the database again within a minute.
TIMEOUT = 60
# Whether anyone may read the wall, kept 5 minutes as a game's (a club turned
# private is answered from the database again within that time).
PUBLIC_TIMEOUT = 5 * 60
# A generation and a game's tournament outlive any evening's play.
GENERATION_TIMEOUT = LINK_TIMEOUT = 24 * 60 * 60


@dataclass(frozen=True, slots=True)
class Kept:
    """What the cache held when a poll came in: the generation (None when it could
    not be kept: Redis down), the version kept under it, and whether anyone may
    read the wall."""

    generation: str | None
    version: str | None
    public: bool

    def unchanged(self, shown: str | None) -> bool:
        """The wall showing `shown` is up to date, and anyone may read it."""
        return self.public and self.version is not None and self.version == shown


def enabled() -> bool:
    return bool(getattr(settings, "LIVE_FROM_CACHE", False))


def generation_key(tournament_id: int) -> str:
    return f"live:tournament:{tournament_id}:generation"


def version_key(tournament_id: int) -> str:
    return f"live:tournament:{tournament_id}"


def public_key(tournament_id: int) -> str:
    return f"live:tournament:{tournament_id}:public"


def game_key(game_id: int) -> str:
    return f"live:game:{game_id}:tournament"


def _keys(tournament_id: int) -> list[str]:
    return [
        generation_key(tournament_id),
        version_key(tournament_id),
        public_key(tournament_id),
    ]


def cached(tournament_id: int) -> Kept | None:
    """What the cache holds for the tournament's wall (one round trip), or None
    with the cache off. Without a generation, one is started (a second round trip),
    so that what the poll reads next can be kept under it."""
    if not enabled():
        return None
    found = cache.get_many(_keys(tournament_id))
    generation = found.get(generation_key(tournament_id))
    if not isinstance(generation, str):
        fresh = secrets.token_hex(8)
        started = cache.add(generation_key(tournament_id), fresh, GENERATION_TIMEOUT)
        return Kept(generation=fresh if started else None, version=None, public=False)
    kept_under, _, version = str(found.get(version_key(tournament_id), "")).partition(
        "|"
    )
    return Kept(
        generation=generation,
        version=version if kept_under == generation else None,
        public=found.get(public_key(tournament_id)) == "1",
    )


def remember(
    tournament_id: int, kept: Kept | None, version: str, *, public: bool
) -> None:
    """Keep the version a poll read from the database under the generation it saw
    before reading (`kept`); nothing when the cache is off or already holds it."""
    if kept is None or kept.generation is None:
        return
    if kept.version != version:
        cache.set(version_key(tournament_id), f"{kept.generation}|{version}", TIMEOUT)
    if not kept.public:
        cache.add(public_key(tournament_id), "1" if public else "0", PUBLIC_TIMEOUT)


def changed(tournament_id: int) -> None:
    """Once the current transaction commits, the wall is new: its next poll reads
    the database (a rolled-back change changes nothing). No statement."""
    if not enabled():
        return
    transaction.on_commit(
        lambda: cache.set(
            generation_key(tournament_id), secrets.token_hex(8), GENERATION_TIMEOUT
        )
    )


def gone(tournament_id: int) -> None:
    """The tournament is deleted: once that commits, its keys go."""
    if not enabled():
        return
    transaction.on_commit(lambda: cache.delete_many(_keys(tournament_id)))


def game_linked(game_id: int, tournament_id: int) -> None:
    """A match's game was started: its changes are the tournament's, known without
    a statement (kept once the link commits)."""
    if not enabled():
        return
    transaction.on_commit(
        lambda: cache.set(game_key(game_id), str(tournament_id), LINK_TIMEOUT)
    )


def game_changed(game: Game) -> None:
    """A game changed (scoring's game hook, inside its transaction): if it is a
    match's, the tournament's wall is new once the change commits. Which tournament
    comes from the cache; the database is asked (1 statement) only when the cache
    does not know the game, and the answer is kept, a game of no tournament too.
    A game of no club is never a match's, nor one read with its "match" flag no
    (scoring.games.flags: the table page's saves): nothing is asked."""
    if not enabled() or game.club_id is None or not game_flags.flagged(game, "match"):
        return
    game_id = game.pk
    known = cache.get(game_key(game_id))
    if not isinstance(known, str):
        tournament_id = (
            MatchGame.objects.filter(game_id=game_id)
            .values_list("match__tournament_id", flat=True)
            .first()
        )
        known = "" if tournament_id is None else str(tournament_id)
        found = known
        transaction.on_commit(lambda: cache.set(game_key(game_id), found, LINK_TIMEOUT))
    if known:
        changed(int(known))
