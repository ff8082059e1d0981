"""Scopes: what games a named scope covers (`season`, `night`), for the statistics,
the leaderboard and the archives. Scoring knows no seasons (tournaments does,
above it), so an app registers a resolver in its AppConfig.ready():

    scopes.register_scope("season", season_games, label="Season")

A resolver turns the value given, for the visitor, into the games it covers: a
collection (or values_list query) of game ids, or a DateRange; or it refuses with
ScopeRefused and a sentence for people. It refuses a value the visitor may not
read (a private club's season, to an outsider) with the sentence it says of one
that does not exist, so that no page or answer tells the two apart. Until one is
registered, `?season=` is refused by name.

A query's games are read once, by id, before the statement that counts them
(scope_ids): as a subquery PostgreSQL's planner misjudges them and re-runs them for
every game of the visitor's (docs/benchmarks.md).
"""

from collections.abc import Callable, Collection, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from typing import Any, NamedTuple
from zoneinfo import ZoneInfo

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.db.models import Q, QuerySet
from django.db.models.functions import TruncDate
from django.db.models.lookups import In

from pitchclub.models import Club
from scoring.models import Game, Status


@dataclass(frozen=True)
class DateRange:
    """Games started from `start` to `end`, both days included (None: open)."""

    start: date | None = None
    end: date | None = None


@dataclass(frozen=True)
class NightDays:
    """A club's games of one variant that started on `days` (dates in the site's
    time zone, settings.TIME_ZONE), abandoned games left out, `removed` games
    (ids) left out too, and `added` games (ids) counted besides: a league season
    as its nights' days, with the games a night counts on another day (a
    tournament's, one linked to a night) or not at all named one by one. The
    statistics read it from their sums by day (PlayerDay: scoring.stats.sums)
    instead of game by game."""

    club_id: int
    variant: str
    days: tuple[date, ...]
    added: tuple[int, ...] = ()
    removed: tuple[int, ...] = ()


class ScopeRefused(Exception):
    """A scope's value names nothing the visitor may read (no such season, or a
    private club's): `message` says so, for people."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


ScopeGames = Collection[int] | QuerySet | DateRange | NightDays
# A scope's value and the visitor (None: anonymous) → its games; ScopeRefused when
# the value names nothing the visitor may read.
Resolver = Callable[[str, AbstractBaseUser | None], ScopeGames]


class ScopeChoice(NamedTuple):
    """One value a club's pages offer (a season): `url` is its own page, if any."""

    value: str
    label: str
    url: str = ""


@dataclass(frozen=True)
class Scope:
    name: str
    resolver: Resolver
    label: str
    # The values a page's form offers, as (value, label), if the app lists them.
    choices: Callable[[], list[tuple[str, str]]] | None = None
    # One club's values, newest first (the leaderboard's choice), if the app lists
    # them: the only values a club's pages accept.
    club_choices: Callable[[Club], list[ScopeChoice]] | None = None


_scopes: dict[str, Scope] = {}
# What refuses a scope nobody supplies, by its name.
NOT_YET = {
    "season": "No seasons exist yet: leave “season” out.",
    "night": "No nights exist yet: leave “night” out.",
}


def register_scope(
    name: str,
    resolver: Resolver,
    *,
    label: str | None = None,
    choices: Callable[[], list[tuple[str, str]]] | None = None,
    club_choices: Callable[[Club], list[ScopeChoice]] | None = None,
) -> None:
    """Let `?<name>=value` narrow a player's statistics to the games `resolver`
    returns for the value (and a club's leaderboard, with `club_choices`: the
    club's values it offers). Only the scopes scoring knows can be supplied
    (`season`); registering one twice replaces it."""
    if name not in NOT_YET:
        known = sorted(NOT_YET)
        raise ValueError(f"Unknown statistics scope {name!r}: one of {known}")
    _scopes[name] = Scope(
        name, resolver, label or name.capitalize(), choices, club_choices
    )


