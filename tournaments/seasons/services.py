"""League seasons (EVENTS.md "Club nights and leagues", docs/seasons.md): the
writes (a season, a night, a game linked to a night, the playoffs) and the reads
(which games belong to which night, the standings), for the API and the pages.

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

The figures come from the database (scoring.stats.tallies, one query grouped by player
and night date); the standings are built from those rows, one per player and
night, never from hands.
"""

from __future__ import annotations

import dataclasses
import datetime
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import IntegrityError, transaction
from django.db.models import Case, DateField, F, Prefetch, QuerySet, Value, When
from django.db.models.functions import Coalesce, TruncDate
from django.urls import reverse
from django.utils.formats import date_format
from django.utils.translation import gettext, gettext_noop

from pitchclub import selectors as permissions
from pitchclub.models import Club, Player
from pitchclub.text import UnsafeText, clean_name
from scoring import engine
from scoring.archive.scopes import ScopeTitle
from scoring.engine import RuleViolation
from scoring.games import hooks
from scoring.games.scopes import ScopeRefused
from scoring.models import Game, Seat, Status
from scoring.stats import tallies
from tournaments import formats
from tournaments.brackets import services as tournament_services
from tournaments.models import (
    SEASON_NAME_MAX,
    EntrantPlayer,
    Match,
    Night,
    NightGame,
    Season,
    SeasonScoring,
    Tournament,
)
from tournaments.vocabulary import ENTRANTS_MAX, FORMATS_RUN, PROGRESSIVE

# --- Refusals ------------------------------------------------------------------------

# Conflicts with the club's seasons as they stand (409), the rest are bad input (400).
SEASON_CONFLICTS = frozenset({"season_name_taken", "night_exists"})

MESSAGES: dict[str, str] = {
    "empty_name": gettext_noop("Give the season a name."),
    "name_too_long": gettext_noop("A season's name has at most {most} characters."),
    "invalid_name": gettext_noop("{problem}"),
    "season_name_taken": gettext_noop(
        "{club} already has a season called {name}: give this one another name."
    ),
    "ends_before_starts": gettext_noop(
        "The season ends on {ends}, before it starts ({starts}): the last date is "
        "on or after the first."
    ),
    "too_many_nights": gettext_noop(
        "A season of {days} day{plural} has at most {days} night{plural}: "
        "{setting} must be at most {days}, not {given}."
    ),
    "night_outside_season": gettext_noop(
        "{date} is not in {season} ({starts} to {ends}): a night is a date of "
        "its season."
    ),
    "night_exists": gettext_noop("{season} already has a night on {date}."),
    "playoff_size": gettext_noop("A playoff takes 2 to {most} players, not {given}."),
    "too_few_qualified": gettext_noop(
        "Only {qualified} player{plural} qualified so far: a playoff of the top "
        "{given} needs {given}. Seed fewer, or play more nights first."
    ),
    "playoff_needs_solo_variant": gettext_noop(
        "{variant} is played by teams of two: a playoff seeded from players' "
        "standings cannot be drawn for it."
    ),
    "playoff_format": gettext_noop("A playoff's format is one of {formats}."),
}


class SeasonRefusal(Exception):
    """A season write refused: ``code``, ``field`` (dotted path), ``params``;
    ``message`` is the sentence, from MESSAGES through gettext. Registered with
    the core's refusals in TournamentsConfig.ready() (409 for SEASON_CONFLICTS)."""

    def __init__(
        self, code: str, field: str, *, params: Mapping[str, object] | None = None
    ) -> None:
        self.code = code
        self.field = field
        self.hand: int | None = None
        self.params = dict(params) if params else {}
        self.message = gettext(MESSAGES[code]).format(**self.params)
        super().__init__(self.message)

    @property
    def conflict(self) -> bool:
        return self.code in SEASON_CONFLICTS

    def __str__(self) -> str:
        return self.message

    def __repr__(self) -> str:
        return (
            f"SeasonRefusal(code={self.code!r}, field={self.field!r}, "
            f"message={self.message!r})"
        )


def _user(by: AbstractBaseUser | None) -> AbstractBaseUser | None:
    return by if by is not None and by.is_authenticated else None


def _day(value: datetime.date) -> str:
    return value.isoformat()


