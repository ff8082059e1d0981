"""Skill ratings: a player's current one, what each finished game did to it, and
the re-ratings left for after the commit."""

from django.db import models
from django.db.models import Q

from pitchclub.models import Player
from scoring.models.games import Game


class Rating(models.Model):
    """A player's current skill rating (scoring.stats.ratings): the last of their
    RatingChange rows, kept so that a leaderboard reads one row per player. Rows are
    locked (players' ids ascending) while a finished game updates them."""

    player = models.OneToOneField(
        Player, on_delete=models.CASCADE, primary_key=True, related_name="rating"
    )
    mu = models.FloatField()
    sigma = models.FloatField()
    # mu - 3 * sigma: the rating shown.
    ordinal = models.FloatField()
    # Rated games: the player's RatingChange rows.
    games = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=Q(sigma__gt=0), name="rating_sigma_positive"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player}: {self.ordinal:.2f} after {self.games} games"


class RatingChange(models.Model):
    """What one finished game did to one player's rating. Games are rated in their
    finish order, (`finished_at`, `game_id`), copied here so that a recompute walks
    the changes in order without the games (docs/ratings.md)."""

    player = models.ForeignKey(
        Player, on_delete=models.CASCADE, related_name="rating_changes"
    )
    game = models.ForeignKey(
        Game, on_delete=models.CASCADE, related_name="rating_changes"
    )
    finished_at = models.DateTimeField()
    # The player's side and its place in the game (1 = the winner; sides with the
    # same final score share a place).
    side = models.PositiveSmallIntegerField()
    rank = models.PositiveSmallIntegerField()
    mu_before = models.FloatField()
    sigma_before = models.FloatField()
    mu_after = models.FloatField()
    sigma_after = models.FloatField()
    ordinal_after = models.FloatField()

    class Meta:
        ordering = ["finished_at", "game_id", "player_id"]
        constraints = [
            models.UniqueConstraint(
                fields=["player", "game"], name="ratingchange_once_per_game"
            ),
            models.CheckConstraint(
                condition=Q(rank__gte=1), name="ratingchange_rank_from_1"
            ),
            models.CheckConstraint(
                condition=Q(sigma_before__gt=0, sigma_after__gt=0),
                name="ratingchange_sigma_positive",
            ),
        ]
        indexes = [
            models.Index(fields=["finished_at", "game"], name="ratingchange_order_idx"),
            models.Index(
                fields=["player", "finished_at", "game"],
                name="ratingchange_player_idx",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player} in game {self.game_id}: {self.ordinal_after:.2f}"


class RatingBacklog(models.Model):
    """Ratings a change left to rate again after its commit (docs/ratings.md, "Large
    re-ratings in the background"): every game from the finish key (`start_at`,
    `start_game`) on that `players`' ratings reach, after `game`'s rating rows are
    brought in line with it. Plain ids: the game or a player may be gone by then."""

    start_at = models.DateTimeField(null=True, blank=True)
    start_game = models.BigIntegerField(null=True, blank=True)
    players = models.JSONField(default=list)
    game = models.BigIntegerField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    attempts = models.PositiveIntegerField(default=0)
    last_error = models.TextField(blank=True)
    next_attempt_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        indexes = [
            models.Index(fields=["next_attempt_at"], name="ratingbacklog_due_idx")
        ]

    def __str__(self) -> str:
        return f"Ratings from game {self.start_game} on ({self.attempts} attempts)"
