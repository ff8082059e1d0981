"""REST API v1 paths for games, hands and revisions (included in pitchclub.urls'
`api` namespace)."""

from django.urls import path

from scoring.api import games, hands, log
from scoring.stats import api as stats_api

urlpatterns = [
    path("games/", games.GamesAPI.as_view(), name="games"),
    path("games/deleted/", log.DeletedGamesAPI.as_view(), name="games_deleted"),
    path("games/<int:game_id>/", games.GameDetailAPI.as_view(), name="game"),
    path(
        "games/<int:game_id>/abandon/",
        games.GameAbandonAPI.as_view(),
        name="game_abandon",
    ),
    path(
        "games/<int:game_id>/resume/",
        games.GameResumeAPI.as_view(),
        name="game_resume",
    ),
    path("games/<int:game_id>/hands/", hands.HandsAPI.as_view(), name="hands"),
    path(
        "games/<int:game_id>/revisions/",
        log.RevisionsAPI.as_view(),
        name="revisions",
    ),
    path(
        "games/<int:game_id>/hands/<int:number>/",
        hands.HandDetailAPI.as_view(),
        name="hand",
    ),
    path(
        "players/<int:id>/stats/",
        stats_api.PlayerStatsAPI.as_view(),
        name="player_stats",
    ),
]
