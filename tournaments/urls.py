"""The tournament pages: the organiser's (create, bracket, rounds, matches, paper
results, next round) and everyone's (bracket, wall view, printed sheets)."""

from django.urls import path

from tournaments import views
from tournaments.brackets import round_views
from tournaments.brackets import views as bracket_views
from tournaments.lifecycle import views as lifecycle_views
from tournaments.matches import confirm_views
from tournaments.matches import fix_views as match_fix_views
from tournaments.matches import views as match_views
from tournaments.nights import views as night_views
from tournaments.seasons import views as season_views

app_name = "tournaments"

urlpatterns = [
    # The tournaments of a club, and a new one (from the club page).
    path("clubs/<slug:slug>/tournaments/", views.club_tournaments, name="list"),
    path(
        "clubs/<slug:slug>/tournaments/new/", bracket_views.tournament_new, name="new"
    ),
    # A progressive night: check-in, table scores, arrivals and leavers, cards.
    path(
        "clubs/<slug:slug>/nights/new/", night_views.night_new, name="progressive_new"
    ),
    path(
        "tournaments/<int:tournament_id>/tables/<int:match_id>/scores/",
        night_views.table_scores,
        name="table_scores",
    ),
    path(
        "tournaments/<int:tournament_id>/arrive/",
        night_views.night_arrive,
        name="night_arrive",
    ),
    path(
        "tournaments/<int:tournament_id>/players/<int:entrant_id>/leave/",
        night_views.night_leave,
        name="night_leave",
    ),
    path(
        "tournaments/<int:tournament_id>/cards/",
        night_views.table_cards,
        name="table_cards",
    ),
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
    # A tournament's life (organisers): rename, close early, archive, delete.
    path(
        "tournaments/<int:tournament_id>/rename/",
        lifecycle_views.tournament_rename,
        name="rename",
    ),
    path(
        "tournaments/<int:tournament_id>/close/",
        lifecycle_views.tournament_close,
        name="close",
    ),
    path(
        "tournaments/<int:tournament_id>/archive/",
        lifecycle_views.tournament_archive,
        name="archive",
    ),
    path(
        "tournaments/<int:tournament_id>/unarchive/",
        lifecycle_views.tournament_unarchive,
        name="unarchive",
    ),
    path(
        "tournaments/<int:tournament_id>/delete/",
        lifecycle_views.tournament_delete,
        name="delete",
    ),
    # Public results: the standings on one A4 page, and as CSV.
    path(
        "tournaments/<int:tournament_id>/standings/print/",
        views.standings_print,
        name="print_standings",
    ),
    path(
        "tournaments/<int:tournament_id>/standings.csv",
        views.standings_csv,
        name="standings_csv",
    ),
    # The organiser's actions: draw the next (Swiss) round; one match's page with
    # its table link and QR code, "Start game at table N" and the paper result.
    path(
        "tournaments/<int:tournament_id>/rounds/",
        bracket_views.round_draw,
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
    # A result confirmed by the other side (setting confirm_results): confirm or
    # dispute it; an organiser's "Play it again".
    path(
        "tournaments/<int:tournament_id>/matches/<int:match_id>/confirm/",
        confirm_views.match_confirm,
        name="match_confirm",
    ),
    path(
        "tournaments/<int:tournament_id>/matches/<int:match_id>/replay/",
        confirm_views.match_replay,
        name="match_replay",
    ),
    # Corrections (organisers): void or edit a match's result, take back the
    # last round, swap two entrants before play starts.
    path(
        "tournaments/<int:tournament_id>/matches/<int:match_id>/void/",
        match_fix_views.match_void,
        name="match_void",
    ),
    path(
        "tournaments/<int:tournament_id>/matches/<int:match_id>/edit/",
        match_fix_views.match_edit,
        name="match_edit",
    ),
    path(
        "tournaments/<int:tournament_id>/rounds/<int:number>/take-back/",
        round_views.round_redo,
        name="round_redo",
    ),
    path(
        "tournaments/<int:tournament_id>/swap/",
        round_views.entrants_swap,
        name="swap",
    ),
    # The table link (its QR code): opens the match's game at the table.
    path(
        "tournaments/<int:tournament_id>/matches/<int:match_id>/table/",
        match_views.match_table,
        name="match_table",
    ),
    # League seasons: a club's new season; a season's standings and nights, one
    # player's nights, one night; the organisers' new night and playoffs.
    path(
        "clubs/<slug:slug>/seasons/new/",
        season_views.season_new,
        name="season_new",
    ),
    path("seasons/<int:season_id>/", season_views.season_detail, name="season"),
    path(
        "seasons/<int:season_id>/nights/",
        season_views.night_new,
        name="night_new",
    ),
    path(
        "seasons/<int:season_id>/nights/<int:night_id>/",
        season_views.night_detail,
        name="night",
    ),
    path(
        "seasons/<int:season_id>/players/<int:player_id>/",
        season_views.season_player,
        name="season_player",
    ),
    path(
        "seasons/<int:season_id>/print/",
        season_views.season_print,
        name="season_print",
    ),
    path(
        "seasons/<int:season_id>/standings.csv",
        season_views.season_csv,
        name="season_csv",
    ),
    path(
        "seasons/<int:season_id>/playoffs/",
        season_views.season_playoffs,
        name="season_playoffs",
    ),
]
