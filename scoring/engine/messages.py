"""Every sentence of scoring's refusals, in one catalogue, built from their data.

A refusal (``RuleViolation``) carries a ``code``, the ``field`` concerned, the
``hand`` and its ``params``: numbers, the seats and sides concerned (``Seat``,
``Side`` … of ``engine.params``) and what the scorekeeper gave (``Given``). Its
sentence is ``render(MESSAGES[key], params)`` (``engine.render``), ``key`` being the
code, or ``code/reason`` when one code has several sentences
(``wrong_player_count/partners``).

The templates are ``str.format`` strings marked with ``gettext_noop`` (the name
xgettext and ``manage.py makemessages`` collect). The engine renders them in English
with seat numbers ("seat 2", "team 0 (seats 0 and 2)"); the pages render the same
templates through gettext with the players' names (``scoring.refusals``).

``MESSAGES`` is one table, indivisible: every sentence in one place, one literal
that xgettext and the tests read whole; it makes this module about 400 lines.

Standard library only, like the rest of the engine.
"""

from __future__ import annotations


def gettext_noop(message: str) -> str:
    """Mark a template for translation: xgettext collects it, nothing changes."""
    return message


class Plural(str):
    """A template with a plural form: the text itself is the singular, `plural`
    the plural, and the number the parameter `count` holds chooses between them
    (as ``ngettext`` does, by the language's own rules)."""

    plural: str
    count: str

    def __new__(cls, singular: str, plural: str, count: str) -> Plural:
        template = super().__new__(cls, singular)
        template.plural = plural
        template.count = count
        return template


def ngettext_noop(singular: str, plural: str, count: str) -> Plural:
    """Mark a template with a plural form for translation (xgettext collects it
    with ``--keyword=ngettext_noop:1,2``); ``count`` names the parameter holding
    the number."""
    return Plural(singular, plural, count)


# -- the words the parameters are said with --------------------------------------

VARIANT_NAMES: dict[str, str] = {
    "auction": gettext_noop("Auction Pitch"),
    "thirteen": gettext_noop("13-Point Partner Pitch"),
}

# How a sentence names a point (the labels of the pages are scoring.vocabulary's).
POINT_NAMES: dict[str, str] = {
    "high": gettext_noop("High"),
    "low": gettext_noop("Low"),
    "jack": gettext_noop("Jack"),
    "game": gettext_noop("Game"),
    "ace": gettext_noop("the ace"),
    "jick": gettext_noop("the jick"),
    "high_joker": gettext_noop("the high joker"),
    "low_joker": gettext_noop("the low joker"),
    "ten": gettext_noop("the ten"),
    "three": gettext_noop("the three"),
    "off_three": gettext_noop("the off-three"),
    "two": gettext_noop("the two"),
}

SEAT = gettext_noop("seat {number}")
TEAM = gettext_noop("team {side} (seats {first} and {second})")
SEAT_OR = gettext_noop("seat {first} or {second}")
EITHER = gettext_noop("{first} or {second}")
BOTH = gettext_noop("{first} and {second}")
NOTHING = gettext_noop("nothing")

# -- the catalogue: key (code, or code/reason) -> template -----------------------

