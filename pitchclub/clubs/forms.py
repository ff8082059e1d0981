"""Forms of the club pages: they parse and check input; the services write."""

from typing import Any

from django import forms

from pitchclub import text
from pitchclub.forms import WholeNumberField
from pitchclub.models import Role
from pitchclub.services.invites import normalise_code
from pitchclub.vocabulary import (
    CLUB_NAME_MAX,
    CODE_LENGTH,
    DESCRIPTION_MAX,
    INVITE_DAYS_MAX,
    INVITE_USES_MAX,
    PLACE_MAX,
    PLAYER_NAME_MAX,
    ROLE_CHOICE_TEXT,
)

ROLE_CHOICES = [
    (role, ROLE_CHOICE_TEXT[role])
    for role in (Role.MEMBER.value, Role.SCOREKEEPER.value, Role.ORGANISER.value)
]


def _too_long(what: str, limit: int) -> str:
    return f"Shorten {what} to {limit} characters or fewer."


class PlainForm(forms.Form):
    """Labels without Django's trailing colon."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("label_suffix", "")
        super().__init__(*args, **kwargs)


class ClubForm(PlainForm):
    name = forms.CharField(
        label="Club name",
        max_length=CLUB_NAME_MAX,
        error_messages={
            "required": "Give the club a name.",
            "max_length": _too_long("the name", CLUB_NAME_MAX),
        },
        widget=forms.TextInput(attrs={"autocomplete": "off"}),
    )
    location = forms.CharField(
        label="Where it plays",
        required=False,
        max_length=PLACE_MAX,
        help_text="A hall, a pub, a kitchen: “Grange Hall, Main Street”.",
        error_messages={"max_length": _too_long("where it plays", PLACE_MAX)},
    )
    schedule = forms.CharField(
        label="When it plays",
        required=False,
        max_length=PLACE_MAX,
        help_text="“Tuesdays from 7 pm”.",
        error_messages={"max_length": _too_long("when it plays", PLACE_MAX)},
    )
    description = forms.CharField(
        label="About the club",
        required=False,
        max_length=DESCRIPTION_MAX,
        help_text="House rules, who to ask, what to bring.",
        error_messages={"max_length": _too_long("the description", DESCRIPTION_MAX)},
        widget=forms.Textarea(attrs={"rows": 4}),
    )
    is_private = forms.BooleanField(
        label="Private club",
        required=False,
        help_text="Only members see a private club's page, members, players and "
        "games. Anyone with an invite code can still join. A new private club's "
        "address ends in a random part, so it cannot be guessed from the name.",
    )


class RoleForm(PlainForm):
    role = forms.ChoiceField(
        label="Role",
        choices=Role.choices,
        error_messages={
            "required": "Choose a role.",
            "invalid_choice": "Choose organiser, scorekeeper or member.",
        },
    )


class GuestForm(PlainForm):
    name = forms.CharField(
        label="Guest's name",
        max_length=PLAYER_NAME_MAX,
        help_text="Someone who plays without an account. They can claim their "
        "games later through an invite.",
        error_messages={
            "required": "Type the guest's name.",
            "max_length": _too_long("the name", PLAYER_NAME_MAX),
        },
        widget=forms.TextInput(attrs={"autocomplete": "off"}),
    )

    def clean_name(self) -> str:
        """The name as the roster stores it, to tell whether it is already there."""
        try:
            return text.clean_name(self.cleaned_data["name"])
        except text.UnsafeText as problem:
            raise forms.ValidationError(
                problem.sentence("The guest's name"), code=problem.code
            ) from problem


class PlayerRenameForm(PlainForm):
    name = forms.CharField(
        label="New name",
        max_length=PLAYER_NAME_MAX,
        help_text=f"At most {PLAYER_NAME_MAX} characters. Their games keep their "
        "scores and show the new name.",
        error_messages={
            "required": "Type the new name.",
            "max_length": _too_long("the name", PLAYER_NAME_MAX),
        },
        widget=forms.TextInput(attrs={"autocomplete": "off"}),
    )


class MergeForm(PlainForm):
    """Which other roster player is the same person. ``players``: the roster's
    other players, with their game counts."""

    into = forms.TypedChoiceField(
        label="Same person as",
        coerce=int,
        error_messages={
            "required": "Choose the other player of the same person.",
            "invalid_choice": "Choose one of the club's players: that one is no "
            "longer on the roster.",
        },
    )

    def __init__(
        self, *args: Any, players: Any, clubless: Any = (), **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        # The organiser's own players of games outside clubs (a guest's page only).
        self.clubless = {player.pk: player for player in clubless}
        self.fields["into"].choices = [("", "Choose a player")] + [
            (
                player.pk,
                f"{player.name} ({'guest' if player.is_guest else 'has an account'}"
                f", {_games(player.game_count)})",
            )
            for player in players
        ]
        if self.clubless:
            self.fields["into"].choices += [
                (
                    "Your players outside clubs",
                    [
                        (
                            pk,
                            f"{player.name} (outside clubs, "
                            f"{_games(player.game_count)})",
                        )
                        for pk, player in self.clubless.items()
                    ],
                )
            ]


def _games(count: int) -> str:
    return f"{count} game{'' if count == 1 else 's'}"


class InviteForm(PlainForm):
    role = forms.ChoiceField(
        label="Joins as",
        choices=ROLE_CHOICES,
        initial=Role.MEMBER,
        widget=forms.RadioSelect,
        error_messages={
            "required": "Choose the role the invite gives.",
            "invalid_choice": "Choose member, scorekeeper or organiser.",
        },
    )
    max_uses = WholeNumberField(
        label="How many people may use it",
        required=False,
        min_value=1,
        max_value=INVITE_USES_MAX,
        help_text="Leave empty for any number.",
        error_messages={
            "invalid": "Type a whole number of people, or leave it empty.",
            "min_value": "An invite must let at least 1 person join.",
            "max_value": f"Type {INVITE_USES_MAX} or fewer, or leave it empty.",
        },
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )
    expires_in_days = WholeNumberField(
        label="Expires after how many days",
        required=False,
        min_value=1,
        max_value=INVITE_DAYS_MAX,
        help_text="Leave empty to keep it until you revoke it.",
        error_messages={
            "invalid": "Type a whole number of days, or leave it empty.",
            "min_value": "An invite must last at least 1 day.",
            "max_value": f"Type {INVITE_DAYS_MAX} days or fewer, or leave it empty.",
        },
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )


class JoinForm(PlainForm):
    code = forms.CharField(
        label="Invite code",
        max_length=40,
        help_text=f"{CODE_LENGTH} letters and digits, as the organiser gave it. "
        "Spaces, dashes and small letters are fine.",
        error_messages={
            "required": "Type the invite code.",
            "max_length": "That is longer than an invite code: check it.",
        },
        widget=forms.TextInput(
            attrs={
                "class": "code-input",
                "autocomplete": "off",
                "autocapitalize": "characters",
                "autocorrect": "off",
                "spellcheck": "false",
                "enterkeyhint": "go",
            }
        ),
    )

    def clean_code(self) -> str:
        code = normalise_code(self.cleaned_data["code"])
        if not code:
            raise forms.ValidationError("Type the invite code: letters and digits.")
        return code


# The most names one paste adds: a club's whole list, and a bound on the work.
PASTE_NAMES_MAX = 300


class RosterPasteForm(PlainForm):
    """Many players at once: a pasted list, one name per line."""

    names = forms.CharField(
        label="Names, one per line",
        max_length=PASTE_NAMES_MAX * (PLAYER_NAME_MAX + 2),
        help_text="Paste or type the list; you see who is new and who is already "
        "on the roster before anyone is added.",
        error_messages={
            "required": "Paste the names, one per line.",
            "max_length": "That list is too long: add at most "
            f"{PASTE_NAMES_MAX} names at a time.",
        },
        widget=forms.Textarea(
            attrs={"rows": 8, "autocapitalize": "words", "autocomplete": "off"}
        ),
    )

    def clean_names(self) -> str:
        names = self.cleaned_data["names"]
        if sum(1 for line in names.splitlines() if line.strip()) > PASTE_NAMES_MAX:
            raise forms.ValidationError(
                f"That list is too long: add at most {PASTE_NAMES_MAX} names at a time."
            )
        return names
