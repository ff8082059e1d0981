"""The rating chart keeps every marker and every label inside its drawing (the
viewBox): the first and last points' dots were at risk at the edges, and a long
value such as "-12.34" at the left. The browser test of the player page measures
the drawn text too (tests/browser/test_player_page.py)."""

import re
import xml.etree.ElementTree as ET

import pytest

from scoring.stats import charts

SVG = "{http://www.w3.org/2000/svg}"
# static/css/stats.css: chart text is 12 px; a character is at most about 0.62 em
# wide in the fonts the site uses (digits, "-", "."), an upper bound on purpose.
FONT = 12
CHAR = 0.62 * FONT


def text_box(text: ET.Element) -> tuple[float, float, float, float]:
    """A label's box, estimated from its anchor, its baseline and its length."""
    x, y = float(text.get("x")), float(text.get("y"))
    width = len(text.text or "") * CHAR
    anchor = text.get("text-anchor", "start")
    left = {"start": x, "middle": x - width / 2, "end": x - width}[anchor]
    if text.get("dominant-baseline") == "middle":
        top, bottom = y - FONT / 2, y + FONT / 2
    else:  # the alphabetic baseline: ascenders above, descenders below
        top, bottom = y - 0.8 * FONT, y + 0.25 * FONT
    return left, top, left + width, bottom


def problems(values: list[float]) -> list[str]:
    svg = ET.fromstring(
        charts.line_chart(
            [
                charts.Point(f"2026-11-{1 + i % 28:02d}", v)
                for i, v in enumerate(values)
            ],
            chart_id="rating-history",
            title="Rating",
            description="Rating after each game",
            number=charts.rating_text,
        )
    )
    _, _, width, height = (float(n) for n in svg.get("viewBox").split())
    found = []
    for dot in svg.iter(f"{SVG}circle"):
        cx, cy, r = (float(dot.get(name)) for name in ("cx", "cy", "r"))
        if not (0 <= cx - r <= cx + r <= width and 0 <= cy - r <= cy + r <= height):
            found.append(f"dot at {cx},{cy} (r {r}) outside 0 0 {width} {height}")
    for text in svg.iter(f"{SVG}text"):
        left, top, right, bottom = text_box(text)
        if not (0 <= left <= right <= width and 0 <= top <= bottom <= height):
            found.append(
                f"label {text.text!r} at {left:.1f},{top:.1f}-{right:.1f},{bottom:.1f}"
                f" outside 0 0 {width} {height}"
            )
    return found


@pytest.mark.parametrize(
    "values",
    [
        pytest.param([4.2], id="one point"),
        pytest.param([0.0, 3.5], id="two points"),
        pytest.param([(i * 37 % 23) - 5.5 for i in range(50)], id="fifty points"),
        pytest.param([2.5] * 7, id="flat"),
        pytest.param([-12.34, -3.3, -0.01, -7.77], id="negative"),
        pytest.param([-25.5, 48.76, 3.0], id="both signs"),
        pytest.param([123.45, 99.99], id="three digits"),
    ],
)
def test_every_dot_and_label_lies_inside_the_drawing(values: list[float]) -> None:
    assert not problems(values)


def test_the_dots_are_drawn_one_for_each_game() -> None:
    svg = charts.line_chart(
        [charts.Point(str(i), float(i)) for i in range(50)],
        chart_id="c",
        title="T",
        description="D",
    )
    assert len(re.findall(r"<circle ", svg)) == 50


@pytest.mark.parametrize(
    "texts",
    [
        ["1/2 · 50%"],
        ["10/10 · 100%", "3/4 · 75%"],
        ["120/130 · 92%", "0/1 · 0%"],
        ["1,234/1,240 · 100%"],
    ],
)
def test_a_bar_charts_labels_and_values_lie_inside_it(texts: list[str]) -> None:
    """The value after a bar ("10/10 · 100%") ran past the right edge."""
    svg = ET.fromstring(
        charts.bar_chart(
            [
                charts.Bar(f"Bid {i + 2}", i + 1, whole=len(texts) + 1, text=text)
                for i, text in enumerate(texts)
            ],
            chart_id="bids",
            title="Bids",
            description="Bids made by level",
        )
    )
    _, _, width, height = (float(n) for n in svg.get("viewBox").split())
    for text in svg.iter(f"{SVG}text"):
        left, top, right, bottom = text_box(text)
        assert 0 <= left <= right <= width, (text.text, left, right, width)
        assert 0 <= top <= bottom <= height, (text.text, top, bottom, height)
    tracks = [float(r.get("width")) for r in svg.iter(f"{SVG}rect")]
    assert min(tracks[::2]) > 60, "the bars keep a useful length"
