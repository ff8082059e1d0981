"""League seasons' standings: where they are computed. Each player's figure per
night (games won, points, or their progressive tally, by the season's scoring),
the worst nights dropped, who qualified, the ranks (season_standings,
standings_from); the page's column sorts (standings_sorted); one night's results
(night_results).

The figures come from the database (scoring.stats.tallies, one query grouped by player
and night date, over tournaments.seasons.selectors.season_games); the standings are
built from those rows, one per player and night, never from hands.
"""

from __future__ import annotations

import dataclasses
import datetime
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.db.models.functions import TruncDate

from pitchclub.models import Player
from scoring.stats import tallies
from tournaments import formats
from tournaments.models import (
    EntrantPlayer,
    Match,
    Night,
    Season,
    SeasonScoring,
    Tournament,
)
from tournaments.seasons import paper
from tournaments.seasons.selectors import season_games
from tournaments.vocabulary import PROGRESSIVE


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


def night_figure(season: Season, tally: tallies.Tally) -> int:
    """What a player's night (`tally`) counts for in `season`: games won, points,
    or their progressive tally, by the season's scoring."""
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
        figures = [(night_figure(season, night), night) for night in nights]
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
    """Each player's figures per night over the season's counted games and its
    paper results (tournaments.seasons.paper): 3 queries."""
    rows = tallies.player_tallies(season_games(season, finished=True), by="night_date")
    return paper.with_paper(rows, paper.paper_tallies(season))


def season_standings(season: Season) -> list[Standing]:
    """The season's standings (3 queries)."""
    return standings_from(season, season_tallies(season))


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
    """Each player's figures of one night, its paper results included, best
    first (the figure, then games won, points, name): 3 queries."""
    rows = tallies.player_tallies(
        season_games(season, finished=True).filter(night_date=night.date),
        by="night_date",
    )
    rows = paper.with_paper(rows, paper.paper_tallies(season, night.date))
    results = [
        NightResult(
            player_id=row.player_id,
            name=row.name,
            games=row.games,
            wins=row.wins,
            points=row.points,
            figure=night_figure(season, row),
        )
        for row in rows
    ]
    return sorted(
        results,
        key=lambda r: (-r.figure, -r.wins, -r.points, r.name.casefold(), r.name),
    )
