from django.urls import path

from scoring import views

app_name = "scoring"

urlpatterns = [
    path("", views.home, name="home"),
    path("games/new/", views.new_game, name="new_game"),
    path("games/<int:game_id>/", views.game_detail, name="game"),
]
