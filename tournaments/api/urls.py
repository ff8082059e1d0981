"""REST API v1 paths for tournaments (included in pitchclub.urls' `api` namespace)."""

from django.urls import path

from tournaments.api import (
    confirm,
    corrections,
    lifecycle,
    matches,
    nights,
    playoffs,
    tournaments,
)
from tournaments.seasons import api as season_apis

urlpatterns = [
    path("tournaments/", tournaments.TournamentsAPI.as_view(), name="tournaments"),
    path(
        "tournaments/<int:tournament_id>/",
        # Read it; rename (PATCH) or delete (DELETE) it: tournaments.api.lifecycle.
        lifecycle.TournamentLifeAPI.as_view(),
        name="tournament",
    ),
    path(
        "tournaments/<int:tournament_id>/close/",
        lifecycle.TournamentCloseAPI.as_view(),
        name="tournament-close",
    ),
    path(
        "tournaments/<int:tournament_id>/archive/",
        lifecycle.TournamentArchiveAPI.as_view(),
        name="tournament-archive",
    ),
    path(
        "tournaments/<int:tournament_id>/matches/<int:match_id>/game/",
        matches.MatchGameAPI.as_view(),
        name="tournament-match-game",
    ),
    path(
        "tournaments/<int:tournament_id>/matches/<int:match_id>/result/",
        # The paper result's POST and, for corrections, its DELETE (a void).
        corrections.MatchResultCorrectionAPI.as_view(),
        name="tournament-match-result",
    ),
    path(
        "tournaments/<int:tournament_id>/matches/<int:match_id>/confirm/",
        confirm.MatchConfirmAPI.as_view(),
        name="tournament-match-confirm",
    ),
    path(
        "tournaments/<int:tournament_id>/rounds/",
        matches.RoundsAPI.as_view(),
        name="tournament-rounds",
    ),
    path(
        "tournaments/<int:tournament_id>/rounds/<int:number>/",
        corrections.RoundAPI.as_view(),
        name="tournament-round",
    ),
    path(
        "tournaments/<int:tournament_id>/players/",
        nights.NightPlayersAPI.as_view(),
        name="tournament-night-players",
    ),
    path(
        "tournaments/<int:tournament_id>/players/<int:entrant_id>/leave/",
        nights.NightPlayerLeaveAPI.as_view(),
        name="tournament-night-player-leave",
    ),
    # League seasons (EVENTS.md "Seasons").
    path(
        "clubs/<slug:slug>/seasons/",
        season_apis.ClubSeasonsAPI.as_view(),
        name="club-seasons",
    ),
    path(
        "seasons/<int:season_id>/",
        season_apis.SeasonDetailAPI.as_view(),
        name="season",
    ),
    path(
        "seasons/<int:season_id>/nights/",
        season_apis.SeasonNightsAPI.as_view(),
        name="season-nights",
    ),
    path(
        "seasons/<int:season_id>/playoffs/",
        playoffs.SeasonPlayoffsAPI.as_view(),
        name="season-playoffs",
    ),
]
