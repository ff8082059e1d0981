"""Text people type: names, a club's details, whole numbers and search words.

One place decides what is accepted, for pages and API alike: a name is kept in
Unicode's composed form (NFC), so "é" typed as one character or as "e" and an
accent is one name; control characters, bidi overrides and invisible characters
are refused, as they can make two names look alike or scramble the page around
them; emoji joined with a zero-width joiner ("👨‍👩‍👧", "🏳️‍🌈") are accepted.
A whole number is ASCII digits only, and never longer than its field needs.

The services, views and forms of every app call it; its refusals are said in the
reader's language (the words of pitchclub.messages)."""

import re
import unicodedata

from django.utils.translation import gettext

ZWJ = "\u200d"
# Characters that draw nothing but are not "format" characters to Unicode: the
# combining grapheme joiner and the Hangul fillers.
_INVISIBLE = frozenset("\u034f\u115f\u1160\u3164\uffa0")
# Whitespace that a name squeezes into one space and a description keeps as lines.
_SPACES = frozenset("\t\n\r\u2028\u2029")
# The emoji blocks: pictographs, also those newer than this Python's Unicode
# tables (unassigned to it), which phones already show.
_EMOJI_BLOCKS = ((0x1F000, 0x1FAFF), (0x1FC00, 0x1FFFD))
_EMOJI_MODIFIERS = range(0x1F3FB, 0x1F400)  # skin tones
_VARIATION_SELECTORS = frozenset("\ufe0e\ufe0f")
# A subdivision flag (England 🏴󠁧󠁢󠁥󠁮󠁧󠁿): a black flag, tag letters, a cancel tag.
_BLACK_FLAG = "\U0001f3f4"
_TAGS = range(0xE0020, 0xE007F)
_CANCEL_TAG = "\U000e007f"

_WHOLE_NUMBER = re.compile(r"[0-9]+")

# The kinds in English, as pitchclub.messages.KINDS marks them for translation.
_KINDS = {
    "control_character": "a control character ({}), which cannot be shown",
    "invisible_character": "an invisible character ({})",
    "unknown_character": "a character that cannot be shown ({})",
    "lone_mark": "an accent or mark with no letter before it ({})",
}


class UnsafeText(ValueError):
    """Text holding a character it must not: `code` says which kind
    (control_character, invisible_character, unknown_character, lone_mark),
    `char` which."""

    def __init__(self, code: str, char: str) -> None:
        self.code = code
        self.char = char
        super().__init__(self.sentence("The text"))

    @property
    def codepoint(self) -> str:
        return f"U+{ord(self.char):04X}"

    def sentence(self, what: str) -> str:
        """The refusal in words, `what` naming the field ("The club's name")."""
        from pitchclub.messages import KINDS

        kind = gettext(KINDS[self.code]).format(codepoint=self.codepoint)
        # Translators: what names the text ("The club's name"), kind what is wrong
        # with it ("an invisible character (U+200B)").
        return gettext("%(what)s has %(kind)s: retype it.") % {
            "what": what,
            "kind": kind,
        }


def _emoji(char: str) -> bool:
    code = ord(char)
    return unicodedata.category(char) == "So" or any(
        low <= code <= high for low, high in _EMOJI_BLOCKS
    )


def _emoji_before(text: str, index: int) -> bool:
    """Whether an emoji (with its skin tone or presentation selector) ends just
    before `index`."""
    index -= 1
    while index >= 0 and (
        text[index] in _VARIATION_SELECTORS or ord(text[index]) in _EMOJI_MODIFIERS
    ):
        index -= 1
    return index >= 0 and _emoji(text[index])


def _in_flag_tags(text: str, index: int) -> bool:
    """Whether the tag character at `index` belongs to a subdivision flag: after
    a black flag and tag letters, up to its cancel tag."""
    start = index
    while start > 0 and ord(text[start - 1]) in _TAGS:
        start -= 1
    if start == 0 or text[start - 1] != _BLACK_FLAG or text[start] == _CANCEL_TAG:
        return False
    end = index
    while end < len(text) and ord(text[end]) in _TAGS:
        end += 1
    return end < len(text) and text[end] == _CANCEL_TAG


def unsafe_character(text: str) -> UnsafeText | None:
    """The first character `text` must not hold, as an UnsafeText; None if there
    is none. Tabs and line breaks pass: the caller squeezes or keeps them."""
    for index, char in enumerate(text):
        if char in _SPACES:
            continue
        category = unicodedata.category(char)
        if category == "Cc":
            return UnsafeText("control_character", char)
        if char == ZWJ:
            after = index + 1 < len(text) and _emoji(text[index + 1])
            if after and _emoji_before(text, index):
                continue
            return UnsafeText("invisible_character", char)
        if ord(char) in _TAGS or char == _CANCEL_TAG:
            if _in_flag_tags(text, index):
                continue
            return UnsafeText("invisible_character", char)
        if category == "Cf" or char in _INVISIBLE:
            return UnsafeText("invisible_character", char)
        if category in ("Cs", "Co") or (category == "Cn" and not _emoji(char)):
            return UnsafeText("unknown_character", char)
        # A mark at the start or after a space would sit on whatever the page
        # shows before the name (or be a name that shows nothing at all).
        if category.startswith("M") and (index == 0 or text[index - 1].isspace()):
            return UnsafeText("lone_mark", char)
    return None


def clean_name(text: str) -> str:
    """A name as it is stored and compared: composed (NFC), spaces squeezed.
    Raises UnsafeText for a control, bidi-override or invisible character."""
    text = unicodedata.normalize("NFC", text)
    problem = unsafe_character(text)
    if problem is not None:
        raise problem
    return " ".join(text.split())


def clean_text(text: str, *, multiline: bool = False) -> str:
    """A club's detail (where and when it plays, its description): composed,
    trimmed; one line squeezed, or with `multiline` its line breaks kept (as
    \\n). Raises UnsafeText as clean_name does."""
    text = unicodedata.normalize("NFC", text)
    problem = unsafe_character(text)
    if problem is not None:
        raise problem
    if not multiline:
        return " ".join(text.split())
    lines = re.split(r"\r\n|[\r\n\u2028\u2029]", text)
    return "\n".join(lines).strip()


def parse_whole_number(text: object, *, max_digits: int = 9) -> int | None:
    """A whole number typed or posted as text: ASCII digits only (no sign, no "²"
    or "٣"), at most `max_digits` of them, spaces around ignored; None otherwise."""
    if not isinstance(text, str):
        return None
    text = text.strip()
    if len(text) > max_digits or not _WHOLE_NUMBER.fullmatch(text):
        return None
    return int(text)
