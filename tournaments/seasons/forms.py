"""Forms of the season pages: they parse what was typed; the rules are checked by
tournaments.seasons.services (and the engine, for a game's options), whose refusals come
back next to the field they name."""

from typing import Any

from django import forms

from pitchclub.forms import WholeNumberField
from scoring.engine.variants import MAX_TARGET
from scoring.models import Variant
from tournaments.models import SEASON_NAME_MAX, SeasonScoring
from tournaments.vocabulary import ENTRANTS_MAX, FORMAT_LABELS, FORMATS_RUN

DATE_HELP = "A date as YYYY-MM-DD, e.g. 2026-12-03."
SCORING_HELP = {
    "wins": "Each night counts the games a player won.",
    "points": "Each night counts the points a player's side scored.",
    "progressive": "Each night counts the player's tally at the night's progressive "
    "tables (a progressive night on that date, in this club and variant).",
}


class PlainForm(forms.Form):
    """Labels without Django's trailing colon."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("label_suffix", "")
        super().__init__(*args, **kwargs)


def _date(label: str, help_text: str = "") -> forms.DateField:
    return forms.DateField(
        label=label,
        help_text=help_text,
        widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
        error_messages={
            "required": f"Give the {label.lower()}.",
            "invalid": f"“{label}” is not a date. {DATE_HELP}",
        },
    )


class SeasonForm(PlainForm):
    name = forms.CharField(
        label="Name",
        max_length=SEASON_NAME_MAX,
        help_text="E.g. Winter 2026.",
        error_messages={"required": "Give the season a name."},
    )
    starts = _date("First date")
    ends = _date("Last date")
    variant = forms.ChoiceField(
        label="Game",
        choices=Variant.choices,
        initial=Variant.AUCTION,
        widget=forms.RadioSelect,
        help_text="Only this game's club games count; the playoffs play it.",
    )
    target = WholeNumberField(
        label="Points to win",
        required=False,
        min_value=1,
        max_value=MAX_TARGET,
        help_text="Leave empty for the game's usual target.",
    )
    scoring = forms.ChoiceField(
        label="What counts",
        choices=[
            (value, f"{label}: {SCORING_HELP[value]}")
            for value, label in SeasonScoring.choices
        ],
        initial=SeasonScoring.WINS,
        widget=forms.RadioSelect,
    )
    drop_worst = WholeNumberField(
        label="Worst nights dropped",
        initial=0,
        min_value=0,
        help_text="Each player's N worst nights are not counted.",
    )
    min_nights = WholeNumberField(
        label="Nights to qualify",
        initial=0,
        min_value=0,
        help_text="Players with fewer nights are shown apart, not qualified.",
    )

    def service_fields(self) -> dict[str, Any]:
        """What tournaments.seasons.services.season_create takes."""
        data = dict(self.cleaned_data)
        target = data.pop("target")
        data["options"] = {} if target is None else {"target": target}
        return data


class NightForm(PlainForm):
    date = _date("Date", "A date of the season on which the club meets.")


class PlayoffsForm(PlainForm):
    format = forms.ChoiceField(
        label="Format",
        choices=[(value, FORMAT_LABELS[value]) for value in FORMATS_RUN],
        initial="single_elimination",
        widget=forms.RadioSelect,
    )
    size = WholeNumberField(
        label="Players",
        min_value=2,
        max_value=ENTRANTS_MAX,
        help_text="The top of the qualified standings, seeded in standings order.",
        error_messages={"required": "Say how many players the playoff takes."},
    )
    name = forms.CharField(
        label="Name",
        required=False,
        max_length=SEASON_NAME_MAX,
        help_text="Leave empty to name it after the season: “… playoffs”.",
    )
