"""League seasons' writes (EVENTS.md "Club nights and leagues", docs/seasons.md): a
season, a night, a game linked to a night when started (the game hook's listener),
the playoffs seeded from the standings. Refused with SeasonRefusal
(tournaments.seasons.refusals); the reads are in tournaments.seasons.selectors,
the standings in tournaments.seasons.standings.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import IntegrityError, transaction
from django.utils.formats import date_format
from django.utils.translation import gettext, pgettext

from pitchclub.models import Club, Player
from scoring import engine
from scoring.engine import RuleViolation
from scoring.games import hooks
from scoring.models import Game
from tournaments.brackets import create as tournament_services
from tournaments.models import (
    SEASON_NAME_MAX,
    Night,
    NightGame,
    Season,
    SeasonScoring,
    Tournament,
)
from tournaments.names import name_checked
from tournaments.seasons.refusals import SeasonRefusal
from tournaments.seasons.standings import season_standings
from tournaments.vocabulary import ENTRANTS_MAX, FORMATS_RUN


def _user(by: AbstractBaseUser | None) -> AbstractBaseUser | None:
    return by if by is not None and by.is_authenticated else None


def _day(value: datetime.date) -> str:
    """A date as a refusal says it: 2026-12-03 in English, 03.12.2026 in German."""
    return date_format(value, pgettext("a date in a refusal", "Y-m-d"))


@transaction.atomic
def season_create(
    *,
    club: Club,
    name: str,
    starts: datetime.date,
    ends: datetime.date,
    variant: str,
    options: Mapping[str, Any] | None = None,
    scoring: str,
    drop_worst: int = 0,
    min_nights: int = 0,
    created_by: AbstractBaseUser | None = None,
) -> Season:
    """A new season of `club`. Its options are checked as a game's (every option
    in force is kept, defaults filled in); a name the club already gave a season
    is a conflict. Whether `created_by` may is the caller's check."""
    title = name_checked(
        name,
        whose=gettext("The season's name"),
        most=SEASON_NAME_MAX,
        refusal=SeasonRefusal,
    )
    if ends < starts:
        raise SeasonRefusal(
            "ends_before_starts",
            "ends",
            params={"starts": _day(starts), "ends": _day(ends)},
        )
    if scoring not in SeasonScoring.values:
        raise ValueError(f"Unknown season scoring {scoring!r}")
    days = (ends - starts).days + 1
    for setting, given in (("drop_worst", drop_worst), ("min_nights", min_nights)):
        if given > days:
            raise SeasonRefusal(
                "too_many_nights",
                setting,
                params={
                    "days": days,
                    "setting": setting,
                    "given": given,
                },
            )
    # The options of any table of the variant: four seats fit both variants.
    rules = engine.make_rules(variant, 4, None, 0, options)
    if Season.objects.filter(club=club, name__iexact=title).exists():
        raise SeasonRefusal(
            "season_name_taken", "name", params={"club": club.name, "name": title}
        )
    return Season.objects.create(
        club=club,
        name=title,
        starts=starts,
        ends=ends,
        variant=str(rules.variant),
        options=rules.options(),
        scoring=scoring,
        drop_worst=drop_worst,
        min_nights=min_nights,
        created_by=_user(created_by),
    )


def night_add(
    *, season: Season, date: datetime.date, by: AbstractBaseUser | None = None
) -> Night:
    """A night of `season` on `date` (within the season; one per date)."""
    if not season.starts <= date <= season.ends:
        raise SeasonRefusal(
            "night_outside_season",
            "date",
            params={
                "date": _day(date),
                "season": season.name,
                "starts": _day(season.starts),
                "ends": _day(season.ends),
            },
        )
    exists = SeasonRefusal(
        "night_exists", "date", params={"season": season.name, "date": _day(date)}
    )
    if Night.objects.filter(season=season, date=date).exists():
        raise exists
    try:
        with transaction.atomic():
            return Night.objects.create(season=season, date=date)
    except IntegrityError as taken:
        # Two organisers adding the same night at once: the database keeps one.
        raise exists from taken


