"""The statistics' rows: per player and game (PlayerGame), and their sums by
month and by day (docs/statistics.md)."""

from django.db import models
from django.utils.translation import gettext_lazy as _

from pitchclub.models import Club, Player
from scoring.models.games import Game, Status, Variant
from scoring.vocabulary import POINT_IDS

# PlayerGame's counters: a column per bid (Hand.bid is 1 to 13) and per point.
PLAYER_GAME_BIDS = range(1, 14)


class PlayerGame(models.Model):
    """One player's figures in one game with at least one hand (docs/statistics.md):
    the game's columns the statistics filter on, copied, and what the player did in
    it, counted from its hands and awards. Kept by scoring.stats.player_games (the
    game hook, in the change's transaction); rebuilt by `manage.py
    player_games_rebuild`. The player page, the stats API and the leaderboard sum
    these rows instead of the hands."""

    class Result(models.TextChoices):
        WON = "won", _("Won")
        LOST = "lost", _("Lost")
        OPEN = "open", _("In progress")
        ABANDONED = "abandoned", _("Abandoned")

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="+")
    # The game's, copied: the statistics' filters read them here.
    variant = models.CharField(max_length=16, choices=Variant.choices)
    club = models.ForeignKey(
        Club, null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    status = models.CharField(max_length=16, choices=Status.choices)
    created_at = models.DateTimeField()
    winner = models.PositiveSmallIntegerField(null=True, blank=True)
    # The player's.
    seat = models.PositiveSmallIntegerField()
    side = models.PositiveSmallIntegerField()
    result = models.CharField(max_length=16, choices=Result.choices)
    hands = models.PositiveIntegerField(default=0)
    # The side's score in the game.
    score = models.IntegerField(default=0)
    # Hands the player pitched, and made, in all (and by bid: pitched_<bid>).
    pitched = models.PositiveIntegerField(default=0)
    made = models.PositiveIntegerField(default=0)
    # The values of the points the player took (13-Point's threes count 3).
    points = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [
            # A seat's row: the statistics join the player's seats to them.
            models.UniqueConstraint(
                fields=["game", "seat"], name="playergame_once_per_seat"
            ),
        ]
        # The leaderboard's sums by player.
        indexes = [
            models.Index(fields=["player", "game"], name="playergame_player_idx")
        ]

    def __str__(self) -> str:
        return f"{self.player_id} in game {self.game_id}: {self.result}"


for _bid in PLAYER_GAME_BIDS:
    PlayerGame.add_to_class(f"pitched_{_bid}", models.PositiveIntegerField(default=0))
    PlayerGame.add_to_class(f"made_{_bid}", models.PositiveIntegerField(default=0))
for _point in POINT_IDS:
    PlayerGame.add_to_class(f"taken_{_point}", models.PositiveIntegerField(default=0))


class _Sums(models.Model):
    """A player's figures summed over the counted games (abandoned left out) with a
    hand, in one club (0: none) and one variant, over a stretch of time (a
    subclass's key): what PlayerGame's rows of those games add up to. Kept by
    database triggers on PlayerGame's table (scoring.stats.sums), so that the
    player page, the stats API and the leaderboard read a few hundred sums instead
    of every game. No foreign keys: a trigger writes these rows while a player or
    club may be going away (their rows then sum to zero)."""

    player = models.ForeignKey(
        Player, on_delete=models.DO_NOTHING, db_constraint=False, related_name="+"
    )
    # The club's id, 0 for games outside clubs: a key the triggers' upserts can
    # match (a NULL matches nothing).
    club = models.PositiveBigIntegerField(default=0)
    variant = models.CharField(max_length=16, choices=Variant.choices)
    games = models.IntegerField(default=0)
    finished = models.IntegerField(default=0)
    won = models.IntegerField(default=0)
    hands = models.IntegerField(default=0)
    points = models.IntegerField(default=0)
    pitched = models.IntegerField(default=0)
    made = models.IntegerField(default=0)

    class Meta:
        abstract = True


for _bid in PLAYER_GAME_BIDS:
    _Sums.add_to_class(f"pitched_{_bid}", models.IntegerField(default=0))
    _Sums.add_to_class(f"made_{_bid}", models.IntegerField(default=0))
for _point in POINT_IDS:
    _Sums.add_to_class(f"taken_{_point}", models.IntegerField(default=0))


class PlayerMonth(_Sums):
    """The sums of the games that started in one UTC month (migration 0009): the
    player page, the stats API and the leaderboard over any dates."""

    # The month's first day (UTC).
    month = models.DateField()

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["player", "month", "club", "variant"],
                name="playermonth_once",
            ),
        ]
        # The leaderboard's sums by club.
        indexes = [models.Index(fields=["club", "player"], name="playermonth_club_idx")]

    def __str__(self) -> str:
        return f"{self.player_id} in {self.month:%Y-%m}: {self.games} games"


