from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = "Tournaments"

    def ready(self) -> None:
        # The API's one exception handler answers the tournaments' refusals; a
        # match follows its game through scoring's game hook; a claimed guest's
        # entries move with the core's merge. Scoring and the core import nothing
        # of this app.
        from pitchclub import hooks as core_hooks
        from pitchclub import panels as core_panels
        from pitchclub import refusals as core_refusals
        from scoring.games import hooks
        from scoring.table import panels as game_panels
        from tournaments import listeners
        from tournaments.panels import club_tournaments, match_game
        from tournaments.refusals import CONFLICT_CODES, TournamentRefusal

        core_refusals.register(TournamentRefusal, conflicts=CONFLICT_CODES)
        hooks.register(
            listeners.match_follows_game,
            events=listeners.FOLLOWED,
            order=100,
            name="tournaments.match_follows_game",
        )
        # Every change of a match's game is seen at its tournament's wall's next
        # poll (tournaments/live_versions.py; with LIVE_FROM_CACHE only).
        hooks.register(
            listeners.wall_follows_game,
            events=(hooks.GameEvent,),
            order=200,
            name="tournaments.wall_follows_game",
        )
        core_hooks.register(
            listeners.move_entries, order=110, name="tournaments.move_entries"
        )
        # The club page's tournaments, before its recent games.
        core_panels.register_club_panel(
            club_tournaments, order=90, name="tournaments.tournaments"
        )
        # A match's game's table page: the match, and its next game in place of
        # "New game, same players".
        game_panels.register_game_panel(
            match_game, order=100, name="tournaments.match_game"
        )
        # League seasons: their refusals, a game started for a night, the club
        # page's "Seasons" panel.
        from tournaments.seasons import panels as season_panels
        from tournaments.seasons import scopes as season_scopes
        from tournaments.seasons.refusals import SEASON_CONFLICTS, SeasonRefusal
        from tournaments.seasons.services import game_joins_night

        core_refusals.register(SeasonRefusal, conflicts=SEASON_CONFLICTS)
        hooks.register(
            game_joins_night,
            events=(hooks.GameLinked,),
            order=120,
            name="tournaments.game_joins_night",
        )
        # A game started for a night reads it back (the API's `night`), the
        # new-game page says what it counts for, its table page leads back.
        from scoring.games import links as game_links
        from tournaments.panels import NIGHT_LINK, night_game

        game_links.register_game_link(NIGHT_LINK)
        # Whether a game is a match's, read with the game: the table page of a
        # game outside any tournament looks for no match (scoring.games.flags).
        from scoring.games import flags as game_flags
        from tournaments.panels import has_match

        game_flags.register_game_flag("match", has_match)
        game_panels.register_game_panel(
            night_game, order=110, name="tournaments.night_game"
        )
        core_panels.register_club_panel(
            season_panels.club_seasons_panel,
            order=120,
            name="tournaments.seasons",
        )
        # A player's statistics and the club's leaderboard narrowed to a season
        # (`?season=id`); the games archives to a season or a night (`?night=id`),
        # saying which.
        from django.utils.translation import gettext_lazy

        from scoring.archive import scopes as archive
        from scoring.games import scopes

        scopes.register_scope(
            "season",
            season_scopes.season_scope,
            label=gettext_lazy("Season"),
            club_choices=season_scopes.club_season_choices,
        )
        scopes.register_scope(
            "night", season_scopes.night_scope, label=gettext_lazy("Night")
        )
        archive.register_scope_title("season", season_scopes.season_title)
        archive.register_scope_title("night", season_scopes.night_title)
        # `manage.py demo`: a cup, a Swiss, a progressive night and a season.
        from scoring import demo as demos
        from tournaments import demo

        demos.register_demo_part(demo.load, order=100, name="tournaments.demo")
