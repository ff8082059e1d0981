"""The new tournament's entrants as the organiser types or pastes them: one per
line in seed order, a team as two names joined by & (its name before a colon:
"Aces: Ann & Cy"). Names resolve against the club's roster as the API's do (a new
name adds a guest, tournaments.brackets.create); a name the roster has with other
capitals, accents or spaces is a near-duplicate and asked about. One box for any
roster: the page no longer grows with the roster (one form field per player
passed Django's 1,000 fields at about 333 players)."""

import re
from typing import Any

from django import forms
from django.utils.functional import lazy
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from pitchclub.models import Player
from pitchclub.services.players import folded_name
from pitchclub.text import UnsafeText, clean_name
from scoring.start.forms import PlainForm
from tournaments.brackets.create import EntrantInput
from tournaments.vocabulary import ENTRANTS_MAX, TOURNAMENT_NAME_MAX

NONE_GIVEN = _("No entrants yet: type at least 2, one per line.")
# A line of the box: a team's name before a colon, its players joined by &.
_TEAM = re.compile(r"^(?:(?P<name>[^:&]+):)?(?P<players>.+)$")


class EntrantsForm(PlainForm):
    """The entrants part of the new tournament's form."""

    entrants = forms.CharField(
        label=_("Entrants, one per line in seed order"),
        required=False,
        max_length=ENTRANTS_MAX * (2 * TOURNAMENT_NAME_MAX + 8),
        help_text=_(
            "The strongest first. A team: two names joined by &, its name before a "
            "colon if it has one (Aces: Ann & Cy). A name not on the roster adds a "
            "guest."
        ),
        error_messages={
            "max_length": lazy(
                lambda: gettext("At most %(most)s entrants.") % {"most": ENTRANTS_MAX},
                str,
            )()
        },
        widget=forms.Textarea(
            attrs={"rows": 10, "autocapitalize": "words", "autocomplete": "off"}
        ),
    )

    def __init__(self, *args: Any, roster: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.roster: list[Player] = list(roster)
        # The entrants as read, in seed order, and the line each came from.
        self.entrant_inputs: list[EntrantInput] = []
        self.lines: list[int] = []

    def roster_names(self) -> list[str]:
        """The roster's names, once each, for the page's list to copy from."""
        return list(dict.fromkeys(player.name for player in self.roster))

    def read_entrants(self, text: str, team_size: int) -> None:
        """Read the box into entrant_inputs; a wrong line is an error naming it."""
        exact = {player.name.casefold() for player in self.roster}
        near = {folded_name(player.name): player.name for player in self.roster}
        problems: list[str] = []
        for number, line in enumerate(text.splitlines(), start=1):
            if not line.strip():
                continue
            found = _TEAM.match(line.strip())
            team_name = (found.group("name") or "").strip() if found else ""
            names = [
                n.strip()
                for n in (found.group("players") if found else line).split("&")
            ]
            if len(names) != team_size or not all(names):
                problems.append(_size_problem(number, line.strip(), team_size))
                continue
            for name in names:
                asked = _near_problem(number, name, exact, near)
                if asked:
                    problems.append(asked)
            self.entrant_inputs.append(
                EntrantInput(players=list(names), name=team_name.strip() or None)
            )
            self.lines.append(number)
        if problems:
            for problem in problems:
                self.add_error("entrants", problem)
        elif len(self.entrant_inputs) == 0:
            self.add_error("entrants", NONE_GIVEN)

    def entrant_error(self, index: int, text: str) -> None:
        """A refusal of the services about entrant `index`, at its line."""
        if 0 <= index < len(self.lines):
            text = gettext("Line %(line)s: %(problem)s") % {
                "line": self.lines[index],
                "problem": text,
            }
        self.add_error("entrants", text)


def _size_problem(number: int, line: str, team_size: int) -> str:
    if team_size == 2:
        return gettext(
            "Line %(number)s (%(line)s): a team is two names joined by &, like "
            "Ann & Cy."
        ) % {"number": number, "line": line}
    return gettext(
        "Line %(number)s (%(line)s): one player per line; for pairs choose Teams of "
        "two."
    ) % {"number": number, "line": line}


def _near_problem(
    number: int, name: str, exact: set[str], near: dict[str, str]
) -> str | None:
    """A name the roster has spelt otherwise: asked, not added as a new guest."""
    try:
        cleaned = clean_name(name)
    except UnsafeText:
        return None  # The service says what is wrong with it.
    if cleaned.casefold() in exact:
        return None
    other = near.get(folded_name(cleaned))
    if other is None:
        return None
    # Translators: name as typed, other as the roster spells it.
    return gettext(
        "Line %(number)s: is “%(name)s” %(other)s of the roster? Type %(other)s as "
        "the roster has it; for someone new, a name that tells them apart."
    ) % {"number": number, "name": name, "other": other}
