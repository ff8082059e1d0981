"""REST API v1 paths for games, hands and revisions (included in pitchclub.urls'
`api` namespace)."""

from django.urls import path

from scoring.api import views as apis
from scoring.stats import api as stats_api

urlpatterns = [
    path("games/", apis.GamesAPI.as_view(), name="games"),
    path("games/deleted/", apis.DeletedGamesAPI.as_view(), name="games_deleted"),
    path("games/<int:game_id>/", apis.GameDetailAPI.as_view(), name="game"),
    path(
        "games/<int:game_id>/abandon/",
        apis.GameAbandonAPI.as_view(),
        name="game_abandon",
    ),
    path(
        "games/<int:game_id>/resume/",
        apis.GameResumeAPI.as_view(),
        name="game_resume",
    ),
    path("games/<int:game_id>/hands/", apis.HandsAPI.as_view(), name="hands"),
    path(
        "games/<int:game_id>/revisions/",
        apis.RevisionsAPI.as_view(),
        name="revisions",
    ),
    path(
        "games/<int:game_id>/hands/<int:number>/",
        apis.HandDetailAPI.as_view(),
        name="hand",
    ),
    path(
        "players/<int:id>/stats/",
        stats_api.PlayerStatsAPI.as_view(),
        name="player_stats",
    ),
]