def night_link(*, game: Game, night_id: object) -> NightGame:
    """Link a game just started with `"night": id` to that night: a night of a
    season of the game's club, played at the season's variant. Refused with
    scoring's RuleViolation at `night` (a 400 naming it), since it happens inside
    the game's start (the game hook)."""
    if isinstance(night_id, bool) or not isinstance(night_id, int):
        raise RuleViolation(
            "invalid_night", "night", gettext("A night is given by its id: a number.")
        )
    night = (
        Night.objects.select_related("season")
        .filter(pk=night_id, season__club_id=game.club_id)
        .first()
        if game.club_id is not None
        else None
    )
    if night is None:
        raise RuleViolation(
            "unknown_night",
            "night",
            gettext(
                "Night {night} is not a night of a season of this game's club: "
                "start the game in the season's club, or leave the night out."
            ).format(night=night_id),
        )
    if night.season.variant != game.variant:
        raise RuleViolation(
            "night_other_variant",
            "night",
            gettext(
                "{season} counts {variant} games only: start this game as "
                "{variant}, or leave the night out."
            ).format(
                season=night.season.name,
                variant=night.season.get_variant_display(),
            ),
        )
    return NightGame.objects.create(night=night, game=game)


def game_joins_night(event: hooks.GameLinked) -> None:
    """The game hook's listener (TournamentsConfig.ready()): a game started with
    `"night": id` belongs to that night."""
    if "night" in event.links:
        night_link(game=event.game, night_id=event.links["night"])


def _playoff_players(season: Season, size: int) -> list[Player]:
    if (
        isinstance(size, bool)
        or not isinstance(size, int)
        or not (2 <= size <= ENTRANTS_MAX)
    ):
        raise SeasonRefusal(
            "playoff_size", "size", params={"most": ENTRANTS_MAX, "given": size}
        )
    qualified = [line for line in season_standings(season) if line.qualified]
    if len(qualified) < size:
        raise SeasonRefusal(
            "too_few_qualified",
            "size",
            params={
                "qualified": len(qualified),
                "given": size,
            },
        )
    ids = [line.player_id for line in qualified[:size]]
    players = Player.objects.in_bulk(ids)
    return [players[player_id] for player_id in ids]


@transaction.atomic
def playoffs_start(
    *,
    season: Season,
    size: int,
    format: str,
    name: str | None = None,
    settings: Mapping[str, Any] | None = None,
    by: AbstractBaseUser | None = None,
) -> Tournament:
    """The season's playoffs: a tournament of the season's game between the top
    `size` qualified players of the standings, seeded in standings order
    (tournaments.brackets.create), kept as `Season.playoffs`. A season has one:
    the season's row is locked first, so a second start (two organisers, a double
    submit) is refused with `playoffs_started` naming the first. Whether `by` may
    is the caller's check."""
    locked = Season.objects.select_for_update().get(pk=season.pk)
    if locked.playoffs_id is not None:
        raise SeasonRefusal(
            "playoffs_started",
            "season",
            params={
                "season": locked.name,
                "playoffs": locked.playoffs.name,
                "id": locked.playoffs_id,
            },
        )
    if format not in FORMATS_RUN:
        raise SeasonRefusal(
            "playoff_format", "format", params={"formats": ", ".join(FORMATS_RUN)}
        )
    if season.variant == engine.Variant.THIRTEEN:
        raise SeasonRefusal(
            "playoff_needs_solo_variant",
            "variant",
            params={"variant": season.get_variant_display()},
        )
    players = _playoff_players(season, size)
    playoffs = tournament_services.tournament_create(
        club=season.club,
        name=name or gettext("{season} playoffs").format(season=season.name),
        format=format,
        variant=season.variant,
        team_size=1,
        options=season.options,
        settings=settings,
        entrants=[tournament_services.EntrantInput(players=[p]) for p in players],
        created_by=by,
    )
    locked.playoffs = season.playoffs = playoffs
    locked.save(update_fields=["playoffs"])
    return playoffs
