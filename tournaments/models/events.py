"""Tournaments, entrants, rounds, matches and their games: what a draw writes
(tournaments.brackets.draw) and a bracket is read from."""

from django.conf import settings as django_settings
from django.db import models
from django.db.models import F, Q

from pitchclub.models import Club, Player
from scoring.models import Game, Variant
from tournaments.vocabulary import (
    BRACKET_LABELS,
    FORMAT_LABELS,
    MATCH_STATUS_LABELS,
    TOURNAMENT_NAME_MAX,
    TOURNAMENT_STATUS_LABELS,
)

Format = models.TextChoices(
    "Format", [(k.upper(), (k, v)) for k, v in FORMAT_LABELS.items()]
)
Bracket = models.TextChoices(
    "Bracket", [(k.upper(), (k, v)) for k, v in BRACKET_LABELS.items()]
)
MatchStatus = models.TextChoices(
    "MatchStatus", [(k.upper(), (k, v)) for k, v in MATCH_STATUS_LABELS.items()]
)
TournamentStatus = models.TextChoices(
    "TournamentStatus",
    [(k.upper(), (k, v)) for k, v in TOURNAMENT_STATUS_LABELS.items()],
)


class Tournament(models.Model):
    """One event of one format, run by a club's organisers and scorekeepers."""

    club = models.ForeignKey(Club, on_delete=models.PROTECT, related_name="tournaments")
    name = models.CharField(max_length=TOURNAMENT_NAME_MAX)
    format = models.CharField(max_length=24, choices=Format.choices)
    variant = models.CharField(max_length=16, choices=Variant.choices)
    team_size = models.PositiveSmallIntegerField(default=1)
    # Every option of the variant in force (defaults filled in), as a game keeps them.
    options = models.JSONField(default=dict)
    # The format's settings by name, defaults filled in (EVENTS.md).
    settings = models.JSONField(default=dict)
    status = models.CharField(
        max_length=16,
        choices=TournamentStatus.choices,
        default=TournamentStatus.RUNNING,
    )
    champion = models.ForeignKey(
        "Entrant",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    created_by = models.ForeignKey(
        django_settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="tournaments_created",
    )
    # Closed early by an organiser: finished with the standings as they stood
    # (the champion is their first), marked as such on every page.
    closed_early = models.BooleanField(default=False)
    # Archived by an organiser: kept (it has results) but out of the club's lists.
    archived_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [
            models.Index(fields=["club", "-created_at"], name="tournament_club_idx")
        ]
        constraints = [
            models.CheckConstraint(
                condition=~Q(name=""), name="tournament_name_not_empty"
            ),
            models.CheckConstraint(
                condition=Q(format__in=Format.values), name="tournament_format_known"
            ),
            models.CheckConstraint(
                condition=Q(variant__in=Variant.values),
                name="tournament_variant_known",
            ),
            models.CheckConstraint(
                condition=Q(team_size__in=[1, 2]), name="tournament_team_size_1_or_2"
            ),
            models.CheckConstraint(
                condition=Q(status__in=TournamentStatus.values),
                name="tournament_status_known",
            ),
            # A champion exactly when finished.
            models.CheckConstraint(
                condition=Q(status=TournamentStatus.FINISHED, champion__isnull=False)
                | Q(status=TournamentStatus.RUNNING, champion__isnull=True),
                name="tournament_finished_iff_champion",
            ),
        ]

    def __str__(self) -> str:
        return self.name


class Entrant(models.Model):
    """Who competes: one player, or a team of two (partners opposite)."""

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="entrants"
    )
    seed = models.PositiveSmallIntegerField()
    name = models.CharField(max_length=TOURNAMENT_NAME_MAX)
    # A progressive night's player who has gone home: not seated again, keeps
    # their tally.
    left = models.BooleanField(default=False)

    class Meta:
        ordering = ["tournament", "seed"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "seed"], name="entrant_unique_seed"
            ),
            models.CheckConstraint(
                condition=Q(seed__gte=1), name="entrant_seed_from_1"
            ),
            models.CheckConstraint(
                condition=~Q(name=""), name="entrant_name_not_empty"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.name} (seed {self.seed})"


class EntrantPlayer(models.Model):
    """A player of an entrant, in order (a team's first player sits at team A's
    first seat). `tournament` repeats the entrant's so that the database itself
    keeps a player in one entrant only."""

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="+"
    )
    entrant = models.ForeignKey(
        Entrant, on_delete=models.CASCADE, related_name="members"
    )
    position = models.PositiveSmallIntegerField()
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="entries")

    class Meta:
        ordering = ["entrant", "position"]
        constraints = [
            models.UniqueConstraint(
                fields=["entrant", "position"], name="entrant_player_unique_position"
            ),
            models.UniqueConstraint(
                fields=["tournament", "player"], name="entrant_player_once"
            ),
            models.CheckConstraint(
                condition=Q(position__lte=1), name="entrant_player_position_0_or_1"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player} in {self.entrant}"


class Round(models.Model):
    """One sitting of a bracket (`winners`, `losers`, `final`) or of a round robin
    or Swiss (`main`)."""

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="rounds"
    )
    bracket = models.CharField(max_length=8, choices=Bracket.choices)
    number = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ["tournament", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "bracket", "number"], name="round_unique_number"
            ),
            models.CheckConstraint(
                condition=Q(bracket__in=Bracket.values), name="round_bracket_known"
            ),
            models.CheckConstraint(
                condition=Q(number__gte=1), name="round_number_from_1"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.get_bracket_display()} round {self.number} of {self.tournament}"


