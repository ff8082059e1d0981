"""pitchclub.text, without a database: names in one Unicode form, refused
characters named by their code point, emoji joined with ZWJ kept, whole numbers
in ASCII digits of a bounded length."""

import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pitchclub.text import (
    UnsafeText,
    clean_name,
    clean_text,
    parse_whole_number,
    unsafe_character,
)

COMPOSED = "Jos\u00e9"  # é as one code point
DECOMPOSED = "Jose\u0301"  # e, then the combining acute accent


def test_a_name_typed_either_way_is_one_name() -> None:
    assert COMPOSED != DECOMPOSED
    assert clean_name(DECOMPOSED) == clean_name(COMPOSED) == COMPOSED


def test_a_name_has_its_spaces_squeezed() -> None:
    assert clean_name("  Ann \t  Lee\n") == "Ann Lee"


@pytest.mark.parametrize(
    ("name", "code", "codepoint"),
    [
        ("Ann\x00", "control_character", "U+0000"),
        ("Ann\x1bB", "control_character", "U+001B"),
        ("Ann\x85", "control_character", "U+0085"),
        ("Ann\u202eevil", "invisible_character", "U+202E"),
        ("\u202aAnn", "invisible_character", "U+202A"),
        ("Ann\u2066", "invisible_character", "U+2066"),
        ("Ann\u2069", "invisible_character", "U+2069"),
        ("An\u200bn", "invisible_character", "U+200B"),
        ("An\u200cn", "invisible_character", "U+200C"),
        ("An\u200dn", "invisible_character", "U+200D"),
        ("An\u2060n", "invisible_character", "U+2060"),
        ("\ufeffAnn", "invisible_character", "U+FEFF"),
        ("Ann\u00ad", "invisible_character", "U+00AD"),
        ("An\u034fn", "invisible_character", "U+034F"),
        ("\u3164", "invisible_character", "U+3164"),
        ("Ann\ue000", "unknown_character", "U+E000"),
        ("Ann\ud800", "unknown_character", "U+D800"),
    ],
)
def test_control_bidi_and_invisible_characters_are_refused_by_code_point(
    name: str, code: str, codepoint: str
) -> None:
    with pytest.raises(UnsafeText) as refused:
        clean_name(name)
    assert (refused.value.code, refused.value.codepoint) == (code, codepoint)
    assert codepoint in refused.value.sentence("The name")


def test_the_refusal_names_the_field_and_what_to_do() -> None:
    problem = unsafe_character("Ann\u202e")
    assert problem is not None
    assert problem.sentence("The name of player 2") == (
        "The name of player 2 has an invisible character (U+202E): retype it."
    )


@pytest.mark.parametrize(
    "name",
    [
        "\U0001f468\u200d\U0001f469\u200d\U0001f467",  # family
        "\U0001f3f3\ufe0f\u200d\U0001f308",  # rainbow flag
        "\U0001f469\U0001f3fd\u200d\U0001f4bb",  # technologist, skin tone
        "\u2764\ufe0f\u200d\U0001f525",  # heart on fire
        "\U0001f3c3\u200d\u2640\ufe0f",  # woman running
        "Ann \U0001f3f4\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f",
        "Ann \U0001fa77",  # newer than this Python's Unicode tables
        "Zoë Ångström",
        "Łukasz Żółć",
        "李小龍",
        "محمد",
        "Ann ♠",
    ],
)
def test_emoji_joined_with_zwj_and_every_script_are_accepted(name: str) -> None:
    assert clean_name(name) == unicodedata.normalize("NFC", name)


@pytest.mark.parametrize(
    "name",
    [
        "\U0001f600\u200d",  # a joiner at the end
        "\u200d\U0001f600",  # at the start
        "Ann\u200d\U0001f600",  # after a letter
        "\U0001f600\u200dAnn",  # before a letter
        "\U0001f3f4\U000e0067",  # tag letters without their cancel tag
        "Ann\U000e0067\U000e007f",  # tags without the black flag
    ],
)
def test_a_zwj_or_tag_outside_an_emoji_sequence_is_refused(name: str) -> None:
    assert unsafe_character(name) is not None
    assert unsafe_character(name).code == "invisible_character"


@pytest.mark.parametrize(
    "name", ["\u0301", "\u0301Ann", "Ann \u0301", "Ann\t\u0301Lee"]
)
def test_an_accent_with_no_letter_before_it_is_refused(name: str) -> None:
    refusal = unsafe_character(name)
    assert refusal is not None
    assert refusal.code == "lone_mark"
    assert "U+0301" in refusal.sentence("The name")


def test_an_accent_on_a_letter_is_a_name() -> None:
    assert clean_name(DECOMPOSED) == COMPOSED
    assert (
        clean_name("Nguy\u1ec5n \u0905\u0902\u0915") == "Nguy\u1ec5n \u0905\u0902\u0915"
    )


def test_a_description_keeps_its_lines_and_refuses_the_rest() -> None:
    assert clean_text(" House rules:\r\n- no table talk\r\n", multiline=True) == (
        "House rules:\n- no table talk"
    )
    assert clean_text(" Tuesdays\n  7 pm ") == "Tuesdays 7 pm"
    with pytest.raises(UnsafeText):
        clean_text("House \u202erules", multiline=True)


@given(st.text())
def test_a_cleaned_name_is_composed_and_holds_nothing_refused(text: str) -> None:
    try:
        name = clean_name(text)
    except UnsafeText:
        return
    assert unicodedata.is_normalized("NFC", name)
    assert unsafe_character(name) is None
    assert name == name.strip()


@pytest.mark.parametrize(
    ("text", "number"),
    [("0", 0), ("7", 7), (" 12 ", 12), ("007", 7), ("999999999", 999_999_999)],
)
def test_whole_numbers_in_ascii_digits_are_read(text: str, number: int) -> None:
    assert parse_whole_number(text) == number


@pytest.mark.parametrize(
    "text",
    [
        "",
        " ",
        "\u00b2",  # superscript two: isdigit() says yes, int() says no
        "\u0663",  # Arabic-Indic three: int() would read 3
        "\uff13",  # fullwidth three
        "9" * 5000,  # int() refuses more than 4300 digits
        "1234567890",  # one digit too many
        "-1",
        "+1",
        "1.0",
        "1_000",
        "1e3",
        "0x10",
        None,
        7,
    ],
)
def test_anything_else_is_not_a_whole_number(text: object) -> None:
    assert parse_whole_number(text) is None


def test_the_length_bound_is_the_callers() -> None:
    assert parse_whole_number("99", max_digits=2) == 99
    assert parse_whole_number("100", max_digits=2) is None
