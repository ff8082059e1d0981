"""The pages' renderer of refusals (scoring/refusals.py): a refusal's sentence from its
data, through gettext, with the players' names instead of seat numbers; checked
against the oracle (the regular expressions the table page used before,
tests/scoring/oracle.py)."""

import ast
import string
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import engine, refusals
from scoring.engine import RuleViolation
from scoring.engine.messages import MESSAGES
from scoring.games import hands as hand_services
from scoring.games import services
from scoring.refusals import NAMED, TableNames, sentence

from .engine.corpus import REFUSALS, raised
from .oracle import PAGE_ONLY, in_names

NAMES = {0: "Ann", 1: "Bob", 2: "Cy", 3: "Di"}
TEAMS = ["Ann & Cy", "Bob & Di"]
TABLE = TableNames(NAMES, TEAMS)


def fields_of(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def test_engine_messages_name_the_players() -> None:
    # The five sentences the regular expressions were tested with, from data.
    stuck = RuleViolation(
        "dealer_stuck",
        "auction.3",
        reason="passed",
        params={"least": 2, "dealer": engine.params.Seat(3)},
    )
    assert "Di (the dealer) passed" in sentence(stuck, TABLE)
    leader = sentence(raised("game_contradicts_game_points"), TABLE)
    assert "award it to Ann or Cy" in leader
    tie = sentence(raised("game_contradicts_game_points/tie"), TABLE)
    assert "Bob & Di tie" in tie
    unknown = sentence(raised("unknown_seat"), TABLE)
    assert unknown == "Seat 7 does not exist: this game has seats 0 to 3."
    low = sentence(raised("missing_low"), TABLE)
    assert "go to the same player" in low


def test_teams_are_said_by_their_names_and_solo_sides_by_the_player() -> None:
    over = RuleViolation(
        "game_over",
        "game",
        params={"winner": engine.params.Side(1, (1, 3)), "hands": 9},
    )
    assert sentence(over, TABLE).startswith("This game is over: Bob & Di won it")
    solo = RuleViolation(
        "game_over",
        "game",
        params={"winner": engine.params.Side(2, (2,)), "hands": 4},
    )
    assert sentence(solo, TABLE).startswith("This game is over: Cy won it at hand 4")
    assert sentence(solo).startswith("This game is over: seat 2 won it at hand 4")


@pytest.mark.parametrize("key", sorted(REFUSALS))
def test_without_names_the_sentence_is_the_engine_message(key: str) -> None:
    refusal = raised(key)
    assert sentence(refusal) == refusal.message


@pytest.mark.parametrize("key", sorted(REFUSALS))
@pytest.mark.parametrize("partners", [False, True])
def test_the_sentence_in_names_is_what_the_oracle_made_of_the_message(
    key: str, partners: bool
) -> None:
    refusal = raised(key)
    sides = TEAMS if partners else [NAMES[seat] for seat in range(4)]
    assert sentence(refusal, TableNames(NAMES, sides)) == in_names(
        refusal.message, NAMES, sides
    )


def test_a_refusal_with_a_message_of_its_own_is_said_as_given() -> None:
    refusal = RuleViolation("invalid_player_name", "players.1", "Retype seat 1.")
    assert sentence(refusal, TABLE) == "Retype seat 1."


def test_the_new_game_page_names_the_earlier_box() -> None:
    refusal = RuleViolation(
        "duplicate_player",
        "players.2",
        params={"name": "ann", "seat": engine.params.Seat(0)},
    )
    assert (
        refusal.message == "ann already sits at seat 0: each player can sit only once."
    )
    boxes = TableNames({0: "Ann", 1: "Bob", 2: "ann"}, numbers={0: 1, 1: 3, 2: 4})
    assert sentence(refusal, boxes) == (
        "Ann is already player 1: each player can sit only once. Clear one of the "
        "two boxes, or tell them apart (“Ann B.”)."
    )


def test_every_code_the_services_raise_has_a_template() -> None:
    # The games' services and the hands': the writes of scoring.games.
    sources = (Path(m.__file__).read_text() for m in (services, hand_services))
    tree = ast.parse("\n".join(sources))
    keys = []
    for call in ast.walk(tree):
        if not (
            isinstance(call, ast.Call)
            and isinstance(call.func, ast.Name)
            and call.func.id == "RuleViolation"
        ):
            continue
        code = call.args[0].value
        reason = next(
            (kw.value.value for kw in call.keywords if kw.arg == "reason"), None
        )
        keys.append(engine.messages.key_of(code, reason))
        assert "params" in {kw.arg for kw in call.keywords} or len(call.args) == 2
    # The name with a character it must not hold is said by pitchclub.text.
    assert set(keys) - {"invalid_player_name"} <= MESSAGES.keys()
    assert len(keys) == 15


def test_the_pages_own_words_name_only_what_the_refusal_carries() -> None:
    assert NAMED.keys() <= MESSAGES.keys()
    for key, template in NAMED.items():
        assert fields_of(template) <= fields_of(MESSAGES[key]), key


def test_sentences_go_through_gettext(monkeypatch: pytest.MonkeyPatch) -> None:
    german = {
        MESSAGES["dealer_stuck/passed"]: (
            "Wenn alle passen, muss der Geber mindestens {least} bieten. "
            "{dealer:cap} (Geber) hat gepasst: biete {least} oder mehr."
        ),
        engine.messages.SEAT: "Platz {number}",
    }
    monkeypatch.setattr(refusals, "gettext", lambda text: german.get(text, text))
    refusal = raised("dealer_stuck/passed")
    assert sentence(refusal) == (
        "Wenn alle passen, muss der Geber mindestens 2 bieten. Platz 0 (Geber) hat "
        "gepasst: biete 2 oder mehr."
    )
    assert sentence(refusal, TABLE) == (
        "Wenn alle passen, muss der Geber mindestens 2 bieten. Ann (Geber) hat "
        "gepasst: biete 2 oder mehr."
    )


# -- the oracle on random hands ------------------------------------------------------

SEATS = st.sampled_from([0, 1, 2, 3, 3, 5, None, "1", True])
CALLS = st.sampled_from(["pass", "pass", 1, 2, 3, 4, 5, 13, "x"])


@st.composite
def refused_hands(draw: st.DrawFn) -> RuleViolation | None:
    variant, partnership = draw(
        st.sampled_from([("auction", False), ("auction", True), ("thirteen", None)])
    )
    options = (
        {
            "dealer_may_steal": draw(st.booleans()),
            "low_goes_to": draw(st.sampled_from(["dealt", "captured"])),
        }
        if variant == "auction"
        else {}
    )
    rules = engine.make_rules(variant, 4, partnership, draw(st.integers(0, 3)), options)
    points = st.fixed_dictionaries({}, optional=dict.fromkeys(rules.points, SEATS))
    hand = engine.HandInput(
        auction=draw(st.none() | st.lists(CALLS, max_size=5)),
        pitcher=draw(SEATS),
        bid=draw(st.sampled_from([None, 1, 2, 4, 5, 13])),
        trump=draw(st.sampled_from([None, "hearts", "stars"])),
        awards=draw(points),
        single_trump=draw(st.sampled_from([False, False, True])),
        game_points=draw(
            st.none() | st.lists(st.sampled_from([0, 10, 20, 40, -1]), max_size=5)
        ),
    )
    state = engine.new_game(rules)
    try:
        engine.score_hand(rules, state, hand)
    except RuleViolation as refusal:
        return refusal
    return None


@settings(max_examples=300, deadline=None, database=None)
@given(refused_hands(), st.booleans())
def test_on_random_hands_the_sentence_in_names_is_the_oracles(
    refusal: RuleViolation | None, partners: bool
) -> None:
    if refusal is None or refusal.code in PAGE_ONLY:
        return
    sides = TEAMS if partners else [NAMES[seat] for seat in range(4)]
    assert sentence(refusal, TableNames(NAMES, sides)) == in_names(
        refusal.message, NAMES, sides
    )
