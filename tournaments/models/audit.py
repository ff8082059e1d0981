"""The audit log of a tournament's results and life (who and when)."""

from django.conf import settings as django_settings
from django.db import models
from django.db.models import Q
from django.utils.translation import pgettext_lazy

from tournaments.models.events import Match, Tournament


class ResultRevision(models.Model):
    """The audit log of a match's results, like a game's hand revisions: a paper
    result entered, edited or voided, a game's result voided, a result confirmed
    or disputed, a round taken back, entrants swapped; who and when. `before` and
    `after` are the match (or round) as it was and became."""

    class Action(models.TextChoices):
        ENTER = "enter", pgettext_lazy("a result's history", "Entered")
        EDIT = "edit", pgettext_lazy("a result's history", "Edited")
        VOID = "void", pgettext_lazy("a result's history", "Voided")
        CONFIRM = "confirm", pgettext_lazy("a result's history", "Confirmed")
        DISPUTE = "dispute", pgettext_lazy("a result's history", "Disputed")
        REDO_ROUND = "redo", pgettext_lazy("a result's history", "Round taken back")
        SWAP = "swap", pgettext_lazy("a result's history", "Swapped")
        CLOSE = "close", pgettext_lazy("a result's history", "Closed early")
        RENAME = "rename", pgettext_lazy("a result's history", "Renamed")
        ARCHIVE = "archive", pgettext_lazy("a result's history", "Archived")

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="revisions"
    )
    # Null for what concerns the whole tournament or a round taken back.
    match = models.ForeignKey(
        Match,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="revisions",
    )
    action = models.CharField(max_length=8, choices=Action.choices)
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)
    changed_by = models.ForeignKey(
        django_settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    changed_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["changed_at", "id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(
                    action__in=[
                        "enter",
                        "edit",
                        "void",
                        "confirm",
                        "dispute",
                        "redo",
                        "swap",
                        "close",
                        "rename",
                        "archive",
                    ]
                ),
                name="result_revision_action_known",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.get_action_display()} in {self.tournament}"
