from django.urls import include, path

from scoring.archive import views as archive_views
from scoring.start import views as start
from scoring.stats import views as players
from scoring.table import live as watch
from scoring.table.views import corrections, lifecycle, page, restore

app_name = "scoring"

urlpatterns = [
    path("", archive_views.home, name="home"),
    path("games/", archive_views.game_archive, name="archive"),
    path("games/new/", start.new_game, name="new_game"),
    path("games/<int:game_id>/abandon/", lifecycle.game_abandon, name="game_abandon"),
    path("games/<int:game_id>/resume/", lifecycle.game_resume, name="game_resume"),
    path("games/<int:game_id>/delete/", lifecycle.game_delete, name="game_delete"),
    path("clubs/<slug:slug>/games/", archive_views.club_games, name="club_games"),
    path(
        "clubs/<slug:slug>/leaderboard/",
        players.leaderboard,
        name="leaderboard",
    ),
    path("players/<int:player_id>/", players.player, name="player"),
    path(
        "players/<int:player_id>/games/",
        archive_views.player_games,
        name="player_games",
    ),
    path("games/<int:game_id>/", page.game_detail, name="game"),
    path("games/<int:game_id>/hands/", page.hand_record, name="hand_record"),
    path(
        "games/<int:game_id>/hands/<int:number>/", corrections.hand_detail, name="hand"
    ),
    path(
        "games/<int:game_id>/hands/<int:number>/undo/",
        corrections.hand_undo,
        name="hand_undo",
    ),
    path(
        "games/<int:game_id>/hands/<int:number>/restore/",
        restore.hand_restore,
        name="hand_restore",
    ),
    path("games/<int:game_id>/live/", watch.live, name="live"),
    path("games/<int:game_id>/hands.csv", watch.hands_csv, name="hands_csv"),
    path("games/<int:game_id>/again/", watch.game_again, name="game_again"),
    path("how-to-score/", include("scoring.help.urls")),
]