# --- Writes --------------------------------------------------------------------------


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
    try:
        title = clean_name(name)
    except UnsafeText as problem:
        raise SeasonRefusal(
            "invalid_name",
            "name",
            params={"problem": problem.sentence("The season's name")},
        ) from problem
    if not title:
        raise SeasonRefusal("empty_name", "name")
    if len(title) > SEASON_NAME_MAX:
        raise SeasonRefusal("name_too_long", "name", params={"most": SEASON_NAME_MAX})
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
                    "plural": "s" if days != 1 else "",
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
                "plural": "s" if len(qualified) != 1 else "",
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
    """A tournament of the season's game between the top `size` qualified players
    of the standings, seeded in standings order (tournaments.brackets.services). Whether
    `by` may is the caller's check."""
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
    return tournament_services.tournament_create(
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


# --- Reads ---------------------------------------------------------------------------


def season_get(*, season_id: int, user: AbstractBaseUser | None) -> Season:
    """One season the user may read, with its club (1 query): a private club's
    seasons follow its games. Raises Season.DoesNotExist otherwise."""
    return (
        Season.objects.filter(permissions.games_visible_filter(user))
        .select_related("club")
        .get(pk=season_id)
    )


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
            TruncDate("tournament_match__match__tournament__created_at"),
            TruncDate("created_at"),
            output_field=DateField(),
        ),
        output_field=DateField(),
    )


def season_games(season: Season, *, finished: bool = False) -> QuerySet[Game]:
    """The games of the season's nights, annotated with `night_date`: the club's
    games of its variant, not abandoned (with `finished`: the ones that count)."""
    games = Game.objects.filter(club_id=season.club_id, variant=season.variant)
    games = (
        games.filter(status=Status.FINISHED)
        if finished
        else games.exclude(status=Status.ABANDONED)
    )
    return games.annotate(night_date=night_date_of_game(season)).filter(
        night_date__in=Night.objects.filter(season=season).values("date")
    )


def _scope_number(value: str, what: str) -> int:
    number = value.strip()
    if not number.isascii() or not number.isdigit() or len(number) > 18:
        raise ScopeRefused(f"“{value}” is not a {what} number.")
    return int(number)


def _readable_seasons(user: AbstractBaseUser | None) -> QuerySet[Season]:
    """The seasons `user` may read: a private club's follow its games."""
    return Season.objects.filter(permissions.games_visible_filter(user))


def season_scope(value: str, user: AbstractBaseUser | None) -> QuerySet[Game]:
    """Scoring's `?season=` scope (statistics, archives, leaderboard): the games of
    the season numbered `value` (1 query to find it; the pages read its games). A
    season `user` may not read is refused as one that does not exist."""
    number = _scope_number(value, "season")
    season = _readable_seasons(user).filter(pk=number).first()
    if season is None:
        raise ScopeRefused(f"There is no season {number}.")
    return season_games(season).values("pk")


def night_scope(value: str, user: AbstractBaseUser | None) -> QuerySet[Game]:
    """Scoring's `?night=` scope (the archives): the games of the night numbered
    `value`, as its season counts them (`season_games`). A night of a season
    `user` may not read is refused as one that does not exist."""
    night = _readable_night(value, user)
    return season_games(night.season).filter(night_date=night.date).values("pk")


def _readable_night(value: str, user: AbstractBaseUser | None) -> Night:
    """The night numbered `value`, with its season, if `user` may read the
    season; refused as one that does not exist otherwise (1 query)."""
    number = _scope_number(value, "night")
    night = (
        Night.objects.select_related("season")
        .filter(pk=number, season__in=_readable_seasons(user).values("pk"))
        .first()
    )
    if night is None:
        raise ScopeRefused(f"There is no night {number}.")
    return night


def season_title(value: str, user: AbstractBaseUser | None) -> ScopeTitle:
    """What the archives say of `?season=value` to `user`: a season they may not
    read is refused as one that does not exist (1 query)."""
    number = _scope_number(value, "season")
    season = _readable_seasons(user).select_related("club").filter(pk=number).first()
    if season is None:
        raise ScopeRefused(f"There is no season {number}.")
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
            date=date_format(night.date, "D j M Y"), season=night.season.name
        ),
        reverse("tournaments:night", args=[night.season_id, night.pk]),
    )


def season_tournaments(season: Season, dates: Sequence[datetime.date]) -> list[Any]:
    """The club's tournaments of the season's variant held on `dates`, with their
    `day` (1 query)."""
    return list(
        Tournament.objects.filter(club_id=season.club_id, variant=season.variant)
        .annotate(day=TruncDate("created_at"))
        .filter(day__in=list(dates))
        .order_by("created_at", "id")
    )


