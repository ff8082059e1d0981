"""The new tournament's form (format, settings, the game, entrants picked from the
roster with seeds and partners): it parses what was typed; what a tournament may
be is checked by tournaments.brackets.create, whose refusals come back next to the
field they name; `refusal_text` says one in the page's words. One indivisible
thing: the form and the words it shows."""

import re
from typing import Any

from django import forms
from django.utils.functional import lazy
from django.utils.translation import gettext, ngettext_lazy, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from pitchclub.text import parse_whole_number
from scoring.engine import RuleViolation
from scoring.refusals import sentence
from scoring.start.forms import VARIANT_CHOICES
from tournaments.brackets.create import EntrantInput
from tournaments.brackets.entrants import NONE_GIVEN, EntrantsForm
from tournaments.refusals import TournamentRefusal
from tournaments.vocabulary import (
    CYCLES,
    ENTRANTS_MAX,
    FORMAT_HINTS,
    FORMAT_LABELS,
    FORMATS_RUN,
    GAMES_PER_MATCH,
    SETTINGS_DEFAULTS,
    SETTINGS_OPTIONAL,
    TOURNAMENT_NAME_MAX,
)

ROUNDS_DIGITS = len(str(ENTRANTS_MAX))

# The page's own words for refusals whose sentence speaks the API's (a field name
# the page does not show); every other refusal is said as the service says it.
PAGE_WORDS = {
    "team_size_for_variant": _(
        "{variant} is played by teams of two: choose Teams of two."
    ),
}


def refusal_text(refusal: TournamentRefusal | RuleViolation) -> str:
    if isinstance(refusal, RuleViolation):
        return sentence(refusal)
    if refusal.code in PAGE_WORDS:
        return str(PAGE_WORDS[refusal.code]).format(**refusal.params)
    return refusal.message


def _say_best_of(count: int) -> str:
    return gettext("Best of %(count)s") % {"count": count}


# A choice's label, said in the page's language when the page is drawn.
_best_of = lazy(_say_best_of, str)


