"""An elimination bracket as drawn: every match, and where its entrants come from.

A bracket is drawn once (``draw_bracket``): every match it can ever hold, with
where each of its two entrants comes from (a seed, the winner or the loser of an
earlier match, or nobody: a bye). Seeds are laid out by ``bracket_order``; matches
nobody can reach are left out. ``bracket_dependents`` follows the layout onwards
from one match. What results make of it is ``elimination``'s.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from .base import EntrantId, PairingError, check_entrants

Kind = Literal["seed", "winner", "loser", "empty"]

WINNERS = "winners"
LOSERS = "losers"
FINAL = "final"
BRACKETS = (WINNERS, LOSERS, FINAL)


@dataclass(frozen=True, order=True)
class MatchKey:
    """A match's place: its bracket (``winners``, ``losers``, ``final``), round
    and number in the round, both from 1 (the API's ``rounds[].bracket``,
    ``rounds[].number``, ``matches[].number``)."""

    bracket: str
    round: int
    number: int

    def __str__(self) -> str:
        return f"{self.bracket} round {self.round} match {self.number}"


@dataclass(frozen=True)
class Source:
    """Where a slot's entrant comes from: ``seed`` (``seed``), the ``winner`` or
    the ``loser`` of ``match``, or ``empty`` (nobody: the other entrant has a
    bye)."""

    kind: Kind
    seed: int | None = None
    match: MatchKey | None = None


_EMPTY_SOURCE = Source("empty")


@dataclass(frozen=True)
class BracketMatch:
    key: MatchKey
    sources: tuple[Source, Source]
    #: A losers'-bracket match whose first slot takes a winners'-bracket loser:
    #: ``sources[0]`` is the default placement only (see ``bracket_state``).
    drop_in: bool = False


@dataclass(frozen=True)
class Bracket:
    """Every match of an elimination tournament, in play order."""

    entrants: tuple[EntrantId, ...]
    size: int
    double: bool
    third_place: bool
    grand_final_reset: bool
    matches: tuple[BracketMatch, ...]

    @property
    def winners_rounds(self) -> int:
        return self.size.bit_length() - 1

    def match(self, key: MatchKey) -> BracketMatch:
        for match in self.matches:
            if match.key == key:
                return match
        raise PairingError(
            "unknown_match", "match", f"There is no {key}.", {"match": str(key)}
        )


def bracket_size(entrants: int) -> int:
    """The smallest power of two at least ``entrants`` (and at least 2)."""
    size = 2
    while size < entrants:
        size *= 2
    return size


def bracket_order(size: int) -> list[int]:
    """Seeds in bracket order, two by two the first round's matches.

    For 8: 1 8 4 5 2 7 3 6 (1-8, 4-5, 2-7, 3-6): seed s meets size+1-s, and 1
    and 2 can meet only in the final, 1 and 4 only in a semi-final …
    """
    order = [1]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [seed for top in order for seed in (top, total - top)]
    return order


def _drop_in_order(count: int, winners_round: int) -> list[int]:
    """The default placement of round ``winners_round``'s losers: for match j of
    the losers' round they drop into, the number of the winners' match whose
    loser comes. Reversed after even rounds, halves swapped after odd ones, so
    that the losers of one half meet the survivors of the other."""
    numbers = list(range(1, count + 1))
    if count == 1:
        return numbers
    if winners_round % 2 == 0:
        return numbers[::-1]
    half = count // 2
    return numbers[half:] + numbers[:half]


def draw_bracket(
    entrants: Sequence[EntrantId],
    *,
    double: bool = False,
    third_place: bool = False,
    grand_final_reset: bool = True,
) -> Bracket:
    """Draw the bracket of ``entrants`` (in seed order: random seeding is
    ``seed_order``'s job).

    Single elimination: ``bracket_size(n)`` slots in ``bracket_order``, seeds
    above n are byes (so the top seeds get them); the winners of matches 2j-1
    and 2j meet in match j of the next round. ``third_place`` adds a match of the
    semi-final losers (``final`` round 1; ignored with 2 entrants).

    ``double``: a losers' bracket and a grand final (``final`` round 1; its reset,
    ``final`` round 2, when ``grand_final_reset``). Losers' round 1 pairs the
    losers of winners' matches 2j-1 and 2j; losers' round 2k-2 takes the losers
    of winners' round k (k ≥ 2) against the survivors, round 2k-1 pairs the
    survivors among themselves. Matches that can never have an entrant (losers'
    matches fed by two byes) are left out, so a losers' round may lack numbers.
    """
    check_entrants(entrants)
    n = len(entrants)
    size = bracket_size(n)
    rounds = size.bit_length() - 1
    matches: list[BracketMatch] = []
    order = bracket_order(size)
    for number in range(1, size // 2 + 1):
        seeds = order[2 * number - 2 : 2 * number]
        sources = tuple(
            Source("seed", seed=seed) if seed <= n else _EMPTY_SOURCE for seed in seeds
        )
        matches.append(BracketMatch(MatchKey(WINNERS, 1, number), sources))  # type: ignore[arg-type]
    for round_ in range(2, rounds + 1):
        for number in range(1, size // 2**round_ + 1):
            matches.append(
                BracketMatch(
                    MatchKey(WINNERS, round_, number),
                    (
                        Source(
                            "winner",
                            match=MatchKey(WINNERS, round_ - 1, 2 * number - 1),
                        ),
                        Source(
                            "winner", match=MatchKey(WINNERS, round_ - 1, 2 * number)
                        ),
                    ),
                )
            )
    if not double:
        if third_place and rounds >= 2:
            semi = rounds - 1
            matches.append(
                BracketMatch(
                    MatchKey(FINAL, 1, 1),
                    (
                        Source("loser", match=MatchKey(WINNERS, semi, 1)),
                        Source("loser", match=MatchKey(WINNERS, semi, 2)),
                    ),
                )
            )
        return _without_void(entrants, size, False, third_place, False, matches)
    if rounds >= 2:
        for number in range(1, size // 4 + 1):
            matches.append(
                BracketMatch(
                    MatchKey(LOSERS, 1, number),
                    (
                        Source("loser", match=MatchKey(WINNERS, 1, 2 * number - 1)),
                        Source("loser", match=MatchKey(WINNERS, 1, 2 * number)),
                    ),
                )
            )
    for winners_round in range(2, rounds + 1):
        drop_round = 2 * winners_round - 2
        count = size // 2**winners_round
        placement = _drop_in_order(count, winners_round)
        for number in range(1, count + 1):
            matches.append(
                BracketMatch(
                    MatchKey(LOSERS, drop_round, number),
                    (
                        Source(
                            "loser",
                            match=MatchKey(
                                WINNERS, winners_round, placement[number - 1]
                            ),
                        ),
                        Source(
                            "winner", match=MatchKey(LOSERS, drop_round - 1, number)
                        ),
                    ),
                    drop_in=True,
                )
            )
        if winners_round < rounds:
            for number in range(1, count // 2 + 1):
                matches.append(
                    BracketMatch(
                        MatchKey(LOSERS, drop_round + 1, number),
                        (
                            Source(
                                "winner",
                                match=MatchKey(LOSERS, drop_round, 2 * number - 1),
                            ),
                            Source(
                                "winner", match=MatchKey(LOSERS, drop_round, 2 * number)
                            ),
                        ),
                    )
                )
    losers_champion = (
        Source("winner", match=MatchKey(LOSERS, 2 * rounds - 2, 1))
        if rounds >= 2
        else Source("loser", match=MatchKey(WINNERS, 1, 1))
    )
    finalists = (Source("winner", match=MatchKey(WINNERS, rounds, 1)), losers_champion)
    matches.append(BracketMatch(MatchKey(FINAL, 1, 1), finalists))
    if grand_final_reset:
        matches.append(
            BracketMatch(
                MatchKey(FINAL, 2, 1),
                (
                    Source("winner", match=MatchKey(FINAL, 1, 1)),
                    Source("loser", match=MatchKey(FINAL, 1, 1)),
                ),
            )
        )
    return _without_void(entrants, size, True, False, grand_final_reset, matches)


def _without_void(
    entrants: Sequence[EntrantId],
    size: int,
    double: bool,
    third_place: bool,
    reset: bool,
    matches: list[BracketMatch],
) -> Bracket:
    """Leave out the matches nobody can reach; a source from one becomes empty,
    and so does the loser of a bye."""
    empty_winner: set[MatchKey] = set()
    empty_loser: set[MatchKey] = set()
    kept: list[BracketMatch] = []
    for match in matches:
        sources = tuple(
            _EMPTY_SOURCE
            if (source.kind == "winner" and source.match in empty_winner)
            or (source.kind == "loser" and source.match in empty_loser)
            else source
            for source in match.sources
        )
        empties = sum(source.kind == "empty" for source in sources)
        if empties == 2:
            empty_winner.add(match.key)
            empty_loser.add(match.key)
            continue
        if empties == 1:
            empty_loser.add(match.key)
        kept.append(BracketMatch(match.key, sources, match.drop_in))  # type: ignore[arg-type]
    kept.sort(
        key=lambda match: (
            BRACKETS.index(match.key.bracket),
            match.key.round,
            match.key.number,
        )
    )
    return Bracket(
        entrants=tuple(entrants),
        size=size,
        double=double,
        third_place=third_place,
        grand_final_reset=reset,
        matches=tuple(kept),
    )


def bracket_dependents(bracket: Bracket, key: MatchKey) -> frozenset[MatchKey]:
    """The matches whose entrants a change of ``key``'s result can change: those
    taking its winner or loser, every match of a losers' round placed from it,
    and onwards through byes (which complete at once). A correction of ``key`` is
    safe while none of these has started."""
    bracket.match(key)
    found: set[MatchKey] = set()
    todo = [key]
    while todo:
        current = todo.pop()
        for match in bracket.matches:
            if match.key in found:
                continue
            feeds = any(source.match == current for source in match.sources)
            if not feeds and match.drop_in:
                # A placed round depends on every match feeding any of its slots.
                feeds = any(
                    source.match == current
                    for other in bracket.matches
                    if other.drop_in and other.key.round == match.key.round
                    for source in other.sources
                )
            if feeds:
                found.add(match.key)
                if any(source.kind == "empty" for source in match.sources) or (
                    match.key == MatchKey(FINAL, 1, 1)
                ):
                    todo.append(match.key)
    return frozenset(found)
