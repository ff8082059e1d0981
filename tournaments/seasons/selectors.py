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
from tournaments.models import EntrantPlayer, Night, Season, Tournament


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
    statistics sum by day (3 queries, each of a few rows): the club's games of the
    variant started on the nights' days, less those the season does not count
    (`removed`: linked to another season's night, or a match's game set aside, or
    of the playoffs, or of a tournament held on another day), plus those it counts
    on another day than they started (`added`: linked to a night of another day,
    a tournament's game started after midnight). Only games linked to a night or
    played in a tournament can be either."""
    days = tuple(
        Night.objects.filter(season=season)
        .order_by("date")
        .values_list("date", flat=True)
    )
    apart = Q(season_night__isnull=False) | Q(tournament_match__isnull=False)
    counted = dict(
        season_games(season)
        .filter(apart)
        .annotate(day=site_day("created_at"))
        .values_list("pk", "day")
    )
    on_days = set(days)
    added = tuple(sorted(pk for pk, day in counted.items() if day not in on_days))
    removed: tuple[int, ...] = ()
    if days:
        first, after = site_days_bounds(days[0], days[-1])
        removed = tuple(
            sorted(
                pk
                for pk in Game.objects.filter(
                    apart,
                    club_id=season.club_id,
                    variant=season.variant,
                    created_at__gte=first,
                    created_at__lt=after,
                )
                .exclude(status=Status.ABANDONED)
                .annotate(day=site_day("created_at"))
                .filter(day__in=days)
                .values_list("pk", flat=True)
                if pk not in counted
            )
        )
    return NightDays(
        club_id=season.club_id,
        variant=season.variant,
        days=days,
        added=added,
        removed=removed,
    )


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
