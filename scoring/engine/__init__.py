"""The Pitch rules of RULES.md as a pure-Python library (standard library only).

Build a game's ``Rules`` with ``make_rules``, then score hands one by one with
``score_hand`` or a whole game with ``replay``. A scorekeeper's mistake raises
``RuleViolation`` with a code, the field concerned and its parameters; its message
for people is built from them in one catalogue (``engine.messages``).
"""

from .auction import legal_calls
from .awards import Award, SideCredit
from .errors import RuleViolation
from .game import (
    GameState,
    HandResult,
    Replay,
    new_game,
    replay,
    score_hand,
    waiting_to_go_out,
)
from .hand import HandInput
from .rules import Rules, make_rules
from .variants import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    OPTION_DEFAULTS,
    PASS,
    POINT_VALUES,
    POINTS,
    LowGoesTo,
    MoonFail,
    Suit,
    Variant,
)

__all__ = [
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "OPTION_DEFAULTS",
    "PASS",
    "POINTS",
    "POINT_VALUES",
    "Award",
    "GameState",
    "HandInput",
    "HandResult",
    "LowGoesTo",
    "MoonFail",
    "Replay",
    "RuleViolation",
    "Rules",
    "SideCredit",
    "Suit",
    "Variant",
    "legal_calls",
    "make_rules",
    "new_game",
    "replay",
    "score_hand",
    "waiting_to_go_out",
]
