"""The movements of a progressive night: the seating of the round after those played.

``winners_up`` moves each table's winners up one table (the head table's stay, its
losers go to the last table) and splits partners; ``fixed`` keeps seats as
positions (North stays, South down one, East up one, West up two). Who leaves, sits
out in turn or arrives late is fitted to ``table_layout`` (``pairing.progressive``).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Collection, Mapping, Sequence
from typing import Literal

from .base import EntrantId, PairingError
from .progressive import (
    EAST,
    SOUTH,
    WEST,
    PlayedRound,
    Seating,
    check_rounds,
    cut,
    player_scores,
    seating,
    table_layout,
    table_winners,
)

Movement = Literal["winners_up", "fixed"]


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
    seeds = check_rounds(players, played)
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
        tables = cut(order + _returners_then_arrivals(fillers, arrivals), sizes)
    if movement == "winners_up":
        partners = {
            frozenset(side)
            for table in last.tables
            if not table.solo
            for side in (table.players[0::2], table.players[1::2])
        }
        tables = [_split_partners(table, partners) for table in tables]
    return seating(tables, out)


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
        score = player_scores(table)
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