def unregister_scope(name: str) -> None:
    _scopes.pop(name, None)


def scope(name: str) -> Scope | None:
    return _scopes.get(name)


@contextmanager
def scoped(name: str, resolver: Resolver, **kwargs: Any) -> Iterator[None]:
    """A scope registered for a `with` block (tests)."""
    before = _scopes.get(name)
    register_scope(name, resolver, **kwargs)
    try:
        yield
    finally:
        if before is None:
            unregister_scope(name)
        else:
            _scopes[name] = before


# A scope's games are read first, then given to the figures' (or the archive's,
# or the leaderboard's) statement by id: as a subquery, PostgreSQL's planner
# misjudges it (the visibility filter's estimate) and re-runs it for every game
# (a season of a club of 20,000 games: 1.2 s). Past this many games (no season is
# that long) it stays a subquery.
SCOPE_IDS_MOST = 10_000


def scope_ids(games: ScopeGames) -> ScopeGames:
    """A resolver's games as the statements that follow take them: a query's
    games read once, as a list of ids (1 query), unless there are more than
    SCOPE_IDS_MOST; ids, date ranges and night days as they are (no query)."""
    if not isinstance(games, QuerySet):
        return games
    ids = list(
        Game.objects.filter(pk__in=games)
        .order_by()
        .values_list("pk", flat=True)[: SCOPE_IDS_MOST + 1]
    )
    return games if len(ids) > SCOPE_IDS_MOST else ids


def scope_filter(games: ScopeGames, prefix: str = "") -> Q:
    """Games (or, with `prefix` such as "game__", rows whose game) among `games`."""
    if isinstance(games, NightDays):
        return night_days_filter(games, prefix)
    if isinstance(games, DateRange):
        condition = Q()
        if games.start is not None:
            condition &= Q(**{f"{prefix}created_at__date__gte": games.start})
        if games.end is not None:
            condition &= Q(**{f"{prefix}created_at__date__lte": games.end})
        return condition
    return Q(**{f"{prefix}pk__in": games})


def site_day(field: str) -> TruncDate:
    """The day the moment `field` falls on in the site's time zone
    (settings.TIME_ZONE), whatever time zone is active."""
    return TruncDate(field, tzinfo=ZoneInfo(settings.TIME_ZONE))


def site_day_moment(day: date) -> datetime:
    """The start of `day` in the site's time zone."""
    return datetime.combine(day, time(), ZoneInfo(settings.TIME_ZONE))


def site_days_bounds(first: date, last: date) -> tuple[datetime, datetime]:
    """The moments from the start of the day `first` to the start of the day
    after `last` (excluded), in the site's time zone."""
    return site_day_moment(first), site_day_moment(last + timedelta(days=1))


def site_day_start(moment: datetime | None) -> bool:
    """Whether `moment` is none, or the start of a day in the site's time zone."""
    if moment is None:
        return True
    local = moment.astimezone(ZoneInfo(settings.TIME_ZONE))
    return local == datetime.combine(local.date(), time(), local.tzinfo)


def night_days_filter(games: NightDays, prefix: str = "") -> Q:
    """Games (or rows whose game, with `prefix`) among the night days' games."""
    on_days = Q(**{f"{prefix}pk__in": []})
    if games.days:
        # The start's bounds: an index on it can be used.
        first, after = site_days_bounds(min(games.days), max(games.days))
        on_days = Q(
            In(site_day(f"{prefix}created_at"), list(games.days)),
            **{
                f"{prefix}club_id": games.club_id,
                f"{prefix}variant": games.variant,
                f"{prefix}created_at__gte": first,
                f"{prefix}created_at__lt": after,
            },
        ) & ~Q(**{f"{prefix}status": Status.ABANDONED})
        if games.removed:
            on_days &= ~Q(**{f"{prefix}pk__in": list(games.removed)})
    if games.added:
        return on_days | Q(**{f"{prefix}pk__in": list(games.added)})
    return on_days
