"""A progressive Pitch night: its tables, the first seating, table winners, tallies.

Players (every entrant a player) sit at numbered tables, table 1 the head table.
A table of 4 is two sides of partners opposite (seats 0 and 2, 1 and 3); a table
of 3 or 5 plays solo. Everything here is computed from what the caller stores:
the players in seed order (late arrivals appended), who has left, and each
played round's tables with their scores. The movements between rounds (the
seating of the next round) are ``pairing.movements``'.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from .base import EntrantId, PairingError, Standing, check_entrants

Scoring = Literal["points", "wins"]

DEFAULT_ROUNDS = 4
DEFAULT_HANDS_PER_ROUND = 8
MIN_PLAYERS = 4

# Seats of a table: North, East, South, West (partners North-South, East-West)
# and a fifth seat at a table of 5.
NORTH, EAST, SOUTH, WEST, FIFTH = range(5)


@dataclass(frozen=True)
class Table:
    """A table of a round: its number (1 = head table) and players in seat order."""

    number: int
    players: tuple[EntrantId, ...]

    @property
    def solo(self) -> bool:
        """A table of 3 or 5: each player for themself."""
        return len(self.players) != 4

    @property
    def sides(self) -> tuple[tuple[EntrantId, ...], ...]:
        """The sides as the table's game counts them: two pairs of partners
        (seats 0+2, 1+3) at a table of 4, each player alone at a solo table."""
        if self.solo:
            return tuple((player,) for player in self.players)
        return (self.players[0::2], self.players[1::2])


@dataclass(frozen=True)
class Seating:
    """A round's draw: its tables in order and who sits out (credited a bye)."""

    tables: tuple[Table, ...]
    sitting_out: tuple[EntrantId, ...] = ()


@dataclass(frozen=True)
class TableResult:
    """A table's result: its players in seat order and one score per side
    (two at a table of 4, one per player at a solo table)."""

    players: tuple[EntrantId, ...]
    scores: tuple[int, ...]

    @property
    def solo(self) -> bool:
        return len(self.players) != 4


@dataclass(frozen=True)
class PlayedRound:
    """A round as played: its tables' results (table 1 first) and its sit-outs."""

    tables: tuple[TableResult, ...]
    sitting_out: tuple[EntrantId, ...] = ()


def table_layout(players: int, *, solo: bool = True) -> tuple[tuple[int, ...], int]:
    """The sizes of the tables for ``players`` and how many sit out.

    Tables of 4; what is left over makes the last table 3 or 5 (two tables of 3
    when 2 are left over), or, when the variant has no solo play, sits out.
    """
    if players < MIN_PLAYERS:
        raise PairingError(
            "too_few_players",
            "entrants",
            f"A progressive night needs at least {MIN_PLAYERS} players; "
            f"{players} given.",
            {"minimum": MIN_PLAYERS, "given": players},
        )
    full, left_over = divmod(players, 4)
    if not solo:
        return (4,) * full, left_over
    if left_over == 0:
        return (4,) * full, 0
    if left_over == 1:
        return (4,) * (full - 1) + (5,), 0
    if left_over == 2:
        return (4,) * (full - 1) + (3, 3), 0
    return (4,) * full + (3,), 0


def fixed_movement_repeats(tables: int) -> bool:
    """With fewer than 3 tables the fixed movement brings the same tables back
    (a night says so on its page)."""
    return tables < 3


def cut(order: Sequence[EntrantId], sizes: Sequence[int]) -> list[list[EntrantId]]:
    """The players in ``order`` cut into tables of ``sizes``."""
    tables: list[list[EntrantId]] = []
    start = 0
    for size in sizes:
        tables.append(list(order[start : start + size]))
        start += size
    return tables


def seating(tables: list[list[EntrantId]], out: Sequence[EntrantId]) -> Seating:
    """A ``Seating`` of these tables (numbered from 1) and sit-outs."""
    return Seating(
        tables=tuple(
            Table(number, tuple(players))
            for number, players in enumerate(tables, start=1)
        ),
        sitting_out=tuple(out),
    )


def progressive_first_round(
    players: Sequence[EntrantId], *, solo: bool = True
) -> Seating:
    """Round 1: the players in the order given (shuffle it first with
    ``seed_order`` for ``seeding: random``), four to a table in seat order; the
    left-over players make the last table(s) of 3 or 5 or, without solo play,
    sit out (the last ones given)."""
    check_entrants(players, minimum=MIN_PLAYERS)
    sizes, out = table_layout(len(players), solo=solo)
    seated = len(players) - out
    return seating(cut(players, sizes), players[seated:])


