"""The oracle: how the table page said a refusal before refusals were data.

Until issue 10 the page rewrote the engine's English with two regular expressions
(``scoring.table.entry.in_names``). That function is gone from the code; this copy is
kept as the guard of ``scoring.refusals.sentence``: for every refusal, the sentence
built from its data with the players' names equals what the regular expressions made of
its message (tests/scoring/test_refusals.py; ``-p tests.scoring.oracle`` checks every
refusal a whole test run raises)."""

import re
from collections.abc import Mapping

import pytest

# "team 0 (seats 0 and 2)", "seat 2", "seat 0 or 2"; "seats 0 to 3" (a range of seat
# numbers, about a number typed by hand) stays as it is.
_SEAT = re.compile(
    r"\b[Tt]eam (\d+) \(seats (\d+) and (\d+)\)"
    r"|\b[Ss]eats? (\d+)(?: or (\d+))?\b(?! to \d)",
    re.ASCII,
)


# "the seat that captured …": the scorekeeper says "the player".
_A_SEAT = re.compile(r"\b(the|a|each|same) seat\b")


def in_names(message: str, names: Mapping[int, str], sides: list[str]) -> str:
    """An engine message with "seat 2" and "team 0 (seats 0 and 2)" replaced by
    the players' names: the scorekeeper knows the table by its people."""

    def name(match: re.Match[str]) -> str:
        if match.group(1) is not None:
            return sides[int(match.group(1))]
        first = names.get(int(match.group(4)), match.group(0))
        if match.group(5) is not None:
            return f"{first} or {names.get(int(match.group(5)), match.group(5))}"
        return first

    message = _SEAT.sub(name, message)
    return _A_SEAT.sub(lambda match: f"{match.group(1)} player", message)


# -- a pytest plugin: `pytest tests/scoring -p tests.scoring.oracle` -----------------

_SEEN: list[object] = []
_NAMES = {seat: f"Player{seat}" for seat in range(8)}
_SIDES = [f"Side{side}" for side in range(8)]
# Sentences only the new-game page says, in its own words (its boxes, not seats).
PAGE_ONLY = {"duplicate_player"}


def pytest_configure(config: pytest.Config) -> None:
    from scoring.engine import RuleViolation

    built = RuleViolation.__init__

    def recording(self: RuleViolation, *args: object, **kwargs: object) -> None:
        built(self, *args, **kwargs)
        _SEEN.append(self)

    RuleViolation.__init__ = recording  # type: ignore[method-assign]


def pytest_sessionfinish(session: pytest.Session) -> None:
    from scoring.engine.render import Names
    from scoring.refusals import sentence

    names = Names(_NAMES, _SIDES)
    checked = differ = 0
    for refusal in _SEEN:
        if not refusal.templated or refusal.code in PAGE_ONLY:
            continue
        checked += 1
        said = sentence(refusal, names)
        old = in_names(refusal.message, _NAMES, _SIDES)
        if said != old:
            differ += 1
            print(f"\noracle: {refusal.key}\n  in_names: {old}\n  sentence: {said}")
    print(f"\noracle: {checked} refusals checked, {differ} differ")
    if differ:
        session.exitstatus = 1
