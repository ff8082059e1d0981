"""What the offline queue (static/js/offline.js) needs to know of a game, rendered on
the table page as JSON (`#table-data`, see templatetags/offline.py): the game, the
words of the hand-entry form for one whole deal cycle, and the game's rules and the
sheet's words for the phone's own count of the hands it keeps (offline/score.js).
A phone without network moves the form on to the next hand with them, and shows the
totals and the win, without knowing the dealer rotation, the rules' options or the
words itself: all come from here (the engine's Rules, scoring/table/words/)."""

from collections.abc import Mapping
from typing import TypedDict

from django.utils.translation import gettext, ngettext, pgettext

from scoring.engine import Rules
from scoring.engine.awards import MAX_GAME_POINTS
from scoring.engine.messages import BOTH, EITHER, MESSAGES, POINT_NAMES, VARIANT_NAMES
from scoring.refusals import NAMED
from scoring.table.words import headings, wins

# Where the page puts the hand's number (the cycle repeats, the numbers don't); in
# a fixed-hands game, the hand's whole label ("Hand 5 of 8", "Extra hand 9").
NUMBER = "{number}"
HAND = "{hand}"


class Deal(TypedDict):
    """The form's words for a hand: its heading, and the players in the order they
    call in the whole auction (from the dealer's left, the dealer last): as the
    rows' legends say them (`callers`) and as "Still to tap" names them
    (`players`)."""

    title: str
    callers: list[str]
    players: list[str]


class OfflineData(TypedDict):
    game: int
    save: str
    # cycle[0] is hand 1's, and hand 1 + players', and so on.
    cycle: list[Deal]
    rules: dict[str, object]
    sides: list[str]
    seats: list[str]
    words: dict[str, object]
    refusals: dict[str, str]


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
        "hand_limit": rules.hand_limit,
        "points": list(rules.points),
        "values": list(rules.point_values),
        "sides": [list(side) for side in rules.sides],
        "seat_sides": list(rules.seat_sides),
        "max_bid": rules.max_bid,
        "moon": rules.max_bid if str(rules.variant) == "thirteen" else None,
        # What the phone checks before it keeps a hand (offline/check.js).
        "low_goes_to": str(rules.low_goes_to),
        "max_game_points": MAX_GAME_POINTS,
        "min_bid": rules.min_bid,
        "stuck_dealer_min_bid": rules.stuck_dealer_min_bid,
        "dealer_min_bid": rules.dealer_min_bid,
        "may_steal": rules.may_steal,
    }


# The refusals of the rules a hand tapped on the phone can meet (refusals.js's
# checkHand, offline/check.js): the phone says them with the server's templates.
# Issue 24: they come to the page through gettext in the page's language, and the
# phone fills them as scoring.engine.render does, so its refusal is the server's
# sentence in every language by construction (test_offline_check.py holds it so in
# en, de, pl and fr). The phone's own sentences, which the server never says, are
# the scripts' (djangojs, served per language by pitchclub/phone_words.py).
CHECKED_REFUSALS = (
    "bid_not_higher",
    "bid_not_higher/dealer",
    "bid_not_higher/dealer_may_steal",
    "bid_not_higher/no_steal",
    "bid_out_of_range",
    "bid_out_of_range/call",
    "calls_after_closing_bid",
    "dealer_stuck",
    "dealer_stuck/passed",
    "game_contradicts_game_points",
    "game_contradicts_game_points/tie",
    "game_points_too_many",
    "impossible_bid",
    "impossible_bid/thirteen",
    "missing_high",
    "missing_low",
    "missing_low/dealt",
    "single_trump_jack_split",
    "single_trump_split",
    "steal_not_allowed",
    "too_few_calls",
    "too_few_calls/one",
)


def refusal_templates() -> dict[str, str]:
    """The templates of CHECKED_REFUSALS as the pages say them (scoring.refusals:
    the players' names, through gettext), with a fallback for anything else."""
    templates = {
        key: gettext(NAMED.get(key, MESSAGES[key])) for key in CHECKED_REFUSALS
    }
    templates["fallback"] = gettext(
        "The rules refuse this hand: check it, or save it when the network is back."
    )
    return templates


def rule_words(rules: Rules) -> dict[str, object]:
    """The words the refusals' parameters are said with (engine.messages), and the
    form's "3 calls (from Ann)" for every count of calls a hand of this table can
    miss (`calls[n]`: Polish says 2-4 and 5 calls in two forms)."""
    return {
        "calls": [
            ngettext("{count} call (from {name})", "{count} calls (from {name})", count)
            for count in range(rules.players + 1)
        ],
        "either": gettext(EITHER),
        "both": gettext(BOTH),
        "point_names": {point: gettext(POINT_NAMES[point]) for point in rules.points},
        "variant_name": gettext(VARIANT_NAMES[str(rules.variant)]),
    }