def table_winners(
    result: TableResult, seeds: Mapping[EntrantId, int]
) -> tuple[EntrantId, ...]:
    """Who won a table (and moves up): the side with more points at a table of
    4; the two highest scorers at a solo table (ties: the better seed)."""
    if not result.solo:
        first, second = result.scores
        if first == second:
            raise PairingError(
                "tied_table",
                "scores",
                f"The table is tied at {first}: play one more hand.",
                {"score": first},
            )
        return result.players[0::2] if first > second else result.players[1::2]
    ranked = sorted(
        range(len(result.players)),
        key=lambda seat: (-result.scores[seat], seeds[result.players[seat]]),
    )
    return tuple(result.players[seat] for seat in sorted(ranked[:2]))


def check_rounds(
    players: Sequence[EntrantId], played: Sequence[PlayedRound]
) -> dict[EntrantId, int]:
    """Check the rounds played; return each player's seed (from 1)."""
    check_entrants(players, minimum=MIN_PLAYERS)
    seeds = {player: seed for seed, player in enumerate(players, start=1)}
    for number, round_ in enumerate(played, start=1):
        seen: set[EntrantId] = set()
        for table_number, table in enumerate(round_.tables, start=1):
            where = f"rounds.{number}.tables.{table_number}"
            if len(table.players) not in (3, 4, 5):
                raise PairingError(
                    "bad_table",
                    f"{where}.players",
                    "A table seats 3, 4 or 5 players.",
                    {"players": len(table.players)},
                )
            sides = 2 if len(table.players) == 4 else len(table.players)
            if len(table.scores) != sides:
                raise PairingError(
                    "bad_scores",
                    f"{where}.scores",
                    f"Give {sides} scores: one per side of the table.",
                    {"sides": sides},
                )
            for player in table.players:
                _check_player(player, seeds, seen, f"{where}.players")
        for player in round_.sitting_out:
            _check_player(player, seeds, seen, f"rounds.{number}.sitting_out")
    return seeds


def _check_player(
    player: EntrantId, seeds: Mapping[EntrantId, int], seen: set[EntrantId], where: str
) -> None:
    if player not in seeds:
        raise PairingError(
            "unknown_entrant",
            where,
            f"Player {player!r} is not in this night.",
            {"entrant": player},
        )
    if player in seen:
        raise PairingError(
            "seated_twice",
            where,
            f"Player {player!r} is seated twice in one round.",
            {"entrant": player},
        )
    seen.add(player)


def player_scores(table: TableResult) -> dict[EntrantId, int]:
    """Each player's points at a table: their side's, or their own (solo)."""
    if table.solo:
        return dict(zip(table.players, table.scores, strict=True))
    return {player: table.scores[seat % 2] for seat, player in enumerate(table.players)}


def progressive_standings(
    players: Sequence[EntrantId],
    played: Sequence[PlayedRound],
    *,
    scoring: Scoring = "points",
) -> list[Standing]:
    """The night's tallies, ranked.

    A player's points in a round are their side's (their own at a solo table);
    a round is won by the winning side (the two highest scorers at a solo
    table). A player who sat out is credited the round's mean points (over the
    players seated, rounded half up) and a round won (a bye counts as a won
    round: also the mean of rounds won, one half, rounded up). ``points``:
    total points, then rounds won; ``wins``: rounds won, then total points;
    then seed. ``played`` counts rounds (byes included), ``points_for`` the
    total points; ``points_against`` is not kept (0). ``measures``: ``points``,
    ``rounds_won``, ``byes``.
    """
    if scoring not in ("points", "wins"):
        raise PairingError(
            "unknown_scoring",
            "scoring",
            f"Scoring must be 'points' or 'wins', not {scoring!r}.",
            {"scoring": scoring},
        )
    seeds = check_rounds(players, played)
    points: dict[EntrantId, int] = defaultdict(int)
    won: dict[EntrantId, int] = defaultdict(int)
    rounds: dict[EntrantId, int] = defaultdict(int)
    byes: dict[EntrantId, int] = defaultdict(int)
    for round_ in played:
        scored: list[int] = []
        for table in round_.tables:
            winners = set(table_winners(table, seeds))
            for player, score in player_scores(table).items():
                points[player] += score
                rounds[player] += 1
                won[player] += player in winners
                scored.append(score)
        if round_.sitting_out:
            mean = Fraction(sum(scored), len(scored)) if scored else Fraction(0)
            credit = math.floor(mean + Fraction(1, 2))
            for player in round_.sitting_out:
                points[player] += credit
                rounds[player] += 1
                won[player] += 1
                byes[player] += 1

    def key(player: EntrantId) -> tuple[int, int, int]:
        if scoring == "points":
            return (-points[player], -won[player], seeds[player])
        return (-won[player], -points[player], seeds[player])

    return [
        Standing(
            rank=rank,
            entrant=player,
            played=rounds[player],
            won=won[player],
            lost=rounds[player] - won[player],
            byes=byes[player],
            points_for=points[player],
            points_against=0,
            measures={
                "points": points[player],
                "rounds_won": won[player],
                "byes": byes[player],
            },
        )
        for rank, player in enumerate(sorted(players, key=key), start=1)
    ]
