"""The catalogue of refusals (scoring/engine/messages.py): every refusal the engine
raises has a template, names what it needs, is marked for translation, and renders
the same every time."""

from __future__ import annotations

import ast
import pickle
import shutil
import string
import subprocess
from pathlib import Path

import pytest

from scoring.engine import RuleViolation
from scoring.engine import messages as catalogue
from scoring.engine.messages import MESSAGES, key_of
from scoring.engine.params import (
    Given,
    Listing,
    OneOf,
    PointName,
    Seat,
    SeatOf,
    Side,
    Sides,
    VariantName,
)
from scoring.engine.render import Names, render

from .corpus import REFUSALS, raised

ENGINE = Path(catalogue.__file__).parent


def fields_of(template: str) -> set[str]:
    """The parameters a template names ("{seat:cap}" names "seat")."""
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def raise_sites(path: Path) -> list[ast.Call]:
    """Every ``RuleViolation(...)`` call in a module."""
    return [
        node
        for node in ast.walk(ast.parse(path.read_text()))
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "RuleViolation"
    ]


@pytest.mark.parametrize("key", sorted(REFUSALS))
def test_each_refusal_carries_its_catalogue_key(key: str) -> None:
    refusal = raised(key)
    assert refusal.key == key
    assert refusal.templated
    assert refusal.message == render(MESSAGES[key], refusal.params)


@pytest.mark.parametrize("key", sorted(REFUSALS))
def test_each_refusal_has_every_parameter_its_sentence_names(key: str) -> None:
    refusal = raised(key)
    assert fields_of(MESSAGES[key]) <= refusal.params.keys()


def test_every_sentence_of_the_engine_has_an_example_in_the_corpus() -> None:
    services = {
        "invalid_players/list",
        "player_not_in_roster",
        "player_not_yours",
        "invalid_player",
        "empty_player_name",
        "player_name_too_long",
        "duplicate_player",
        "hand_undone",
        "number_conflict",
        "not_last_hand",
        "not_restorable",
        "game_abandoned",
        "game_finished",
        "game_has_hands",
    }
    assert set(MESSAGES) - services == set(REFUSALS)


@pytest.mark.parametrize(
    "module", sorted(path.name for path in ENGINE.glob("*.py")), ids=str
)
def test_every_refusal_the_engine_raises_is_said_by_the_catalogue(module: str) -> None:
    for call in raise_sites(ENGINE / module):
        code = call.args[0]
        assert isinstance(code, ast.Constant), ast.unparse(call)
        # Data, not a sentence: no message is written at a raise site.
        assert len(call.args) == 2, ast.unparse(call)
        assert "message" not in {keyword.arg for keyword in call.keywords}
        reasons = [kw.value for kw in call.keywords if kw.arg == "reason"]
        if not reasons:
            assert code.value in MESSAGES, ast.unparse(call)
            continue
        reason = reasons[0]
        if isinstance(reason, ast.Constant):
            assert key_of(code.value, reason.value) in MESSAGES, ast.unparse(call)
        else:  # chosen at run time: the corpus has each one
            assert any(key.startswith(f"{code.value}/") for key in MESSAGES)


def test_every_template_is_marked_for_translation() -> None:
    tree = ast.parse((ENGINE / "messages.py").read_text())
    marked = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.AnnAssign | ast.Assign):
            targets = [node.target] if isinstance(node, ast.AnnAssign) else node.targets
            names = {target.id for target in targets if isinstance(target, ast.Name)}
            if isinstance(node.value, ast.Dict):
                for name in names:
                    marked[name] = node.value
    for table in ("MESSAGES", "VARIANT_NAMES", "POINT_NAMES"):
        for key, value in zip(marked[table].keys, marked[table].values, strict=True):
            assert isinstance(value, ast.Call), key.value
            assert isinstance(value.func, ast.Name), key.value
            # A template with a plural form gives both forms (ngettext_noop).
            forms = {"gettext_noop": 1, "ngettext_noop": 2}
            assert value.func.id in forms, key.value
            for form in value.args[: forms[value.func.id]]:
                assert isinstance(form, ast.Constant), key.value
    # The marker is the name xgettext (and Django's makemessages) collects.
    assert catalogue.gettext_noop("Seat") == "Seat"
    hands = catalogue.ngettext_noop("{n} hand", "{n} hands", "n")
    assert (hands, hands.plural, hands.count) == ("{n} hand", "{n} hands", "n")


