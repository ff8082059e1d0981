"""People: players are who sits at a table, with or without an account."""

from django.conf import settings
from django.db import models
from django.db.models.functions import Lower


class Player(models.Model):
    """Someone who plays. A guest has no account; `user` links a registered one."""

    name = models.CharField(max_length=40)
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="player",
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]
        constraints = [
            models.CheckConstraint(
                condition=~models.Q(name=""), name="player_name_not_empty"
            ),
        ]
        indexes = [models.Index(Lower("name"), name="player_name_lower_idx")]

    def __str__(self) -> str:
        return self.name
