"""A progressive Pitch night: seating, the movements between rounds, tallies.

Players (every entrant a player) sit at numbered tables, table 1 the head table.
A table of 4 is two sides of partners opposite (seats 0 and 2, 1 and 3); a table
of 3 or 5 plays solo. Everything here is computed from what the caller stores:
the players in seed order (late arrivals appended), who has left, and each
played round's tables with their scores.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from .base import EntrantId, PairingError, Standing, check_entrants

Movement = Literal["winners_up", "fixed"]
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


def _cut(order: Sequence[EntrantId], sizes: Sequence[int]) -> list[list[EntrantId]]:
    tables: list[list[EntrantId]] = []
    start = 0
    for size in sizes:
        tables.append(list(order[start : start + size]))
        start += size
    return tables


def _seating(tables: list[list[EntrantId]], out: Sequence[EntrantId]) -> Seating:
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
    return _seating(_cut(players, sizes), players[seated:])


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


def _check_rounds(
    players: Sequence[EntrantId], played: Sequence[PlayedRound]
) -> dict[EntrantId, int]:
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


def progressive_next_round(
    players: Sequence[EntrantId],
    played: Sequence[PlayedRound],
    *,
    movement: Movement = "winners_up",
    solo: bool = True,
    left: Collection[EntrantId] = (),
) -> Seating:
    """The seating of the round after ``played`` (at least one round).

    ``players``: everyone in seed order, late arrivals appended (a player who is
    in ``players`` but not in the last round arrived late: they join at the last
    table). ``left``: players who have gone home (not seated again).

    ``winners_up``: at each table but the head table the winners move up one
    table, at the head table they stay and its losers go to the last table; then
    partners split (each stayer partners an arrival). ``fixed``: North stays,
    South moves down one table, East up one, West up two among the tables that
    have a West seat (wrapping), a fifth seat stays.

    Without solo play the left-over players sit out in turn: the fewest sit-outs
    first, then the last in seed order (so late arrivals first).

    Who comes (an arrival, a returning sit-out): by ``winners_up`` they join the
    last table and the room is fitted to the layout from the head table down
    without moving a loser up or a winner down while someone else can go
    (``_fit``); by ``fixed`` (seats are positions) they take a seat left free,
    and when the number of players changes the tables the room is re-cut in
    table order with the newcomers at the end.
    """
    if not played:
        raise PairingError(
            "no_round_played", "rounds", "Round 1 is drawn with the first seating."
        )
    if movement not in ("winners_up", "fixed"):
        raise PairingError(
            "unknown_movement",
            "movement",
            f"Movement must be 'winners_up' or 'fixed', not {movement!r}.",
            {"movement": movement},
        )
    seeds = _check_rounds(players, played)
    last = played[-1]
    gone = set(left)
    present = [player for player in players if player not in gone]
    sizes, out_count = table_layout(len(present), solo=solo)
    moved = _winners_up if movement == "winners_up" else _fixed_movement
    provisional = moved(last, seeds)
    in_last = {player for table in last.tables for player in table.players}
    returners = [p for p in last.sitting_out if p not in gone]
    arrivals = [p for p in present if p not in in_last and p not in last.sitting_out]
    sat_out: dict[EntrantId, int] = defaultdict(int)
    for round_ in played:
        for player in round_.sitting_out:
            sat_out[player] += 1
    turn = sorted(present, key=lambda player: (sat_out[player], -seeds[player]))
    out = sorted(turn[:out_count], key=seeds.__getitem__)
    leaving = gone | set(out)
    fillers = [p for p in (*arrivals, *returners) if p not in leaving]
    if movement == "winners_up":
        # Who comes joins the last table; the room is then fitted to the layout
        # from the head table down without moving a loser up or a winner down
        # while someone else can go (_fit).
        kept = [[p for p in table if p not in leaving] for table in provisional]
        kept[-1].extend(_returners_then_arrivals(fillers, arrivals))
        tables = _fit(kept, sizes, _last_places(last, seeds))
    elif tuple(map(len, provisional)) == sizes:
        tables = _fill(provisional, leaving, fillers)
    else:
        order = [p for table in provisional for p in table if p not in leaving]
        tables = _cut(order + _returners_then_arrivals(fillers, arrivals), sizes)
    if movement == "winners_up":
        partners = {
            frozenset(side)
            for table in last.tables
            if not table.solo
            for side in (table.players[0::2], table.players[1::2])
        }
        tables = [_split_partners(table, partners) for table in tables]
    return _seating(tables, out)


def _returners_then_arrivals(
    fillers: Sequence[EntrantId], arrivals: Sequence[EntrantId]
) -> list[EntrantId]:
    arriving = set(arrivals)
    return [p for p in fillers if p not in arriving] + [
        p for p in fillers if p in arriving
    ]


def _winners_up(
    last: PlayedRound, seeds: Mapping[EntrantId, int]
) -> list[list[EntrantId]]:
    """The next tables by the winners-up movement, before anyone leaves or comes."""
    winners: list[list[EntrantId]] = []
    losers: list[list[EntrantId]] = []
    for table in last.tables:
        won = table_winners(table, seeds)
        score = _player_scores(table)
        # Best first: if a table cannot take them all, the best move up.
        winners.append(sorted(won, key=lambda p: (-score[p], seeds[p])))
        losers.append([p for p in table.players if p not in won])
    count = len(last.tables)
    tables: list[list[EntrantId]] = []
    staying: list[EntrantId] = []
    for index, table in enumerate(last.tables):
        base = winners[0] if index == 0 else losers[index] + staying
        arriving = winners[index + 1] if index + 1 < count else []
        if index == count - 1:
            arriving = arriving + losers[0]
        room = max(len(table.players) - len(base), 0)
        tables.append(base + arriving[:room])
        staying = arriving[room:]
    # Only a room laid out otherwise than ``table_layout`` leaves anyone over;
    # they are not lost (the room is then cut again to the layout).
    tables[-1].extend(staying)
    return tables


def _last_places(
    last: PlayedRound, seeds: Mapping[EntrantId, int]
) -> dict[EntrantId, tuple[int, bool]]:
    """Each player of the last round's tables: their table's number and whether
    they won it."""
    places: dict[EntrantId, tuple[int, bool]] = {}
    for number, table in enumerate(last.tables, start=1):
        won = set(table_winners(table, seeds))
        for player in table.players:
            places[player] = (number, player in won)
    return places


def _fit(
    tables: list[list[EntrantId]],
    sizes: Sequence[int],
    places: Mapping[EntrantId, tuple[int, bool]],
) -> list[list[EntrantId]]:
    """Fit the moved tables to the layout's sizes, from the head table down.

    A table short of players takes them from the tables below, one at a time:
    first a winner of the last round (moving up further), then a loser who does
    not move above the table they lost at (a head table's loser staying), then
    a loser moving up, and a newcomer (late arrival, returning sit-out) only if
    nobody else is left; the nearest table first, then the seating order. A
    table with too many passes the excess down to the next table: losers and
    newcomers first, the last seated first, a winner only if nobody else is
    left. So when the number of players changes the tables, late arrivals stay
    at the last table, and nobody who lost moves up (nor anyone who won down)
    while someone else can take the seat.
    """
    rows = [list(table) for table in tables]
    rows += [[] for _ in range(len(sizes) - len(rows))]

    def pull_cost(player: EntrantId, into: int) -> int:
        place = places.get(player)
        if place is None:
            return 3  # a newcomer joins the last table
        table, won = place
        if won:
            return 0
        return 2 if into < table else 1

    def push_cost(player: EntrantId) -> int:
        place = places.get(player)
        return 1 if place is not None and place[1] else 0

    for index, size in enumerate(sizes):
        here = rows[index]
        while len(here) < size:
            _, below, seat = min(
                (pull_cost(player, index + 1), below, seat)
                for below in range(index + 1, len(rows))
                for seat, player in enumerate(rows[below])
            )
            here.append(rows[below].pop(seat))
        while len(here) > size:
            _, back = min(
                (push_cost(player), -seat) for seat, player in enumerate(here)
            )
            rows[index + 1].insert(0, here.pop(-back))
    return rows[: len(sizes)]


def _player_scores(table: TableResult) -> dict[EntrantId, int]:
    if table.solo:
        return dict(zip(table.players, table.scores, strict=True))
    return {player: table.scores[seat % 2] for seat, player in enumerate(table.players)}


def _fixed_movement(
    last: PlayedRound, seeds: Mapping[EntrantId, int]
) -> list[list[EntrantId]]:
    """The next tables by the fixed movement (seats kept: North stays North …)."""
    old = [list(table.players) for table in last.tables]
    count = len(old)
    new = [list(table) for table in old]
    for t in range(count):
        new[t][SOUTH] = old[(t - 1) % count][SOUTH]
        new[t][EAST] = old[(t + 1) % count][EAST]
    west = [t for t in range(count) if len(old[t]) > WEST]
    for j, t in enumerate(west):
        new[t][WEST] = old[west[(j + 2) % len(west)]][WEST]
    return new


def _fill(
    tables: list[list[EntrantId]],
    leaving: Collection[EntrantId],
    fillers: Sequence[EntrantId],
) -> list[list[EntrantId]]:
    """Free the seats of those leaving and give them to the fillers, the last
    table's seats first (late arrivals join at the last table)."""
    free = [
        (t, seat)
        for t in reversed(range(len(tables)))
        for seat, player in enumerate(tables[t])
        if player in leaving
    ]
    filled = [list(table) for table in tables]
    for (t, seat), player in zip(free, fillers, strict=True):
        filled[t][seat] = player
    return filled


def _split_partners(
    table: list[EntrantId], partners: Collection[frozenset[EntrantId]]
) -> list[EntrantId]:
    """Seat a table of 4 so that nobody partners last round's partner: the
    order given if it does, else the other two ways of pairing the four (one of
    the three always does)."""
    if len(table) != 4:
        return table
    a, b, c, d = table
    for seats in ((a, b, c, d), (a, c, b, d), (a, b, d, c)):
        sides = (frozenset(seats[0::2]), frozenset(seats[1::2]))
        if not any(side in partners for side in sides):
            return list(seats)
    raise AssertionError("three pairings of four players cannot all repeat")


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
    seeds = _check_rounds(players, played)
    points: dict[EntrantId, int] = defaultdict(int)
    won: dict[EntrantId, int] = defaultdict(int)
    rounds: dict[EntrantId, int] = defaultdict(int)
    byes: dict[EntrantId, int] = defaultdict(int)
    for round_ in played:
        scored: list[int] = []
        for table in round_.tables:
            winners = set(table_winners(table, seeds))
            for player, score in _player_scores(table).items():
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
