"""League seasons' reads (EVENTS.md "Club nights and leagues", docs/seasons.md): a
season, a club's seasons, and which games belong to which night of a season, for
the pages, the API, the standings and the scopes.

Which games belong to a night of a season: the club's games of the season's
variant, finished or in progress (an abandoned game belongs to nothing), whose
*night date* is the night's date. A game's night date is, in this order: the date
of the night of this season it was linked to when started (`"night": id`); none,
if it was linked to a night of another season (an explicitly assigned game belongs
to that night only, not by its date to an overlapping season's night); the date of
its tournament, for a match's game; the day it was started (`created_at` in the
site's time zone, settings.TIME_ZONE, as the games archive's `from`/`to`). Only
finished games count in the standings. Every reader (the standings, a night's
games and results, the API, the `season` and `night` scopes of the statistics and
the archives) goes through `season_games`.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db.models import Case, DateField, F, Prefetch, Q, QuerySet, Value, When
from django.db.models.functions import Coalesce

from pitchclub import permissions
from pitchclub.models import Club, Player
from scoring.games.scopes import NightDays, site_day, site_days_bounds
from scoring.models import Game, Seat, Status
from tournaments.models import (
    EntrantPlayer,
    MatchGame,
    Night,
    NightGame,
    Season,
    Tournament,
)


def season_get(*, season_id: int, user: AbstractBaseUser | None) -> Season:
    """One season the user may read, with its club and playoffs (1 query): a
    private club's seasons follow its games. Raises Season.DoesNotExist
    otherwise."""
    return (
        Season.objects.filter(permissions.games_visible_filter(user))
        .select_related("club", "playoffs")
        .get(pk=season_id)
    )


def season_champion(season: Season) -> Player | None:
    """The season's champion: its playoffs' champion once they are finished
    (1 query then, none before)."""
    playoffs = season.playoffs
    if playoffs is None or playoffs.champion_id is None:
        return None
    link = (
        EntrantPlayer.objects.filter(entrant_id=playoffs.champion_id)
        .select_related("player")
        .order_by("position")
        .first()
    )
    return link.player if link is not None else None


def club_seasons(*, club: Club) -> QuerySet[Season]:
    """A club's seasons, the latest first (1 query)."""
    return Season.objects.filter(club=club).order_by("-starts", "-id")


def night_date_of_game(season: Season) -> Case:
    """The date of the night a game belongs to in `season` (see the module's
    docstring), in this order: linked to a night of this season, that night's
    date; linked to a night of another season, none (an explicitly assigned game
    belongs to its night only); a tournament match's game, its tournament's day;
    else the day it started, in the site's time zone."""
    return Case(
        When(
            season_night__night__season_id=season.pk,
            then=F("season_night__night__date"),
        ),
        When(season_night__isnull=False, then=Value(None, output_field=DateField())),
        default=Coalesce(
            site_day("tournament_match__match__tournament__created_at"),
            site_day("created_at"),
            output_field=DateField(),
        ),
        output_field=DateField(),
    )


def season_games(season: Season, *, finished: bool = False) -> QuerySet[Game]:
    """The games of the season's nights, annotated with `night_date`: the club's
    games of its variant, not abandoned (with `finished`: the ones that count);
    neither a match's game set aside (a paper result or a voided result took its
    place) nor the games of the season's playoffs."""
    games = Game.objects.filter(club_id=season.club_id, variant=season.variant).exclude(
        tournament_match__abandoned=True
    )
    if season.playoffs_id is not None:
        games = games.exclude(tournament_match__match__tournament_id=season.playoffs_id)
    games = (
        games.filter(status=Status.FINISHED)
        if finished
        else games.exclude(status=Status.ABANDONED)
    )
    return games.annotate(night_date=night_date_of_game(season)).filter(
        night_date__in=Night.objects.filter(season=season).values("date")
    )


def season_night_days(season: Season) -> NightDays:
    """The season's games (`season_games`) as its nights' days, which the
    statistics sum by day: the club's games of the variant started on the nights'
    days, less those the season does not count (`removed`: linked to another
    season's night, or a match's game set aside, or of the playoffs, or of a
    tournament held on another day), plus those it counts on another day than
    they started (`added`: linked to a night of another day, a tournament's game
    started after midnight). Only games linked to a night or played in a
    tournament can be either: they are read from the links and the matches, not
    from the club's games (3 queries of a few rows each, 2 without any)."""
    days = tuple(
        Night.objects.filter(season=season)
        .order_by("date")
        .values_list("date", flat=True)
    )
    candidates = _games_apart(season, days)
    counted: set[int] = set()
    if candidates:
        counted = set(
            season_games(season)
            .filter(pk__in=list(candidates))
            .values_list("pk", flat=True)
        )
    on_days = set(days)
    added = sorted(pk for pk in counted if candidates[pk][0] not in on_days)
    removed = sorted(
        pk
        for pk, (day, status, club_id, variant) in candidates.items()
        if pk not in counted
        and day in on_days
        and status != Status.ABANDONED
        and (club_id, variant) == (season.club_id, season.variant)
    )
    return NightDays(
        club_id=season.club_id,
        variant=season.variant,
        days=days,
        added=tuple(added),
        removed=tuple(removed),
    )


def _games_apart(season: Season, days: tuple[datetime.date, ...]) -> dict:
    """The games a night may count on another day than they started, or not at
    all, near the season (1 query, none without nights): linked to one of its
    nights, or linked to any night and started within its days, or of a
    tournament of its club and variant held or played within its days; each with
    its day, status, club and variant."""
    if not days:
        return {}
    first, after = site_days_bounds(days[0], days[-1])
    columns = ("game_id", "day", "game__status", "game__club_id", "game__variant")
    started = Q(game__created_at__gte=first, game__created_at__lt=after)
    linked = (
        NightGame.objects.filter(
            Q(night__season_id=season.pk) | (started & Q(game__club_id=season.club_id))
        )
        .annotate(day=site_day("game__created_at"))
        .order_by()
        .values_list(*columns)
    )
    held = Q(
        match__tournament__created_at__gte=first,
        match__tournament__created_at__lt=after,
    )
    played = (
        MatchGame.objects.filter(
            held | started,
            match__tournament__club_id=season.club_id,
            match__tournament__variant=season.variant,
        )
        .annotate(day=site_day("game__created_at"))
        .order_by()
        .values_list(*columns)
    )
    return {pk: rest for pk, *rest in linked.union(played)}


def season_tournaments(season: Season, dates: Sequence[datetime.date]) -> list[Any]:
    """The club's tournaments of the season's variant held on `dates`, with their
    `day` (1 query)."""
    return list(
        Tournament.objects.filter(club_id=season.club_id, variant=season.variant)
        .annotate(day=site_day("created_at"))
        .filter(day__in=list(dates))
        .order_by("created_at", "id")
    )


def night_games(season: Season, night: Night) -> QuerySet[Game]:
    """The night's games (not abandoned), with their clubs and seated players, in
    the order they started (2 queries when read)."""
    return (
        season_games(season)
        .filter(night_date=night.date)
        .select_related("club")
        .prefetch_related(
            Prefetch("seats", queryset=Seat.objects.select_related("player"))
        )
        .order_by("created_at", "id")
    )
