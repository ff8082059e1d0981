"""Long names on the tap buttons, told apart (issue 23 review): a name too long for a
button keeps its start and its end around an ellipsis ("Bartholome…haugh"), the end
growing until no two players' buttons read the same. The full name stays in the
button's title and in the preview of the hand."""

LIMIT = 16
HEAD = 10
# Where the button may break its two lines: around the ellipsis, never inside a name.
BREAK = "\u200b"


def _short(name: str, tail: int) -> str:
    return f"{name[:HEAD].rstrip()}{BREAK}…{BREAK}{name[-tail:].lstrip()}"


def told_apart(names: list[str]) -> list[str]:
    """`names` as the buttons show them: each short enough, no two alike."""
    shown = list(names)
    long = [i for i, name in enumerate(names) if len(name) > LIMIT]
    for i in long:
        name = names[i]
        tail = 5
        while True:
            short = _short(name, tail)
            others = {
                _short(names[j], tail) if j in long else names[j]
                for j in range(len(names))
                if j != i and names[j] != name
            }
            if short not in others:
                break
            if HEAD + tail >= len(name):
                short = name
                break
            tail += 1
        shown[i] = short
    return shown
