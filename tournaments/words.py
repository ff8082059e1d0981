"""How a tournament's pages, API refusals and the game hook name its matches, in one
place ("Round 2 match 1", "Losers' round 3 match 2", "Grand final"; at a
progressive night "Table 1 · Round 2")."""

from django.utils.translation import gettext


def unit(format: str, plural: bool = False) -> str:
    """What a format calls its matches: a progressive night plays at tables."""
    if format == "progressive":
        return gettext("tables") if plural else gettext("table")
    return gettext("matches") if plural else gettext("match")


def match_label(*, format: str, bracket: str, round_number: int, number: int) -> str:
    """A match's name for people, from its place in the tournament."""
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
    if bracket == "winners" and format == "double_elimination":
        return gettext("Winners' round {round} match {number}").format(
            round=round_number, number=number
        )
    if bracket == "losers":
        return gettext("Losers' round {round} match {number}").format(
            round=round_number, number=number
        )
    return gettext("Round {round} match {number}").format(
        round=round_number, number=number
    )


def versus(names: list[str | None]) -> str:
    """ "Aces v Kings"; an unknown slot is "?" and a bye says so."""
    shown = [name if name is not None else "?" for name in names]
    if len(shown) == 1:
        return gettext("{name}, a bye").format(name=shown[0])
    return " v ".join(shown)


def round_label(*, format: str, bracket: str, round_number: int) -> str:
    """A round's name for people ("Round 2", "Losers' round 3", "The grand final")."""
    if bracket == "final":
        return match_label(
            format=format, bracket=bracket, round_number=round_number, number=1
        )
    if bracket == "winners" and format == "double_elimination":
        return gettext("Winners' round {round}").format(round=round_number)
    if bracket == "losers":
        return gettext("Losers' round {round}").format(round=round_number)
    return gettext("Round {round}").format(round=round_number)
