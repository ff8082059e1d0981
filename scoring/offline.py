"""What the offline queue (static/js/offline.js) needs to know of a game, rendered on
the table page as JSON (`#table-data`, see templatetags/offline.py): the game, the
words of the hand-entry form for one whole deal cycle, and the game's rules and the
sheet's words for the phone's own count of the hands it keeps (offline/score.js).
A phone without network moves the form on to the next hand with them, and shows the
totals and the win, without knowing the dealer rotation, the rules' options or the
words itself: all come from here (the engine's Rules, scoring/words.py)."""

from collections.abc import Mapping
from typing import TypedDict

from django.utils.translation import gettext

from scoring import words
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
    rules: dict[str, object]
    sides: list[str]
    seats: list[str]
    words: dict[str, object]


def rules_data(rules: Rules) -> dict[str, object]:
    """The game's rules as offline/score.js takes them: the table, every option in
    force (the engine's defaults filled in), the points and their values, the
    sides' seats and the bid that shoots the moon. Built from the engine's Rules,
    never copied by hand."""
    return {
        "variant": str(rules.variant),
        "players": rules.players,
        "partnership": rules.partnership,
        "first_dealer": rules.first_dealer,
        # Every option of both variants: those of the other variant keep their
        # defaults (the engine ignores them, and so does the phone).
        "target": rules.target,
        "pitcher_only_win": rules.pitcher_only_win,
        "must_make_bid_to_win": rules.must_make_bid_to_win,
        "moon_fail": str(rules.moon_fail),
        "points": list(rules.points),
        "values": list(rules.point_values),
        "sides": [list(side) for side in rules.sides],
        "seat_sides": list(rules.seat_sides),
        "max_bid": rules.max_bid,
        "moon": rules.max_bid if str(rules.variant) == "thirteen" else None,
    }


def sheet_words(*, partnership: bool) -> dict[str, object]:
    """The sheet's words for hands counted on the phone (offline/totals.js)."""
    return {
        "reasons": words.win_reasons(),
        "won": gettext("★ {winner} won the game in hand {number}."),
        "over": gettext(
            "Game over — confirmed when back online. No more hands can be saved "
            "on this phone."
        ),
        "waiting": gettext("{name} have {score} — need to win a bid to go out.")
        if partnership
        else gettext("{name} has {score} — needs to win a bid to go out."),
        "kept": gettext("on this phone"),
        "counted": gettext(
            "Totals with {count} kept on this phone, counted by the phone: the "
            "server confirms them when the network is back."
        ),
        "one_hand": gettext("1 hand"),
        "hands": gettext("{count} hands"),
        "unchecked": gettext(
            "Hand {number} is not complete: the totals stop before it until the "
            "server has checked it."
        ),
        "dealt": gettext("{name} dealt"),
    }


def deal_title(number: int | str, dealer: str, first_bidder: str) -> str:
    """The entry form's heading for a new hand: "Hand 3 · Cy deals · Di bids first"."""
    return gettext("Hand {number} · {dealer} deals · {first_bidder} bids first").format(
        number=number, dealer=dealer, first_bidder=first_bidder
    )


def caller(name: str, *, deals: bool) -> str:
    """A row of the whole auction: the player's name, "(dealer)" after the dealer's."""
    return gettext("{name} (dealer)").format(name=name) if deals else name


def offline_data(
    *,
    game_id: int,
    rules: Rules,
    seat_names: Mapping[int, str],
    side_names: list[str] | None = None,
) -> OfflineData:
    """The game, the entry form's words for hands 1 to `rules.players` (the deal
    passes left, so hand n + players is dealt like hand n), the rules and the
    sheet's words."""
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
    seats = [seat_names[seat] for seat in range(rules.players)]
    if side_names is None:
        side_names = [" & ".join(seats[seat] for seat in side) for side in rules.sides]
    return {
        "game": game_id,
        "save": gettext("Save hand {number}"),
        "cycle": cycle,
        "rules": rules_data(rules),
        "sides": list(side_names),
        "seats": seats,
        "words": sheet_words(partnership=rules.partnership),
    }
