"""A refusal of the rules in the scorekeeper's words: the pages' one renderer.

The engine and the services raise ``RuleViolation`` with a code, a field and their
parameters; ``engine.messages`` holds every template. ``sentence`` says a refusal
through gettext (the catalogues of the seeds' languages can follow) and, given the
table's names, names the players instead of the seats: "Di (the dealer) passed",
"award it to Ann or Cy", "Bob & Di tie".
"""

from django.utils.translation import gettext, gettext_noop, ngettext

from scoring.engine import RuleViolation
from scoring.engine.messages import MESSAGES
from scoring.engine.render import Names, render, speak_with

# Every refusal of the rules is said in the request's language, wherever it is read:
# a RuleViolation's message (the API's detail, a flash) is rendered through gettext
# when it is raised, like ``sentence`` below.
speak_with(gettext, ngettext)

# Where names replace seat numbers the scorekeeper says "the player", not "the seat".
# (A number typed by hand keeps its words: "a player number from 0 to 3".)
NAMED: dict[str, str] = {
    "invalid_seat/first_dealer": gettext_noop(
        "The first dealer must be a player number from 0 to {last}, not {given}."
    ),
    "invalid_seat/pitcher": gettext_noop(
        "The pitcher must be a player number from 0 to {last}, not {given}."
    ),
    "invalid_seat/award": gettext_noop(
        "{point:cap} goes to a player number from 0 to {last}, or to nobody; not "
        "{given}."
    ),
    "invalid_seat/award_partners": gettext_noop(
        "{point:cap} goes to a player number from 0 to {last}, to a team (like "
        '{{"side": 1}}), or to nobody; not {given}.'
    ),
    "side_credit_solo": gettext_noop(
        "{point:cap} is credited to a team, but this game has no teams: every "
        "player scores for themself. Award it to the player that took it, or to "
        "nobody."
    ),
    "invalid_awards": gettext_noop(
        "The awards must name, for each point, a player or nobody, like "
        '{{"high": 0, "low": 2}}.'
    ),
    "missing_high": gettext_noop(
        "High always goes to someone (the pitcher's lead is a trump): award it to "
        "the player that captured the highest trump."
    ),
    "missing_low": gettext_noop(
        "Low always goes to someone: award it to the player that captured the "
        "lowest trump (with only one trump in play, High and Low go to the same "
        "player)."
    ),
    "missing_low/dealt": gettext_noop(
        "Low always goes to someone: award it to the player that was dealt the "
        "lowest trump (with only one trump in play, High and Low go to the same "
        "player)."
    ),
    "single_trump_split": gettext_noop(
        "High and Low must go to the same player in a single-trump hand. High is "
        "awarded to {high} and Low to {low}: give both to the player that captured "
        "the trump, or unmark the hand as single trump."
    ),
    # The new-game page numbers its name boxes from 1 and names the earlier box.
    "duplicate_player": gettext_noop(
        "{seat} is already player {seat:number}: each player can sit only once. "
        "Clear one of the two boxes, or tell them apart (“Ann B.”)."
    ),
}

TableNames = Names

# The refusals that conflict with the game as it stands: the API answers them 409
# (registered with the core's refusals in ScoringConfig.ready()), the others 400.
CONFLICT_CODES = frozenset(
    {
        "game_over",
        "won_before_last_hand",
        "not_last_hand",
        "not_restorable",
        "number_conflict",
        "hand_undone",
        "game_abandoned",
        "game_finished",
        "game_has_hands",
        # A listener of the game hook refuses: what follows the game (a
        # tournament's bracket) depends on its result as it stands.
        "result_depended_on",
    }
)


def sentence(refusal: RuleViolation, names: TableNames | None = None) -> str:
    """The refusal in the scorekeeper's language; with ``names``, the players'
    names instead of seat numbers. A refusal raised with a message of its own
    (no template) is said as it was given."""
    if not refusal.templated:
        return refusal.message
    template = MESSAGES[refusal.key]
    if names is not None:
        template = NAMED.get(refusal.key, template)
    return render(
        template,
        refusal.params,
        names=names,
        translate=gettext,
        translate_plural=ngettext,
    )
