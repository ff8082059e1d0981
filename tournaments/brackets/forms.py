"""The new tournament's form (format, settings, the game, entrants picked from the
roster with seeds and partners): it parses what was typed; what a tournament may
be is checked by tournaments.brackets.create, whose refusals come back next to the
field they name; `refusal_text` says one in the page's words. One indivisible
thing: the form and the words it shows."""

import re
from collections.abc import Sequence
from typing import Any

from django import forms

from pitchclub.models import Player
from pitchclub.text import parse_whole_number
from scoring.engine import RuleViolation
from scoring.refusals import sentence
from scoring.start.forms import VARIANT_CHOICES, PlainForm
from tournaments.brackets.create import EntrantInput
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

SEED_DIGITS = len(str(ENTRANTS_MAX))
# The id of the page's one <datalist> of the roster's names (the partner boxes').
PARTNER_LIST = "roster-names"
# A partner box takes a roster player's name (a team's name is as long at most).
PARTNER_NAME_MAX = TOURNAMENT_NAME_MAX
ROUNDS_DIGITS = len(str(ENTRANTS_MAX))

# The page's own words for refusals whose sentence speaks the API's (a field name
# the page does not show); every other refusal is said as the service says it.
PAGE_WORDS = {
    "team_size_for_variant": "{variant} is played by teams of two: choose Teams of "
    "two.",
}


def refusal_text(refusal: TournamentRefusal | RuleViolation) -> str:
    if isinstance(refusal, RuleViolation):
        return sentence(refusal)
    if refusal.code in PAGE_WORDS:
        return PAGE_WORDS[refusal.code].format(**refusal.params)
    return refusal.message


NONE_PICKED = "No entrants are ticked yet: tick at least 2 players below."


