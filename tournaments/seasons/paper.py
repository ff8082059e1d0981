"""Results entered on paper, as a season counts them (EVENTS.md "Club nights and
leagues", docs/seasons.md "Results entered on paper"). A paper result is no game, so
scoring's tallies (scoring.stats.tallies, over tournaments.seasons.selectors'
season_games) never see it: the season adds it on top, per player and night date,
in the same shape (paper_tallies, with_paper).

- A match entered on paper is one game played by each of its entrants' players,
  won by the winner's; its scores (one per entrant) are each side's points when
  given, none otherwise.
- A progressive table entered on paper is one game, like the table's game: at a
  table of four each player scores their side's points (partners opposite: seats
  0 and 2, 1 and 3) and the higher side wins; at a solo table (3 or 5) each
  player scores their own points and the highest score wins (a tie at the top:
  the better seed, as the night ranks its table).
- A bye is no game. A match's games played at the table count as games (each
  game of a match of several); a paper result sets aside the match's games, so
  nothing is counted twice. The season's playoffs count for nothing.

The paper results of a night are the completed matches marked `on_paper` of the
club's tournaments of the season's variant held on the night's date (their day of
creation in the site's time zone, as their games'). 2 queries, whatever the
number of tournaments, matches and players (1 when there is none).
"""

from __future__ import annotations

import datetime
from collections import defaultdict
from collections.abc import Iterable, Sequence
from typing import Any

from django.db.models import Q
from django.db.models.functions import TruncDate

from scoring.stats import tallies
from tournaments.models import EntrantPlayer, Match, MatchStatus, Night, Season

Figures = dict[tuple[int, datetime.date], list[int]]
# A result's sides: (entrant ids, points, won).
Sides = list[tuple[list[int], int, bool]]


def paper_matches(season: Season, day: datetime.date | None = None) -> list[dict]:
    """The season's counted paper results (of one night date with `day`)."""
    matches = Match.objects.filter(
        tournament__club_id=season.club_id,
        tournament__variant=season.variant,
        on_paper=True,
        status=MatchStatus.COMPLETED,
    ).filter(Q(slots=2) | Q(seats__isnull=False))
    if season.playoffs_id is not None:
        matches = matches.exclude(tournament_id=season.playoffs_id)
    dates = Night.objects.filter(season=season).values("date")
    if day is not None:
        dates = dates.filter(date=day)
    return list(
        matches.annotate(day=TruncDate("tournament__created_at"))
        .filter(day__in=dates)
        .values(
            "day",
            "tournament_id",
            "entrant_a_id",
            "entrant_b_id",
            "winner_id",
            "scores",
            "seats",
        )
    )


def _table_sides(
    match: dict, seeds: dict[int, int]
) -> list[tuple[list[int], int, bool]]:
    """A paper table's sides: (entrant ids, points, won)."""
    seats: list[int] = match["seats"]
    scores: list[int] = match["scores"]
    if len(seats) == 4:
        sides = [[seats[0], seats[2]], [seats[1], seats[3]]]
    else:
        sides = [[entrant] for entrant in seats]
    best = min(
        range(len(sides)),
        key=lambda side: (-scores[side], min(seeds.get(e, 0) for e in sides[side])),
    )
    return [(side, scores[index], index == best) for index, side in enumerate(sides)]


def _match_sides(match: dict) -> Sides:
    """A paper match's two sides: (entrant ids, points, won)."""
    scores = match["scores"] or [0, 0]
    return [
        ([entrant], scores[index], entrant == match["winner_id"])
        for index, entrant in enumerate((match["entrant_a_id"], match["entrant_b_id"]))
    ]


def paper_tallies(
    season: Season, day: datetime.date | None = None
) -> list[tallies.Tally]:
    """Each player's paper games, wins and points per night date (of one night
    with `day`), as scoring's tallies count a game's."""
    matches = paper_matches(season, day)
    if not matches:
        return []
    members: dict[int, list[tuple[int, str]]] = defaultdict(list)
    seeds: dict[int, int] = {}
    for row in EntrantPlayer.objects.filter(
        tournament_id__in={match["tournament_id"] for match in matches}
    ).values("entrant_id", "entrant__seed", "player_id", "player__name", "position"):
        members[row["entrant_id"]].append((row["player_id"], row["player__name"]))
        seeds[row["entrant_id"]] = row["entrant__seed"]
    figures: Figures = defaultdict(lambda: [0, 0, 0])
    names: dict[int, str] = {}
    for match in matches:
        sides = (
            _table_sides(match, seeds)
            if match["seats"] is not None
            else _match_sides(match)
        )
        for entrants, points, won in sides:
            for entrant in entrants:
                for player_id, name in members[entrant]:
                    names[player_id] = name
                    line = figures[(player_id, match["day"])]
                    line[0] += 1
                    line[1] += won
                    line[2] += points
    return [
        tallies.Tally(
            player_id=player_id,
            name=names[player_id],
            key=key,
            games=games,
            wins=wins,
            points=points,
        )
        for (player_id, key), (games, wins, points) in sorted(figures.items())
    ]


def with_paper(
    rows: Sequence[tallies.Tally], paper: Iterable[tallies.Tally]
) -> list[tallies.Tally]:
    """The games' tallies with the paper results added, one row per player and
    night date, sorted by player then date."""
    merged: dict[tuple[int, Any], tallies.Tally] = {
        (row.player_id, row.key): row for row in rows
    }
    for extra in paper:
        key = (extra.player_id, extra.key)
        row = merged.get(key)
        merged[key] = (
            extra
            if row is None
            else tallies.Tally(
                player_id=row.player_id,
                name=row.name,
                key=row.key,
                games=row.games + extra.games,
                wins=row.wins + extra.wins,
                points=row.points + extra.points,
            )
        )
    return [merged[key] for key in sorted(merged)]
