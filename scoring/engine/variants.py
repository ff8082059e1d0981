"""What each variant is made of: its points, bids and options, and the table's limits.

The fixed vocabulary of RULES.md as constants and enums (``Variant``, ``Suit`` …);
``engine.checks`` checks a game's settings against it, ``Rules`` holds them.
"""

from __future__ import annotations

from enum import StrEnum

PASS = "pass"

# The largest target a game accepts: it must fit a signed 32-bit database column.
MAX_TARGET = 2_147_483_647

# The most hands a fixed-hands game (option hand_limit) may have: a progressive
# night's round is 8 to 12 hands; a hundred is a whole evening and more.
MAX_HAND_LIMIT = 100

# Players at one table (Auction Pitch solo; partnership and 13-Point need 4 or 6).
MIN_PLAYERS = 2
MAX_PLAYERS = 7


class Variant(StrEnum):
    """The games Pitch Club scores."""

    AUCTION = "auction"
    THIRTEEN = "thirteen"


class LowGoesTo(StrEnum):
    """Who gets Low in the auction variant (changes only the help text)."""

    CAPTURED = "captured"
    DEALT = "dealt"


class MoonFail(StrEnum):
    """What happens to a team that bids 13 and fails, in the thirteen variant."""

    SETBACK = "setback"
    LOSE = "lose"


class Suit(StrEnum):
    """A trump suit."""

    SPADES = "spades"
    HEARTS = "hearts"
    DIAMONDS = "diamonds"
    CLUBS = "clubs"


OPTION_DEFAULTS: dict[Variant, dict[str, object]] = {
    Variant.AUCTION: {
        "target": 7,
        "pitcher_only_win": True,
        "must_make_bid_to_win": False,
        "dealer_min_bid": 2,
        "dealer_may_steal": True,
        "low_goes_to": "captured",
        "hand_limit": None,
    },
    Variant.THIRTEEN: {
        "target": 55,
        "pitcher_only_win": False,
        "moon_fail": "setback",
        "hand_limit": None,
    },
}

POINTS: dict[Variant, tuple[str, ...]] = {
    Variant.AUCTION: ("high", "low", "jack", "game"),
    Variant.THIRTEEN: (
        "ace",
        "jack",
        "jick",
        "high_joker",
        "low_joker",
        "ten",
        "three",
        "off_three",
        "two",
    ),
}

POINT_VALUES: dict[Variant, dict[str, int]] = {
    Variant.AUCTION: {"high": 1, "low": 1, "jack": 1, "game": 1},
    Variant.THIRTEEN: {
        "ace": 1,
        "jack": 1,
        "jick": 1,
        "high_joker": 1,
        "low_joker": 1,
        "ten": 1,
        "three": 3,
        "off_three": 3,
        "two": 1,
    },
}

# Bids allowed in each variant, and the bid that ends the auction at once.
BID_RANGE: dict[Variant, tuple[int, int]] = {
    Variant.AUCTION: (1, 4),
    Variant.THIRTEEN: (4, 13),
}

# In thirteen the stuck dealer's minimum is fixed by the rules, not an option.
THIRTEEN_DEALER_MIN_BID = 5
