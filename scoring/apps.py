from typing import Any

from django.apps import AppConfig
from django.db.models.signals import post_migrate


def _days_follow_zone(sender: AppConfig, using: str, **kwargs: Any) -> None:
    """After `migrate`: the statistics' days in settings.TIME_ZONE, even when it
    changed since they were summed (scoring.stats.sums)."""
    from django.db import connections

    from scoring.stats import sums

    if sums.follow_site_zone(connections[using]) and kwargs.get("verbosity", 1):
        print(f"  The statistics' days were summed again in {sums.site_zone()}.")


class ScoringConfig(AppConfig):
    name = "scoring"
    verbose_name = "Scoring"

    def ready(self) -> None:
        # The API's one exception handler (pitchclub.api.errors) answers the rules'
        # refusals too: the core knows them only as a registered kind.
        from pitchclub import hooks as core_hooks
        from pitchclub import panels as core_panels
        from pitchclub import refusals as core_refusals
        from scoring.engine import RuleViolation
        from scoring.games import hooks
        from scoring.games.listeners import move_seats_and_awards
        from scoring.panels import club_games, club_leaders, profile_games
        from scoring.refusals import CONFLICT_CODES
        from scoring.stats import player_games
        from scoring.stats.listeners import ratings_follow_game, ratings_follow_merge
        from scoring.table import live_versions

        post_migrate.connect(_days_follow_zone, sender=self)

        core_refusals.register(RuleViolation, conflicts=CONFLICT_CODES)
        # A claimed guest's seats and awards move to the claiming player.
        core_hooks.register(
            move_seats_and_awards, order=100, name="scoring.move_seats_and_awards"
        )
        # Ratings follow every game that finishes, or stops being finished, or
        # whose places a correction changes (docs/ratings.md); and merged players.
        hooks.register(
            ratings_follow_game,
            events=(
                hooks.GameFinished,
                hooks.GameReopened,
                hooks.HandCorrected,
                hooks.HandUndone,
                hooks.GameAbandoned,
                hooks.GameResumed,
                hooks.GameDeleted,
            ),
            order=200,
            name="scoring.ratings_follow_game",
        )
        core_hooks.register(
            ratings_follow_merge, order=200, name="scoring.ratings_follow_merge"
        )
        # Re-ratings too large for a request, drained after the commit; on /health/.
        from scoring.stats import catch_up

        catch_up.install()
        # The statistics' rows (PlayerGame) follow every hand, abandon, resume and
        # merge, in the change's transaction (scoring.stats.player_games).
        hooks.register(
            player_games.rows_follow_game,
            events=player_games.FOLLOWED,
            order=150,
            name="scoring.player_games",
        )
        core_hooks.register(
            player_games.rows_follow_merge, order=150, name="scoring.player_games"
        )
        # The live view's version in the cache, once each change commits.
        hooks.register(
            live_versions.follow,
            events=(hooks.GameEvent,),
            order=300,
            name="scoring.live_versions",
        )
        # The club page's recent games and the profile's games.
        core_panels.register_club_panel(club_games, order=100, name="scoring.games")
        core_panels.register_club_panel(
            club_leaders, order=110, name="scoring.leaderboard"
        )
        core_panels.register_profile_panel(
            profile_games, order=100, name="scoring.games"
        )
