"""A progressive night's forms: checking players in with the night's settings, and
a table's paper scores. What a night may be is checked by the services, whose
refusals come back next to the field they name."""

from collections.abc import Sequence
from typing import Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from pitchclub.models import Player
from pitchclub.vocabulary import PLAYER_NAME_MAX
from scoring.engine import RuleViolation
from scoring.engine.variants import MAX_HAND_LIMIT
from scoring.start.forms import VARIANT_CHOICES, PlainForm
from tournaments.brackets.create import EntrantInput
from tournaments.brackets.forms import refusal_text
from tournaments.matches.forms import parse_points
from tournaments.refusals import TournamentRefusal
from tournaments.vocabulary import (
    MOVEMENT_LABELS,
    NIGHT_ROUNDS_MAX,
    NIGHT_SCORING_LABELS,
    TOURNAMENT_NAME_MAX,
)


class NightForm(PlainForm):
    """A progressive night: its name, game, rounds and hands, movement and
    tally, and the players checked in (roster ticks, then new guests' names,
    one a line), seated in that order or in a random draw (`seeding`)."""

    name = forms.CharField(
        label=gettext_lazy("Night's name"),
        max_length=TOURNAMENT_NAME_MAX,
        error_messages={"required": gettext_lazy("Give the night a name.")},
    )
    variant = forms.ChoiceField(
        label=pgettext_lazy("which card game: a variant", "Game"),
        choices=VARIANT_CHOICES,
        initial=VARIANT_CHOICES[0][0],
    )
    rounds = forms.IntegerField(
        label=gettext_lazy("Rounds"),
        min_value=1,
        max_value=NIGHT_ROUNDS_MAX,
        initial=4,
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )
    hands_per_round = forms.IntegerField(
        label=gettext_lazy("Hands a round (empty: a game to the target)"),
        required=False,
        min_value=1,
        max_value=MAX_HAND_LIMIT,
        initial=8,
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )
    movement = forms.ChoiceField(
        label=gettext_lazy("Movement"),
        choices=list(MOVEMENT_LABELS.items()),
        initial="winners_up",
        widget=forms.RadioSelect,
    )
    scoring = forms.ChoiceField(
        label=gettext_lazy("Tally"),
        choices=list(NIGHT_SCORING_LABELS.items()),
        initial="points",
        widget=forms.RadioSelect,
    )
    seeding = forms.ChoiceField(
        label=gettext_lazy("Seats for round 1"),
        choices=[
            ("given", gettext_lazy("In the order listed: ticked names, then guests")),
            ("random", gettext_lazy("A random draw")),
        ],
        initial="given",
        required=False,
        widget=forms.RadioSelect,
        error_messages={
            "invalid_choice": gettext_lazy("Choose the order listed or a random draw.")
        },
    )
    guests = forms.CharField(
        label=gettext_lazy("New guests (one name a line)"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 3, "autocapitalize": "words"}),
    )

    def __init__(self, *args: Any, roster: Sequence[Player], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.roster = list(roster)
        self.fields["players"] = forms.MultipleChoiceField(
            label=_("Checked in"),
            required=False,
            choices=[(str(p.pk), p.name) for p in self.roster],
            widget=forms.CheckboxSelectMultiple,
        )

    def entrants(self) -> list[EntrantInput]:
        """The players checked in, roster order then guests as typed."""
        picked = set(self.cleaned_data.get("players") or [])
        players: list[str | Player] = [p for p in self.roster if str(p.pk) in picked]
        guests = (self.cleaned_data.get("guests") or "").splitlines()
        players += [name.strip() for name in guests if name.strip()]
        return [EntrantInput(players=[player]) for player in players]

    def settings(self) -> dict[str, Any]:
        data = self.cleaned_data
        return {
            "rounds": data["rounds"],
            "hands_per_round": data["hands_per_round"],
            "movement": data["movement"],
            "scoring": data["scoring"],
            # Left out by an older page: the order checked in.
            "seeding": data.get("seeding") or "given",
        }

    def add_refusal(self, refusal: TournamentRefusal | RuleViolation) -> None:
        field = refusal.field
        if field.startswith("settings."):
            field = field[9:]
        elif field.startswith("entrants"):
            field = "players"
        self.add_error(field if field in self.fields else None, refusal_text(refusal))


class TableScoresForm(PlainForm):
    """A progressive table's paper scores, one per side."""

    def __init__(self, *args: Any, sides: Sequence[str], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.count = len(sides)
        for index, name in enumerate(sides):
            self.fields[f"score_{index}"] = forms.CharField(
                label=name,
                max_length=6,
                error_messages={
                    "required": _("Type %(name)s's points.") % {"name": name}
                },
                widget=forms.TextInput(
                    attrs={"inputmode": "numeric", "autocomplete": "off"}
                ),
            )

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        scores = []
        for index in range(self.count):
            name = f"score_{index}"
            number = parse_points((data.get(name) or "").strip())
            if number is None and not self.has_error(name):
                # An empty box already says "Type Hal's points.": one line each.
                self.add_error(name, _("Type the points as a number."))
            scores.append(number)
        data["scores"] = scores
        return data

    def add_refusal(self, refusal: TournamentRefusal) -> None:
        """A refusal of the service under the box it names ("scores.2"), else
        above the table's boxes."""
        where = refusal.field.removeprefix("scores.")
        field = f"score_{where}" if where.isdigit() else None
        self.add_error(field if field in self.fields else None, refusal.message)


class ArrivalForm(PlainForm):
    """A late arrival's name (or a roster player's): the service checks it and
    its refusal comes back under the box."""

    name = forms.CharField(
        label=gettext_lazy("A late arrival (joins the last table next round)"),
        error_messages={
            "required": gettext_lazy("Type the name of the player who arrived.")
        },
        widget=forms.TextInput(
            attrs={
                "maxlength": PLAYER_NAME_MAX,
                "autocomplete": "off",
                "autocapitalize": "words",
            }
        ),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("auto_id", "arrive-%s")
        super().__init__(*args, **kwargs)

    def add_refusal(self, refusal: TournamentRefusal) -> None:
        self.add_error("name", refusal.message)