MESSAGES: dict[str, str] = {
    # The game's settings (engine/checks.py).
    "unknown_variant": gettext_noop("There is no variant {variant}: choose {choices}."),
    "invalid_partnership": gettext_noop(
        "Partnership must be true or false, not {partnership}."
    ),
    "partnership_required": gettext_noop(
        "{variant} is always played by two teams of two: turn partnership on or "
        "leave it out."
    ),
    "invalid_players": gettext_noop(
        "The number of players must be a whole number, not {players}."
    ),
    "wrong_player_count": gettext_noop(
        "{variant} needs {least} to {most} players; this game has {players}."
    ),
    "wrong_player_count/partners": gettext_noop(
        "{variant} in partnership needs 4 or 6 players (teams of two, partners "
        "opposite); this game has {players}. Add or remove players, or play solo."
    ),
    "wrong_player_count/thirteen": gettext_noop(
        "{variant} needs exactly 4 players; this game has {players}."
    ),
    "invalid_seat/first_dealer": gettext_noop(
        "The first dealer must be a seat number from 0 to {last}, not {given}."
    ),
    "unknown_seat/first_dealer": gettext_noop(
        "{seat:cap} does not exist: this game has seats 0 to {last}. Choose one of "
        "them as the first dealer."
    ),
    "invalid_option/target": gettext_noop(
        "The target must be a whole number from 1 to {most}, not {given}."
    ),
    "invalid_option/hand_limit": gettext_noop(
        "The number of hands must be a whole number from 1 to {most}, not {given}; "
        "leave it out for a game to the target."
    ),
    "invalid_option/moon_fail_hand_limit": gettext_noop(
        "A game of {hand_limit} hands ends after its last hand, whatever the "
        'scores, so a failed moon cannot lose it at once: make moon_fail "setback" '
        "(set back 13), or leave the number of hands out."
    ),
    "invalid_option/switch": gettext_noop(
        "The option {option} must be true or false, not {given}."
    ),
    "invalid_option/dealer_min_bid": gettext_noop(
        "The dealer's minimum bid must be a whole number from 1 to 4, not {given}."
    ),
    "invalid_option/choice": gettext_noop(
        "The option {option} must be {choices}, not {given}."
    ),
    "invalid_options": gettext_noop(
        'The options must be given as names with values, like {{"target": 11}}.'
    ),
    "unknown_option": gettext_noop(
        "{variant} has no option {option}: the options are {options}."
    ),
    "unknown_option/other_variant": gettext_noop(
        "{variant} has no option {option}: it belongs to {other}."
    ),
    # The auction (engine/auction.py).
    "invalid_auction": gettext_noop(
        'The auction must be a list of calls, one per player, each "pass" or a bid.'
    ),
    "too_many_calls": gettext_noop(
        "The auction has {calls} calls but this game has {players} players: give "
        "exactly one call per player, starting with {first} (left of the dealer) "
        "and ending with the dealer, {dealer}."
    ),
    "too_few_calls": gettext_noop(
        "The auction has {calls} calls but this game has {players} players: give "
        "one call per player, starting with {first} (left of the dealer) and "
        "ending with the dealer, {dealer}. Only a bid of {closing} lets the later "
        "calls be left out."
    ),
    "too_few_calls/one": gettext_noop(
        "The auction has {calls} call but this game has {players} players: give "
        "one call per player, starting with {first} (left of the dealer) and "
        "ending with the dealer, {dealer}. Only a bid of {closing} lets the later "
        "calls be left out."
    ),
    "invalid_call": gettext_noop(
        '{seat:cap} called {call}: a call is "pass" or a bid from {least} to {most}.'
    ),
    "calls_after_closing_bid": gettext_noop(
        "{seat:cap} cannot bid after {holder} bid {closing}, which ends the auction: "
        'leave the later calls out or give them as "pass".'
    ),
    "bid_out_of_range/call": gettext_noop(
        "{seat:cap} bid {bid}, but bids in {variant} are {least} to {most}: correct "
        'the bid or make it "pass".'
    ),
    "bid_not_higher": gettext_noop(
        "{seat:cap} bid {bid}, but {holder} has already bid {high}: bid more than "
        "{high} or pass."
    ),
    "dealer_stuck": gettext_noop(
        "The dealer must bid at least {least} when everyone else passes. "
        "{dealer:cap} (the dealer) bid {bid}: bid {least} or more."
    ),
    "dealer_stuck/passed": gettext_noop(
        "The dealer must bid at least {least} when everyone else passes. "
        "{dealer:cap} (the dealer) passed: bid {least} or more."
    ),
    "steal_not_allowed": gettext_noop(
        "The dealer ({dealer}) bid {bid}, the same as {holder}, but stealing is "
        "turned off in this game: bid more than {high} or pass."
    ),
    "bid_not_higher/no_steal": gettext_noop(
        "The dealer ({dealer}) bid {bid}, the same as {holder}, but there is no "
        "steal in {variant}: bid more than {high} or pass."
    ),
    "bid_not_higher/dealer": gettext_noop(
        "The dealer ({dealer}) bid {bid}, but {holder} has already bid {high}: bid "
        "more than {high} or pass."
    ),
    "bid_not_higher/dealer_may_steal": gettext_noop(
        "The dealer ({dealer}) bid {bid}, but {holder} has already bid {high}: bid "
        "{high} to steal, bid more than {high}, or pass."
    ),
    # A hand (engine/hand.py, awards.py).
    "unknown_suit": gettext_noop(
        "There is no trump suit {trump}: choose one of {suits}, or leave it out."
    ),
    "invalid_seat/pitcher": gettext_noop(
        "The pitcher must be a seat number from 0 to {last}, not {given}."
    ),
    "unknown_seat": gettext_noop(
        "{seat:cap} does not exist: this game has seats 0 to {last}."
    ),
    "invalid_bid": gettext_noop(
        "The bid must be a whole number from {least} to {most}, not {given}."
    ),
    "bid_out_of_range": gettext_noop(
        "A bid of {bid} is not possible: bids in {variant} are {least} to {most}."
    ),
    "pitcher_mismatch": gettext_noop(
        "The auction makes {pitcher} the pitcher, but the pitcher is given as "
        "{given}: correct the auction or the pitcher."
    ),
    "bid_mismatch": gettext_noop(
        "The auction ends with a bid of {bid}, but the bid is given as {given}: "
        "correct the auction or the bid."
    ),
    "missing_pitcher": gettext_noop(
        "Say who the pitcher is (the player who won the auction), or record the "
        "whole auction."
    ),
    "missing_bid": gettext_noop("Give the pitcher's bid, or record the whole auction."),
    "impossible_bid": gettext_noop(
        "The dealer ({dealer}) cannot win the auction with a bid of {bid}: the "
        "dealer must bid at least {least} when everyone else passes, a bid over "
        "another player is at least 2, and stealing is turned off in this game. "
        "Check the pitcher and the bid."
    ),
    "impossible_bid/thirteen": gettext_noop(
        "The dealer ({dealer}) cannot win the auction with a bid of {bid}: the "
        "dealer must bid at least {least} when everyone else passes, and more than "
        "any other bid. Check the pitcher and the bid."
    ),
    "invalid_awards": gettext_noop(
        "The awards must name, for each point, a seat or nobody, like "
        '{{"high": 0, "low": 2}}.'
    ),
    "unknown_point": gettext_noop(
        "There is no point {point} in {variant}: the points are {points}."
    ),
    "invalid_seat/award": gettext_noop(
        "{point:cap} goes to a seat number from 0 to {last}, or to nobody; not {given}."
    ),
    "invalid_seat/award_partners": gettext_noop(
        "{point:cap} goes to a seat number from 0 to {last}, to a team (like "
        '{{"side": 1}}), or to nobody; not {given}.'
    ),
    "side_credit_solo": gettext_noop(
        "{point:cap} is credited to a team, but this game has no teams: every "
        "player scores for themself. Award it to the seat that took it, or to "
        "nobody."
    ),
    "invalid_side": gettext_noop(
        "{point:cap} is credited to team {given}: a team is a number from 0 to {last}."
    ),
    "unknown_side": gettext_noop(
        "{point:cap} is credited to team {side}, which does not exist: this game "
        "has teams 0 to {last}."
    ),
    "missing_high": gettext_noop(
        "High always goes to someone (the pitcher's lead is a trump): award it to "
        "the seat that captured the highest trump."
    ),
    "missing_low": gettext_noop(
        "Low always goes to someone: award it to the seat that captured the lowest "
        "trump (with only one trump in play, High and Low go to the same seat)."
    ),
    "missing_low/dealt": gettext_noop(
        "Low always goes to someone: award it to the seat that was dealt the lowest "
        "trump (with only one trump in play, High and Low go to the same seat)."
    ),
    "invalid_single_trump": gettext_noop(
        "Single trump must be true or false, not {given}."
    ),
    "single_trump_not_allowed": gettext_noop(
        "Only {auction} has single-trump hands; {variant} does not: leave it off."
    ),
    "single_trump_split": gettext_noop(
        "High and Low must go to the same player in a single-trump hand. High is "
        "awarded to {high} and Low to {low}: give both to the seat that captured "
        "the trump, or unmark the hand as single trump."
    ),
    "single_trump_jack_split": gettext_noop(
        "In a single-trump hand the Jack, if in play, is the one trump, so it goes "
        "with High and Low to {high}, not to {jack}. Award Jack to {high} or to "
        "nobody."
    ),
    "game_points_not_allowed": gettext_noop(
        "{variant} has no Game point, so no game points: leave them out."
    ),
    "invalid_game_points": gettext_noop(
        "Game points are whole numbers from 0 up; {side} has {given}."
    ),
    "invalid_game_points/list_players": gettext_noop(
        "Give the game points as a list with one total per player."
    ),
    "invalid_game_points/list_teams": gettext_noop(
        "Give the game points as a list with one total per team."
    ),
    "wrong_game_points_count/players": gettext_noop(
        "Give one game-point total per player: this game has {sides} players, but "
        "{given} totals were given."
    ),
    "wrong_game_points_count/teams": gettext_noop(
        "Give one game-point total per team: this game has {sides} teams, but "
        "{given} totals were given."
    ),
    "game_points_too_many": gettext_noop(
        "The game points add up to {total}, but the cards hold only {most} (each "
        "ten 10, ace 4, king 3, queen 2, jack 1): check the totals."
    ),
    "game_contradicts_game_points": gettext_noop(
        "The game points give Game to {leader}, with {top}, the most, but Game is "
        "awarded to {given}: award it to {to} (or leave it out), or correct the "
        "game points."
    ),
    "game_contradicts_game_points/tie": gettext_noop(
        "{tied:cap} tie for the most game points ({top}), so nobody gets Game, but "
        "it is awarded to {given}: award Game to nobody, or correct the game "
        "points."
    ),
    # A game (engine/game.py).
    "game_over": gettext_noop(
        "This game is over: {winner} won it at hand {hands}. No more hands can be "
        "recorded; correct or undo a hand instead."
    ),
    "won_before_last_hand": gettext_noop(
        "After this change the game would be won at hand {number}, but {total} "
        "hands are recorded. Remove the hands after hand {number} first."
    ),
    # Starting a game and writing hands (scoring/games/services.py).
    "invalid_players/list": gettext_noop("Give the players as a list."),
    "player_not_in_roster": gettext_noop(
        "{player} is not in {club}'s roster: add them to the roster, or give their "
        "name instead."
    ),
    "player_not_yours": gettext_noop(
        "{player} is not one of your own players: outside a club, name by id only "
        "yourself or players from your own games. Give their name instead."
    ),
    "invalid_player": gettext_noop("Give each player as a name or a player id."),
    "empty_player_name": gettext_noop("Player {player} has no name."),
    "player_name_too_long": gettext_noop(
        "The name of player {player} is longer than {most} characters."
    ),
    "duplicate_player": gettext_noop(
        "{name} already sits at {seat}: each player can sit only once."
    ),
    "hand_undone": gettext_noop(
        "Hand {number} was undone after it was recorded, so it is not recorded "
        "again. If that deal should count, record it as a new hand."
    ),
    "number_conflict": gettext_noop(
        "Hand {number} cannot be recorded: the next hand of this game is hand "
        "{expected}. Reload the game: someone else may have recorded a hand."
    ),
    # Abandoning and deleting a game (scoring/games/services.py).
    "game_abandoned": gettext_noop(
        "This game was abandoned, so its hands cannot be recorded, corrected or "
        "undone. Resume the game first if the table plays on."
    ),
    "game_finished": gettext_noop(
        "This game is finished, so it cannot be abandoned. If it should not count, "
        "undo its last hand first, then abandon it."
    ),
    "game_has_hands": ngettext_noop(
        "This game has {hands} hand recorded, so it cannot be deleted: only a "
        "game started by mistake, with no hands, can. Abandon it instead: it is "
        "kept, marked abandoned and left out of standings and statistics.",
        "This game has {hands} hands recorded, so it cannot be deleted: only a "
        "game started by mistake, with no hands, can. Abandon it instead: it is "
        "kept, marked abandoned and left out of standings and statistics.",
        "hands",
    ),
    "not_last_hand": gettext_noop(
        "Only the last hand (hand {last}) can be undone. To change hand {number}, "
        "correct it instead."
    ),
    "not_restorable": gettext_noop(
        "Hand {number} cannot be restored: only the last hand undone can be, once, "
        "and not after another hand {number} was recorded. Record it again instead."
    ),
}


def key_of(code: str, reason: str | None = None) -> str:
    """The catalogue key of a refusal: its code, or ``code/reason``."""
    return f"{code}/{reason}" if reason else code
