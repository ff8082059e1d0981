"""A league season as its page and the API show it (season_read): its nights, each
with its games, tournaments and best players, and its standings
(tournaments.seasons.standings) and champion (its playoffs'), in 7 queries at most.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pitchclub.models import Player
from scoring.models import Status
from tournaments.models import Night, Season, SeasonScoring
from tournaments.seasons.selectors import (
    season_champion,
    season_games,
    season_tournaments,
)
from tournaments.seasons.standings import (
    Standing,
    night_figure,
    season_tallies,
    standings_from,
)


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
    # The season's champion: its playoffs' champion once they are finished.
    champion: Player | None = None


def season_read(season: Season) -> SeasonView:
    """The season with its nights (their games, tournaments and best players),
    its standings (its paper results included) and its champion: 7 queries at
    most, whatever the number of nights, games and players."""
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
            figure = night_figure(season, row)
            if summary.best_figure is None or figure > summary.best_figure:
                summary.best, summary.best_figure = [row.name], figure
            elif figure == summary.best_figure:
                summary.best.append(row.name)
    return SeasonView(
        season=season,
        nights=list(summaries.values()),
        standings=standings_from(season, rows),
        champion=season_champion(season),
    )
