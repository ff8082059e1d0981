"""The words of scoring, defined once: variants, points and suits as the pages,
forms and models show them, built on the engine's ids (``scoring.engine``), which
keeps the ids, the rules and the English of its refusals.

Labels are lazy translations (``gettext_lazy``): the models' choices, the forms and
the table page all take them from here; templates get them through their context.
"""

from dataclasses import dataclass

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from scoring.engine import MAX_PLAYERS, PASS, POINTS, LowGoesTo, Suit, Variant
from scoring.engine.messages import VARIANT_NAMES

# The call that passes in an auction, as the API spells it: "pass".
PASS_CALL: str = PASS

# The most seats at a table, the most Auction Pitch allows: the new-game page's name
# boxes, the API's list of players.
MAX_SEATS: int = MAX_PLAYERS

# "Auction Pitch", "13-Point Partner Pitch": the engine's names, translated.
VARIANT_LABELS: dict[Variant, Promise] = {
    variant: _(VARIANT_NAMES[variant]) for variant in Variant
}

# Every point of both variants by its API name, in the order of the rules (`jack`
# is shared): the auction's four, then the thirteen's.
POINT_IDS: tuple[str, ...] = tuple(
    dict.fromkeys(point for variant in Variant for point in POINTS[variant])
)

# A point's label: the award rows of the table page, the models' choices, the
# revision log, the CSV export.
POINT_LABELS: dict[str, Promise] = {
    "high": _("High"),
    "low": _("Low"),
    "jack": _("Jack"),
    "game": _("Game"),
    "ace": _("Ace"),
    "jick": _("Jick"),
    "high_joker": _("High joker"),
    "low_joker": _("Low joker"),
    "ten": _("Ten"),
    "three": _("Three"),
    "off_three": _("Off-three"),
    "two": _("Two"),
}

# What a point is, under its label on the table page. The jack of 13-Point is
# told apart from the jick; Low depends on the game's option (LOW_HINTS).
POINT_HINTS: dict[tuple[Variant, str], Promise] = {
    (Variant.AUCTION, "high"): _("took the highest trump"),
    (Variant.AUCTION, "jack"): _("took the jack of trump"),
    (Variant.AUCTION, "game"): _("most game points (10s, A, K, Q, J)"),
    (Variant.THIRTEEN, "ace"): _("ace of trump"),
    (Variant.THIRTEEN, "jack"): _("jack of trump"),
    (Variant.THIRTEEN, "jick"): _("other jack of trump's colour"),
    (Variant.THIRTEEN, "high_joker"): _("joker played first"),
    (Variant.THIRTEEN, "low_joker"): _("joker played second"),
    (Variant.THIRTEEN, "ten"): _("ten of trump"),
    (Variant.THIRTEEN, "three"): _("three of trump"),
    (Variant.THIRTEEN, "off_three"): _("other three of trump's colour"),
    (Variant.THIRTEEN, "two"): _("played the two of trump"),
}

LOW_HINTS: dict[LowGoesTo, Promise] = {
    LowGoesTo.CAPTURED: _("took the lowest trump"),
    LowGoesTo.DEALT: _("was dealt the lowest trump"),
}


@dataclass(frozen=True)
class SuitWords:
    label: Promise
    symbol: str


SUITS: dict[Suit, SuitWords] = {
    Suit.SPADES: SuitWords(pgettext_lazy("a suit", "Spades"), "♠"),
    Suit.HEARTS: SuitWords(pgettext_lazy("a suit", "Hearts"), "♥"),
    Suit.DIAMONDS: SuitWords(pgettext_lazy("a suit", "Diamonds"), "♦"),
    Suit.CLUBS: SuitWords(pgettext_lazy("a suit", "Clubs"), "♣"),
}


def suit_label(suit: Suit) -> str:
    """A suit with its symbol, as the trump row shows it: "♠ Spades"."""
    words = SUITS[suit]
    return f"{words.symbol} {words.label}"
