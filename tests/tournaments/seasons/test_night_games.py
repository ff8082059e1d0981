"""Which games belong to a night when seasons overlap (issue 14.1): a game linked
to a night (`"night": id`) belongs to that night only, never by its date to a
night of another season; an unlinked game belongs to every season's night of its
date; other variants' games to none. Every reader agrees: the season's nights and
standings, a night's games and results, the API, the statistics' `?season=`."""

import datetime

import pytest
from django.test import Client
from rest_framework.test import APIClient

from pitchclub.models import Club
from scoring.games.scopes import scope_filter
from scoring.models import Game
from tests.tournaments.seasons.test_seasons import (
    DEC,
    at,
    finish,
    make_season,
    played,
    start,
)
from tournaments.models import Night, Season
from tournaments.seasons.overview import season_read
from tournaments.seasons.scopes import season_scope
from tournaments.seasons.selectors import night_games
from tournaments.seasons.standings import night_results, season_standings

pytestmark = pytest.mark.django_db


def night(season: Season, day: datetime.date) -> Night:
    return Night.objects.get(season=season, date=day)


class Overlap:
    """Two auction seasons of one club with nights on the same dates, and a
    Thirteen season:

    game        started  linked to         Winter      League      Thirteens
    both        3 Dec    -                 3 Dec       3 Dec       -
    to_winter   10 Dec   Winter's 3 Dec    3 Dec       -           -
    to_league   3 Dec    League's 17 Dec   -           17 Dec      -
    plain       10 Dec   -                 10 Dec      10 Dec      -
    thirteen    3 Dec    -                 -           -           3 Dec
    """

    def __init__(self, club: Club) -> None:
        self.winter = make_season(club, DEC[3], DEC[10])
        self.league = make_season(club, DEC[3], DEC[10], DEC[17], name="League")
        self.thirteens = make_season(club, DEC[3], name="Thirteens", variant="thirteen")
        self.both = played(club, DEC[3], "Ann", "Bob")
        self.to_winter = played(
            club, DEC[10], "Cy", "Di", night=night(self.winter, DEC[3]).pk
        )
        self.to_league = played(
            club, DEC[3], "Eve", "Finn", night=night(self.league, DEC[17]).pk
        )
        self.plain = played(club, DEC[10], "Ann", "Cy")
        self.thirteen = start(
            club, ["Gus", "Hal", "Ida", "Jo"], when=at(DEC[3]), variant="thirteen"
        )


@pytest.fixture
def overlap(club: Club) -> Overlap:
    return Overlap(club)


def nights_games(season: Season) -> dict[datetime.date, list[int]]:
    return {n.night.date: n.games for n in season_read(season).nights}


def test_a_linked_game_belongs_to_its_night_only(overlap: Overlap) -> None:
    o = overlap
    assert nights_games(o.winter) == {
        DEC[3]: [o.both.pk, o.to_winter.pk],
        DEC[10]: [o.plain.pk],
    }
    assert nights_games(o.league) == {
        DEC[3]: [o.both.pk],
        DEC[10]: [o.plain.pk],
        DEC[17]: [o.to_league.pk],
    }
    assert nights_games(o.thirteens) == {DEC[3]: [o.thirteen.pk]}


def test_every_reader_agrees(overlap: Overlap) -> None:
    o = overlap

    def ids(games: object) -> list[int]:
        return sorted(game.pk for game in games)  # type: ignore[attr-defined]

    assert ids(night_games(o.league, night(o.league, DEC[10]))) == [o.plain.pk]
    assert ids(night_games(o.winter, night(o.winter, DEC[3]))) == sorted(
        [o.both.pk, o.to_winter.pk]
    )
    league_10 = night_results(o.league, night(o.league, DEC[10]))
    assert [(r.name, r.games) for r in league_10] == [("Ann", 1), ("Cy", 1)]
    winter_3 = night_results(o.winter, night(o.winter, DEC[3]))
    assert sorted(r.name for r in winter_3) == ["Ann", "Bob", "Cy", "Di"]

    def scope(season: Season) -> list[int]:
        games = season_scope(str(season.pk), None)
        return sorted(
            Game.objects.filter(scope_filter(games)).values_list("pk", flat=True)
        )

    assert scope(o.winter) == sorted([o.both.pk, o.to_winter.pk, o.plain.pk])
    assert scope(o.league) == sorted([o.both.pk, o.plain.pk, o.to_league.pk])


def test_the_standings_count_a_linked_game_in_its_season_only(
    overlap: Overlap,
) -> None:
    o = overlap

    def players(season: Season) -> dict[str, tuple[int, int, int]]:
        return {
            line.name: (line.nights, line.games, line.wins)
            for line in season_standings(season)
        }

    # Cy played to_winter (a Winter 3 Dec game, started on the 10th) and plain.
    assert players(o.winter) == {
        "Ann": (2, 2, 2),
        "Bob": (1, 1, 0),
        "Cy": (2, 2, 1),
        "Di": (1, 1, 0),
    }
    assert players(o.league) == {
        "Ann": (2, 2, 2),
        "Bob": (1, 1, 0),
        "Cy": (1, 1, 0),
        "Eve": (1, 1, 1),
        "Finn": (1, 1, 0),
    }


def test_the_api_and_the_statistics_agree(club: Club, overlap: Overlap) -> None:
    o = overlap
    league = APIClient().get(f"/api/v1/seasons/{o.league.pk}/").json()
    assert [(n["date"], n["games"]) for n in league["nights"]] == [
        ("2026-12-03", [o.both.pk]),
        ("2026-12-10", [o.plain.pk]),
        ("2026-12-17", [o.to_league.pk]),
    ]
    cy = club.players.get(name="Cy")
    stats = APIClient().get(f"/api/v1/players/{cy.pk}/stats/", {"season": o.league.pk})
    assert stats.status_code == 200, stats.content
    assert stats.json()["games"]["played"] == 1
    page = Client().get(f"/players/{cy.pk}/", {"season": o.winter.pk})
    assert page.status_code == 200


def test_a_game_linked_to_another_seasons_night_is_in_no_night_of_this_one(
    club: Club,
) -> None:
    """Even on the date of one of this season's nights, and even when the other
    night is on that same date."""
    winter = make_season(club, DEC[3])
    league = make_season(club, DEC[3], name="League")
    linked = finish(
        start(club, ["Ann", "Bob"], when=at(DEC[3]), night=night(league, DEC[3]).pk),
        0,
    )
    assert nights_games(winter) == {DEC[3]: []}
    assert nights_games(league) == {DEC[3]: [linked.pk]}
    assert season_standings(winter) == []
    assert Game.objects.filter(pk=linked.pk).exists()
