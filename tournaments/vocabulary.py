"""Tournaments' words and limits, defined once: models, services, API and pages take
them from here (EVENTS.md's vocabulary)."""

TOURNAMENT_NAME_MAX = 80
# Most entrants a tournament takes (a club's biggest day fits many times over; the
# API's body limit is reached well before).
ENTRANTS_MAX = 256
TEAM_SIZES = (1, 2)

FORMAT_LABELS = {
    "single_elimination": "Single elimination",
    "double_elimination": "Double elimination",
    "round_robin": "Round robin",
    "swiss": "Swiss",
    "progressive": "Progressive night",
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
    "winners": "Winners' bracket",
    "losers": "Losers' bracket",
    "final": "Final",
    "main": "Round",
}
MATCH_STATUS_LABELS = {
    "waiting": "Waiting",
    "ready": "Ready",
    "running": "Playing",
    "completed": "Completed",
}
TOURNAMENT_STATUS_LABELS = {"running": "Running", "finished": "Finished"}

GAMES_PER_MATCH = (1, 3, 5)
SEEDINGS = ("given", "random")
CYCLES = (1, 2)
MOVEMENTS = ("winners_up", "fixed")
MOVEMENT_LABELS = {
    "winners_up": "Winners move up, partners split",
    "fixed": "Fixed: North stays, South down, East up, West up two",
}
NIGHT_SCORINGS = ("points", "wins")
NIGHT_SCORING_LABELS = {
    "points": "Total points, then rounds won",
    "wins": "Rounds won, then total points",
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
