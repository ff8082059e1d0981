"""Skill ratings' model: OpenSkill's Plackett-Luce (docs/ratings.md) and a finished
game's places, without the database.

Every finished game that was not abandoned rates its players: the sides are the
teams (partners share a result), placed winner first, then by final score (sides of
equal score share a place). The rating shown is the ordinal, mu - 3 * sigma.
"""

from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import NamedTuple

from openskill.models import PlackettLuce

# The model's own defaults: mu 25, sigma 25/3, beta 25/6, tau 25/300.
MODEL = PlackettLuce()

# A game's place in the finish order.
OrderKey = tuple[datetime, int]


class Skill(NamedTuple):
    mu: float
    sigma: float


DEFAULT = Skill(MODEL.mu, MODEL.sigma)


def ordinal(skill: Skill) -> float:
    """The rating shown: mu - 3 * sigma."""
    return skill.mu - 3 * skill.sigma


def side_places(scores: list[int], winner: int) -> list[int]:
    """Each side's place in a finished game (1 first): the winner first, the others
    by final score, highest first; sides with the same score share a place (the
    winner's place is its own even when another side has as many points)."""
    if not 0 <= winner < len(scores):
        raise ValueError(f"winner {winner} is not one of {len(scores)} sides")
    places = []
    for side, score in enumerate(scores):
        if side == winner:
            places.append(1)
            continue
        ahead = sum(
            1
            for other, theirs in enumerate(scores)
            if other != winner and theirs > score
        )
        places.append(2 + ahead)
    return places


@dataclass(frozen=True, slots=True)
class Seating:
    """Who played a rated game: each player's side and that side's place."""

    key: OrderKey
    places: dict[int, tuple[int, int]]  # player id -> (side, place)


def rate(
    places: Mapping[int, tuple[int, int]], before: Mapping[int, Skill]
) -> dict[int, Skill]:
    """The players' skills after one game, from their skills before it."""
    teams: dict[int, list[int]] = defaultdict(list)
    for player, (side, _) in sorted(places.items()):
        teams[side].append(player)
    sides = sorted(teams)
    ranks = [places[teams[side][0]][1] for side in sides]
    rated = MODEL.rate(
        [
            [MODEL.rating(mu=before[p].mu, sigma=before[p].sigma) for p in teams[side]]
            for side in sides
        ],
        ranks=ranks,
    )
    return {
        player: Skill(new.mu, new.sigma)
        for side, team in zip(sides, rated, strict=True)
        for player, new in zip(teams[side], team, strict=True)
    }
