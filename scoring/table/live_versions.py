"""A game's live version in the cache, so that a poll of the live view that finds
nothing changed costs no database statement.

Every phone and wall watching a game asks every 3 s with the version it shows
(scoring/table/live.py). The version (share.live_version: the game row's last change
and its hand count) is kept in the cache under the game's id, with whether anyone may
read the game (no club, or a public club's). The game hook sets it after every change
commits (``follow``, registered in scoring/apps.py for every game event), and a poll
that found the cache empty keeps what it read with ``add``, which never overwrites:
a poll that read the row before a change cannot put the old version back over the
new one.

Only a shared cache can say what changed in another process: with ``REDIS_URL`` (every
host) or ``CACHE_DIR`` (every worker of one host). Django's in-memory cache is one
process's, so without either (``LIVE_FROM_CACHE`` off) every poll reads the row, as
before. A private club's game is never answered from the cache: the reader is checked.
While Redis is down the cache answers nothing (pitchclub/cache.py) and polls read the
row.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.conf import settings
from django.core.cache import cache
from django.db import transaction

from scoring.games import hooks
from scoring.table.share import live_version

# A minute: a version is rewritten at every change; should that write be lost (Redis
# restarting as the change commits), a poll reads the row again within a minute.
TIMEOUT = 60
# Whether anyone may read the game is kept for 5 minutes: a club turned private is
# answered from the database again within that time. (Until then its unchanged polls
# answer 204 to anyone, which says only that nothing changed.)
PUBLIC_TIMEOUT = 5 * 60


@dataclass(frozen=True, slots=True)
class Cached:
    version: str
    public: bool


def enabled() -> bool:
    return bool(getattr(settings, "LIVE_FROM_CACHE", False))


def version_key(game_id: int) -> str:
    return f"live:game:{game_id}"


def public_key(game_id: int) -> str:
    return f"live:game:{game_id}:public"


def cached(game_id: int) -> Cached | None:
    """What the cache holds for the game (one round trip), or None: off, empty, or
    Redis down."""
    if not enabled():
        return None
    found = cache.get_many([version_key(game_id), public_key(game_id)])
    version = found.get(version_key(game_id))
    public = found.get(public_key(game_id))
    if not isinstance(version, str) or public not in ("1", "0"):
        return None
    return Cached(version=version, public=public == "1")


def remember_version(game_id: int, version: str, *, public: bool) -> None:
    """Keep what a poll read from the database, unless the cache holds it already:
    ``add`` never writes over a newer version a change wrote meanwhile."""
    if not enabled():
        return
    cache.add(version_key(game_id), version, TIMEOUT)
    cache.add(public_key(game_id), "1" if public else "0", PUBLIC_TIMEOUT)


def follow(event: hooks.GameEvent) -> None:
    """The game hook's listener: once the change commits, the cache holds the game's
    version as the transaction left it (read from the row object when it commits, so
    every later write of the same change counts); a deleted game's entry goes. No
    statement is added to the change."""
    if not enabled():
        return
    game = event.game
    game_id = game.pk
    if isinstance(event, hooks.GameDeleted):
        transaction.on_commit(
            lambda: cache.delete_many([version_key(game_id), public_key(game_id)])
        )
        return
    transaction.on_commit(
        lambda: cache.set(
            version_key(game_id),
            live_version(game.updated_at, game.hand_count),
            TIMEOUT,
        )
    )