def sheet_words(*, partnership: bool) -> dict[str, object]:
    """The sheet's words for hands counted on the phone (offline/totals.js)."""
    return {
        "reasons": wins.win_reasons(),
        # "Hand 5 of 8" and the last and extra hands' notes (offline/sheet.js).
        "stages": headings.hand_stage_words(),
        "won": gettext("★ {winner} won the game in hand {number}."),
        "over": gettext(
            "Game over — confirmed when back online. No more hands can be saved "
            "on this phone."
        ),
        "waiting": gettext("{name} have {score} — need to win a bid to go out.")
        if partnership
        else gettext("{name} has {score} — needs to win a bid to go out."),
        "kept": gettext("on this phone"),
        "unchecked": gettext(
            "Hand {number} is not complete: the totals stop before it until the "
            "server has checked it."
        ),
        # A hand the phone refuses to keep (offline/check.js), in the words of
        # scoring/table/entry.py's form: what is still to tap, and each row's error
        # (the same msgids there and here say them alike in every language).
        "still_to_tap": gettext("Still to tap: {missing}"),
        "the_pitcher": gettext("the pitcher"),
        "the_bid": gettext("the bid"),
        "one_call": gettext("{name}'s call"),
        "tap_pitcher": gettext("Tap the player who won the auction."),
        "tap_bid": gettext("Tap the bid."),
        "tap_call": gettext("Tap {name}'s call: pass or a bid."),
        "tap_stuck": gettext(
            "Tap {name}'s bid: everyone else passed, so the dealer must bid at "
            "least {least}."
        ),
        "who_took": gettext("Who took {point}? Tap a player."),
        "who_took_or_nobody": gettext("Who took {point}? Tap a player or Nobody."),
        # The undo link while the phone can't undo (issue 11).
        "undo_waiting": gettext(
            "Undo needs the connection: hands are waiting on this phone."
        ),
        "undo_offline": gettext("Undo needs the connection: this phone is offline."),
        # The game's own actions (abandon, delete, resume) likewise.
        "manage_waiting": gettext(
            "Abandoning or deleting the game needs the connection: hands are waiting "
            "on this phone."
        ),
        "manage_offline": gettext(
            "Abandoning or deleting the game needs the connection: this phone is "
            "offline."
        ),
        # Hands thrown away because another phone won the game meanwhile.
        "won_elsewhere": gettext(
            "The game was won on another phone: {winner} won in hand {number}."
        ),
        "dropped_hand": gettext(
            "Hand {number} ({pitcher} bid {bid}) was not recorded: the game was "
            "already won on another phone."
        ),
        "dropped_unread": gettext(
            "Hand {number} was not recorded: the game was already won on another phone."
        ),
        # Hands waiting on this phone while the game is abandoned (elsewhere).
        "abandoned_one": gettext(
            "The game was abandoned on another phone: hand {numbers} waits on this "
            "phone. Resume the game to send it, or drop it."
        ),
        "abandoned_many": gettext(
            "The game was abandoned on another phone: hands {numbers} wait on this "
            "phone. Resume the game to send them, or drop them."
        ),
        "drop_one": gettext("Drop hand {numbers}"),
        "drop_many": gettext("Drop hands {numbers}"),
        # A hand refused because another phone undid the hand before it: its taps
        # are offered for the hand the game is at.
        "moved_taps": gettext(
            "Hand {number}'s taps are kept: the game is at hand {next} after an undo "
            "on another phone. Save them as hand {next}, or drop them."
        ),
        "moved_waiting": gettext(
            "The hands after it wait on this phone until hand {next} is saved."
        ),
        "drop_taps": gettext("Drop hand {number}'s taps"),
        "dealt": gettext("{name} dealt"),
        # The sheet's dealer mark (scoring/_hands.html): a badge, said in words.
        "dealer_mark": pgettext("the dealer's mark on the score sheet", "D"),
        "dealt_word": gettext("dealt"),
        "dealer": gettext("dealer"),
    }


def deal_title(
    number: int | str, dealer: str, first_bidder: str, *, label: str | None = None
) -> str:
    """The entry form's heading for a new hand: "Hand 3 · Cy deals · Di bids first";
    `label` in place of "Hand 3" ("Hand 3 of 8")."""
    if label is None:
        label = headings.hand_stage_words()["plain"] % {"number": number}
    return gettext("{hand} · {dealer} deals · {first_bidder} bids first").format(
        hand=label, dealer=dealer, first_bidder=first_bidder
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
                "title": deal_title(
                    NUMBER,
                    seat_names[dealer],
                    seat_names[order[0]],
                    # A fixed-hands game's label depends on the hand, not the deal.
                    label=None if rules.hand_limit is None else HAND,
                ),
                "callers": [
                    caller(seat_names[seat], deals=seat == dealer) for seat in order
                ],
                "players": [seat_names[seat] for seat in order],
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
        "words": sheet_words(partnership=rules.partnership) | rule_words(rules),
        "refusals": refusal_templates(),
    }
