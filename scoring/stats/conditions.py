"""Which of a player's games the figures count (a Scope: the visitor, club,
variant, dates and a season), as conditions on each source the statements of
scoring.stats.by_months read: the monthly sums, the daily sums (a season given as
its nights' days), the per-game rows and the games without a hand.
"""

import datetime
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db.models import Q

from pitchclub import permissions, sql
from pitchclub.models import Club
from scoring.games.filters import _start_of
from scoring.games.scopes import (
    NightDays,
    ScopeGames,
    scope_filter,
    site_day_moment,
    site_day_start,
    site_days_bounds,
)
from scoring.models import Game, PlayerGame, PlayerMonth, Status
from scoring.stats import sums

ABANDONED = Status.ABANDONED.value


@dataclass(frozen=True)
class Scope:
    """Which of a player's games the figures count, as columns of the sums: the
    visitor's (None: anonymous) visibility, a club, a variant, a start from
    `start` (included) to `end` (excluded), and a season's games (a scope's games,
    scoring.games.scopes.ScopeGames, or a filter on games)."""

    user: AbstractBaseUser | None = None
    club: Club | None = None
    variant: str | None = None
    start: datetime.datetime | None = None
    end: datetime.datetime | None = None
    season: ScopeGames | Q | None = None


def scope_of(cleaned: dict[str, Any], user: AbstractBaseUser | None) -> Scope:
    """The scope of the statistics' filters as cleaned (scoring.stats.filters),
    for `user`; `from` and `to` as the archive's filters read them."""
    start = end = None
    if cleaned.get("from"):
        start = _start_of(cleaned["from"])
    if cleaned.get("to"):
        try:
            end = _start_of(cleaned["to"] + datetime.timedelta(days=1))
        except OverflowError:  # 9999-12-31: no day after it
            end = None
    return Scope(
        user=user,
        club=cleaned.get("club"),
        variant=cleaned.get("variant") or None,
        start=start,
        end=end,
        season=cleaned.get("season"),
    )


def _month_start(moment: datetime.datetime) -> datetime.datetime:
    moment = moment.astimezone(datetime.UTC)
    return moment.replace(day=1, hour=0, minute=0, second=0, microsecond=0)


def _next_month(month: datetime.datetime) -> datetime.datetime:
    return (month + datetime.timedelta(days=32)).replace(day=1)


@dataclass(frozen=True)
class Where:
    """A condition and its parameters; combined, in parentheses (it follows an
    AND in the statements)."""

    text: str
    params: tuple[Any, ...] = ()

    def __and__(self, other: "Where") -> "Where":
        return Where(f"(({self.text}) AND ({other.text}))", self.params + other.params)

    def __or__(self, other: "Where") -> "Where":
        return Where(f"(({self.text}) OR ({other.text}))", self.params + other.params)


NOTHING, EVERYTHING = Where("1 = 0"), Where("1 = 1")


def _moment(value: datetime.datetime) -> Any:
    return PlayerGame._meta.get_field("created_at").get_db_prep_value(value, sql.db())


def _day(value: datetime.date) -> Any:
    return PlayerMonth._meta.get_field("month").get_db_prep_value(value, sql.db())


def _between(column: str, start: Any, end: Any) -> Where:
    """start <= column < end (None: no bound)."""
    found = EVERYTHING
    if start is not None:
        found &= Where(f"{column} >= %s", (_moment(start),))
    if end is not None:
        found &= Where(f"{column} < %s", (_moment(end),))
    return found


def among(column: str, values: list[Any]) -> Where:
    """`column` is one of `values`: on PostgreSQL one array, not thousands of
    parameters the planner reads each time."""
    if not values:
        return NOTHING
    if sql.db().vendor == "postgresql":
        return Where(f"{column} = ANY(%s)", (list(values),))
    return Where(f"{column} IN ({', '.join(['%s'] * len(values))})", tuple(values))


