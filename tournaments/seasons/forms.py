"""Forms of the season pages: they parse what was typed; the rules are checked by
tournaments.seasons.services (and the engine, for a game's options), whose refusals come
back next to the field they name."""

from typing import Any

from django import forms
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from pitchclub.forms import WholeNumberField
from scoring.engine.variants import MAX_TARGET
from scoring.models import Variant
from tournaments.models import SEASON_NAME_MAX, SeasonScoring
from tournaments.vocabulary import ENTRANTS_MAX, FORMAT_LABELS, FORMATS_RUN

# Translators: YYYY-MM-DD is how a date is typed where the browser has no date
# picker; keep the example's digits in that order.
DATE_HELP = _("A date as YYYY-MM-DD, e.g. 2026-12-03.")
SCORING_HELP = {
    "wins": _("Each night counts the games a player won."),
    "points": _("Each night counts the points a player's side scored."),
    "progressive": _(
        "Each night counts the player's tally at the night's progressive "
        "tables (a progressive night on that date, in this club and variant)."
    ),
}


class PlainForm(forms.Form):
    """Labels without Django's trailing colon."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("label_suffix", "")
        super().__init__(*args, **kwargs)


def _date(
    label: str, required: str, invalid: str, help_text: str = ""
) -> forms.DateField:
    """A date typed as YYYY-MM-DD (the browser's date picker sends it so), with
    its `required` and `invalid` sentences (lazy: said in the reader's language)."""
    return forms.DateField(
        label=label,
        help_text=help_text,
        # The value in the box stays ISO in every language (type=date reads it).
        widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
        error_messages={
            "required": required,
            "invalid": format_lazy("{} {}", invalid, DATE_HELP),
        },
    )


class SeasonForm(PlainForm):
    name = forms.CharField(
        label=_("Name"),
        max_length=SEASON_NAME_MAX,
        help_text=_("E.g. Winter 2026."),
        error_messages={"required": _("Give the season a name.")},
    )
    starts = _date(
        _("First date"),
        _("Give the first date."),
        _("“First date” is not a date."),
    )
    ends = _date(
        _("Last date"),
        _("Give the last date."),
        _("“Last date” is not a date."),
    )
    variant = forms.ChoiceField(
        label=pgettext_lazy("which card game: a variant", "Game"),
        choices=Variant.choices,
        initial=Variant.AUCTION,
        widget=forms.RadioSelect,
        help_text=_("Only this game's club games count; the playoffs play it."),
    )
    target = WholeNumberField(
        label=_("Points to win"),
        required=False,
        min_value=1,
        max_value=MAX_TARGET,
        help_text=_("Leave empty for the game's usual target."),
    )
    scoring = forms.ChoiceField(
        label=_("What counts"),
        choices=[
            # Translators: a way of counting a season's nights, then what it
            # means: "Games won: Each night counts the games a player won."
            (
                value,
                format_lazy(
                    _("{label}: {meaning}"), label=label, meaning=SCORING_HELP[value]
                ),
            )
            for value, label in SeasonScoring.choices
        ],
        initial=SeasonScoring.WINS,
        widget=forms.RadioSelect,
    )
    drop_worst = WholeNumberField(
        label=_("Worst nights dropped"),
        initial=0,
        min_value=0,
        help_text=_("Each player's N worst nights are not counted."),
    )
    min_nights = WholeNumberField(
        label=_("Nights to qualify"),
        initial=0,
        min_value=0,
        help_text=_("Players with fewer nights are shown apart, not qualified."),
    )

    def service_fields(self) -> dict[str, Any]:
        """What tournaments.seasons.services.season_create takes."""
        data = dict(self.cleaned_data)
        target = data.pop("target")
        data["options"] = {} if target is None else {"target": target}
        return data


class NightForm(PlainForm):
    date = _date(
        _("Date"),
        _("Give the date."),
        _("“Date” is not a date."),
        _("A date of the season on which the club meets."),
    )


class PlayoffsForm(PlainForm):
    format = forms.ChoiceField(
        label=_("Format"),
        choices=[(value, FORMAT_LABELS[value]) for value in FORMATS_RUN],
        initial="single_elimination",
        widget=forms.RadioSelect,
    )
    size = WholeNumberField(
        label=_("Players"),
        min_value=2,
        max_value=ENTRANTS_MAX,
        help_text=_("The top of the qualified standings, seeded in standings order."),
        error_messages={"required": _("Say how many players the playoff takes.")},
    )
    name = forms.CharField(
        label=_("Name"),
        required=False,
        max_length=SEASON_NAME_MAX,
        help_text=_("Leave empty to name it after the season: “… playoffs”."),
    )