class PlayerDay(_Sums):
    """The sums of the games that started on one day in the site's time zone
    (settings.TIME_ZONE, as a season's nights count them; migration 0010): a
    league season is a club's games of one variant on its nights' days, so its
    figures are the sums of those days (scoring.games.scopes.NightDays)."""

    day = models.DateField()

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["player", "club", "variant", "day"], name="playerday_once"
            ),
        ]
        # The leaderboard of a season: the club's days.
        indexes = [
            models.Index(fields=["club", "variant", "day"], name="playerday_club_idx")
        ]

    def __str__(self) -> str:
        return f"{self.player_id} on {self.day}: {self.games} games"


class PlayerTotal(_Sums):
    """The sums of every game, whenever it started (migration 0011): the player
    page, the stats API and the leaderboard over all dates read one row per club
    and variant instead of one per month. `span` is always ALL_TIME: the stretch
    of all time, so that the key and the triggers have the months' shape."""

    span = models.DateField()

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["player", "span", "club", "variant"], name="playertotal_once"
            ),
        ]
        # The leaderboard's sums by club.
        indexes = [models.Index(fields=["club", "player"], name="playertotal_club_idx")]

    def __str__(self) -> str:
        return f"{self.player_id}: {self.games} games"


class _PairSums(models.Model):
    """What one player did with (same side) and against another, summed over the
    counted games with a hand in one club (0: none) and one variant, over a
    stretch of time (a subclass's key); the player's own row decides the time,
    club, variant and result (docs/statistics.md). Kept by the same triggers as
    the player's sums."""

    player = models.ForeignKey(
        Player, on_delete=models.DO_NOTHING, db_constraint=False, related_name="+"
    )
    other = models.ForeignKey(
        Player, on_delete=models.DO_NOTHING, db_constraint=False, related_name="+"
    )
    club = models.PositiveBigIntegerField(default=0)
    variant = models.CharField(max_length=16, choices=Variant.choices)
    # Games on the same side, and those won; on the other side, won and lost.
    together = models.IntegerField(default=0)
    won_together = models.IntegerField(default=0)
    against = models.IntegerField(default=0)
    won_against = models.IntegerField(default=0)
    lost_against = models.IntegerField(default=0)

    class Meta:
        abstract = True


class PlayerPairMonth(_PairSums):
    """A pair's sums over one UTC month."""

    month = models.DateField()

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["player", "other", "month", "club", "variant"],
                name="playerpairmonth_once",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player_id} and {self.other_id} in {self.month:%Y-%m}"


class PlayerPairDay(_PairSums):
    """A pair's sums over one day in the site's time zone (a season's nights)."""

    day = models.DateField()

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["player", "club", "variant", "day", "other"],
                name="playerpairday_once",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player_id} and {self.other_id} on {self.day}"


class PlayerPairTotal(_PairSums):
    """A pair's sums over all time (`span`: ALL_TIME, as PlayerTotal's)."""

    span = models.DateField()

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["player", "other", "span", "club", "variant"],
                name="playerpairtotal_once",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player_id} and {self.other_id}"
