"""The swap page's form: two entrants (or a night's players) of the round."""

from collections.abc import Sequence
from typing import Any

from django import forms
from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from scoring.start.forms import PlainForm


class SwapForm(PlainForm):
    first = forms.TypedChoiceField(
        label=_("Swap"),
        coerce=int,
        error_messages={
            "required": _("Choose the first one to swap."),
            "invalid_choice": _("Choose one of this round's entrants."),
        },
    )
    second = forms.TypedChoiceField(
        label=pgettext_lazy("swap one with another", "with"),
        coerce=int,
        error_messages={
            "required": _("Choose who to swap them with."),
            "invalid_choice": _("Choose one of this round's entrants."),
        },
    )

    def __init__(self, *args: Any, choices: Sequence[tuple[int, str]], **kwargs: Any):
        super().__init__(*args, **kwargs)
        options = [("", gettext("Choose…")), *choices]
        self.fields["first"].choices = options
        self.fields["second"].choices = options

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if data.get("first") is not None and data.get("first") == data.get("second"):
            self.add_error("second", gettext("Choose two different ones to swap."))
        return data