def _ids_of(season: Any) -> list[int] | None:
    """A season's games when given as ids (a collection, or a filter `pk__in` of
    a list), else None."""
    if isinstance(season, list | tuple | set | frozenset):
        return [int(pk) for pk in season]
    if not isinstance(season, Q):
        return None
    if season.negated or len(season.children) != 1:
        return None
    name, value = season.children[0]
    if name == "pk__in" and isinstance(value, list | tuple):
        return [int(pk) for pk in value]
    return None


class Conditions:
    """The scope's conditions on each source: `months` on the monthly sums (alias
    m), `days` on the daily sums (alias d: a season given as its nights' days),
    `rows` on the per-game rows (alias r: the partial months only, or a season's
    games, or the games a season's days count apart; with `whole`, every row of
    the scope) and `games` on the games without a hand (alias g)."""

    def __init__(self, scope: Scope) -> None:
        self.scope = scope
        clubs, params = (
            permissions.clubs_visible_to(scope.user)
            .order_by()
            .values("id")
            .query.sql_with_params()
        )
        self.clubs = Where(clubs, tuple(params))
        # A season as ids (`season`: a condition on a game's id), or as its
        # nights' days (`nights`), read from the daily sums when they are kept in
        # the site's time zone and the dates asked for are whole days there.
        self.season: Callable[[str], Where] | None = None
        self.nights: NightDays | None = None
        season = scope.season
        if isinstance(season, NightDays) and self._by_days():
            self.nights = season
            return
        if isinstance(season, NightDays):
            season = scope_filter(season)
        ids = _ids_of(season)
        if ids is not None:
            self.season = lambda column: among(column, ids)
        elif season is not None:
            chosen, params = (
                Game.objects.filter(
                    season if isinstance(season, Q) else scope_filter(season)
                )
                .order_by()
                .values("id")
                .query.sql_with_params()
            )
            self.season = lambda column: Where(f"{column} IN ({chosen})", tuple(params))

    @property
    def all_time(self) -> bool:
        """Whether the scope is every date, no season: its months' sums are then
        the totals' (PlayerTotal, PlayerPairTotal), one row per club and variant
        where the months have one per month; `months` reads either."""
        return (
            self.season is None
            and self.nights is None
            and self.scope.start is None
            and self.scope.end is None
        )

    def _by_days(self) -> bool:
        """Whether a season given as days can be read from the daily sums."""
        return (
            sums.days_in_site_zone(sql.db())
            and site_day_start(self.scope.start)
            and site_day_start(self.scope.end)
        )

    def _common(self, club: str, variant: str, outside: str) -> Where:
        """Visible, of the club and variant asked for; `outside`: the test of a
        game outside clubs."""
        found = Where(outside) | Where(
            f"{club} IN ({self.clubs.text})", self.clubs.params
        )
        if self.scope.club is not None:
            found &= Where(f"{club} = %s", (self.scope.club.pk,))
        if self.scope.variant:
            found &= Where(f"{variant} = %s", (self.scope.variant,))
        return found

    def _range(self) -> tuple[Any, Any, Any, Any] | None:
        """The whole months (first, end) and the partial edges' bounds (start,
        end), or None when the range holds no whole month."""
        start, end = self.scope.start, self.scope.end
        first = None if start is None else _month_start(start)
        if first is not None and first < start:
            first = _next_month(first)
        last = None if end is None else _month_start(end)
        if first is not None and last is not None and first >= last:
            return None
        return first, last, start, end

    def months(self, alias: str = "m") -> Where:
        """The monthly sums' (or the totals', all_time: no month bound then)
        condition."""
        if self.season is not None or self.nights is not None:
            return NOTHING
        found = self._common(f"{alias}.club", f"{alias}.variant", f"{alias}.club = 0")
        bounds = self._range()
        if bounds is None:
            return NOTHING
        first, last, _, _ = bounds
        if first is not None:
            found &= Where(f"{alias}.month >= %s", (_day(first.date()),))
        if last is not None:
            found &= Where(f"{alias}.month < %s", (_day(last.date()),))
        return found

    def night_days(self) -> list[datetime.date]:
        """The season's days within the dates asked for (whole days)."""
        assert self.nights is not None
        start, end = self.scope.start, self.scope.end
        if start is None and end is None:
            return list(self.nights.days)
        return [
            day
            for day in self.nights.days
            if (start is None or site_day_moment(day) >= start)
            and (end is None or site_day_moment(day) < end)
        ]

    @cached_property
    def night_day_values(self) -> list[Any]:
        """night_days() as the database takes them (read by several parts)."""
        return [_day(day) for day in self.night_days()]

    def days(self, alias: str = "d") -> Where:
        """The daily sums of the season's nights' days (none without a season
        given as days)."""
        if self.nights is None:
            return NOTHING
        found = self._common(f"{alias}.club", f"{alias}.variant", f"{alias}.club = 0")
        found &= Where(f"{alias}.club = %s", (self.nights.club_id,))
        found &= Where(f"{alias}.variant = %s", (self.nights.variant,))
        return found & among(f"{alias}.day", self.night_day_values)

    def on_nights(self, alias: str, id_column: str, club: str) -> Where:
        """A game (its columns: `alias`.created_at, `id_column`, `club`) is one of
        a season's given as days: started on its days and not removed, or
        added."""
        assert self.nights is not None
        nights = self.nights
        days = self.night_days()
        on_days = NOTHING
        if days:
            first, after = site_days_bounds(days[0], days[-1])
            on_days = (
                Where(f"{club} = %s", (nights.club_id,))
                & Where(f"{alias}.variant = %s", (nights.variant,))
                & _between(f"{alias}.created_at", first, after)
                & among(
                    sums.day_sql(sql.db().vendor, f"{alias}.created_at"),
                    self.night_day_values,
                )
            )
            if nights.removed:
                on_days &= Where(
                    f"NOT ({among(id_column, list(nights.removed)).text})",
                    among(id_column, list(nights.removed)).params,
                )
        return on_days | among(id_column, list(nights.added))

    def rows(self, alias: str = "r", whole: bool = False) -> Where:
        found = self._common(
            f"{alias}.club_id", f"{alias}.variant", f"{alias}.club_id IS NULL"
        )
        found = Where(f"{alias}.status <> '{ABANDONED}'") & found
        column = f"{alias}.created_at"
        if self.nights is not None:
            # A season as days: its games (`whole`), or the rows counted apart
            # from its days' sums (added, removed: by_months tells them apart).
            found &= _between(column, self.scope.start, self.scope.end)
            if whole:
                return found & self.on_nights(
                    alias, f"{alias}.game_id", f"{alias}.club_id"
                )
            apart = [*self.nights.added, *self.nights.removed]
            return found & among(f"{alias}.game_id", apart)
        if whole or self.season is not None:
            found &= _between(column, self.scope.start, self.scope.end)
            if self.season is not None:
                found &= self.season(f"{alias}.game_id")
            return found
        bounds = self._range()
        if bounds is None:
            return found & _between(column, self.scope.start, self.scope.end)
        first, last, start, end = bounds
        edges = NOTHING
        if start is not None and start < first:
            edges |= _between(column, start, first)
        if end is not None and last < end:
            edges |= _between(column, last, end)
        return found & edges

    def games(self, alias: str = "g") -> Where:
        found = self._common(
            f"{alias}.club_id", f"{alias}.variant", f"{alias}.club_id IS NULL"
        )
        found &= _between(f"{alias}.created_at", self.scope.start, self.scope.end)
        if self.season is not None:
            found &= self.season(f"{alias}.id")
        if self.nights is not None:
            found &= self.on_nights(alias, f"{alias}.id", f"{alias}.club_id")
        # The partial index of the counted games without a hand.
        return (
            Where(f"{alias}.hand_count = 0 AND {alias}.status <> '{ABANDONED}'") & found
        )
