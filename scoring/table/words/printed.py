"""The printed score sheet's short words: each point as one or two letters, the
legend that says what they mean, the mark of the points nobody took
(scoring.table.printed)."""

from django.utils.translation import gettext, pgettext


def point_letters(point: str) -> str:
    """A point as the paper sheet abbreviates it: "H" for High, "O3" for Off-three."""
    letters = {
        "high": pgettext("point, printed", "H"),
        "low": pgettext("point, printed", "L"),
        "jack": pgettext("point, printed", "J"),
        "game": pgettext("point, printed", "G"),
        "ace": pgettext("point, printed", "A"),
        "jick": pgettext("point, printed", "Jk"),
        "high_joker": pgettext("point, printed", "HJ"),
        "low_joker": pgettext("point, printed", "LJ"),
        "ten": pgettext("point, printed", "10"),
        "three": pgettext("point, printed", "3"),
        "off_three": pgettext("point, printed", "O3"),
        "two": pgettext("point, printed", "2"),
    }
    return letters[point]


def nobody_took() -> str:
    """Before the points nobody took, beside the bid: "nobody: J G"."""
    return gettext("nobody:")


def legend_nobody() -> str:
    """The legend's last words: what the mark beside the bid means."""
    return gettext("“%(nobody)s” before the points nobody took.") % {
        "nobody": nobody_took()
    }


def legend_intro(partnership: bool) -> str:
    """The legend's first words: where the sheet says who took each point."""
    if partnership:
        return gettext("Under each team's score, the points it took (and by whom):")
    return gettext("Under each player's score, the points they took:")
