"""Games, seats, hands and awards, and the logs of their changes."""

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _

from pitchclub.models import Club, Player
from scoring import engine
from scoring.vocabulary import POINT_IDS, POINT_LABELS, SUITS, VARIANT_LABELS

# The choices are the engine's ids with scoring.vocabulary's labels.
Variant = models.TextChoices(
    "Variant",
    [
        (variant.name, (variant.value, VARIANT_LABELS[variant]))
        for variant in engine.Variant
    ],
)


class Status(models.TextChoices):
    IN_PROGRESS = "in_progress", _("In progress")
    FINISHED = "finished", _("Finished")
    # Stopped before anyone won: kept and read-only, left out of standings and
    # statistics (Game.objects.counted()); its scorekeepers may resume it.
    ABANDONED = "abandoned", _("Abandoned")


# Every point of both variants by its API name (`jack` is shared).
Point = models.TextChoices(
    "Point", [(point.upper(), (point, POINT_LABELS[point])) for point in POINT_IDS]
)

Suit = models.TextChoices(
    "Suit", [(suit.name, (suit.value, SUITS[suit].label)) for suit in engine.Suit]
)


class GameQuerySet(models.QuerySet["Game"]):
    def counted(self) -> "GameQuerySet":
        """The games that count in standings and statistics: every game but the
        abandoned ones (a game in progress counts as far as it went)."""
        return self.exclude(status=Status.ABANDONED)

    def abandoned(self) -> "GameQuerySet":
        return self.filter(status=Status.ABANDONED)


