"""A match's result played on paper, as its page takes it: who won and,
optionally, each entrant's points (`parse_points` reads a typed score, a
progressive table's too)."""

from collections.abc import Sequence
from typing import Any

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from pitchclub.text import parse_whole_number
from scoring.start.forms import PlainForm
from tournaments.matches.bounds import SCORE_MAX
from tournaments.refusals import TournamentRefusal


class PaperResultForm(PlainForm):
    """A match played on paper: who won, and optionally the points of each."""

    winner = forms.TypedChoiceField(
        label=_("Winner"),
        coerce=int,
        widget=forms.RadioSelect,
        error_messages={
            "required": _("Choose who won the match."),
            "invalid_choice": _("Choose one of the match's two entrants."),
        },
    )

    def __init__(self, *args: Any, entrants: Sequence[tuple[int, str]], **kwargs: Any):
        """`entrants`: the match's two entrants (id, name) in seat order."""
        super().__init__(*args, **kwargs)
        self.fields["winner"].choices = list(entrants)
        for index, (_id, name) in enumerate(entrants):
            self.fields[f"score_{index}"] = forms.CharField(
                label=gettext("Points of %(name)s") % {"name": name},
                required=False,
                max_length=len(str(SCORE_MAX)) + 2,
                widget=forms.TextInput(
                    attrs={"inputmode": "numeric", "autocomplete": "off"}
                ),
            )
        self.count = len(entrants)

    def score_fields(self) -> list[forms.BoundField]:
        return [self[f"score_{index}"] for index in range(self.count)]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        scores: list[int] = []
        given = [(data.get(f"score_{i}") or "").strip() for i in range(self.count)]
        if any(given):
            for index, text in enumerate(given):
                number = parse_points(text)
                if number is None:
                    self.add_error(
                        f"score_{index}",
                        gettext(
                            "Type the points as a number, like 11 or -3; or leave "
                            "both scores empty."
                        ),
                    )
                else:
                    scores.append(number)
        data["scores"] = scores if len(scores) == self.count else None
        return data

    def add_refusal(self, refusal: TournamentRefusal) -> None:
        field = {"winner": "winner", "scores": "score_0"}.get(refusal.field)
        self.add_error(field, refusal.message)


def parse_points(text: str) -> int | None:
    """A score typed on the page: a whole number, maybe below zero (set back)."""
    # A phone's keyboard may type the minus sign (U+2212) for a hyphen.
    negative = text.startswith(("-", "\N{MINUS SIGN}"))
    number = parse_whole_number(
        text[1:] if negative else text, max_digits=len(str(SCORE_MAX))
    )
    if number is None:
        return None
    return -number if negative else number
