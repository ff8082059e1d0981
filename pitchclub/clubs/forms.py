"""Forms of the club pages: they parse and check input; the services write."""

from typing import Any

from django import forms
from django.utils.functional import lazy
from django.utils.translation import gettext, gettext_noop, ngettext
from django.utils.translation import gettext_lazy as _

from pitchclub import text
from pitchclub.forms import WholeNumberField
from pitchclub.models import Role, language_choices
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


def _said(message: str, **params: object) -> str:
    """``message`` (marked with gettext_noop) with ``params``, said in the reader's
    language when shown: form errors and help texts are made at import time."""
    return _lazy_str(lambda: gettext(message) % params)


_lazy_str = lazy(lambda make: make(), str)


def _too_long(limit: int) -> str:
    return _said(
        gettext_noop("Shorten the name to %(limit)s characters or fewer."), limit=limit
    )


class PlainForm(forms.Form):
    """Labels without Django's trailing colon."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("label_suffix", "")
        super().__init__(*args, **kwargs)


class ClubForm(PlainForm):
    name = forms.CharField(
        label=_("Club name"),
        max_length=CLUB_NAME_MAX,
        error_messages={
            "required": _("Give the club a name."),
            "max_length": _too_long(CLUB_NAME_MAX),
        },
        widget=forms.TextInput(attrs={"autocomplete": "off"}),
    )
    location = forms.CharField(
        label=_("Where it plays"),
        required=False,
        max_length=PLACE_MAX,
        help_text=_("A hall, a pub, a kitchen: “Grange Hall, Main Street”."),
        error_messages={
            "max_length": _said(
                gettext_noop(
                    "Shorten where it plays to %(limit)s characters or fewer."
                ),
                limit=PLACE_MAX,
            )
        },
    )
    schedule = forms.CharField(
        label=_("When it plays"),
        required=False,
        max_length=PLACE_MAX,
        help_text=_("“Tuesdays from 7 pm”."),
        error_messages={
            "max_length": _said(
                gettext_noop("Shorten when it plays to %(limit)s characters or fewer."),
                limit=PLACE_MAX,
            )
        },
    )
    description = forms.CharField(
        label=_("About the club"),
        required=False,
        max_length=DESCRIPTION_MAX,
        help_text=_("House rules, who to ask, what to bring."),
        error_messages={
            "max_length": _said(
                gettext_noop(
                    "Shorten the description to %(limit)s characters or fewer."
                ),
                limit=DESCRIPTION_MAX,
            )
        },
        widget=forms.Textarea(attrs={"rows": 4}),
    )
    is_private = forms.BooleanField(
        label=_("Private club"),
        required=False,
        help_text=_(
            "Only members see a private club's page, members, players and games. "
            "Anyone with an invite code can still join. A new private club's "
            "address ends in a random part, so it cannot be guessed from the name."
        ),
    )
    # The language of the club's page, walls, table cards and public standings for
    # visitors who have not chosen one (pitchclub/language.py).
    language = forms.ChoiceField(
        label=_("Language of the club's public pages"),
        required=False,
        choices=lambda: [("", _("Each visitor's own")), *language_choices()],
        help_text=_(
            "For visitors who have not chosen a language: the club's page, walls, "
            "table cards and standings. Anyone who has chosen keeps their own."
        ),
        error_messages={"invalid_choice": _("Choose one of the languages.")},
    )


class RoleForm(PlainForm):
    role = forms.ChoiceField(
        label=_("Role"),
        choices=Role.choices,
        error_messages={
            "required": _("Choose a role."),
            "invalid_choice": _("Choose organiser, scorekeeper or member."),
        },
    )


class GuestForm(PlainForm):
    name = forms.CharField(
        label=_("Guest's name"),
        max_length=PLAYER_NAME_MAX,
        help_text=_(
            "Someone who plays without an account. They can claim their games "
            "later through an invite."
        ),
        error_messages={
            "required": _("Type the guest's name."),
            "max_length": _too_long(PLAYER_NAME_MAX),
        },
        widget=forms.TextInput(attrs={"autocomplete": "off"}),
    )

    def clean_name(self) -> str:
        """The name as the roster stores it, to tell whether it is already there."""
        try:
            return text.clean_name(self.cleaned_data["name"])
        except text.UnsafeText as problem:
            raise forms.ValidationError(
                problem.sentence(gettext("The guest's name")), code=problem.code
            ) from problem


class PlayerRenameForm(PlainForm):
    name = forms.CharField(
        label=_("New name"),
        max_length=PLAYER_NAME_MAX,
        help_text=_said(
            gettext_noop(
                "At most %(limit)s characters. Their games keep their scores and "
                "show the new name."
            ),
            limit=PLAYER_NAME_MAX,
        ),
        error_messages={
            "required": _("Type the new name."),
            "max_length": _too_long(PLAYER_NAME_MAX),
        },
        widget=forms.TextInput(attrs={"autocomplete": "off"}),
    )


class MergeForm(PlainForm):
    """Which other roster player is the same person. ``players``: the roster's
    other players, with their game counts."""

    into = forms.TypedChoiceField(
        label=_("Same person as"),
        coerce=int,
        error_messages={
            "required": _("Choose the other player of the same person."),
            "invalid_choice": _(
                "Choose one of the club's players: that one is no longer on the roster."
            ),
        },
    )

    def __init__(
        self, *args: Any, players: Any, clubless: Any = (), **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        # The organiser's own players of games outside clubs (a guest's page only).
        self.clubless = {player.pk: player for player in clubless}
        self.fields["into"].choices = [("", gettext("Choose a player"))] + [
            (
                player.pk,
                _player_choice(player),
            )
            for player in players
        ]
        if self.clubless:
            self.fields["into"].choices += [
                (
                    gettext("Your players outside clubs"),
                    [
                        (
                            pk,
                            ngettext(
                                "%(name)s (outside clubs, %(count)s game)",
                                "%(name)s (outside clubs, %(count)s games)",
                                player.game_count,
                            )
                            % {"name": player.name, "count": player.game_count},
                        )
                        for pk, player in self.clubless.items()
                    ],
                )
            ]


def _player_choice(player: Any) -> str:
    """A roster player in the merge form's list: name, account, games."""
    params = {"name": player.name, "count": player.game_count}
    if player.is_guest:
        return (
            ngettext(
                "%(name)s (guest, %(count)s game)",
                "%(name)s (guest, %(count)s games)",
                player.game_count,
            )
            % params
        )
    return (
        ngettext(
            "%(name)s (has an account, %(count)s game)",
            "%(name)s (has an account, %(count)s games)",
            player.game_count,
        )
        % params
    )