class Game(models.Model):
    variant = models.CharField(max_length=16, choices=Variant.choices)
    partnership = models.BooleanField(default=False)
    player_count = models.PositiveSmallIntegerField()
    first_dealer = models.PositiveSmallIntegerField(default=0)
    options = models.JSONField(default=dict)
    status = models.CharField(
        max_length=16, choices=Status.choices, default=Status.IN_PROGRESS
    )
    winner = models.PositiveSmallIntegerField(null=True, blank=True)
    scores = models.JSONField(default=list)
    hand_count = models.PositiveIntegerField(default=0)
    # A club's games follow its privacy; PROTECT so no private game turns public.
    club = models.ForeignKey(
        Club, null=True, blank=True, on_delete=models.PROTECT, related_name="games"
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="games_created",
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    objects = GameQuerySet.as_manager()

    class Meta:
        ordering = ["-updated_at", "-id"]
        indexes = [models.Index(fields=["-updated_at"], name="game_recent_idx")]
        constraints = [
            models.CheckConstraint(
                condition=Q(variant__in=Variant.values), name="game_variant_known"
            ),
            models.CheckConstraint(
                condition=Q(status__in=Status.values), name="game_status_known"
            ),
            models.CheckConstraint(
                condition=Q(
                    player_count__gte=engine.MIN_PLAYERS,
                    player_count__lte=engine.MAX_PLAYERS,
                ),
                name=f"game_player_count_{engine.MIN_PLAYERS}_to_{engine.MAX_PLAYERS}",
            ),
            models.CheckConstraint(
                condition=Q(first_dealer__lt=F("player_count")),
                name="game_first_dealer_is_a_seat",
            ),
            models.CheckConstraint(
                condition=Q(status=Status.FINISHED, winner__isnull=False)
                | Q(
                    status__in=[Status.IN_PROGRESS, Status.ABANDONED],
                    winner__isnull=True,
                ),
                name="game_finished_iff_winner",
            ),
            # Partners sit opposite: a partnership game has half as many sides.
            models.CheckConstraint(
                condition=Q(winner__isnull=True)
                | Q(partnership=False, winner__lt=F("player_count"))
                | Q(partnership=True, winner__lt=F("player_count") / 2),
                name="game_winner_is_a_side",
            ),
        ]

    def __str__(self) -> str:
        return f"Game {self.pk} ({self.get_variant_display()})"

    @property
    def abandoned(self) -> bool:
        return self.status == Status.ABANDONED


class Seat(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats")
    number = models.PositiveSmallIntegerField()
    side = models.PositiveSmallIntegerField()
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="seats")

    class Meta:
        ordering = ["game", "number"]
        constraints = [
            models.UniqueConstraint(
                fields=["game", "number"], name="seat_unique_number"
            ),
            models.UniqueConstraint(
                fields=["game", "player"], name="seat_unique_player"
            ),
            models.CheckConstraint(
                condition=Q(number__lte=6), name="seat_number_0_to_6"
            ),
            models.CheckConstraint(
                condition=Q(side__lte=F("number")), name="seat_side_le_seat"
            ),
        ]
        # A player's games with their seat (scoring.stats.figures), from the index
        # alone.
        indexes = [
            models.Index(
                fields=["player", "game", "side", "number"], name="seat_player_game_idx"
            )
        ]

    def __str__(self) -> str:
        return f"Seat {self.number} of game {self.game_id}: {self.player}"


class Hand(models.Model):
    """One hand as recorded (inputs) with the engine's result (outputs)."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="hands")
    number = models.PositiveIntegerField()
    dealer = models.PositiveSmallIntegerField()
    auction = models.JSONField(null=True, blank=True)
    pitcher = models.PositiveSmallIntegerField()
    bid = models.PositiveSmallIntegerField()
    bidding_side = models.PositiveSmallIntegerField()
    trump = models.CharField(max_length=8, choices=Suit.choices, blank=True)
    single_trump = models.BooleanField(default=False)
    game_points = models.JSONField(null=True, blank=True)
    won = models.JSONField()
    made = models.BooleanField()
    deltas = models.JSONField()
    scores = models.JSONField()
    client_id = models.UUIDField(null=True, blank=True)
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["game", "number"]
        constraints = [
            models.UniqueConstraint(
                fields=["game", "number"], name="hand_unique_number"
            ),
            models.UniqueConstraint(
                fields=["game", "client_id"], name="hand_unique_client_id"
            ),
            models.CheckConstraint(
                condition=Q(number__gte=1), name="hand_number_from_1"
            ),
            models.CheckConstraint(
                condition=Q(bid__gte=1, bid__lte=13), name="hand_bid_1_to_13"
            ),
            models.CheckConstraint(
                condition=Q(dealer__lte=6), name="hand_dealer_is_a_seat"
            ),
            models.CheckConstraint(
                condition=Q(pitcher__lte=6), name="hand_pitcher_is_a_seat"
            ),
            models.CheckConstraint(
                condition=Q(trump="") | Q(trump__in=Suit.values),
                name="hand_trump_known",
            ),
        ]
        # The statistics (scoring.stats.figures) read these from the indexes alone: the
        # hands a seat pitched, by bid; each hand's id by game (for its awards).
        indexes = [
            models.Index(
                fields=["game", "pitcher", "bid", "made"], name="hand_pitcher_idx"
            ),
            models.Index(fields=["game", "id"], name="hand_game_ids_idx"),
        ]

    def __str__(self) -> str:
        return f"Hand {self.number} of game {self.game_id}"


class Award(models.Model):
    """One point of one hand taken by one seat, or credited to a side (a team) without
    naming the partner who took it: lets the database count, per player, how often
    each point was taken. A side credit has no seat and no player, so it counts for
    no player (but for its side). Points awarded to nobody have no row."""

    hand = models.ForeignKey(Hand, on_delete=models.CASCADE, related_name="awards")
    # The hand's game, derived (a hand never changes game): the statistics join a
    # player's awards to their games without going through the hands.
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="+")
    point = models.CharField(max_length=16, choices=Point.choices)
    seat = models.PositiveSmallIntegerField(null=True, blank=True)
    side = models.PositiveSmallIntegerField()
    value = models.PositiveSmallIntegerField(default=1)
    player = models.ForeignKey(
        Player,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="awards",
    )

    class Meta:
        ordering = ["hand", "point"]
        constraints = [
            models.UniqueConstraint(
                fields=["hand", "point"], name="award_unique_point"
            ),
            models.CheckConstraint(
                condition=Q(point__in=Point.values), name="award_point_known"
            ),
            models.CheckConstraint(
                condition=Q(value__gte=1, value__lte=3), name="award_value_1_to_3"
            ),
            models.CheckConstraint(condition=Q(seat__lte=6), name="award_seat_0_to_6"),
            # A seat's award names its player; a side credit names neither.
            models.CheckConstraint(
                condition=Q(seat__isnull=False, player__isnull=False)
                | Q(seat__isnull=True, player__isnull=True),
                name="award_seat_iff_player",
            ),
            # A seat plays for a side numbered at most its own (as Seat says); a
            # side credited alone is a team, and a table has at most three.
            models.CheckConstraint(
                condition=Q(seat__isnull=False, side__lte=F("seat"))
                | Q(seat__isnull=True, side__lte=2),
                name="award_side_of_seat_or_team",
            ),
        ]
        indexes = [
            models.Index(fields=["player", "point"], name="award_player_point_idx"),
            # A player's points by game (scoring.stats.figures), index only.
            models.Index(
                fields=["player", "game", "point", "value"],
                name="award_player_game_idx",
            ),
        ]

    def __str__(self) -> str:
        taker = f"seat {self.seat}" if self.seat is not None else f"team {self.side}"
        return f"{self.get_point_display()} to {taker} in {self.hand}"


class HandRevision(models.Model):
    """The revision log: every correction and undo keeps the hand as it was."""

    class Action(models.TextChoices):
        CORRECT = "correct", _("Corrected")
        UNDO = "undo", _("Undone")

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="revisions")
    hand_number = models.PositiveIntegerField()
    action = models.CharField(max_length=8, choices=Action.choices)
    before = models.JSONField()
    after = models.JSONField(null=True, blank=True)
    changed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    changed_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["game", "changed_at", "id"]
        indexes = [
            models.Index(fields=["game", "hand_number"], name="revision_game_hand_idx")
        ]
        constraints = [
            models.CheckConstraint(
                condition=Q(action__in=["correct", "undo"]),
                name="revision_action_known",
            ),
        ]

    def __str__(self) -> str:
        action = self.get_action_display()
        return f"{action} hand {self.hand_number} of game {self.game_id}"


class GameLog(models.Model):
    """The revision log of whole games: abandoned, resumed, deleted. A deletion's
    entry outlives its game (the tombstone): `game` is then null (so are the game's
    earlier entries), `game_number`, `club` and `before` (the game as it was:
    variant, players, scores …) remain."""

    class Action(models.TextChoices):
        ABANDON = "abandon", _("Abandoned")
        RESUME = "resume", _("Resumed")
        DELETE = "delete", _("Deleted")

    game = models.ForeignKey(
        Game, null=True, blank=True, on_delete=models.SET_NULL, related_name="log"
    )
    game_number = models.PositiveIntegerField()
    # The club the game was in: a deleted game's tombstone keeps its club's privacy.
    club = models.ForeignKey(
        Club, null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    action = models.CharField(max_length=8, choices=Action.choices)
    before = models.JSONField()
    changed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    changed_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["changed_at", "id"]
        indexes = [
            models.Index(fields=["game_number"], name="gamelog_game_number_idx"),
            models.Index(fields=["club", "-changed_at"], name="gamelog_club_idx"),
        ]
        constraints = [
            models.CheckConstraint(
                condition=Q(action__in=["abandon", "resume", "delete"]),
                name="gamelog_action_known",
            ),
        ]

    def __str__(self) -> str:
        return f"Game {self.game_number} {self.get_action_display().lower()}"
