"""People and clubs: accounts' players, club rosters (with guests), roles, invites."""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.db.models.functions import Lower
from django.utils.translation import gettext_lazy as _

from pitchclub.vocabulary import CLUB_NAME_MAX, PLACE_MAX, PLAYER_NAME_MAX

# A language's code (settings.LANGUAGES: "en", "de", "pl", "fr"; room for "pt-br").
LANGUAGE_MAX = 8


def language_choices() -> list[tuple[str, str]]:
    """The site's languages, each named in itself (settings.LANGUAGES). A callable,
    so that adding a language to the settings needs no migration."""
    return list(settings.LANGUAGES)


class Club(models.Model):
    """A club: a hall, a weekly night, a roster of regulars and guests."""

    name = models.CharField(max_length=CLUB_NAME_MAX)
    slug = models.SlugField(max_length=80, unique=True)
    description = models.TextField(blank=True)
    location = models.CharField(_("where it plays"), max_length=PLACE_MAX, blank=True)
    schedule = models.CharField(_("when it plays"), max_length=PLACE_MAX, blank=True)
    is_private = models.BooleanField(
        default=False,
        help_text="A private club's pages, games and API answers are invisible "
        "to everyone but its members.",
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    created_at = models.DateTimeField(auto_now_add=True)
    # The language of the pages it shows to visitors who have not chosen one (its
    # page, walls, table cards, public standings): pitchclub/language.py. Empty:
    # the visitor's browser decides.
    language = models.CharField(
        max_length=LANGUAGE_MAX, blank=True, default="", choices=language_choices
    )

    class Meta:
        ordering = ["name"]
        constraints = [
            models.CheckConstraint(condition=~Q(name=""), name="club_name_not_empty"),
            models.CheckConstraint(condition=~Q(slug=""), name="club_slug_not_empty"),
        ]

    def __str__(self) -> str:
        return self.name


class Role(models.TextChoices):
    ORGANISER = "organiser", _("Organiser")
    SCOREKEEPER = "scorekeeper", _("Scorekeeper")
    MEMBER = "member", _("Member")


class Membership(models.Model):
    """A user's role in a club."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="memberships")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memberships"
    )
    role = models.CharField(max_length=16, choices=Role.choices, default=Role.MEMBER)
    joined_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["club", "joined_at", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["club", "user"], name="membership_unique_user"
            ),
            models.CheckConstraint(
                condition=Q(role__in=Role.values), name="membership_role_known"
            ),
        ]
        indexes = [models.Index(fields=["user", "role"], name="membership_user_idx")]

    def __str__(self) -> str:
        return f"{self.user} ({self.get_role_display()}) in {self.club}"


class Player(models.Model):
    """Someone who plays. A guest has no account; `user` links a registered one.

    A club's roster is its players (`club`); a player without a club was named in a
    game started outside any club."""

    name = models.CharField(max_length=PLAYER_NAME_MAX)
    club = models.ForeignKey(
        Club, null=True, blank=True, on_delete=models.CASCADE, related_name="players"
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="players",
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]
        constraints = [
            models.CheckConstraint(
                condition=~models.Q(name=""), name="player_name_not_empty"
            ),
            # One roster entry per name and per account in a club.
            models.UniqueConstraint(
                "club", Lower("name"), name="player_unique_name_in_club"
            ),
            models.UniqueConstraint(
                fields=["club", "user"], name="player_unique_user_in_club"
            ),
        ]
        indexes = [models.Index(Lower("name"), name="player_name_lower_idx")]

    def __str__(self) -> str:
        return self.name

    @property
    def is_guest(self) -> bool:
        return self.user_id is None


class Invite(models.Model):
    """A link or short code that lets someone join a club with a role, and
    optionally claim a guest's roster entry (and so the guest's games)."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="invites")
    code = models.CharField(max_length=12, unique=True)
    role = models.CharField(max_length=16, choices=Role.choices, default=Role.MEMBER)
    player = models.ForeignKey(
        Player,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="invites",
        help_text="A guest of the roster whose profile the invited person claims.",
    )
    max_uses = models.PositiveIntegerField(
        null=True, blank=True, help_text="Empty for any number of uses."
    )
    uses = models.PositiveIntegerField(default=0)
    expires_at = models.DateTimeField(null=True, blank=True)
    revoked_at = models.DateTimeField(null=True, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(role__in=Role.values), name="invite_role_known"
            ),
            models.CheckConstraint(
                condition=Q(max_uses__isnull=True) | Q(uses__lte=models.F("max_uses")),
                name="invite_uses_within_max",
            ),
            models.CheckConstraint(
                condition=Q(player__isnull=True) | Q(max_uses=1),
                name="invite_claim_is_single_use",
            ),
        ]

    def __str__(self) -> str:
        return f"Invite {self.code} to {self.club}"


class RosterChange(models.Model):
    """The roster's log, for the club's organisers: a guest renamed, two players
    merged (from the roster or by claiming a guest's profile), a guest's profile
    claimed by an account. Names are kept as they were: the log still reads right
    once a player is renamed or merged away."""

    class Action(models.TextChoices):
        RENAME = "rename", _("Renamed")
        MERGE = "merge", _("Merged")
        CLAIM = "claim", _("Claimed")

    club = models.ForeignKey(
        Club, on_delete=models.CASCADE, related_name="roster_changes"
    )
    action = models.CharField(max_length=8, choices=Action.choices)
    player = models.ForeignKey(
        Player,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        help_text="The player as the change left it (renamed, or merged into).",
    )
    name = models.CharField(
        max_length=PLAYER_NAME_MAX, help_text="That player's name after the change."
    )
    old_name = models.CharField(
        max_length=PLAYER_NAME_MAX,
        blank=True,
        help_text="Renamed: the name before. Merged: the name of the player merged "
        "away.",
    )
    details = models.JSONField(
        default=dict,
        blank=True,
        help_text="Merged: the id of the player merged away, what moved "
        '({"games": 3, "awards": 7, "invites": 1, …}) and the invite of a claim.',
    )
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-at", "-id"]
        indexes = [models.Index(fields=["club", "-at"], name="roster_change_club_idx")]
        constraints = [
            models.CheckConstraint(
                condition=Q(action__in=["rename", "merge", "claim"]),
                name="roster_change_action_known",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.get_action_display()} {self.name} in {self.club}"


class AccountSettings(models.Model):
    """What a person chose for their account, kept on the server so that it follows
    them to a new phone: the site's language (pitchclub/language.py). Read with the
    signed-in user in one query (pitchclub.accounts.backends)."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        primary_key=True,
        on_delete=models.CASCADE,
        related_name="account_settings",
    )
    language = models.CharField(
        max_length=LANGUAGE_MAX, blank=True, default="", choices=language_choices
    )
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"{self.user}: {self.language or 'no language chosen'}"
