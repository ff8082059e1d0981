"""Charts as SVG drawn on the server: a bar chart and a line chart, each returning safe
markup to put in a template.

The content security policy refuses inline styles, so the SVG has no `style`
attribute and no <style> element: its parts carry classes (`chart-…`) that
static/css/stats.css colours with the site's variables, light and dark. Every chart
is an image with a name and a description (role="img", aria-label, <title>, <desc>);
the page shows the same figures in a table beside it for screen readers and for
those who would rather read.
"""

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from django.utils.formats import number_format
from django.utils.html import escape, format_html
from django.utils.safestring import SafeString, mark_safe

# The drawing's own units; the SVG scales to the width of its box.
WIDTH = 320
ROW = 30
BAR = 18
LABEL = 96
TEXT_ROOM = 76
# The line chart: a dot's radius, and the room kept around the plot so that the
# first and last dots (and the line's stroke) are drawn whole at the edges.
DOT = 3
EDGE = DOT + 5
# Chart text is 12 px (static/css/stats.css); a digit, "-" or "." is narrower
# than 0.62 em: room for a label is reckoned with that, to be safe.
FONT = 12
CHAR = 0.62 * FONT


@dataclass(frozen=True)
class Bar:
    """One bar: `value` of `whole` (the bar's track) if given, else of the chart's
    largest value; `text` is written after the bar ("12 of 14 · 86%")."""

    label: str
    value: float
    whole: float | None = None
    text: str = ""


@dataclass(frozen=True)
class Point:
    """One point of a line: its label on the horizontal axis and its value."""

    label: str
    value: float


def _number(value: float) -> str:
    """A value to one decimal at most ("2.5", "3"), in the reader's language."""
    shown = round(value, 1)
    return number_format(shown, decimal_pos=0 if shown == int(shown) else 1)


def rating_text(value: float) -> str:
    """A rating as every page shows it: to two decimals, rounded as the API rounds
    it (scoring.stats.ratings.DECIMALS), so a figure reads the same everywhere
    (in the reader's language: "12,34" in German)."""
    return number_format(round(value, 2), decimal_pos=2)


def _open(chart_id: str, kind: str, title: str, description: str, height: int) -> str:
    return format_html(
        '<svg class="chart chart-{kind}" viewBox="0 0 {width} {height}" role="img" '
        'aria-label="{title}" aria-describedby="{id}-desc" '
        'xmlns="http://www.w3.org/2000/svg" focusable="false">'
        '<title id="{id}-title">{title}</title><desc id="{id}-desc">{desc}</desc>',
        kind=kind,
        width=WIDTH,
        height=height,
        title=title,
        id=chart_id,
        desc=description,
    )


def bar_chart(
    bars: Sequence[Bar], *, chart_id: str, title: str, description: str
) -> SafeString:
    """Horizontal bars, one row each: the label, the track, the bar, its text."""
    height = max(len(bars), 1) * ROW + 4
    largest = max((bar.value for bar in bars if bar.whole is None), default=0) or 1
    # Room after the track for the longest value written there (at least
    # TEXT_ROOM), so that "10/10 · 100%" is not cut at the edge.
    longest = max((len(bar.text or _number(bar.value)) for bar in bars), default=0)
    track = WIDTH - LABEL - max(TEXT_ROOM, round(longest * CHAR) + 8)
    parts = [_open(chart_id, "bars", title, description, height)]
    for row, bar in enumerate(bars):
        top = row * ROW + 4
        share = bar.value / (bar.whole or largest) if (bar.whole or largest) else 0
        filled = round(track * max(0.0, min(share, 1.0)), 1)
        middle = top + BAR / 2
        parts.append(
            format_html(
                '<g class="chart-row">'
                '<text class="chart-label" x="{lx}" y="{ty}" text-anchor="end" '
                'dominant-baseline="middle">{label}</text>'
                '<rect class="chart-track" x="{x}" y="{y}" width="{track}" '
                'height="{h}" rx="3"></rect>'
                '<rect class="chart-bar" x="{x}" y="{y}" width="{filled}" '
                'height="{h}" rx="3"></rect>'
                '<text class="chart-value" x="{vx}" y="{ty}" '
                'dominant-baseline="middle">{text}</text></g>',
                lx=LABEL - 6,
                ty=middle,
                label=bar.label,
                x=LABEL,
                y=top,
                track=track,
                h=BAR,
                filled=filled,
                vx=LABEL + track + 6,
                text=bar.text or _number(bar.value),
            )
        )
    parts.append("</svg>")
    return mark_safe("".join(parts))


def line_chart(
    points: Sequence[Point],
    *,
    chart_id: str,
    title: str,
    description: str,
    height: int = 160,
    number: Callable[[float], str] = _number,
) -> SafeString:
    """A line through the points, left to right, with the lowest and highest value
    on the vertical axis and the first and last label under it; `number` writes a
    value."""
    values = [point.value for point in points]
    low, high = (min(values), max(values)) if values else (0, 0)
    # The lowest and highest values are written left of the axis, 4 units off:
    # the plot starts after the wider of them, and never nearer the edge than EDGE.
    widest = max(len(number(low)), len(number(high))) if values else 0
    left = max(40, math.ceil(widest * CHAR) + 4 + 2)
    right = WIDTH - EDGE
    # Above: half a value label (written centred on the top) or a dot; below: a
    # dot, then the row of dates.
    top = max(EDGE, FONT // 2 + 4)
    bottom = height - 24
    parts = [_open(chart_id, "line", title, description, height)]
    parts.append(
        format_html(
            '<line class="chart-axis" x1="{l}" y1="{b}" x2="{r}" y2="{b}"></line>'
            '<line class="chart-axis" x1="{l}" y1="{t}" x2="{l}" y2="{b}"></line>',
            l=left,
            r=right,
            t=top,
            b=bottom,
        )
    )
    if points:
        span = (high - low) or 1
        step = (right - left) / max(len(points) - 1, 1)

        def xy(index: int, value: float) -> tuple[float, float]:
            x = left + step * index if len(points) > 1 else (left + right) / 2
            return round(x, 1), round(bottom - (value - low) / span * (bottom - top), 1)

        placed = [xy(index, point.value) for index, point in enumerate(points)]
        parts.append(
            format_html(
                '<polyline class="chart-line" points="{}"></polyline>',
                " ".join(f"{x},{y}" for x, y in placed),
            )
        )
        # A dot each (format_html's work, without its cost for every dot: the
        # coordinates are numbers, the label and the value are escaped).
        parts.extend(
            f'<circle class="chart-dot" cx="{x}" cy="{y}" r="{DOT}">'
            f"<title>{escape(point.label)}: {escape(number(point.value))}</title>"
            "</circle>"
            for (x, y), point in zip(placed, points, strict=True)
        )
        for value, y in ((high, top), (low, bottom)):
            parts.append(
                format_html(
                    '<text class="chart-label" x="{}" y="{}" text-anchor="end" '
                    'dominant-baseline="middle">{}</text>',
                    left - 4,
                    y,
                    number(value),
                )
            )
        ends = [(points[0].label, left, "start")]
        if len(points) > 1:
            ends.append((points[-1].label, right, "end"))
        for label, x, anchor in ends:
            parts.append(
                format_html(
                    '<text class="chart-label" x="{}" y="{}" text-anchor="{}">'
                    "{}</text>",
                    x,
                    height - 6,
                    anchor,
                    label,
                )
            )
    parts.append("</svg>")
    return mark_safe("".join(parts))
