"""The refusals of league seasons' writes (tournaments.seasons.services):
SeasonRefusal, a refusal as data (code, field, params) whose sentence is built from
MESSAGES through gettext (a sentence with a count through ngettext, by the
parameter that counts: Polish has three forms), and SEASON_CONFLICTS, the codes
that conflict with the club's seasons as they stand (409s). Registered with the
core's refusals in TournamentsConfig.ready().
"""

from __future__ import annotations

from collections.abc import Mapping

from django.utils.functional import Promise
from django.utils.translation import gettext, gettext_noop, ngettext_lazy

# Conflicts with the club's seasons as they stand (409), the rest are bad input (400).
SEASON_CONFLICTS = frozenset({"season_name_taken", "night_exists", "playoffs_started"})

# A sentence, or (with a count) ngettext_lazy by the parameter that counts.
MESSAGES: dict[str, str | Promise] = {
    "empty_name": gettext_noop("Give the season a name."),
    "name_too_long": gettext_noop("A season's name has at most {most} characters."),
    "invalid_name": gettext_noop("{problem}"),
    "season_name_taken": gettext_noop(
        "{club} already has a season called {name}: give this one another name."
    ),
    "ends_before_starts": gettext_noop(
        "The season ends on {ends}, before it starts ({starts}): the last date is "
        "on or after the first."
    ),
    "too_many_nights": ngettext_lazy(
        "A season of {days} day has at most {days} night: "
        "{setting} must be at most {days}, not {given}.",
        "A season of {days} days has at most {days} nights: "
        "{setting} must be at most {days}, not {given}.",
        "days",
    ),
    "night_outside_season": gettext_noop(
        "{date} is not in {season} ({starts} to {ends}): a night is a date of "
        "its season."
    ),
    "night_exists": gettext_noop("{season} already has a night on {date}."),
    "playoff_size": gettext_noop("A playoff takes 2 to {most} players, not {given}."),
    "too_few_qualified": ngettext_lazy(
        "Only {qualified} player qualified so far: a playoff of the top "
        "{given} needs {given}. Seed fewer, or play more nights first.",
        "Only {qualified} players qualified so far: a playoff of the top "
        "{given} needs {given}. Seed fewer, or play more nights first.",
        "qualified",
    ),
    "playoff_needs_solo_variant": gettext_noop(
        "{variant} is played by teams of two: a playoff seeded from players' "
        "standings cannot be drawn for it."
    ),
    "playoff_format": gettext_noop("A playoff's format is one of {formats}."),
    "playoffs_started": gettext_noop(
        "{season}'s playoffs have started already: {playoffs} (tournament {id}). "
        "A season has one playoff tournament."
    ),
}


def sentence(code: str, params: Mapping[str, object]) -> str:
    """The refusal `code` said in the active language with its `params`."""
    words = MESSAGES[code]
    if isinstance(words, str):
        return gettext(words).format(**params)
    return words.format(**params)


class SeasonRefusal(Exception):
    """A season write refused: ``code``, ``field`` (dotted path), ``params``;
    ``message`` is the sentence, from MESSAGES through gettext. Registered with
    the core's refusals in TournamentsConfig.ready() (409 for SEASON_CONFLICTS)."""

    def __init__(
        self, code: str, field: str, *, params: Mapping[str, object] | None = None
    ) -> None:
        self.code = code
        self.field = field
        self.hand: int | None = None
        self.params = dict(params) if params else {}
        self.message = sentence(code, self.params)
        super().__init__(self.message)

    @property
    def conflict(self) -> bool:
        return self.code in SEASON_CONFLICTS

    def __str__(self) -> str:
        return self.message

    def __repr__(self) -> str:
        return (
            f"SeasonRefusal(code={self.code!r}, field={self.field!r}, "
            f"message={self.message!r})"
        )