class Match(models.Model):
    """One table's contest: its entrants in seat order (team A first), its games,
    its result. A bye has one slot; a slot not known yet is empty (`waiting`)."""

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="matches"
    )
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="matches")
    number = models.PositiveSmallIntegerField()
    # Given when the match becomes ready: the lowest table no other open match holds.
    table = models.PositiveSmallIntegerField(null=True, blank=True)
    slots = models.PositiveSmallIntegerField(default=2)
    entrant_a = models.ForeignKey(
        Entrant, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    entrant_b = models.ForeignKey(
        Entrant, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    status = models.CharField(
        max_length=12, choices=MatchStatus.choices, default=MatchStatus.WAITING
    )
    wins_a = models.PositiveSmallIntegerField(default=0)
    wins_b = models.PositiveSmallIntegerField(default=0)
    # Points per entrant of the last game (or as entered on paper); null if none.
    scores = models.JSONField(null=True, blank=True)
    winner = models.ForeignKey(
        Entrant, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    # The result was entered by hand (played on paper).
    on_paper = models.BooleanField(default=False)
    # A progressive night's table: the seated players' entrant ids in seat order
    # (partners opposite at a table of 4; 3 or 5 play solo). Its result is
    # `scores`, one per side; it has no winner (who moves up follows from the
    # scores). Null for every other match.
    seats = models.JSONField(null=True, blank=True)
    # Tournament setting `confirm_results`: the result a match's game ended with,
    # waiting for the losing side (or an organiser) to confirm it:
    # {"winner": entrant_id, "scores": [...], "game": game_id}. Null otherwise.
    unconfirmed = models.JSONField(null=True, blank=True)
    # The losing side disputed the waiting result: the match stays `running`,
    # flagged on the organiser's board until an organiser settles it.
    disputed = models.BooleanField(default=False)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["round", "number"]
        constraints = [
            models.UniqueConstraint(
                fields=["round", "number"], name="match_unique_number"
            ),
            models.CheckConstraint(
                condition=Q(number__gte=1), name="match_number_from_1"
            ),
            models.CheckConstraint(
                condition=Q(status__in=MatchStatus.values), name="match_status_known"
            ),
            models.CheckConstraint(
                condition=Q(slots__in=[1, 2]), name="match_slots_1_or_2"
            ),
            models.CheckConstraint(
                condition=Q(slots=2) | Q(entrant_b__isnull=True),
                name="match_bye_has_one_entrant",
            ),
            models.CheckConstraint(
                condition=Q(entrant_a__isnull=True)
                | Q(entrant_b__isnull=True)
                | ~Q(entrant_a=F("entrant_b")),
                name="match_entrants_differ",
            ),
            models.CheckConstraint(
                condition=Q(winner__isnull=True)
                | Q(winner=F("entrant_a"))
                | Q(winner=F("entrant_b")),
                name="match_winner_in_match",
            ),
            # Completed exactly when it has a winner (a progressive table never
            # has one: its scores say who moves up).
            models.CheckConstraint(
                condition=Q(status=MatchStatus.COMPLETED, winner__isnull=False)
                | (~Q(status=MatchStatus.COMPLETED) & Q(winner__isnull=True))
                | Q(seats__isnull=False, winner__isnull=True),
                name="match_completed_iff_winner",
            ),
            # Ready, running or completed: every slot is known (a progressive
            # table's players are its seats, its entrant slots empty).
            models.CheckConstraint(
                condition=Q(status=MatchStatus.WAITING)
                | Q(slots=1, entrant_a__isnull=False)
                | Q(slots=2, entrant_a__isnull=False, entrant_b__isnull=False)
                | Q(seats__isnull=False, entrant_a__isnull=True),
                name="match_open_has_entrants",
            ),
            # A completed progressive table has its scores.
            models.CheckConstraint(
                condition=Q(seats__isnull=True)
                | ~Q(status=MatchStatus.COMPLETED)
                | Q(scores__isnull=False),
                name="match_table_completed_has_scores",
            ),
        ]

    def __str__(self) -> str:
        return f"Match {self.number} of {self.round}"


class MatchGame(models.Model):
    """A game played for a match, in order. An abandoned game stays linked (its
    table's history) but counts for nothing."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="games")
    game = models.OneToOneField(
        Game, on_delete=models.CASCADE, related_name="tournament_match"
    )
    number = models.PositiveSmallIntegerField()
    abandoned = models.BooleanField(default=False)

    class Meta:
        ordering = ["match", "number"]
        constraints = [
            models.UniqueConstraint(
                fields=["match", "number"], name="match_game_unique_number"
            ),
            models.CheckConstraint(
                condition=Q(number__gte=1), name="match_game_number_from_1"
            ),
        ]

    def __str__(self) -> str:
        return f"Game {self.number} of {self.match}"
