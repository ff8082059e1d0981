"""Rows <-> engine: a stored game's rules and state, a stored hand's input, an
engine result's columns, a hand as API.md shows it. No queries of its own (a hand's
awards are prefetched or read through the relation); services and selectors both
build on it, neither on the other."""

from collections.abc import Mapping
from typing import Any

from scoring import engine
from scoring.models import Award, Game, Hand

# The engine's input for a hand, by a name the API can annotate with (the edges do
# not import the engine).
HandInput = engine.HandInput

# A hand's stored columns, in API.md's order (without its awards).
HAND_FIELDS = (
    "number",
    "dealer",
    "auction",
    "pitcher",
    "bid",
    "bidding_side",
    "trump",
    "single_trump",
    "game_points",
    "won",
    "made",
    "deltas",
    "scores",
)


def rules_for(game: Game) -> engine.Rules:
    """The engine's rules for a stored game."""
    return engine.make_rules(
        game.variant,
        game.player_count,
        game.partnership,
        game.first_dealer,
        game.options,
    )


def state_of(game: Game) -> engine.GameState:
    return engine.GameState(
        scores=tuple(game.scores), hands=game.hand_count, winner=game.winner
    )


# A point credited to a side, as API.md writes it: {"side": 1}.
SIDE_KEY = "side"


def award_input(value: Any) -> Any:
    """An award as a request gives it (a seat, None, or {"side": n}) as the engine
    takes it. Anything else is passed on for the engine to refuse by name."""
    if isinstance(value, Mapping) and set(value) == {SIDE_KEY}:
        return engine.SideCredit(value[SIDE_KEY])
    return value


def stored_award(award: Award) -> int | engine.SideCredit:
    """A stored award as the engine takes it: its seat, or its side's credit."""
    return award.seat if award.seat is not None else engine.SideCredit(award.side)


def row_shown(seat: int | None, side: int) -> int | dict[str, int]:
    """A stored award's columns as API.md shows it: a seat, or {"side": n}."""
    return seat if seat is not None else {SIDE_KEY: side}


def hand_input_of(hand: Hand) -> engine.HandInput:
    """The engine input a stored hand was recorded with (awards prefetched)."""
    return engine.HandInput(
        auction=tuple(hand.auction) if hand.auction is not None else None,
        pitcher=hand.pitcher,
        bid=hand.bid,
        trump=hand.trump or None,
        awards={award.point: stored_award(award) for award in hand.awards.all()},
        single_trump=hand.single_trump,
        game_points=tuple(hand.game_points) if hand.game_points is not None else None,
    )


def hand_input_from(data: Mapping[str, Any]) -> engine.HandInput:
    """The engine input a request asks for (a hand serializer's validated data)."""
    auction = data.get("auction")
    game_points = data.get("game_points")
    return engine.HandInput(
        auction=tuple(auction) if auction is not None else None,
        pitcher=data.get("pitcher"),
        bid=data.get("bid"),
        trump=data.get("trump"),
        awards={
            point: award_input(value)
            for point, value in (data.get("awards") or {}).items()
        },
        single_trump=data.get("single_trump", False),
        game_points=tuple(game_points) if game_points is not None else None,
    )


def result_fields(result: engine.HandResult) -> dict[str, Any]:
    """An engine result as a Hand row's columns (without its number)."""
    return {
        "dealer": result.dealer,
        "auction": list(result.auction) if result.auction is not None else None,
        "pitcher": result.pitcher,
        "bid": result.bid,
        "bidding_side": result.bidding_side,
        "trump": result.trump or "",
        "single_trump": result.single_trump,
        "game_points": (
            list(result.game_points) if result.game_points is not None else None
        ),
        "won": list(result.won),
        "made": result.made,
        "deltas": list(result.deltas),
        "scores": list(result.scores),
    }


def hand_shape(
    fields: dict[str, Any],
    awarded: dict[str, int | dict[str, int]],
    points: tuple[str, ...],
) -> dict[str, Any]:
    """A hand's stored fields and awards (point -> seat or {"side": n}) as API.md
    shows them, in its order: every point of the variant in `points`, None for
    nobody."""
    return {
        "number": fields["number"],
        "dealer": fields["dealer"],
        "auction": fields["auction"],
        "pitcher": fields["pitcher"],
        "bid": fields["bid"],
        "bidding_side": fields["bidding_side"],
        "trump": fields["trump"] or None,
        "awards": {point: awarded.get(point) for point in points},
        "single_trump": fields["single_trump"],
        "game_points": fields["game_points"],
        "won": fields["won"],
        "made": fields["made"],
        "deltas": fields["deltas"],
        "scores": fields["scores"],
    }


def hand_dict(hand: Hand, points: tuple[str, ...]) -> dict[str, Any]:
    """A stored hand as API.md shows it (awards prefetched)."""
    return hand_shape(
        {name: getattr(hand, name) for name in HAND_FIELDS},
        {award.point: row_shown(award.seat, award.side) for award in hand.awards.all()},
        points,
    )


def hand_snapshot(hand: Hand, points: tuple[str, ...]) -> dict[str, Any]:
    """The hand as the API shows it, plus who recorded it when: the revision log's
    record of a hand (awards prefetched or queried)."""
    return {
        **hand_dict(hand, points),
        "client_id": str(hand.client_id) if hand.client_id else None,
        "recorded_by": hand.recorded_by_id,
        "recorded_at": hand.created_at.isoformat(),
    }
