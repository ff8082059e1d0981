"""Reads: each selector runs a fixed number of queries, whatever the game's length."""

from collections.abc import Iterable
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db.models import Exists, OuterRef, Prefetch, QuerySet

from pitchclub import selectors as permissions
from scoring import services
from scoring.models import Game, Hand, HandRevision, Seat


def game_list(
    *,
    user: AbstractBaseUser | None,
    limit: int | None = None,
    played_by: AbstractBaseUser | None = None,
) -> QuerySet[Game]:
    """Games the user may read (only those `played_by` someone's players, if given),
    most recently changed first, with their clubs and seated players (2 queries)."""
    games = Game.objects.filter(permissions.games_visible_filter(user))
    if played_by is not None:
        games = games.filter(
            Exists(Seat.objects.filter(game=OuterRef("pk"), player__user=played_by))
        )
    games = (
        games.select_related("club")
        .prefetch_related(
            Prefetch("seats", queryset=Seat.objects.select_related("player"))
        )
        .order_by("-updated_at", "-id")
    )
    return games[:limit] if limit is not None else games


def game_detail(*, game_id: int, user: AbstractBaseUser | None) -> Game:
    """One game the user may read, with club, seats, hands and awards (4 queries).

    Raises Game.DoesNotExist for an unknown id or a game the user may not see: a
    private club's games do not exist for outsiders."""
    return (
        Game.objects.filter(permissions.games_visible_filter(user))
        .select_related("club")
        .prefetch_related(
            Prefetch("seats", queryset=Seat.objects.select_related("player")),
            Prefetch("hands", queryset=Hand.objects.order_by("number")),
            "hands__awards",
        )
        .get(pk=game_id)
    )


def game_editable_by(*, game: Game, user: AbstractBaseUser | None) -> bool:
    """Whether `user` may record, correct and undo hands of `game`: its creator
    (the scorekeeper), its club's organisers and scorekeepers, and superusers."""
    if user is None or not user.is_authenticated:
        return False
    if user.is_superuser or game.created_by_id == user.pk:
        return True
    return game.club_id is not None and permissions.club_scorekeeping_by(
        club=game.club, user=user
    )


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


def side_names(game: Game) -> list[str]:
    """ "Ann" in solo play, "Ann & Cy" for a team (seats prefetched)."""
    rules = services.rules_for(game)
    names = {seat.number: seat.player.name for seat in game.seats.all()}
    return [" & ".join(names[seat] for seat in side) for side in rules.sides]


def scoreboard(game: Game) -> list[dict[str, Any]]:
    """Each side's name, score and whether it won (seats prefetched)."""
    return [
        {"name": name, "score": score, "winner": game.winner == side}
        for side, (name, score) in enumerate(
            zip(side_names(game), game.scores, strict=True)
        )
    ]


def game_cards(games: Iterable[Game]) -> list[dict[str, Any]]:
    """What templates/scoring/_game_card.html shows of each game."""
    return [{"game": game, "sides": scoreboard(game)} for game in games]
