"""League seasons as scoring's scopes: `?season=` narrows a player's statistics,
the club's leaderboard and the games archives to a season's games, `?night=` the
archives to a night's (season_scope, night_scope), and the archives say which
(season_title, night_title). Registered with scoring in TournamentsConfig.ready();
a season the reader may not read is refused as one that does not exist.
"""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.db.models import QuerySet
from django.urls import reverse
from django.utils.formats import date_format
from django.utils.translation import gettext, pgettext

from pitchclub import permissions
from pitchclub.models import Club
from scoring.archive.scopes import ScopeTitle
from scoring.games.scopes import NightDays, ScopeChoice, ScopeRefused
from scoring.models import Game
from tournaments.models import Night, Season
from tournaments.seasons import selectors
from tournaments.seasons.selectors import season_games


def _scope_number(value: str, refused: str) -> int:
    """`value` as an id, else refused with `refused` (its %(value)s the text)."""
    number = value.strip()
    if not number.isascii() or not number.isdigit() or len(number) > 18:
        raise ScopeRefused(refused % {"value": value})
    return int(number)


def _season_number(value: str) -> int:
    return _scope_number(value, gettext("“%(value)s” is not a season number."))


def _no_season(number: int) -> ScopeRefused:
    return ScopeRefused(gettext("There is no season %(number)s.") % {"number": number})


def _readable_seasons(user: AbstractBaseUser | None) -> QuerySet[Season]:
    """The seasons `user` may read: a private club's follow its games."""
    return Season.objects.filter(permissions.games_visible_filter(user))


def season_scope(value: str, user: AbstractBaseUser | None) -> NightDays:
    """Scoring's `?season=` scope (statistics, archives, leaderboard): the games of
    the season numbered `value`, as its nights' days (4 queries, of a few rows
    each: selectors.season_night_days). A season `user` may not read is refused
    as one that does not exist."""
    number = _season_number(value)
    season = _readable_seasons(user).filter(pk=number).first()
    if season is None:
        raise _no_season(number)
    return selectors.season_night_days(season)


def night_scope(value: str, user: AbstractBaseUser | None) -> QuerySet[Game]:
    """Scoring's `?night=` scope (the archives): the games of the night numbered
    `value`, as its season counts them (`season_games`). A night of a season
    `user` may not read is refused as one that does not exist."""
    night = _readable_night(value, user)
    return season_games(night.season).filter(night_date=night.date).values("pk")


def _readable_night(value: str, user: AbstractBaseUser | None) -> Night:
    """The night numbered `value`, with its season, if `user` may read the
    season; refused as one that does not exist otherwise (1 query)."""
    number = _scope_number(value, gettext("“%(value)s” is not a night number."))
    night = (
        Night.objects.select_related("season")
        .filter(pk=number, season__in=_readable_seasons(user).values("pk"))
        .first()
    )
    if night is None:
        refused = gettext("There is no night %(number)s.")
        raise ScopeRefused(refused % {"number": number})
    return night


def season_title(value: str, user: AbstractBaseUser | None) -> ScopeTitle:
    """What the archives say of `?season=value` to `user`: a season they may not
    read is refused as one that does not exist (1 query)."""
    number = _season_number(value)
    season = _readable_seasons(user).select_related("club").filter(pk=number).first()
    if season is None:
        raise _no_season(number)
    return ScopeTitle(
        gettext("Season {season} · {club}").format(
            season=season.name, club=season.club.name
        ),
        reverse("tournaments:season", args=[season.pk]),
    )


def night_title(value: str, user: AbstractBaseUser | None) -> ScopeTitle:
    """What the archives say of `?night=value` to `user` ("Night of Thu 3 Dec
    2026 · Winter 2026"); a night of a season they may not read is refused as one
    that does not exist (1 query)."""
    night = _readable_night(value, user)
    return ScopeTitle(
        gettext("Night of {date} · {season}").format(
            date=date_format(night.date, pgettext("date format", "D j M Y")),
            season=night.season.name,
        ),
        reverse("tournaments:night", args=[night.season_id, night.pk]),
    )


def club_season_choices(club: Club) -> list[ScopeChoice]:
    """Scoring's leaderboard's seasons (the "season" scope's `club_choices`): the
    club's, latest first, each with its page (1 query)."""
    return [
        ScopeChoice(
            str(season.pk), season.name, reverse("tournaments:season", args=[season.pk])
        )
        for season in selectors.club_seasons(club=club).only("pk", "name")
    ]