class InviteForm(PlainForm):
    role = forms.ChoiceField(
        label=_("Joins as"),
        choices=ROLE_CHOICES,
        initial=Role.MEMBER,
        widget=forms.RadioSelect,
        error_messages={
            "required": _("Choose the role the invite gives."),
            "invalid_choice": _("Choose member, scorekeeper or organiser."),
        },
    )
    max_uses = WholeNumberField(
        label=_("How many people may use it"),
        required=False,
        min_value=1,
        max_value=INVITE_USES_MAX,
        help_text=_("Leave empty for any number."),
        error_messages={
            "invalid": _("Type a whole number of people, or leave it empty."),
            "min_value": _("An invite must let at least 1 person join."),
            "max_value": _said(
                gettext_noop("Type %(limit)s or fewer, or leave it empty."),
                limit=INVITE_USES_MAX,
            ),
        },
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )
    expires_in_days = WholeNumberField(
        label=_("Expires after how many days"),
        required=False,
        min_value=1,
        max_value=INVITE_DAYS_MAX,
        help_text=_("Leave empty to keep it until you revoke it."),
        error_messages={
            "invalid": _("Type a whole number of days, or leave it empty."),
            "min_value": _("An invite must last at least 1 day."),
            "max_value": _said(
                gettext_noop("Type %(limit)s days or fewer, or leave it empty."),
                limit=INVITE_DAYS_MAX,
            ),
        },
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )


class JoinForm(PlainForm):
    code = forms.CharField(
        label=_("Invite code"),
        max_length=40,
        help_text=_said(
            gettext_noop(
                "%(length)s letters and digits, as the organiser gave it. Spaces, "
                "dashes and small letters are fine."
            ),
            length=CODE_LENGTH,
        ),
        error_messages={
            "required": _("Type the invite code."),
            "max_length": _("That is longer than an invite code: check it."),
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
            raise forms.ValidationError(_("Type the invite code: letters and digits."))
        return code


# The most names one paste adds: a club's whole list, and a bound on the work.
PASTE_NAMES_MAX = 300
TOO_MANY_NAMES = gettext_noop(
    "That list is too long: add at most %(limit)s names at a time."
)


class RosterPasteForm(PlainForm):
    """Many players at once: a pasted list, one name per line."""

    names = forms.CharField(
        label=_("Names, one per line"),
        max_length=PASTE_NAMES_MAX * (PLAYER_NAME_MAX + 2),
        help_text=_(
            "Paste or type the list; you see who is new and who is already on the "
            "roster before anyone is added."
        ),
        error_messages={
            "required": _("Paste the names, one per line."),
            "max_length": _said(TOO_MANY_NAMES, limit=PASTE_NAMES_MAX),
        },
        widget=forms.Textarea(
            attrs={"rows": 8, "autocapitalize": "words", "autocomplete": "off"}
        ),
    )

    def clean_names(self) -> str:
        names = self.cleaned_data["names"]
        if sum(1 for line in names.splitlines() if line.strip()) > PASTE_NAMES_MAX:
            raise forms.ValidationError(
                gettext(TOO_MANY_NAMES) % {"limit": PASTE_NAMES_MAX}
            )
        return names
