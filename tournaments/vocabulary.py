"""Tournaments' words and limits, defined once: models, services, API and pages take
them from here (EVENTS.md's vocabulary). The words people read are lazy: each
page says them in its reader's language."""

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

TOURNAMENT_NAME_MAX = 80
# Most entrants a tournament takes (a club's biggest day fits many times over; the
# API's body limit is reached well before).
ENTRANTS_MAX = 256
TEAM_SIZES = (1, 2)

FORMAT_LABELS = {
    "single_elimination": _("Single elimination"),
    "double_elimination": _("Double elimination"),
    "round_robin": _("Round robin"),
    "swiss": _("Swiss"),
    "progressive": _("Progressive night"),
}
# Each format in one line, on the new-tournament page.
FORMAT_HINTS = {
    "single_elimination": _("Lose once and you are out. The top seeds get the byes."),
    "double_elimination": _(
        "Out after two losses: a winners' and a losers' bracket, then a grand final."
    ),
    "round_robin": _("Everyone plays everyone; the most match wins takes it."),
    "swiss": _(
        "A few rounds, each pairing entrants with the same wins; you draw each "
        "next round."
    ),
}
# The formats this release runs (progressive nights come with club nights).
FORMATS_RUN = (
    "single_elimination",
    "double_elimination",
    "round_robin",
    "swiss",
)
# A season's playoffs are one of the formats run (as value, label choices).
PLAYOFF_FORMAT_CHOICES = [(value, FORMAT_LABELS[value]) for value in FORMATS_RUN]
ELIMINATION = ("single_elimination", "double_elimination")
# A progressive night is created from its own page (the night page), not the
# bracket formats' form; the services and the API take every format.
PROGRESSIVE = "progressive"
FORMATS_CREATED = (*FORMATS_RUN, PROGRESSIVE)

BRACKET_LABELS = {
    "winners": _("Winners' bracket"),
    "losers": _("Losers' bracket"),
    "final": pgettext_lazy("a bracket", "Final"),
    "main": pgettext_lazy("a bracket", "Round"),
}
MATCH_STATUS_LABELS = {
    "waiting": pgettext_lazy("a match", "Waiting"),
    "ready": pgettext_lazy("a match", "Ready"),
    "running": pgettext_lazy("a match", "Playing"),
    "completed": pgettext_lazy("a match", "Completed"),
}
TOURNAMENT_STATUS_LABELS = {
    "running": pgettext_lazy("a tournament", "Running"),
    "finished": pgettext_lazy("a tournament", "Finished"),
}

GAMES_PER_MATCH = (1, 3, 5)
SEEDINGS = ("given", "random")
CYCLES = (1, 2)
MOVEMENTS = ("winners_up", "fixed")
MOVEMENT_LABELS = {
    "winners_up": _("Winners move up, partners split"),
    "fixed": _("Fixed: North stays, South down, East up, West up two"),
}
NIGHT_SCORINGS = ("points", "wins")
NIGHT_SCORING_LABELS = {
    "points": _("Total points, then rounds won"),
    "wins": _("Rounds won, then total points"),
}
# Most rounds a progressive night may have (a long night is 8 or so).
NIGHT_ROUNDS_MAX = 20

# Each format's settings and their defaults (EVENTS.md). Swiss `rounds`: None is
# ceil(log2 n), filled in when the tournament is created.
SETTINGS_DEFAULTS: dict[str, dict[str, object]] = {
    "single_elimination": {
        "games_per_match": 1,
        "seeding": "given",
        "third_place": False,
    },
    "double_elimination": {
        "games_per_match": 1,
        "seeding": "given",
        "grand_final_reset": True,
    },
    "round_robin": {"games_per_match": 1, "seeding": "given", "cycles": 1},
    "swiss": {"games_per_match": 1, "seeding": "given", "rounds": None},
    # hands_per_round None: each round is a game to the target.
    "progressive": {
        "rounds": 4,
        "hands_per_round": 8,
        "movement": "winners_up",
        "scoring": "points",
        "seeding": "given",
    },
}

# Settings a format knows but does not fill in when left out, so that a
# tournament made without them reads as EVENTS.md shows it: `confirm_results`
# (off when absent), the losing side (or an organiser) confirms each result of a
# match's game before the bracket moves on (tournaments.matches.confirm). A
# progressive night's tables have no losing side: it has none.
SETTINGS_OPTIONAL: dict[str, dict[str, object]] = {
    name: {"confirm_results": False} for name in FORMATS_RUN
}
