"""The CSV export's header and cells (scoring.table.export.csv_rows)."""

from django.utils.translation import gettext, pgettext

from scoring.engine import PASS


def csv_hand() -> str:
    return gettext("Hand")


def csv_dealer() -> str:
    return gettext("Dealer")


def csv_auction() -> str:
    return gettext("Auction")


def csv_pitcher() -> str:
    return gettext("Pitcher")


def csv_bid() -> str:
    return gettext("Bid")


def csv_made() -> str:
    return gettext("Made")


def csv_trump() -> str:
    return gettext("Trump")


def csv_change(side: str) -> str:
    """The column of what one hand added to a side's score."""
    return gettext("%(side)s: this hand") % {"side": side}


def csv_total(side: str) -> str:
    """The column of a side's score after each hand."""
    return gettext("%(side)s: running total") % {"side": side}


def csv_winner() -> str:
    return gettext("Game winner")


def yes_no(value: bool) -> str:
    return gettext("yes") if value else gettext("no")


def team_credit(side: str) -> str:
    """A point credited to a team without naming the partner: "Ann & Cy (team)"."""
    return gettext("%(side)s (team)") % {"side": side}


def nobody() -> str:
    """A point nobody took (a Jack not out, a tied Game): said, not left empty."""
    return gettext("nobody")


def call(value: object) -> str:
    """A call of the auction column: a bid as its number, a pass in words."""
    if value == PASS:
        return pgettext("a call in the auction, in the CSV export", "pass")
    return str(value)
