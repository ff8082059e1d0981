"""A season as its nights' days (scoring.games.scopes.NightDays, made by
tournaments.seasons.selectors.season_night_days) is exactly the season's games
(`season_games`), whatever the games a night counts on another day or not at all:
games linked to a night of another day or of another season, a tournament's game
started after midnight, a match's game set aside, the playoffs' games, games
abandoned, without a hand, of another variant or club. The statistics and the
leaderboard read it from the daily sums (PlayerDay) and give what counting the
season's games one by one gives; so do they when the sums are not kept in the
site's time zone (they then count game by game)."""

import datetime
from typing import Any

import pytest
from django.db import connection

from pitchclub.models import Club, Player
from pitchclub.services import clubs as club_services
from scoring.games.filters import _start_of
from scoring.games.scopes import NightDays, scope_filter
from scoring.models import Game
from scoring.stats import figures, sums
from scoring.stats.by_months import Scope
from scoring.stats.leaderboard import club_leaderboard
from tests.factories import UserFactory
from tests.tournaments.seasons.test_night_games import Overlap
from tests.tournaments.seasons.test_seasons import DEC, at, finish, played, start
from tournaments.brackets import create
from tournaments.matches import services as match_services
from tournaments.models import MatchGame, Season, Tournament
from tournaments.seasons.selectors import season_games, season_night_days

pytestmark = pytest.mark.django_db


def cup(club: Club, name: str, day: datetime.date, players: list[str]) -> list[Game]:
    """A round robin of `players` held on `day` (19:00 UTC); each match's first
    game started, and finished by its first seat."""
    made = create.tournament_create(
        club=club,
        name=name,
        format="round_robin",
        variant="auction",
        options={"target": 6},
        entrants=[create.EntrantInput(players=[n]) for n in players],
    )
    Tournament.objects.filter(pk=made.pk).update(created_at=at(day, 19))
    games = []
    for match in made.matches.order_by("id"):
        game, _ = match_services.match_game_start(
            tournament_id=made.pk, match_id=match.pk
        )
        Game.objects.filter(pk=game.pk).update(created_at=at(day, 20))
        games.append(game)
    return games


class Scenario(Overlap):
    """Overlap's seasons (games linked to nights of other days and seasons), and:
    a tournament of Winter's 3 Dec whose game starts after midnight (counted on
    the 3rd), one of 10 Dec whose game is set aside (counted by no season), the
    League's playoffs on 17 Dec (not counted by it), an abandoned game, a game
    without a hand, and another club's game, on the nights."""

    def __init__(self, club: Club) -> None:
        super().__init__(club)
        late = cup(club, "Late cup", DEC[3], ["Ann", "Eve"])[0]
        Game.objects.filter(pk=late.pk).update(created_at=at(DEC[4], 0))
        finish(late, 1)
        aside = cup(club, "Set aside", DEC[10], ["Bob", "Cy"])[0]
        finish(aside, 0)
        MatchGame.objects.filter(game=aside).update(abandoned=True)
        playoffs = cup(club, "Playoffs", DEC[17], ["Ann", "Finn"])
        for game in playoffs:
            finish(game, 0)
        Season.objects.filter(pk=self.league.pk).update(
            playoffs=Tournament.objects.get(name="Playoffs")
        )
        self.league.refresh_from_db()
        gone = start(club, ["Ann", "Di"], when=at(DEC[3]))
        Game.objects.filter(pk=gone.pk).update(status="abandoned")
        self.handless = start(club, ["Ann", "Bob"], when=at(DEC[10]))
        other = club_services.club_create(name="Elsewhere", by=UserFactory())
        played(other, DEC[3], "Ann", "Bob")


@pytest.fixture
def scenario(club: Club) -> Scenario:
    return Scenario(club)


def ids_of(season: Season) -> list[int]:
    return sorted(season_games(season).values_list("pk", flat=True))


def test_the_night_days_are_the_seasons_games(scenario: Scenario) -> None:
    for season in (scenario.winter, scenario.league, scenario.thirteens):
        nights = season_night_days(season)
        chosen = Game.objects.filter(scope_filter(nights)).values_list("pk", flat=True)
        assert sorted(chosen) == ids_of(season), season.name
    # The scenario does reach both corrections.
    winter, league = (
        season_night_days(scenario.winter),
        season_night_days(scenario.league),
    )
    assert winter.added
    assert winter.removed
    assert league.added
    assert league.removed


def figures_both_ways(player: Player, season: Season, **scoped: Any) -> tuple:
    nights = season_night_days(season)
    assert isinstance(nights, NightDays)
    summed = figures.player_stats(
        player=player, scope=Scope(season=nights, **scoped), top=100, recent=5
    )
    games = Game.objects.counted().filter(pk__in=ids_of(season))
    if scoped.get("start") is not None:
        games = games.filter(created_at__gte=scoped["start"])
    if scoped.get("variant"):
        games = games.filter(variant=scoped["variant"])
    if scoped.get("end") is not None:
        games = games.filter(created_at__lt=scoped["end"])
    counted = figures.player_stats(player=player, games=games, top=100, recent=5)
    return summed, counted


@pytest.mark.parametrize(
    "scoped",
    [
        {},
        {"start": _start_of(DEC[4])},
        {"end": _start_of(DEC[10])},
        {"variant": "thirteen"},
    ],
)
def test_a_players_figures_from_the_days_are_those_of_the_seasons_games(
    scenario: Scenario, scoped: dict[str, Any]
) -> None:
    assert sums.days_in_site_zone(connection)
    for season in (scenario.winter, scenario.league):
        for player in Player.objects.all():
            summed, counted = figures_both_ways(player, season, **scoped)
            assert summed == counted, (season.name, player.name, scoped)
    ann = Player.objects.get(name="Ann", club=scenario.winter.club)
    summed, _ = figures_both_ways(ann, scenario.winter)
    assert summed.recent, "Ann played in Winter"


def test_the_leaderboard_from_the_days_is_that_of_the_seasons_games(
    scenario: Scenario,
) -> None:
    club = scenario.winter.club
    for season in (scenario.winter, scenario.league):
        by_days = club_leaderboard(
            club=club, user=None, min_games=0, games=season_night_days(season)
        )
        by_games = club_leaderboard(
            club=club, user=None, min_games=0, games=ids_of(season)
        )
        assert by_days == by_games, season.name
        assert any(line.games for line in by_days.ranked + by_days.below)


def test_days_not_kept_in_the_sites_zone_count_game_by_game(
    scenario: Scenario, settings: Any
) -> None:
    """The days' triggers were made in UTC; a site now in Chicago has not yet
    run `migrate` (which sums them again): the season counts game by game."""
    settings.TIME_ZONE = "America/Chicago"
    assert not sums.days_in_site_zone(connection)
    for player in Player.objects.filter(name__in=["Ann", "Cy", "Eve"]):
        summed, counted = figures_both_ways(player, scenario.winter)
        assert summed == counted, player.name
    club = scenario.winter.club
    nights = season_night_days(scenario.league)
    by_days = club_leaderboard(club=club, user=None, min_games=0, games=nights)
    by_games = club_leaderboard(
        club=club, user=None, min_games=0, games=ids_of(scenario.league)
    )
    assert by_days == by_games
