"""League seasons, their nights and the games linked to them (EVENTS.md "Club
nights and leagues")."""

from django.conf import settings as django_settings
from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _

from pitchclub.models import Club
from scoring.models import Game, Variant
from tournaments.models.events import Tournament
from tournaments.vocabulary import TOURNAMENT_NAME_MAX

SEASON_NAME_MAX = TOURNAMENT_NAME_MAX
# How a season counts each player's night: games won, points scored, or the
# night's progressive tally (tournaments.seasons.standings says what counts).
SEASON_SCORING_LABELS = {
    "wins": _("Games won"),
    "points": _("Points scored"),
    "progressive": _("Progressive tallies"),
}
SeasonScoring = models.TextChoices(
    "SeasonScoring",
    [(k.upper(), (k, v)) for k, v in SEASON_SCORING_LABELS.items()],
)


class Season(models.Model):
    """A club's league: its nights between two dates, how a player's nights are
    counted, how many of each player's worst nights are dropped, and how many
    nights qualify. The variant and options are the season's game: only its
    variant's games count, and a playoff is played with them."""

    club = models.ForeignKey(Club, on_delete=models.PROTECT, related_name="seasons")
    name = models.CharField(max_length=SEASON_NAME_MAX)
    starts = models.DateField()
    ends = models.DateField()
    variant = models.CharField(max_length=16, choices=Variant.choices)
    # Every option of the variant in force (defaults filled in), as a game keeps them.
    options = models.JSONField(default=dict)
    scoring = models.CharField(max_length=16, choices=SeasonScoring.choices)
    drop_worst = models.PositiveSmallIntegerField(default=0)
    min_nights = models.PositiveSmallIntegerField(default=0)
    # The season's playoffs: the one tournament started from its standings. Not
    # counted in the regular standings; its champion is the season's.
    playoffs = models.OneToOneField(
        Tournament,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="playoffs_of",
    )
    created_by = models.ForeignKey(
        django_settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="seasons_created",
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-starts", "-id"]
        constraints = [
            models.CheckConstraint(condition=~Q(name=""), name="season_name_not_empty"),
            models.UniqueConstraint(fields=["club", "name"], name="season_unique_name"),
            models.CheckConstraint(
                condition=Q(ends__gte=F("starts")), name="season_ends_after_starts"
            ),
            models.CheckConstraint(
                condition=Q(variant__in=Variant.values), name="season_variant_known"
            ),
            models.CheckConstraint(
                condition=Q(scoring__in=SeasonScoring.values),
                name="season_scoring_known",
            ),
            models.CheckConstraint(
                condition=Q(drop_worst__gte=0), name="season_drop_worst_not_negative"
            ),
            models.CheckConstraint(
                condition=Q(min_nights__gte=0), name="season_min_nights_not_negative"
            ),
        ]

    def __str__(self) -> str:
        return self.name


class Night(models.Model):
    """A date of a season on which the club meets: its club games of that date, its
    tournaments of that date and the games linked to it belong to it. (That the
    date is within the season is checked by tournaments.seasons.services.night_add: a
    check constraint cannot read the season's row.)"""

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="nights")
    date = models.DateField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["season", "date"]
        constraints = [
            models.UniqueConstraint(
                fields=["season", "date"], name="night_unique_date"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.season}, {self.date.isoformat()}"


class NightGame(models.Model):
    """A game linked to a night when it was started (`"night": id`): it belongs to
    that night, whatever day it was played. The game and the night are of the same
    club and the game is of the season's variant (tournaments.listeners)."""

    night = models.ForeignKey(Night, on_delete=models.CASCADE, related_name="links")
    game = models.OneToOneField(
        Game, on_delete=models.CASCADE, related_name="season_night"
    )

    def __str__(self) -> str:
        return f"Game {self.game_id} on {self.night}"