class TournamentForm(EntrantsForm):
    """A tournament: name, format and its settings, the game every match plays
    (its variant; the options are the variant's options form of scoring), and
    the entrants typed one per line (tournaments.brackets.entrants)."""

    name = forms.CharField(
        label=_("Tournament name"),
        max_length=TOURNAMENT_NAME_MAX,
        error_messages={
            "required": _("Give the tournament a name."),
            "max_length": ngettext_lazy(
                "A tournament's name has at most %(limit_value)d character.",
                "A tournament's name has at most %(limit_value)d characters.",
                "limit_value",
            ),
        },
        widget=forms.TextInput(
            attrs={"autocapitalize": "words", "autocomplete": "off"}
        ),
    )
    format = forms.ChoiceField(
        label=_("Format"),
        choices=[(name, FORMAT_LABELS[name]) for name in FORMATS_RUN],
        initial=FORMATS_RUN[0],
        widget=forms.RadioSelect,
        error_messages={
            "required": _("Choose a format."),
            "invalid_choice": _("Choose one of the formats shown."),
        },
    )
    variant = forms.ChoiceField(
        label=pgettext_lazy("a game of Pitch", "Game"),
        choices=VARIANT_CHOICES,
        initial=VARIANT_CHOICES[0][0],
        widget=forms.RadioSelect,
        error_messages={
            "required": _("Choose the game the matches play."),
            "invalid_choice": _("Choose the game the matches play."),
        },
    )
    team_size = forms.TypedChoiceField(
        label=_("Entrants are"),
        choices=[
            (1, _("Single players: each plays for themself")),
            (2, _("Teams of two: partners sit opposite")),
        ],
        coerce=int,
        initial=1,
        widget=forms.RadioSelect,
        error_messages={
            "required": _("Choose single players or teams of two."),
            "invalid_choice": _("Choose single players or teams of two."),
        },
    )
    games_per_match = forms.TypedChoiceField(
        label=_("Games per match"),
        choices=[
            (count, _("One game") if count == 1 else _best_of(count))
            for count in GAMES_PER_MATCH
        ],
        coerce=int,
        initial=GAMES_PER_MATCH[0],
        widget=forms.RadioSelect,
        error_messages={
            "required": _("Choose how many games a match has."),
            "invalid_choice": _("Choose 1, 3 or 5 games per match."),
        },
    )
    seeding = forms.ChoiceField(
        label=_("Seeds"),
        choices=[
            ("given", _("In the order typed (the first is the strongest)")),
            ("random", _("A random draw")),
        ],
        initial="given",
        widget=forms.RadioSelect,
        error_messages={
            "required": _("Choose numbered seeds or a random draw."),
            "invalid_choice": _("Choose numbered seeds or a random draw."),
        },
    )
    third_place = forms.BooleanField(
        label=_("Play for third place"),
        required=False,
        help_text=_("The two semi-final losers play one more match."),
    )
    grand_final_reset = forms.BooleanField(
        label=_("Grand final reset"),
        required=False,
        initial=True,
        help_text=_(
            "If the losers' bracket champion wins the grand final, a second final "
            "is played."
        ),
    )
    cycles = forms.TypedChoiceField(
        label=_("Everyone meets everyone"),
        choices=[(count, _("Once") if count == 1 else _("Twice")) for count in CYCLES],
        coerce=int,
        initial=CYCLES[0],
        widget=forms.RadioSelect,
        error_messages={"invalid_choice": _("Choose once or twice.")},
    )
    # Read in clean() for a Swiss only: a box the chosen format hides never refuses.
    rounds = forms.CharField(
        label=_("Rounds"),
        required=False,
        max_length=ROUNDS_DIGITS + 2,
        help_text=_("Empty: enough rounds to find a winner (5 for 17 to 32 entrants)."),
        widget=forms.TextInput(attrs={"inputmode": "numeric", "autocomplete": "off"}),
    )
    confirm_results = forms.BooleanField(
        label=_("The losing side confirms each result"),
        required=False,
        help_text=_(
            "When a match's game ends, the losing side (or an organiser) confirms "
            "the score on the table's phone before the bracket moves on."
        ),
    )

    # --- What the page shows -----------------------------------------------------

    def format_choices(self) -> list[dict[str, Any]]:
        return [
            {"radio": radio, "hint": FORMAT_HINTS[radio.data["value"]]}
            for radio in self["format"]
        ]

    # --- Reading it --------------------------------------------------------------

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if data.get("format") == "swiss":
            data["rounds"] = self._rounds(data.get("rounds", ""))
        if "entrants" in data:
            self.read_entrants(data["entrants"], data.get("team_size") or 1)
        return data

    def _rounds(self, text: str) -> int | None:
        text = text.strip()
        if not text:
            return None
        number = parse_whole_number(text, max_digits=ROUNDS_DIGITS)
        if number is None or number < 1:
            self.add_error(
                "rounds",
                gettext(
                    "Type the number of rounds as a whole number, like 3, or leave "
                    "it empty."
                ),
            )
        return number

    def entrants(self) -> list[EntrantInput]:
        """The entrants in seed order, as the service takes them."""
        return self.entrant_inputs

    def settings(self) -> dict[str, Any]:
        """The chosen format's settings by name (only its own)."""
        data = self.cleaned_data
        format = data["format"]
        ticked = {name: True for name in SETTINGS_OPTIONAL[format] if data.get(name)}
        return {name: data[name] for name in SETTINGS_DEFAULTS[format]} | ticked

    # --- The services' refusals ------------------------------------------------

    def add_refusal(
        self, refusal: TournamentRefusal | RuleViolation, options: forms.Form
    ) -> None:
        """Show a refusal of the services next to the box or choice it names."""
        field = refusal.field
        text = self._entrant_name_twice(refusal) or refusal_text(refusal)
        entrant = re.fullmatch(r"entrants\.([0-9]+)(?:\..*)?", field)
        if entrant:
            self.entrant_error(int(entrant.group(1)), text)
        elif field == "entrants":
            if NONE_GIVEN not in self.errors.get("entrants", []):
                self.add_error("entrants", text)
        elif field.startswith("settings.") and field[9:] in self.fields:
            self.add_error(field[9:], text)
        elif field in ("name", "format", "variant", "team_size"):
            self.add_error(field, text)
        elif field.startswith("options.") and field[8:] in options.fields:
            options.add_error(field[8:], text)
        else:
            self.add_error(None, text)

    def _entrant_name_twice(
        self, refusal: TournamentRefusal | RuleViolation
    ) -> str | None:
        """An entrant named like an earlier one: the earlier one's name as it is
        spelt (the service quotes the later spelling)."""
        if not isinstance(refusal, TournamentRefusal):
            return None
        if refusal.code != "entrant_name_twice":
            return None
        index = int(refusal.params["other"]) - 1
        if not 0 <= index < len(self.entrant_inputs):
            return None
        entrant = self.entrant_inputs[index]
        name = entrant.name or " & ".join(map(str, entrant.players))
        return gettext(
            "%(name)s (line %(line)s) is already an entrant: give each entrant its "
            "own name."
        ) % {"name": name, "line": self.lines[index]}
