"""English words left on a page rendered in German, Polish or French (issue 24).

What a person reads: the text between tags (scripts and styles left out) and the
attributes that are read out or shown (aria-label, title, placeholder, alt, the
value of a button-like input). Words are checked against distinctively English
words: none of them is a word of German, Polish or French (so "in", "so", "was",
"die", "to", "no", "table", "club", "start" and the like are not on the list).
"""

import re
from html.parser import HTMLParser

ENGLISH = frozenset(
    """
    the and of your you with this that these those which what when where who why how
    are is isn't aren't were been being has have hasn't haven't had does doesn't did
    didn't won't would could should can't cannot must for from by at it its be if into
    onto than then there here their they them we our us he she his yes every each only
    more less least before while until since about above below over under again
    already just some any none other another such very much many few own same
    save saved saving undo undone restore restored delete deleted edit edited
    cancel confirm confirmed sign signed log logged password username
    hands game games player players scored totals bid bids dealer deals deal dealt
    tap tapped taps nobody won lost win wins winner winners loser round rounds
    season seasons night nights standings tournament tournaments bracket brackets
    matches organiser organisers scorekeeper scorekeepers member members guest
    guests join leave left right new next previous home shown hide leaderboard
    rating ratings statistics history print please thanks welcome sorry error errors
    wrong missing required invalid
    """.split()  # noqa: SIM905 (a list of words reads as one)
)

# A word is letters of any alphabet: Polish "była" is one word, not "by" and "a".
_WORD = re.compile(r"[^\W\d_](?:[^\W\d_]|')*")
# An address shown as text (a live link to copy) is not words.
_ADDRESS = re.compile(r"(?:https?://|/)[\w./?=&%#:-]*")
_SHOWN_ATTRIBUTES = {"aria-label", "title", "placeholder", "alt"}
# A code of letters and digits (an invite's "K7QTHE9XZ") is not words: its letters
# between digits once read "THE".
_CODE = re.compile(r"\b(?=[^\W_]*\d)(?=[^\W_]*[^\W\d_])[^\W_]+\b")


class _Text(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self._skip = 0
        # The tags whose content is skipped, innermost last (their end tags end it).
        self._skipping: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        # translate="no": not words of any language (an invite code's groups, which
        # once read "THE" by chance).
        if tag in {"script", "style", "template"} or values.get("translate") == "no":
            self._skip += 1
            self._skipping.append(tag)
        for name, value in attrs:
            if name in _SHOWN_ATTRIBUTES and value:
                self.parts.append(value)
        if tag == "input" and values.get("type") in {"submit", "button"}:
            self.parts.append(values.get("value") or "")

    def handle_endtag(self, tag: str) -> None:
        if self._skipping and self._skipping[-1] == tag:
            self._skipping.pop()
            self._skip -= 1

    def handle_data(self, data: str) -> None:
        if not self._skip:
            self.parts.append(data)


def shown_text(html: str) -> str:
    """What a person reads of a page, as one string."""
    parser = _Text()
    parser.feed(html)
    return " ".join(parts.strip() for parts in parser.parts if parts.strip())


def english_left(html: str, *, allowed: set[str] = frozenset()) -> list[str]:
    """The English words a page still shows, in order, each once (names of people
    and clubs the test typed go in `allowed`)."""
    allow = {word.lower() for word in allowed}
    seen: list[str] = []
    for word in _WORD.findall(_CODE.sub(" ", _ADDRESS.sub(" ", shown_text(html)))):
        low = word.lower()
        if low in ENGLISH and low not in allow and low not in seen:
            seen.append(low)
    return seen
