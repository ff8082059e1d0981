"""What every format shares: entrant ids, pairings, results, standings, the error."""

from __future__ import annotations

import random
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal, TypeAlias

#: An entrant as the caller knows it (a database id, a name …): opaque and hashable.
EntrantId: TypeAlias = Hashable

Seeding = Literal["given", "random"]


class PairingError(ValueError):
    """Bad input for a draw: ``code`` is stable, ``field`` names what is wrong.

    ``params`` holds what the sentence names (entrant ids, numbers), so a page can
    say it in its own words; ``message`` is a plain English sentence.
    """

    def __init__(
        self,
        code: str,
        field: str,
        message: str,
        params: Mapping[str, object] | None = None,
    ) -> None:
        self.code = code
        self.field = field
        self.message = message
        self.params = dict(params) if params else {}
        super().__init__(message)

    def __repr__(self) -> str:
        return f"PairingError(code={self.code!r}, field={self.field!r})"


@dataclass(frozen=True)
class Pairing:
    """One match of a drawn round: its entrants in seat order (team A first).

    A bye has a single entrant.
    """

    entrants: tuple[EntrantId, ...]

    @property
    def is_bye(self) -> bool:
        return len(self.entrants) == 1


@dataclass(frozen=True)
class Result:
    """A completed match: its entrants in seat order, the winner, the points.

    A bye is ``Result((a,), winner=a)``; ``scores`` (one per entrant, the points of
    the match's last game or as entered on paper) may be ``None`` when unknown.
    """

    entrants: tuple[EntrantId, ...]
    winner: EntrantId
    scores: tuple[int, ...] | None = None

    @property
    def is_bye(self) -> bool:
        return len(self.entrants) == 1

    def opponent_of(self, entrant: EntrantId) -> EntrantId | None:
        """The other entrant of a played match (``None`` for a bye)."""
        if self.is_bye:
            return None
        first, second = self.entrants
        return second if entrant == first else first

    def points_of(self, entrant: EntrantId) -> tuple[int, int]:
        """``(points for, points against)`` of ``entrant`` in this match."""
        if self.is_bye or self.scores is None:
            return 0, 0
        index = self.entrants.index(entrant)
        return self.scores[index], self.scores[1 - index]


@dataclass(frozen=True)
class Standing:
    """One line of a format's standings (the API's ``standings[]``).

    ``measures`` holds the format's tie-break measures by name (``buchholz``,
    ``head_to_head``, ``points_difference``, ``rounds_won`` …).
    """

    rank: int
    entrant: EntrantId
    played: int
    won: int
    lost: int
    byes: int
    points_for: int
    points_against: int
    measures: Mapping[str, int] = field(default_factory=dict)


def check_entrants(entrants: Sequence[EntrantId], *, minimum: int = 2) -> None:
    """Refuse fewer than ``minimum`` entrants or an entrant given twice."""
    if len(entrants) < minimum:
        raise PairingError(
            "too_few_entrants",
            "entrants",
            f"At least {minimum} entrants are needed; {len(entrants)} given.",
            {"minimum": minimum, "given": len(entrants)},
        )
    seen: set[EntrantId] = set()
    for entrant in entrants:
        if entrant in seen:
            raise PairingError(
                "entrant_twice",
                "entrants",
                f"Entrant {entrant!r} is given twice.",
                {"entrant": entrant},
            )
        seen.add(entrant)


def check_results(entrants: Sequence[EntrantId], results: Iterable[Result]) -> None:
    """Refuse a result naming an unknown entrant or a winner not in its match."""
    known = set(entrants)
    for number, result in enumerate(results, start=1):
        if not 1 <= len(result.entrants) <= 2:
            raise PairingError(
                "bad_result",
                f"results.{number}.entrants",
                "A match has two entrants (one for a bye).",
            )
        for entrant in result.entrants:
            if entrant not in known:
                raise PairingError(
                    "unknown_entrant",
                    f"results.{number}.entrants",
                    f"Entrant {entrant!r} is not in this tournament.",
                    {"entrant": entrant},
                )
        if len(result.entrants) == 2 and result.entrants[0] == result.entrants[1]:
            raise PairingError(
                "bad_result",
                f"results.{number}.entrants",
                f"Entrant {result.entrants[0]!r} cannot play itself.",
                {"entrant": result.entrants[0]},
            )
        if result.winner not in result.entrants:
            raise PairingError(
                "winner_not_in_match",
                f"results.{number}.winner",
                f"The winner {result.winner!r} did not play this match.",
                {"entrant": result.winner},
            )
        if result.scores is not None and len(result.scores) != len(result.entrants):
            raise PairingError(
                "bad_scores",
                f"results.{number}.scores",
                "Give one score per entrant of the match.",
            )


def seed_order(
    entrants: Sequence[EntrantId],
    seeding: Seeding = "given",
    rng: random.Random | None = None,
) -> list[EntrantId]:
    """The entrants in seed order: as given, or shuffled once with ``rng``.

    Random seeding needs the caller's seedable ``random.Random`` (the draw is
    made once, when the tournament starts; store the order it returns).
    """
    if seeding == "given":
        return list(entrants)
    if seeding == "random":
        if rng is None:
            raise PairingError(
                "rng_needed", "seeding", "Random seeding needs a random generator."
            )
        order = list(entrants)
        rng.shuffle(order)
        return order
    raise PairingError(
        "unknown_seeding",
        "seeding",
        f"Seeding must be 'given' or 'random', not {seeding!r}.",
        {"seeding": seeding},
    )
