"""The rename form: the new name, checked by the service (empty, too long, a
control character) and its refusal shown next to the box."""

from django import forms

from tournaments.vocabulary import TOURNAMENT_NAME_MAX


class RenameForm(forms.Form):
    name = forms.CharField(
        label="New name",
        max_length=TOURNAMENT_NAME_MAX,
        strip=False,
        required=False,
        widget=forms.TextInput(attrs={"autocomplete": "off"}),
        error_messages={
            "max_length": f"A tournament's name has at most {TOURNAMENT_NAME_MAX} "
            "characters."
        },
    )
