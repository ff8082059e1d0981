"""Scoring's sections of the core's pages (registered in ScoringConfig.ready())."""

from django.contrib.auth.models import AbstractBaseUser
from django.http import HttpRequest

from pitchclub.models import Club
from pitchclub.panels import Panel
from pitchclub.permissions import ClubAccess
from scoring.games.players import players_of
from scoring.games.selectors import game_list
from scoring.stats.leaderboard import MIN_GAMES, TOP, club_leaderboard
from scoring.table.cards import game_cards

RECENT_GAMES = 10


def club_games(request: HttpRequest, club: Club, access: ClubAccess) -> Panel:
    """The club page's recent games."""
    games = game_cards(game_list(user=request.user).filter(club=club)[:RECENT_GAMES])
    return Panel("scoring/_club_games.html", {"games": games})


def club_leaders(request: HttpRequest, club: Club, access: ClubAccess) -> Panel:
    """The club page's leaderboard: the first few, and the way to the whole of it."""
    board = club_leaderboard(club=club, user=request.user, min_games=MIN_GAMES)
    return Panel(
        "scoring/_club_leaderboard.html",
        {"top": board.ranked[:TOP], "min_games": MIN_GAMES},
    )


def profile_games(request: HttpRequest, user: AbstractBaseUser) -> Panel:
    """The profile's games: those played under any of the user's players."""
    games = game_cards(game_list(user=user, played_by=user, limit=RECENT_GAMES))
    players = players_of(user) if games else []
    return Panel("scoring/_profile_games.html", {"games": games, "players": players})
