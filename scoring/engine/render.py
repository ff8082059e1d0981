"""Says a refusal's template in words: ``render`` fills it with its parameters.

Seats and sides are said with numbers ("seat 2", "team 0 (seats 0 and 2)"), or with
the players' names a page gives (``Names``); the words come from the catalogue
(``engine.messages``), translated by the function a page passes (gettext).
"""

from __future__ import annotations

import string
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from .messages import (
    BOTH,
    EITHER,
    NOTHING,
    POINT_NAMES,
    SEAT,
    SEAT_OR,
    TEAM,
    VARIANT_NAMES,
    Plural,
)
from .params import (
    Given,
    Listing,
    OneOf,
    PointName,
    Seat,
    SeatOf,
    Side,
    Sides,
    VariantName,
)


@dataclass(frozen=True, slots=True)
class Names:
    """How a page names the table: each seat's player, each side, and (optionally)
    the number a page gives each seat (the new-game page's boxes count from 1)."""

    seats: Mapping[int, str]
    sides: Sequence[str] = ()
    numbers: Mapping[int, int] = field(default_factory=dict)


def _english_plural(singular: str, plural: str, number: int) -> str:
    return singular if number == 1 else plural


def describe(value: object) -> str:
    """Show a value the way the scorekeeper typed it, for messages."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return NOTHING
    if isinstance(value, str):
        return f'"{value}"'
    return repr(value)


def _same(text: str) -> str:
    return text


@dataclass(slots=True)
class _Speech:
    """How ``render`` translates when its caller names no function: English (the
    engine's own), or the functions the site installs (``speak_with``)."""

    translate: Callable[[str], str] = _same
    translate_plural: Callable[[str, str, int], str] = _english_plural


_SPEECH = _Speech()


def speak_with(
    translate: Callable[[str], str],
    translate_plural: Callable[[str, str, int], str],
) -> None:
    """Have every refusal said through these functions (Django's ``gettext`` and
    ``ngettext``, installed by ``scoring.refusals``): a ``RuleViolation``'s
    ``message`` is then in the language active where it is raised, the request's.
    The engine itself stays pure: it only keeps the two functions it is given."""
    _SPEECH.translate = translate
    _SPEECH.translate_plural = translate_plural


def render(
    template: str,
    params: Mapping[str, object],
    *,
    names: Names | None = None,
    translate: Callable[[str], str] | None = None,
    translate_plural: Callable[[str, str, int], str] | None = None,
) -> str:
    """A template filled with ``params``: seats as numbers, or as ``names``.

    ``translate`` is applied to the template and to every word the parameters are
    said with (``gettext`` on the pages); a ``Plural`` template is chosen and
    translated by ``translate_plural`` (``ngettext`` on the pages; English's rule
    here). Left out, they are the installed ones (``speak_with``; English until
    then). A ``:cap`` field starts with a capital when it is said in words ("Seat 2
    bid 3"); a name is left as it is written. A seat's ``:number`` is the number
    the page gives it (``names.numbers``)."""
    translate = translate or _SPEECH.translate
    translate_plural = translate_plural or _SPEECH.translate_plural
    if isinstance(template, Plural):
        number = params[template.count]
        assert isinstance(number, int)
        text = translate_plural(str(template), template.plural, number)
    else:
        text = translate(template)
    return _Words(names, translate).vformat(text, (), params)


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


class _Words(string.Formatter):
    """Says each parameter in words (a ``str.format`` formatter)."""

    def __init__(self, names: Names | None, translate: Callable[[str], str]) -> None:
        self.names = names
        self.translate = translate

    def format_field(self, value: object, format_spec: str) -> str:
        if format_spec == "number" and isinstance(value, Seat):
            numbers = self.names.numbers if self.names is not None else {}
            return str(numbers.get(value.number, value.number + 1))
        if format_spec not in ("", "cap"):
            return super().format_field(value, format_spec)
        named, text = self._say(value)
        return _capital(text) if format_spec == "cap" and not named else text

    def _say(self, value: object) -> tuple[bool, str]:
        """The words for ``value``, and whether they are a name (kept as written)."""
        if isinstance(value, Seat):
            return self._seat(value.number)
        if isinstance(value, Side):
            return self._side(value)
        if isinstance(value, SeatOf):
            return self._seat_of(value.seats)
        if isinstance(value, Sides):
            said = [self._side(side) for side in value.sides]
            text = said[0][1]
            for _, more in said[1:]:
                text = self.translate(BOTH).format(first=text, second=more)
            return said[0][0], text
        if isinstance(value, Given):
            text = describe(value.value)
            return False, self.translate(text) if value.value is None else text
        if isinstance(value, OneOf):
            quoted = [describe(choice) for choice in value.values]
            text = quoted[0]
            for more in quoted[1:]:
                text = self.translate(EITHER).format(first=text, second=more)
            return False, text
        if isinstance(value, Listing):
            return False, ", ".join(value.values)
        if isinstance(value, VariantName):
            return False, self.translate(VARIANT_NAMES[value.variant])
        if isinstance(value, PointName):
            return False, self.translate(POINT_NAMES[value.point])
        return False, format(value)

    def _seat(self, seat: int) -> tuple[bool, str]:
        if self.names is not None and seat in self.names.seats:
            return True, self.names.seats[seat]
        return False, self.translate(SEAT).format(number=seat)

    def _side(self, side: Side) -> tuple[bool, str]:
        if len(side.seats) == 1:
            return self._seat(side.seats[0])
        if self.names is not None and side.number < len(self.names.sides):
            return True, self.names.sides[side.number]
        first, second = side.seats
        return False, self.translate(TEAM).format(
            side=side.number, first=first, second=second
        )

    def _seat_of(self, seats: tuple[int, ...]) -> tuple[bool, str]:
        if len(seats) == 1:
            return self._seat(seats[0])
        first, second = seats
        if self.names is not None and first in self.names.seats:
            return True, self.translate(EITHER).format(
                first=self.names.seats[first],
                second=self.names.seats.get(second, second),
            )
        return False, self.translate(SEAT_OR).format(first=first, second=second)
