"""What the help pages say in numbers, read from the engine, so that a page never
says 7 where the engine plays to 11: a variant's default rules (``make_rules``), its
points and their values, its bids and its targets.

The words are the templates' (``templates/scoring/help/<slug>.html``); the names of
the variants are here, as the index page lists them.
"""

from dataclasses import dataclass

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from scoring.engine import POINT_VALUES, Variant, make_rules
from scoring.engine.awards import MAX_GAME_POINTS

# The variants' names as the help pages say them (GLOSSARY.md, "The game").
NAMES: dict[Variant, Promise] = {
    Variant.AUCTION: _("Auction Pitch (Setback)"),
    Variant.THIRTEEN: _("13-Point Partner Pitch"),
}

# The smallest table of each variant with partners: the numbers below do not depend
# on the table, only on the variant and its default options.
_PLAYERS = 4


@dataclass(frozen=True)
class Point:
    """One point of a hand: its API name (the page's anchor) and its value."""

    id: str
    value: int


@dataclass(frozen=True)
class VariantHelp:
    """A variant's numbers as its help page says them."""

    slug: str
    name: Promise
    points: tuple[Point, ...]
    # A point's value by its API name: `variant.worth.three` in a template.
    worth: dict[str, int]
    max_points: int
    min_bid: int
    max_bid: int
    stuck_dealer_min_bid: int
    may_steal: bool
    target: int
    pitcher_only_win: bool
    game_points_most: int

    @property
    def template(self) -> str:
        return f"scoring/help/{self.slug}.html"

    @property
    def highest_steal(self) -> int:
        """The highest bid a dealer can steal: a top bid has ended the auction."""
        return self.max_bid - 1


def _summary(variant: Variant) -> VariantHelp:
    rules = make_rules(variant, _PLAYERS)
    values = POINT_VALUES[variant]
    return VariantHelp(
        slug=str(variant),
        name=NAMES[variant],
        points=tuple(Point(point, values[point]) for point in rules.points),
        worth=dict(values),
        max_points=rules.max_points,
        min_bid=rules.min_bid,
        max_bid=rules.max_bid,
        stuck_dealer_min_bid=rules.stuck_dealer_min_bid,
        may_steal=rules.may_steal,
        target=rules.target,
        pitcher_only_win=rules.pitcher_only_win,
        game_points_most=MAX_GAME_POINTS,
    )


VARIANTS: dict[str, VariantHelp] = {
    str(variant): _summary(variant) for variant in Variant
}


def variant_help(slug: str) -> VariantHelp | None:
    """The help of the variant named `slug` ("auction", "thirteen"), or None."""
    return VARIANTS.get(slug)