class TournamentForm(PlainForm):
    """A tournament: name, format and its settings, the game every match plays
    (its variant; the options are the variant's options form of scoring), entrants
    picked from the club's roster with their seeds and, for teams, partners."""

    name = forms.CharField(
        label="Tournament name",
        max_length=TOURNAMENT_NAME_MAX,
        error_messages={
            "required": "Give the tournament a name.",
            "max_length": f"A tournament's name has at most {TOURNAMENT_NAME_MAX} "
            "characters.",
        },
        widget=forms.TextInput(
            attrs={"autocapitalize": "words", "autocomplete": "off"}
        ),
    )
    format = forms.ChoiceField(
        label="Format",
        choices=[(name, FORMAT_LABELS[name]) for name in FORMATS_RUN],
        initial=FORMATS_RUN[0],
        widget=forms.RadioSelect,
        error_messages={
            "required": "Choose a format.",
            "invalid_choice": "Choose one of the formats shown.",
        },
    )
    variant = forms.ChoiceField(
        label="Game",
        choices=VARIANT_CHOICES,
        initial=VARIANT_CHOICES[0][0],
        widget=forms.RadioSelect,
        error_messages={
            "required": "Choose the game the matches play.",
            "invalid_choice": "Choose the game the matches play.",
        },
    )
    team_size = forms.TypedChoiceField(
        label="Entrants are",
        choices=[
            (1, "Single players: each plays for themself"),
            (2, "Teams of two: partners sit opposite"),
        ],
        coerce=int,
        initial=1,
        widget=forms.RadioSelect,
        error_messages={
            "required": "Choose single players or teams of two.",
            "invalid_choice": "Choose single players or teams of two.",
        },
    )
    games_per_match = forms.TypedChoiceField(
        label="Games per match",
        choices=[
            (count, "One game" if count == 1 else f"Best of {count}")
            for count in GAMES_PER_MATCH
        ],
        coerce=int,
        initial=GAMES_PER_MATCH[0],
        widget=forms.RadioSelect,
        error_messages={
            "required": "Choose how many games a match has.",
            "invalid_choice": "Choose 1, 3 or 5 games per match.",
        },
    )
    seeding = forms.ChoiceField(
        label="Seeds",
        choices=[
            ("given", "As numbered below (1 = strongest)"),
            ("random", "A random draw"),
        ],
        initial="given",
        widget=forms.RadioSelect,
        error_messages={
            "required": "Choose numbered seeds or a random draw.",
            "invalid_choice": "Choose numbered seeds or a random draw.",
        },
    )
    third_place = forms.BooleanField(
        label="Play for third place",
        required=False,
        help_text="The two semi-final losers play one more match.",
    )
    grand_final_reset = forms.BooleanField(
        label="Grand final reset",
        required=False,
        initial=True,
        help_text="If the losers' bracket champion wins the grand final, a second "
        "final is played.",
    )
    cycles = forms.TypedChoiceField(
        label="Everyone meets everyone",
        choices=[(count, "Once" if count == 1 else "Twice") for count in CYCLES],
        coerce=int,
        initial=CYCLES[0],
        widget=forms.RadioSelect,
        error_messages={"invalid_choice": "Choose once or twice."},
    )
    # Read in clean() for a Swiss only: a box the chosen format hides never refuses.
    rounds = forms.CharField(
        label="Rounds",
        required=False,
        max_length=ROUNDS_DIGITS + 2,
        help_text="Empty: enough rounds to find a winner (5 for 17 to 32 entrants).",
        widget=forms.TextInput(attrs={"inputmode": "numeric", "autocomplete": "off"}),
    )
    confirm_results = forms.BooleanField(
        label="The losing side confirms each result",
        required=False,
        help_text="When a match's game ends, the losing side (or an organiser) "
        "confirms the score on the table's phone before the bracket moves on.",
    )

    def __init__(self, *args: Any, roster: Sequence[Player], **kwargs: Any) -> None:
        """`roster`: the club's players, in the order the page lists them."""
        super().__init__(*args, **kwargs)
        self.roster = list(roster)
        for player in self.roster:
            self.fields[f"pick_{player.pk}"] = forms.BooleanField(
                label=player.name, required=False
            )
            self.fields[f"seed_{player.pk}"] = forms.CharField(
                label=f"Seed of {player.name}",
                required=False,
                max_length=SEED_DIGITS + 2,
                widget=forms.TextInput(
                    attrs={
                        "inputmode": "numeric",
                        "autocomplete": "off",
                        "class": "seed-box",
                    }
                ),
            )
            self.fields[f"team_{player.pk}"] = forms.CharField(
                label=f"Team name of {player.name}",
                required=False,
                max_length=TOURNAMENT_NAME_MAX,
                error_messages={
                    "max_length": "An entrant's name has at most "
                    f"{TOURNAMENT_NAME_MAX} characters."
                },
                widget=forms.TextInput(
                    attrs={"autocomplete": "off", "autocapitalize": "words"}
                ),
            )
            # The partner's name, typed or picked from the page's one list of
            # the roster's names (PARTNER_LIST): a select per row listing the
            # whole roster made the page grow with the square of the roster.
            self.fields[f"partner_{player.pk}"] = forms.CharField(
                label=f"Partner of {player.name}",
                required=False,
                max_length=PARTNER_NAME_MAX,
                error_messages={
                    "max_length": "Type the partner's name as the roster has it."
                },
                widget=forms.TextInput(
                    attrs={
                        "list": PARTNER_LIST,
                        "autocomplete": "off",
                        "autocapitalize": "words",
                        "class": "partner-box",
                    }
                ),
            )
        # Errors about the entrants as a whole ("at least 2"), at their fieldset.
        self.entrants_errors: list[str] = []
        # For each entrant (in seed order) the roster players its row(s) named:
        # the leading row's player, then the partner.
        self.entrant_rows: list[list[Player]] = []
        # A team's name as typed on its leading row (empty: "Ann & Cy").
        self.team_names: dict[int, str] = {}

    # --- What the page shows -----------------------------------------------------

    def rows(self) -> list[dict[str, Any]]:
        """One row per roster player: its checkbox, seed box, partner and team name."""
        return [
            {
                "player": player,
                "pick": self[f"pick_{player.pk}"],
                "seed": self[f"seed_{player.pk}"],
                "partner": self[f"partner_{player.pk}"],
                "team": self[f"team_{player.pk}"],
            }
            for player in self.roster
        ]

    def roster_names(self) -> list[str]:
        """The roster's names, once each, for the partner boxes' list."""
        return list(dict.fromkeys(player.name for player in self.roster))

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
        picked = [p for p in self.roster if data.get(f"pick_{p.pk}")]
        if not picked:
            self.entrants_errors.append(NONE_PICKED)
        seeds = self._seeds(picked, data) if data.get("seeding") == "given" else {}
        if data.get("team_size") == 2:
            teams = self._teams(picked, data, seeds)
        else:
            teams = [[player] for player in picked]
        # Numbered rows first, by their numbers; the others after, as listed.
        order = sorted(
            range(len(teams)),
            key=lambda i: (
                seeds.get(teams[i][0].pk) is None,
                seeds.get(teams[i][0].pk, 0),
                i,
            ),
        )
        self.entrant_rows = [teams[i] for i in order]
        return data

    def _rounds(self, text: str) -> int | None:
        text = text.strip()
        if not text:
            return None
        number = parse_whole_number(text, max_digits=ROUNDS_DIGITS)
        if number is None or number < 1:
            self.add_error(
                "rounds",
                "Type the number of rounds as a whole number, like 3, or leave it "
                "empty.",
            )
        return number

    def _seeds(self, picked: list[Player], data: dict[str, Any]) -> dict[int, int]:
        """The seed number typed for each picked player (left empty: none); a
        number given twice is refused at the second."""
        seeds: dict[int, int] = {}
        holders: dict[int, Player] = {}
        for player in picked:
            field = f"seed_{player.pk}"
            text = (data.get(field) or "").strip()
            if not text:
                continue
            number = parse_whole_number(text, max_digits=SEED_DIGITS)
            if number is None or number < 1:
                self.add_error(
                    field,
                    f"A seed is a whole number from 1 (the strongest), like 1 or 2; "
                    f"or leave {player.name}'s empty.",
                )
                continue
            if number in holders:
                self.add_error(
                    field,
                    f"Seed {number} is {holders[number].name}'s already: give each "
                    "entrant its own seed.",
                )
                continue
            holders[number] = player
            seeds[player.pk] = number
        return seeds

    def _teams(
        self, picked: list[Player], data: dict[str, Any], seeds: dict[int, int]
    ) -> list[list[Player]]:
        """Teams of two: each ticked row with the partner chosen on it. Two rows
        that choose each other are one team (its seed is the first row's)."""
        by_name: dict[str, list[Player]] = {}
        by_folded: dict[str, list[Player]] = {}
        for player in self.roster:
            by_name.setdefault(player.name, []).append(player)
            by_folded.setdefault(player.name.casefold(), []).append(player)
        teams: list[list[Player]] = []
        paired: dict[int, int] = {}
        for player in picked:
            field = f"partner_{player.pk}"
            typed = " ".join((data.get(field) or "").split())
            if not typed:
                self.add_error(
                    field, f"Choose {player.name}'s partner: teams are of two."
                )
                continue
            # The exact name first; else the one name spelt with other capitals.
            found = by_name.get(typed) or by_folded.get(typed.casefold(), [])
            if not found:
                self.add_error(
                    field,
                    f"No one on the roster is called {typed}: type "
                    f"{player.name}'s partner as the roster has them, or add them "
                    "to the roster as a guest.",
                )
                continue
            if len(found) > 1:
                self.add_error(
                    field,
                    f"{len(found)} players of the roster are called {typed}: "
                    f"rename one on the roster to choose {player.name}'s partner.",
                )
                continue
            partner = found[0]
            if partner.pk == player.pk:
                self.add_error(
                    field,
                    f"{player.name} cannot partner themself: type the other "
                    "player of the team.",
                )
                continue
            if paired.get(partner.pk) == player.pk:
                # The partner's row chose this player: the same team, once.
                if player.pk in seeds and partner.pk not in seeds:
                    seeds[partner.pk] = seeds.pop(player.pk)
                continue
            paired[player.pk] = partner.pk
            teams.append([player, partner])
            self.team_names[player.pk] = (data.get(f"team_{player.pk}") or "").strip()
        return teams

    def entrants(self) -> list[EntrantInput]:
        """The entrants in seed order, as the service takes them."""
        return [
            EntrantInput(
                players=list(players), name=self.team_names.get(players[0].pk) or None
            )
            for players in self.entrant_rows
        ]

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
        if field == "entrants" and NONE_PICKED in self.entrants_errors:
            return  # Said already, in the form's words.
        text = self._entrant_name_twice(refusal) or refusal_text(refusal)
        entrant = re.fullmatch(
            r"entrants\.([0-9]+)(?:\.players\.([0-9]+)|\.(name))?", field
        )
        if entrant and int(entrant.group(1)) < len(self.entrant_rows):
            players = self.entrant_rows[int(entrant.group(1))]
            lead = players[0].pk
            if entrant.group(3) and len(players) == 2:
                name = f"team_{lead}"
            elif entrant.group(2) == "1":
                name = f"partner_{lead}"
            else:
                name = f"pick_{lead}"
            self.add_error(name, text)
        elif field == "entrants":
            self.entrants_errors.append(text)
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
        if not 0 <= index < len(self.entrant_rows):
            return None
        players = self.entrant_rows[index]
        name = self.team_names.get(players[0].pk) or " & ".join(
            player.name for player in players
        )
        return (
            f"Entrant {index + 1} is already called {name}: give each entrant its "
            "own name."
        )
