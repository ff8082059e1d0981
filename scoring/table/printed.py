"""Who took each point of a hand, as the printed score sheet says it (issue 23): in
each side's cell the letters of the points it took, with the partner's name in a
partnership game that names one; beside the bid the points nobody took; the legend
of the letters. No queries of its own (awards prefetched)."""

from typing import Any

from scoring.engine import Rules, Variant
from scoring.models import Hand, Point
from scoring.table.words import printed as words


def point_marks(
    hand: Hand, rules: Rules, seats: dict[int, str], *, partnership: bool
) -> tuple[list[list[dict[str, Any]]], list[str]]:
    """The points each side took in the hand, in the variant's order, each as
    {"letters", "who"} ("who": the partner who took it, in a partnership game of
    High, Low, Jack and Game; None otherwise), and the letters of the points nobody
    took."""
    taken = {award.point: award for award in hand.awards.all()}
    by_side: list[list[dict[str, Any]]] = [[] for _ in hand.deltas]
    nobody = []
    name_taker = partnership and rules.variant is not Variant.THIRTEEN
    for point in rules.points:
        letters = words.point_letters(point)
        award = taken.get(point)
        if award is None:
            nobody.append(letters)
            continue
        who = seats[award.seat] if name_taker and award.seat is not None else None
        by_side[award.side].append({"letters": letters, "who": who})
    return by_side, nobody


def legend(rules: Rules, *, partnership: bool) -> dict[str, Any]:
    """What the letters mean, for the line under the printed sheet."""
    return {
        "intro": words.legend_intro(partnership),
        "points": [
            {"letters": words.point_letters(point), "label": Point(point).label}
            for point in rules.points
        ],
        "nobody": words.nobody_took(),
        "nobody_words": words.legend_nobody(),
    }