@dataclass(frozen=True, slots=True)
class NightLine:
    """One player's night: their figures, the counted figure, whether dropped."""

    date: datetime.date
    games: int
    wins: int
    points: int
    figure: int
    dropped: bool = False


@dataclass(frozen=True, slots=True)
class Standing:
    """One player's line of the season's standings."""

    rank: int
    player_id: int
    name: str
    nights: int
    games: int
    wins: int
    points: int
    counted: int
    qualified: bool
    night_lines: tuple[NightLine, ...] = ()


def night_tallies(season: Season) -> dict[tuple[int, datetime.date], int]:
    """Each player's progressive tally per night date: the points of their
    individual tally (tournaments.formats.standings' `points_for`) in the
    progressive nights of the season's club and variant held on its nights'
    dates (a player in two such nights of one date adds both). Read once per
    season object (3 queries), whatever the number of nights and players."""
    cached = getattr(season, "_night_tallies", None)
    if cached is not None:
        return cached
    dates = Night.objects.filter(season=season).values("date")
    nights = list(
        Tournament.objects.filter(
            club_id=season.club_id, variant=season.variant, format=PROGRESSIVE
        )
        .annotate(day=TruncDate("created_at"))
        .filter(day__in=dates)
    )
    result: dict[tuple[int, datetime.date], int] = defaultdict(int)
    if nights:
        members = {
            link.entrant_id: (
                link.player_id,
                link.entrant.seed,
                link.entrant.tournament_id,
            )
            for link in EntrantPlayer.objects.filter(
                tournament__in=nights
            ).select_related("entrant")
        }
        matches: dict[int, list[Match]] = defaultdict(list)
        for match in Match.objects.filter(tournament__in=nights).select_related(
            "round"
        ):
            matches[match.tournament_id].append(match)
        for night in nights:
            ids = sorted(
                (pk for pk, (_, _, t) in members.items() if t == night.pk),
                key=lambda pk: members[pk][1],
            )
            if len(ids) < 4:
                continue
            for line in formats.standings(night, ids, matches[night.pk]):
                result[(members[line.entrant][0], night.day)] += line.points_for
    season._night_tallies = dict(result)  # type: ignore[attr-defined]
    return season._night_tallies  # type: ignore[attr-defined]


def progressive_tally(season: Season, tally: tallies.Tally) -> int:
    """A player's progressive tally of a night (`tally.key`, its date): their
    tally in that night's progressive tournament, 0 if they played none."""
    return night_tallies(season).get((tally.player_id, tally.key), 0)


def _with_night_players(
    season: Season, rows: Sequence[tallies.Tally]
) -> list[tallies.Tally]:
    """A progressive season counts a night's players whose tables were all
    played on paper (so no game of theirs counts): a row of no games each."""
    if season.scoring != SeasonScoring.PROGRESSIVE:
        return list(rows)
    seen = {(row.player_id, row.key) for row in rows}
    missing = [key for key in night_tallies(season) if key not in seen]
    names = dict(
        Player.objects.filter(pk__in={pk for pk, _ in missing}).values_list(
            "pk", "name"
        )
    )
    return list(rows) + [
        tallies.Tally(player_id=pk, name=names[pk], key=day, games=0, wins=0, points=0)
        for pk, day in missing
    ]


def _figure(season: Season, tally: tallies.Tally) -> int:
    if season.scoring == SeasonScoring.WINS:
        return tally.wins
    if season.scoring == SeasonScoring.POINTS:
        return tally.points
    return progressive_tally(season, tally)


def _sort_key(line: Standing) -> tuple[Any, ...]:
    return (-line.counted, -line.wins, -line.points, line.name.casefold(), line.name)


def standings_from(season: Season, rows: Sequence[tallies.Tally]) -> list[Standing]:
    """The standings from the tallies of the season's counted games, one row per
    player and night: each player's worst `drop_worst` nights (by the counted
    figure; of equal figures the earlier night) are not counted; qualified when
    they played at least `min_nights` nights. Ranked by the counted total, then
    games won, then points, then name: the qualified players first (ranks 1…k),
    then the others (ranks k+1…)."""
    by_player: dict[int, list[tallies.Tally]] = defaultdict(list)
    for row in _with_night_players(season, rows):
        by_player[row.player_id].append(row)
    lines: list[Standing] = []
    for player_id, nights in by_player.items():
        figures = [(_figure(season, night), night) for night in nights]
        worst = sorted(figures, key=lambda pair: (pair[0], pair[1].key))
        dropped = {id(night) for _, night in worst[: season.drop_worst]}
        night_lines = tuple(
            NightLine(
                date=night.key,
                games=night.games,
                wins=night.wins,
                points=night.points,
                figure=figure,
                dropped=id(night) in dropped,
            )
            for figure, night in sorted(figures, key=lambda pair: pair[1].key)
        )
        lines.append(
            Standing(
                rank=0,
                player_id=player_id,
                name=nights[0].name,
                nights=len(nights),
                games=sum(night.games for night in nights),
                wins=sum(night.wins for night in nights),
                points=sum(night.points for night in nights),
                counted=sum(line.figure for line in night_lines if not line.dropped),
                qualified=len(nights) >= season.min_nights,
                night_lines=night_lines,
            )
        )
    ordered = sorted((line for line in lines if line.qualified), key=_sort_key) + (
        sorted((line for line in lines if not line.qualified), key=_sort_key)
    )
    return [
        dataclasses.replace(line, rank=rank) for rank, line in enumerate(ordered, 1)
    ]


