"""The core's refusals are data: every sentence comes from pitchclub.messages."""

import ast
import pickle
import re
from pathlib import Path

import pytest

import pitchclub.services
from pitchclub import messages, text
from pitchclub.refusals import Refusal

# The services' modules, read as one source.
SERVICES = "\n".join(
    path.read_text(encoding="utf-8")
    for path in sorted(Path(pitchclub.services.__file__).parent.glob("*.py"))
)


def _refusals() -> list[ast.Call]:
    return [
        node
        for node in ast.walk(ast.parse(SERVICES))
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "Refusal"
    ]


def _keys() -> set[str]:
    """The catalogue keys the services raise: code, or code/reason (a reason given
    by a name is any of that code's reasons)."""
    keys = set()
    for call in _refusals():
        code = call.args[0].value
        reason = next((k.value for k in call.keywords if k.arg == "reason"), None)
        if reason is None:
            keys.add(code)
        elif isinstance(reason, ast.Constant):
            keys.add(f"{code}/{reason.value}")
        else:
            keys |= {k for k in messages.MESSAGES if k.startswith(f"{code}/")}
    return keys


def test_the_services_raise_refusals_as_data():
    calls = _refusals()
    assert len(calls) >= 15
    for call in calls:
        # code and field only: no sentence of their own.
        assert len(call.args) == 2, ast.unparse(call)
        assert isinstance(call.args[0], ast.Constant), ast.unparse(call)
        assert {k.arg for k in call.keywords} <= {"reason", "params"}


def test_every_code_the_services_raise_has_a_sentence():
    keys = _keys()
    assert "invite_unusable/used_up" in keys
    assert keys - set(messages.MESSAGES) == set()


def test_every_sentence_of_the_catalogue_is_raised():
    assert set(messages.MESSAGES) - _keys() == set()


def test_the_words_the_services_name_are_in_the_catalogue():
    said = {
        call.args[2].value
        for call in ast.walk(ast.parse(SERVICES))
        if isinstance(call, ast.Call)
        and isinstance(call.func, ast.Name)
        and call.func.id in ("clean_name", "clean_text")
    }
    assert said
    assert said <= messages.WORDS


def test_the_kinds_of_unsafe_text_are_said_as_pitchclub_text_says_them():
    assert set(messages.KINDS) == set(text._KINDS)
    for code, words in text._KINDS.items():
        assert messages.KINDS[code].format(codepoint="U+0007") == words.format("U+0007")


SAMPLE = {
    "what": messages.Term("where it plays"),
    "kind": "lone_mark",
    "codepoint": "U+0301",
    "limit": 40,
    "length": 41,
    "role": "boss",
    "player": "Ann",
    "into": "Annie",
    "name": "Annie",
    "id": 12,
}


@pytest.mark.parametrize("key", sorted(messages.MESSAGES))
def test_rendering_fills_every_placeholder_and_is_deterministic(key):
    said = messages.render(key, SAMPLE)
    assert said == messages.render(key, dict(reversed(SAMPLE.items())))
    assert not re.search(r"[{}]", said), said
    assert said[:1].isupper(), said
    assert said.endswith("."), said


def test_sentences_are_the_ones_the_pages_and_api_say():
    assert Refusal("last_organiser", "role", reason="leaving").message == (
        "A club needs an organiser: make someone else organiser before this one leaves."
    )
    assert Refusal("unknown_role", "role", params={"role": "boss"}).message == (
        "There is no role 'boss': choose organiser, scorekeeper or member."
    )
    unsafe = Refusal(
        "invalid_text",
        "location",
        reason="unsafe",
        params={
            "what": messages.Term("where it plays"),
            "kind": "invisible_character",
            "codepoint": "U+034F",
        },
    )
    assert str(unsafe) == (
        "Where it plays has an invisible character (U+034F): retype it."
    )
    assert unsafe.message == text.UnsafeText("invisible_character", "\u034f").sentence(
        "Where it plays"
    )


def test_a_refusal_keeps_its_data_across_processes():
    refusal = Refusal("already_claimed", "code", params={"player": "Ann"})
    copy = pickle.loads(pickle.dumps(refusal))
    assert (copy.code, copy.field, copy.key, copy.params, copy.message) == (
        "already_claimed",
        "code",
        "already_claimed",
        {"player": "Ann"},
        "Ann's profile already belongs to an account: ask the club's organiser "
        "for a plain invite.",
    )


def test_a_message_given_explicitly_wins():
    refusal = Refusal("claim_conflict", "code", "Not the same person.")
    assert (refusal.message, refusal.templated) == ("Not the same person.", False)
