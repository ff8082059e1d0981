"""The tournament pages: the organiser's (create, bracket, rounds, matches, paper
results, next round) and everyone's (bracket, wall view, printed sheets)."""

from django.urls import path

from tournaments import match_views, views

app_name = "tournaments"

urlpatterns = [
    # The tournaments of a club, and a new one (from the club page).
    path("clubs/<slug:slug>/tournaments/", views.club_tournaments, name="list"),
    path("clubs/<slug:slug>/tournaments/new/", match_views.tournament_new, name="new"),
    # One tournament: bracket or rounds and standings; the wall view; printed sheets.
    path("tournaments/<int:tournament_id>/", views.tournament_detail, name="detail"),
    path("tournaments/<int:tournament_id>/wall/", views.tournament_wall, name="wall"),
    path(
        "tournaments/<int:tournament_id>/print/",
        views.bracket_print,
        name="print_bracket",
    ),
    path(
        "tournaments/<int:tournament_id>/rounds/<int:number>/print/",
        views.round_print,
        name="print_round",
    ),
    # The organiser's actions: draw the next (Swiss) round; one match's page with
    # its table link and QR code, "Start game at table N" and the paper result.
    path(
        "tournaments/<int:tournament_id>/rounds/",
        match_views.round_draw,
        name="round_draw",
    ),
    path(
        "tournaments/<int:tournament_id>/matches/<int:match_id>/",
        match_views.match_detail,
        name="match",
    ),
    path(
        "tournaments/<int:tournament_id>/matches/<int:match_id>/start/",
        match_views.match_start,
        name="match_start",
    ),
    path(
        "tournaments/<int:tournament_id>/matches/<int:match_id>/result/",
        match_views.match_result,
        name="match_result",
    ),
    # The table link (its QR code): opens the match's game at the table.
    path(
        "tournaments/<int:tournament_id>/matches/<int:match_id>/table/",
        match_views.match_table,
        name="match_table",
    ),
]
