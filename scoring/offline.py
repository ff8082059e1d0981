"""What the offline queue (static/js/offline.js) needs to know of a game, rendered on
the table page as JSON (`#table-data`, see templatetags/offline.py): the game, and the
words of the hand-entry form for one whole deal cycle. A phone without network moves
the form on to the next hand with them, without knowing the dealer rotation or the
words itself."""

from collections.abc import Mapping
from typing import TypedDict

from django.utils.translation import gettext

from scoring.engine import Rules

# Where the page puts the hand's number (the cycle repeats, the numbers don't).
NUMBER = "{number}"


class Deal(TypedDict):
    """The form's words for a hand: its heading, and the players in the order they
    call in the whole auction (from the dealer's left, the dealer last)."""

    title: str
    callers: list[str]


class OfflineData(TypedDict):
    game: int
    save: str
    # cycle[0] is hand 1's, and hand 1 + players', and so on.
    cycle: list[Deal]


def deal_title(number: int | str, dealer: str, first_bidder: str) -> str:
    """The entry form's heading for a new hand: "Hand 3 · Cy deals · Di bids first"."""
    return gettext("Hand {number} · {dealer} deals · {first_bidder} bids first").format(
        number=number, dealer=dealer, first_bidder=first_bidder
    )


def caller(name: str, *, deals: bool) -> str:
    """A row of the whole auction: the player's name, "(dealer)" after the dealer's."""
    return gettext("{name} (dealer)").format(name=name) if deals else name


def offline_data(
    *, game_id: int, rules: Rules, seat_names: Mapping[int, str]
) -> OfflineData:
    """The game and the entry form's words for hands 1 to `rules.players` (the deal
    passes left, so hand n + players is dealt like hand n)."""
    cycle: list[Deal] = []
    for number in range(1, rules.players + 1):
        dealer = rules.dealer_of(number)
        order = [(dealer + 1 + index) % rules.players for index in range(rules.players)]
        cycle.append(
            {
                "title": deal_title(NUMBER, seat_names[dealer], seat_names[order[0]]),
                "callers": [
                    caller(seat_names[seat], deals=seat == dealer) for seat in order
                ],
            }
        )
    return {
        "game": game_id,
        "save": gettext("Save hand {number}"),
        "cycle": cycle,
    }