def season_tallies(season: Season) -> list[tallies.Tally]:
    """Each player's figures per night over the season's counted games (1 query)."""
    return tallies.player_tallies(season_games(season, finished=True), by="night_date")


def season_standings(season: Season) -> list[Standing]:
    """The season's standings (1 query)."""
    return standings_from(season, season_tallies(season))


@dataclass
class NightSummary:
    """A night as the season's page and API show it."""

    night: Night
    games: list[int] = field(default_factory=list)
    finished: int = 0
    playing: int = 0
    tournaments: list[Any] = field(default_factory=list)
    # The players with the night's best counted figure, and that figure.
    best: list[str] = field(default_factory=list)
    best_figure: int | None = None


@dataclass
class SeasonView:
    season: Season
    nights: list[NightSummary]
    standings: list[Standing]


def season_read(season: Season) -> SeasonView:
    """The season with its nights (their games, tournaments and best players) and
    its standings: 4 queries, whatever the number of nights, games and players."""
    nights = list(Night.objects.filter(season=season).order_by("date"))
    summaries = {night.date: NightSummary(night) for night in nights}
    games = season_games(season).order_by("created_at", "id")
    for game_id, day, status in games.values_list("pk", "night_date", "status"):
        summary = summaries[day]
        summary.games.append(game_id)
        if status == Status.FINISHED:
            summary.finished += 1
        else:
            summary.playing += 1
    for tournament in season_tournaments(season, list(summaries)):
        summaries[tournament.day].tournaments.append(tournament)
    rows = season_tallies(season)
    if season.scoring != SeasonScoring.PROGRESSIVE:
        for row in rows:
            summary = summaries[row.key]
            figure = _figure(season, row)
            if summary.best_figure is None or figure > summary.best_figure:
                summary.best, summary.best_figure = [row.name], figure
            elif figure == summary.best_figure:
                summary.best.append(row.name)
    return SeasonView(
        season=season,
        nights=list(summaries.values()),
        standings=standings_from(season, rows),
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


# Columns the season page's standings can be sorted by (`?sort=`): the rank (the
# standings' own order), the name (A to Z), or a figure (highest first).
STANDINGS_SORTS = ("rank", "name", "counted", "nights", "games", "wins", "points")


def standings_sorted(lines: Sequence[Standing], sort: str) -> list[Standing]:
    """The lines sorted by a column of STANDINGS_SORTS (ties: by rank); any other
    `sort` keeps the standings' order."""
    if sort == "name":
        return sorted(lines, key=lambda line: (line.name.casefold(), line.rank))
    if sort in STANDINGS_SORTS and sort != "rank":
        return sorted(lines, key=lambda line: (-getattr(line, sort), line.rank))
    return sorted(lines, key=lambda line: line.rank)


@dataclass(frozen=True, slots=True)
class NightResult:
    """One player's night: games, wins, points and the figure it counts."""

    player_id: int
    name: str
    games: int
    wins: int
    points: int
    figure: int


def night_results(season: Season, night: Night) -> list[NightResult]:
    """Each player's figures of one night, best first (the figure, then games
    won, points, name): 1 query."""
    rows = tallies.player_tallies(
        season_games(season, finished=True).filter(night_date=night.date),
        by="night_date",
    )
    results = [
        NightResult(
            player_id=row.player_id,
            name=row.name,
            games=row.games,
            wins=row.wins,
            points=row.points,
            figure=_figure(season, row),
        )
        for row in rows
    ]
    return sorted(
        results,
        key=lambda r: (-r.figure, -r.wins, -r.points, r.name.casefold(), r.name),
    )
