"""A name typed by an organiser (a tournament's, a season's, a late arrival's),
cleaned and checked in one place: refused when it holds a control character, is
empty or is too long, each in the words of the refusal class given."""

from __future__ import annotations

from collections.abc import Callable

from pitchclub.text import UnsafeText, clean_name
from tournaments.refusals import TournamentRefusal


def name_checked(
    typed: str,
    *,
    whose: str,
    most: int,
    field: str = "name",
    refusal: Callable[..., Exception] = TournamentRefusal,
    codes: tuple[str, str, str] = ("invalid_name", "empty_name", "name_too_long"),
) -> str:
    """`typed` cleaned. `whose` begins the sentence of an unsafe character ("The
    season's name"); `codes`: the refusals of an unsafe, an empty and a too long
    name, raised at `field`."""
    invalid, empty, too_long = codes
    try:
        name = clean_name(typed)
    except UnsafeText as problem:
        raise refusal(
            invalid, field, params={"problem": problem.sentence(whose)}
        ) from problem
    if not name:
        raise refusal(empty, field)
    if len(name) > most:
        raise refusal(too_long, field, params={"most": most})
    return name
