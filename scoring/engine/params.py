"""The parameters a refusal's sentence can name: seats, sides, values as given.

A ``RuleViolation``'s ``params`` hold numbers and these markers; ``render``
(``engine.render``) says each in words, with seat numbers or the players' names.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Seat:
    """A seat (0-based): "seat 2", or the name of the player sitting there."""

    number: int


@dataclass(frozen=True, slots=True)
class Side:
    """A side: "seat 2" in solo play, "team 0 (seats 0 and 2)" with partners; or
    the side's name."""

    number: int
    seats: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class SeatOf:
    """Any seat of one side: "seat 0 or 2" ("seat 1" in solo play)."""

    seats: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Sides:
    """Several sides together: "seat 0 and seat 2"."""

    sides: tuple[Side, ...]


@dataclass(frozen=True, slots=True)
class Given:
    """A value as the scorekeeper gave it: "x" quoted, true, nothing, 3.5."""

    value: object


@dataclass(frozen=True, slots=True)
class OneOf:
    """The values allowed, quoted: '"auction" or "thirteen"'."""

    values: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Listing:
    """Names in a list: "high, low, jack, game"."""

    values: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class VariantName:
    """A variant by its name: "Auction Pitch"."""

    variant: str


@dataclass(frozen=True, slots=True)
class PointName:
    """A point as a sentence names it: "High", "the ace"."""

    point: str