@pytest.mark.skipif(shutil.which("xgettext") is None, reason="needs GNU gettext")
def test_xgettext_collects_every_template() -> None:
    command = ["xgettext", "-L", "Python", "--keyword=gettext_noop", "-o", "-"]
    command += ["--keyword=ngettext_noop:1,2"]
    po = subprocess.run(
        [*command, "--from-code=UTF-8", str(ENGINE / "messages.py")],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    collected, current = set(), None
    for line in po.splitlines():
        if line.startswith("msgid "):
            current = ast.literal_eval(line[6:])
        elif line.startswith('"') and current is not None:
            current += ast.literal_eval(line)
        else:
            if current:
                collected.add(current)
            current = None
    templates = {*MESSAGES.values(), *catalogue.POINT_NAMES.values()}
    assert templates | {*catalogue.VARIANT_NAMES.values(), catalogue.SEAT} <= collected


def test_rendering_is_deterministic_and_leaves_the_params_alone() -> None:
    params = {"seat": Seat(2), "bid": 3, "call": Given("x")}
    before = dict(params)
    template = '{seat:cap} called {call}: a call is "pass" or {bid}.'
    first = render(template, params)
    assert (
        first == render(template, params) == 'Seat 2 called "x": a call is "pass" or 3.'
    )
    assert params == before
    for key in sorted(REFUSALS):
        assert raised(key).message == raised(key).message


def test_the_parameters_are_said_in_words() -> None:
    assert render("{x}", {"x": Seat(0)}) == "seat 0"
    assert render("{x:cap}", {"x": Seat(0)}) == "Seat 0"
    assert render("{x}", {"x": Side(1, (1, 3))}) == "team 1 (seats 1 and 3)"
    assert render("{x:cap}", {"x": Side(2, (2,))}) == "Seat 2"
    assert render("{x}", {"x": SeatOf((0, 2))}) == "seat 0 or 2"
    assert render("{x}", {"x": SeatOf((1,))}) == "seat 1"
    tie = Sides((Side(0, (0, 2)), Side(1, (1, 3))))
    assert render("{x:cap}", {"x": tie}) == (
        "Team 0 (seats 0 and 2) and team 1 (seats 1 and 3)"
    )
    assert render("{x}", {"x": OneOf(("auction", "thirteen"))}) == (
        '"auction" or "thirteen"'
    )
    assert render("{x}", {"x": Listing(("high", "low"))}) == "high, low"
    assert render("{x}", {"x": VariantName("thirteen")}) == "13-Point Partner Pitch"
    assert render("{x:cap}", {"x": PointName("off_three")}) == "The off-three"
    for value, said in ((None, "nothing"), (True, "true"), ("a", '"a"'), (1.5, "1.5")):
        assert render("{x}", {"x": Given(value)}) == said


def test_with_names_a_seat_is_its_player_and_a_range_stays_numbers() -> None:
    names = Names({0: "ann", 1: "Bob", 2: "Cy", 3: "Di"}, ["ann & Cy", "Bob & Di"])
    assert render("{x:cap} bid", {"x": Seat(0)}, names=names) == "ann bid"
    assert render("{x:cap} bid", {"x": Seat(9)}, names=names) == "Seat 9 bid"
    assert render("{x}", {"x": Side(1, (1, 3))}, names=names) == "Bob & Di"
    assert render("{x}", {"x": SeatOf((0, 2))}, names=names) == "ann or Cy"
    assert render("{x:number}", {"x": Seat(2)}) == "3"
    boxes = Names({2: "Cy"}, numbers={2: 5})
    assert render("{x} is player {x:number}", {"x": Seat(2)}, names=boxes) == (
        "Cy is player 5"
    )


def test_translate_is_applied_to_the_template_and_the_words() -> None:
    german = {
        MESSAGES["unknown_seat"]: "{seat:cap} gibt es nicht: Plätze 0 bis {last}.",
        catalogue.SEAT: "Platz {number}",
    }
    refusal = raised("unknown_seat")
    said = render(
        MESSAGES[refusal.key],
        refusal.params,
        translate=lambda text: german.get(text, text),
    )
    assert said == "Platz 7 gibt es nicht: Plätze 0 bis 3."


def test_an_explicit_message_still_wins_and_pickling_keeps_the_data() -> None:
    explicit = RuleViolation("dealer_stuck", "auction.3", "The dealer must bid.")
    assert (explicit.message, explicit.templated, explicit.params) == (
        "The dealer must bid.",
        False,
        {},
    )
    refusal = raised("game_contradicts_game_points/tie")
    copy = pickle.loads(pickle.dumps(refusal))
    assert (copy.code, copy.field, copy.hand, copy.reason, copy.params) == (
        refusal.code,
        refusal.field,
        refusal.hand,
        refusal.reason,
        refusal.params,
    )
    assert (copy.message, copy.key, copy.templated) == (
        refusal.message,
        "game_contradicts_game_points/tie",
        True,
    )
