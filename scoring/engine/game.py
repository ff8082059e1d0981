"""Scoring hands, deciding the winner, and replaying a whole game."""

from __future__ import annotations

import gc
from collections.abc import Sequence
from dataclasses import dataclass

from .awards import Award, SideCredit
from .errors import RuleViolation
from .hand import HandInput, check_hand
from .rules import Rules
from .variants import MoonFail, Variant

# Used to build frozen dataclass instances from values checked already.
_setattr = object.__setattr__


@dataclass(frozen=True, slots=True)
class HandResult:
    """A scored hand: what was recorded, what each side won, and the new totals.

    ``won``, ``deltas`` and ``scores`` are indexed by side; ``awards`` holds every
    point of the variant in order: a seat, a ``SideCredit`` (a team, no player
    named) or None for nobody; ``winner`` is the winning side if this hand ended
    the game.
    """

    number: int
    dealer: int
    auction: tuple[int | str, ...] | None
    pitcher: int
    bid: int
    bidding_side: int
    trump: str | None
    awards: dict[str, Award]
    single_trump: bool
    game_points: tuple[int, ...] | None
    won: tuple[int, ...]
    made: bool
    deltas: tuple[int, ...]
    scores: tuple[int, ...]
    winner: int | None


@dataclass(frozen=True, slots=True)
class GameState:
    """Where a game stands: the totals per side, hands scored, and the winner."""

    scores: tuple[int, ...]
    hands: int
    winner: int | None

    @property
    def finished(self) -> bool:
        """Whether the game is won (no further hand can be recorded)."""
        return self.winner is not None


@dataclass(frozen=True, slots=True)
class Replay:
    """A game scored from its first hand: every hand's result and the final state."""

    results: tuple[HandResult, ...]
    state: GameState


# A replay keeps every hand's result to its end, so whatever a result holds lives
# through the garbage collector's collections, which count and scan every container
# made: per hand a slotted HandResult is one object where a __dict__ was two, and the
# tuples of points won and score changes, which recur hand after hand, are shared.
# That is what keeps a 10,000-hand replay as fast per hand as a 10-hand one
# (bench/engine_bench.py, docs/benchmarks.md).
#
# Frozen dataclasses are built here by their twin: a plain class with the same slots
# is filled by ordinary attribute stores, then takes the frozen class (the layouts are
# identical, so CPython allows it). The dataclass __init__ stores every field through
# object.__setattr__, which cost more than the scoring.
class _HandResultTwin:
    __slots__ = HandResult.__slots__

    def __init__(
        self,
        number: int,
        dealer: int,
        auction: tuple[int | str, ...] | None,
        pitcher: int,
        bid: int,
        bidding_side: int,
        trump: str | None,
        awards: dict[str, Award],
        single_trump: bool,
        game_points: tuple[int, ...] | None,
        won: tuple[int, ...],
        made: bool,
        deltas: tuple[int, ...],
        scores: tuple[int, ...],
        winner: int | None,
    ) -> None:
        self.number = number
        self.dealer = dealer
        self.auction = auction
        self.pitcher = pitcher
        self.bid = bid
        self.bidding_side = bidding_side
        self.trump = trump
        self.awards = awards
        self.single_trump = single_trump
        self.game_points = game_points
        self.won = won
        self.made = made
        self.deltas = deltas
        self.scores = scores
        self.winner = winner


class _GameStateTwin:
    __slots__ = GameState.__slots__

    def __init__(self, scores: tuple[int, ...], hands: int, winner: int | None) -> None:
        self.scores = scores
        self.hands = hands
        self.winner = winner


# The points won and the score changes of a hand, one shared tuple per value: they
# are computed here from plain ints, and a table sees few different ones. Bounded
# all the same; past the bound a tuple is kept as made.
_SHARED_TUPLES: dict[tuple[int, ...], tuple[int, ...]] = {}
_SHARED_TUPLES_MAX = 4096


def _shared(values: tuple[int, ...]) -> tuple[int, ...]:
    kept = _SHARED_TUPLES.get(values)
    if kept is not None:
        return kept
    if len(_SHARED_TUPLES) < _SHARED_TUPLES_MAX:
        _SHARED_TUPLES[values] = values
    return values


def new_game(rules: Rules) -> GameState:
    """The state of a game before its first hand: every side at 0."""
    return GameState(scores=(0,) * len(rules.sides), hands=0, winner=None)


