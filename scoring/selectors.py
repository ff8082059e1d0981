"""Reads: each selector runs a fixed number of queries, whatever the game's length."""

from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db.models import Prefetch, QuerySet

from scoring.models import Game, Hand, HandRevision, Seat


def game_list(*, limit: int | None = None) -> QuerySet[Game]:
    """Games, most recently changed first, with their seated players (2 queries)."""
    games = Game.objects.prefetch_related(
        Prefetch("seats", queryset=Seat.objects.select_related("player"))
    ).order_by("-updated_at", "-id")
    return games[:limit] if limit is not None else games


def game_detail(*, game_id: int) -> Game:
    """One game with seats, hands and awards prefetched (4 queries).

    Raises Game.DoesNotExist for an unknown id."""
    return Game.objects.prefetch_related(
        Prefetch("seats", queryset=Seat.objects.select_related("player")),
        Prefetch("hands", queryset=Hand.objects.order_by("number")),
        "hands__awards",
    ).get(pk=game_id)


def game_editable_by(*, game: Game, user: AbstractBaseUser | None) -> bool:
    """Whether `user` may record, correct and undo hands of `game`: its creator
    (the scorekeeper) and superusers."""
    if user is None or not user.is_authenticated:
        return False
    return bool(user.is_superuser or game.created_by_id == user.pk)


def revision_list(*, game_id: int) -> QuerySet[HandRevision]:
    """A game's corrections and undos, oldest first (1 query)."""
    return (
        HandRevision.objects.filter(game_id=game_id)
        .select_related("changed_by")
        .order_by("changed_at", "id")
    )


def hand_dict(hand: Hand, points: tuple[str, ...]) -> dict[str, Any]:
    """A stored hand as API.md shows it: every point of the variant in `points`,
    None for nobody (awards prefetched)."""
    awarded = {award.point: award.seat for award in hand.awards.all()}
    return {
        "number": hand.number,
        "dealer": hand.dealer,
        "auction": hand.auction,
        "pitcher": hand.pitcher,
        "bid": hand.bid,
        "bidding_side": hand.bidding_side,
        "trump": hand.trump or None,
        "awards": {point: awarded.get(point) for point in points},
        "single_trump": hand.single_trump,
        "game_points": hand.game_points,
        "won": hand.won,
        "made": hand.made,
        "deltas": hand.deltas,
        "scores": hand.scores,
    }
