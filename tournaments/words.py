"""How a tournament's pages, API refusals and the game hook name its matches, in one
place ("Round 2 match 1", "Losers' round 3 match 2", "Grand final"; at a
progressive night "Table 1 · Round 2")."""

from collections.abc import Iterable

from django.utils.translation import get_language, gettext, gettext_noop


def unit(format: str, plural: bool = False) -> str:
    """What a format calls its matches: a progressive night plays at tables."""
    if format == "progressive":
        return gettext("tables") if plural else gettext("table")
    return gettext("matches") if plural else gettext("match")


# A single elimination's last rounds, counted from its final.
_LAST_ROUNDS = (
    gettext_noop("Final"),
    gettext_noop("Semi-finals"),
    gettext_noop("Quarter-finals"),
)
_LAST_MATCHES = (
    gettext_noop("Final"),
    gettext_noop("Semi-final {number}"),
    gettext_noop("Quarter-final {number}"),
)


def match_label(
    *,
    format: str,
    bracket: str,
    round_number: int,
    number: int,
    rounds: int | None = None,
) -> str:
    """A match's name for people, from its place in the tournament. `rounds`, the
    number of rounds of its bracket, names an elimination match as the bracket's
    column does ("Semi-final 2", "Final", "Winners' final", "Losers' final")."""
    if bracket == "final":
        if format == "single_elimination":
            return gettext("The third-place match")
        if round_number == 1:
            return gettext("The grand final")
        return gettext("The grand final's reset")
    if format == "progressive":
        # A night's match is a table: its number is the table's.
        return gettext("Table {number} · Round {round}").format(
            round=round_number, number=number
        )
    # Rounds from the bracket's last (-1: the bracket's size unknown).
    from_end = rounds - round_number if rounds is not None else -1
    if format == "single_elimination" and 0 <= from_end < len(_LAST_MATCHES):
        return gettext(_LAST_MATCHES[from_end]).format(number=number)
    if bracket == "winners" and format == "double_elimination":
        if from_end == 0:
            return gettext("Winners' final")
        return gettext("Winners' round {round} match {number}").format(
            round=round_number, number=number
        )
    if bracket == "losers":
        if from_end == 0:
            return gettext("Losers' final")
        return gettext("Losers' round {round} match {number}").format(
            round=round_number, number=number
        )
    return gettext("Round {round} match {number}").format(
        round=round_number, number=number
    )


def bracket_rounds(places: Iterable[tuple[str, int]]) -> dict[str, int]:
    """How many rounds each bracket has, from its rounds' (bracket, number)."""
    rounds: dict[str, int] = {}
    for bracket, number in places:
        rounds[bracket] = max(rounds.get(bracket, 0), number)
    return rounds


def versus(names: list[str | None]) -> str:
    """ "Aces v Kings"; an unknown slot is "?" and a bye says so."""
    shown = [name if name is not None else "?" for name in names]
    if len(shown) == 1:
        return gettext("{name}, a bye").format(name=shown[0])
    return " v ".join(shown)


def round_label(
    *, format: str, bracket: str, round_number: int, rounds: int | None = None
) -> str:
    """A round's name for people, as the bracket's column heads it ("Semi-finals",
    "Round 2", "Losers' round 3", "Losers' final", "Grand final"). `rounds`: the
    number of rounds of its bracket (unknown: "Round 2")."""
    if bracket == "final":
        if format == "single_elimination":
            return gettext("Third place")
        return gettext("Grand final")
    # Rounds from the bracket's last (-1: the bracket's size unknown).
    from_end = rounds - round_number if rounds is not None else -1
    if bracket == "losers":
        if from_end == 0:
            return gettext("Losers' final")
        return gettext("Losers' round {number}").format(number=round_number)
    if bracket == "winners" and format == "double_elimination":
        if from_end == 0:
            return gettext("Winners' final")
        return gettext("Winners' round {number}").format(number=round_number)
    if format == "single_elimination" and 0 <= from_end < len(_LAST_ROUNDS):
        return gettext(_LAST_ROUNDS[from_end])
    return gettext("Round {number}").format(number=round_number)


def goes_through(
    name: str, *, format: str, bracket: str, round_number: int, rounds: int | None
) -> str:
    """Where a winner goes through to, in a whole sentence: "Ann goes through to the
    semi-finals", "... to the final", "... to round 3", "... to the grand final",
    "... to losers' round 2"."""
    said = {"name": name, "number": round_number}
    if bracket == "final":
        if format == "single_elimination":
            return gettext("%(name)s goes through to the third place") % said
        return gettext("%(name)s goes through to the grand final") % said
    from_end = rounds - round_number if rounds is not None else -1
    if bracket == "losers":
        if from_end == 0:
            return gettext("%(name)s goes through to the losers' final") % said
        return gettext("%(name)s goes through to losers' round %(number)s") % said
    if bracket == "winners" and format == "double_elimination":
        if from_end == 0:
            return gettext("%(name)s goes through to the winners' final") % said
        return gettext("%(name)s goes through to winners' round %(number)s") % said
    if format == "single_elimination" and 0 <= from_end < len(_LAST_ROUNDS):
        return (
            gettext("%(name)s goes through to the final"),
            gettext("%(name)s goes through to the semi-finals"),
            gettext("%(name)s goes through to the quarter-finals"),
        )[from_end] % said
    return gettext("%(name)s goes through to round %(number)s") % said


def midsentence(name: str) -> str:
    """A match's or a status's name inside a sentence ("Back to semi-final 1"):
    lowered, except in German, where a noun keeps its capital."""
    if (get_language() or "").startswith("de"):
        return name
    return name.lower()
