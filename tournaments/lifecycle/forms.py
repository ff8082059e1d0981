"""The rename form: the new name, checked by the service (empty, too long, a
control character) and its refusal shown next to the box."""

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy

from tournaments.vocabulary import TOURNAMENT_NAME_MAX


class RenameForm(forms.Form):
    name = forms.CharField(
        label=_("New name"),
        max_length=TOURNAMENT_NAME_MAX,
        strip=False,
        required=False,
        widget=forms.TextInput(attrs={"autocomplete": "off"}),
        error_messages={
            "max_length": ngettext_lazy(
                "A tournament's name has at most %(limit_value)d character.",
                "A tournament's name has at most %(limit_value)d characters.",
                "limit_value",
            )
        },
    )