def score_hand(
    rules: Rules, state: GameState, hand: HandInput
) -> tuple[HandResult, GameState]:
    """Check and score the next hand of a game; return its result and the new state.

    The hand gets number ``state.hands + 1`` and that hand's dealer. Raises
    ``RuleViolation`` if the hand breaks a rule or the game is already won.
    """
    sides = rules.sides
    if len(state.scores) != len(sides):
        raise ValueError(
            f"A game state with {len(state.scores)} scores does not fit rules with "
            f"{len(sides)} sides"
        )
    if state.winner is not None:
        raise RuleViolation(
            "game_over",
            "game",
            params={"winner": rules.side(state.winner), "hands": state.hands},
        )
    number = state.hands + 1
    players = rules.players
    dealer = (rules.first_dealer + state.hands) % players
    auction, pitcher, bid, trump, seats, single_trump, game_points = check_hand(
        rules, dealer, hand
    )

    seat_sides = rules.seat_sides
    won = [0] * len(sides)
    for seat, value in zip(seats, rules.point_values, strict=True):
        if seat is not None:
            if seat.__class__ is SideCredit:
                won[seat.side] += value
            else:
                won[seat_sides[seat]] += value
    bidding_side = seat_sides[pitcher]
    made = won[bidding_side] >= bid
    deltas = list(won)
    if not made:
        # Set back: the points the bidding side won are not added.
        deltas[bidding_side] = -bid
    scores = tuple(map(int.__add__, state.scores, deltas))
    if rules.hand_limit is None:
        winner = _winner(rules, scores, bidding_side, bid, made)
    else:
        winner = _winner_of_fixed_hands(rules.hand_limit, number, scores)

    won_shared = _shared(tuple(won))
    result = _HandResultTwin(
        number,
        dealer,
        auction,
        pitcher,
        bid,
        bidding_side,
        trump,
        dict(zip(rules.points, seats, strict=True)),
        single_trump,
        game_points,
        won_shared,
        made,
        won_shared if made else _shared(tuple(deltas)),
        scores,
        winner,
    )
    _setattr(result, "__class__", HandResult)
    state = _GameStateTwin(scores, number, winner)
    _setattr(state, "__class__", GameState)
    return result, state


def _winner(
    rules: Rules, scores: tuple[int, ...], bidding_side: int, bid: int, made: bool
) -> int | None:
    """The side that wins the game on this hand, if any (RULES.md, Winning)."""
    if rules.variant is Variant.THIRTEEN and bid == rules.max_bid:
        # Shooting the moon decides the game at once, whatever the scores.
        if made:
            return bidding_side
        if rules.moon_fail is MoonFail.LOSE:
            return 1 - bidding_side
    target = rules.target
    counts = made or not rules.must_make_bid_to_win
    if rules.pitcher_only_win:
        if counts and scores[bidding_side] >= target:
            return bidding_side
        return None
    if counts and scores[bidding_side] >= target:
        return bidding_side
    best = None
    leaders: list[int] = []
    for side, score in enumerate(scores):
        if side == bidding_side or score < target:
            continue
        if best is None or score > best:
            best = score
            leaders = [side]
        elif score == best:
            leaders.append(side)
    # An exact tie between non-bidding sides plays another hand.
    return leaders[0] if len(leaders) == 1 else None


def _winner_of_fixed_hands(
    hand_limit: int, number: int, scores: tuple[int, ...]
) -> int | None:
    """A fixed-hands game (option ``hand_limit``): nothing ends it before its last
    hand, neither the target nor a moon; from the last hand on, the side alone in
    front wins, and an exact tie at the top plays another hand (docs/rules.md)."""
    if number < hand_limit:
        return None
    top = max(scores)
    if scores.count(top) > 1:
        return None
    return scores.index(top)


def replay(rules: Rules, hands: Sequence[HandInput]) -> Replay:
    """Score a whole game from its first hand, as after any correction.

    A ``RuleViolation`` from hand k carries ``hand=k``. A game that would be won
    before its last hand is refused with ``won_before_last_hand``.

    The cyclic garbage collector is paused meanwhile: a replay builds one result per
    hand and no reference cycle, so a collection would find nothing to free, yet each
    full one walks every result built so far, which made a hand of a 10,000-hand game
    cost more than one of a 10-hand game (docs/benchmarks.md). The switch is the
    process's: in a threaded server a replay ending may turn the collector back on
    while another thread's runs (only that one's speed changes), and one started
    while another thread had it off leaves it off.
    """
    if not gc.isenabled():
        return _replay(rules, hands)
    gc.disable()
    try:
        return _replay(rules, hands)
    finally:
        gc.enable()


def _replay(rules: Rules, hands: Sequence[HandInput]) -> Replay:
    state = new_game(rules)
    results: list[HandResult] = []
    total = len(hands)
    for number, hand in enumerate(hands, start=1):
        try:
            result, state = score_hand(rules, state, hand)
        except RuleViolation as exc:
            exc.hand = number
            raise
        results.append(result)
        if state.winner is not None and number < total:
            raise RuleViolation(
                "won_before_last_hand",
                "game",
                hand=number,
                params={"number": number, "total": total},
            )
    return Replay(results=tuple(results), state=state)


def waiting_to_go_out(rules: Rules, state: GameState) -> tuple[int, ...]:
    """Sides at or above the target that must win a bid before they can win.

    Only under the pitcher-only rule and while the game is not finished; never in a
    fixed-hands game, which nobody goes out of.
    """
    if (
        not rules.pitcher_only_win
        or state.winner is not None
        or rules.hand_limit is not None
    ):
        return ()
    target = rules.target
    return tuple(side for side, score in enumerate(state.scores) if score >= target)
