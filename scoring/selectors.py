"""Reads: each selector runs a fixed number of queries, whatever the game's length."""

from collections.abc import Iterable
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db.models import (
    Exists,
    OuterRef,
    Prefetch,
    QuerySet,
    prefetch_related_objects,
)

from pitchclub import selectors as permissions
from scoring import engine
from scoring.convert import HAND_FIELDS, hand_shape, rules_for, state_of
from scoring.models import Award, Game, Hand, HandRevision, Point, Seat


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
    """Whether `user` may record, correct and undo hands of `game`. In a club's
    game rights follow the club's roles (its organisers and scorekeepers, API.md):
    a creator who lost the role loses them too. A game outside clubs is its
    creator's. Superusers may do everything."""
    if user is None or not user.is_authenticated:
        return False
    if user.is_superuser:
        return True
    if game.club_id is not None:
        return permissions.club_scorekeeping_by(club=game.club, user=user)
    return game.created_by_id == user.pk


def game_seats(game: Game) -> list[Seat]:
    """The game's seats in order with their players: one query the first time for a
    game object, none after (nor when they were prefetched)."""
    prefetch_related_objects(
        [game],
        Prefetch(
            "seats", queryset=Seat.objects.select_related("player").order_by("number")
        ),
    )
    return list(game.seats.all())


def revision_list(*, game_id: int) -> QuerySet[HandRevision]:
    """A game's corrections and undos, oldest first (1 query)."""
    return (
        HandRevision.objects.filter(game_id=game_id)
        .select_related("changed_by")
        .order_by("changed_at", "id")
    )


def game_hands(game: Game) -> list[dict[str, Any]]:
    """Every hand of the game as API.md shows it, in order (2 queries, 1 without
    hands). Plain rows, not model instances: every write through the API answers
    with the whole game, so this is read at each hand recorded."""
    rows = list(
        Hand.objects.filter(game=game).order_by("number").values("id", *HAND_FIELDS)
    )
    awarded: dict[int, dict[str, int]] = {row["id"]: {} for row in rows}
    if rows:
        awards = Award.objects.filter(hand__game=game).order_by()
        for hand_id, point, seat in awards.values_list("hand_id", "point", "seat"):
            awarded[hand_id][point] = seat
    points = rules_for(game).points
    return [hand_shape(row, awarded[row["id"]], points) for row in rows]


def side_names(game: Game) -> list[str]:
    """ "Ann" in solo play, "Ann & Cy" for a team (seats prefetched)."""
    rules = rules_for(game)
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


def seat_names(game: Game) -> dict[int, str]:
    """Each seat's player name (seats prefetched)."""
    return {seat.number: seat.player.name for seat in game.seats.all()}


def game_sheet(game: Game) -> dict[str, Any]:
    """What the score sheet shows of a game (from game_detail: no further query):
    the totals, one row per hand, who is waiting to go out, the winner or the next
    dealer and first bidder."""
    rules = rules_for(game)
    names = side_names(game)
    seats = seat_names(game)
    hands = [
        {
            "hand": hand,
            "dealer": seats[hand.dealer],
            "pitcher": seats[hand.pitcher],
            "cells": [
                {"delta": delta, "score": score, "bidding": side == hand.bidding_side}
                for side, (delta, score) in enumerate(
                    zip(hand.deltas, hand.scores, strict=True)
                )
            ],
        }
        for hand in game.hands.all()
    ]
    waiting = engine.waiting_to_go_out(rules, state_of(game))
    finished = game.winner is not None
    next_number = game.hand_count + 1
    next_dealer = rules.dealer_of(next_number)
    return {
        "game": game,
        "rules": rules,
        "sides": scoreboard(game),
        "side_names": names,
        "seat_names": seats,
        "hands": hands,
        "waiting": [
            {"name": names[side], "score": game.scores[side]} for side in waiting
        ],
        "winner": names[game.winner] if finished else None,
        "house_rules": house_rules(rules),
        "tie": None if finished else tied_at_target(rules, game.scores, names),
        "next_number": None if finished else next_number,
        "next_dealer": None if finished else seats[next_dealer],
        "first_bidder": None if finished else seats[(next_dealer + 1) % rules.players],
    }


def _who(seat: int | None, names: dict[int, str]) -> str:
    return "nobody" if seat is None else names.get(seat, f"seat {seat}")


def _hand_summary(hand: dict[str, Any], names: dict[int, str]) -> str:
    outcome = "made" if hand.get("made") else "set back"
    return f"{_who(hand.get('pitcher'), names)} bid {hand.get('bid')}, {outcome}"


def _hand_changes(
    before: dict[str, Any], after: dict[str, Any], names: dict[int, str]
) -> list[str]:
    """What a correction changed, in words: "bid 2 → 3", "Low Ann → Cy"."""
    changes = []
    if before.get("auction") != after.get("auction"):

        def calls(hand: dict[str, Any]) -> str:
            auction = hand.get("auction")
            return ", ".join(map(str, auction)) if auction else "not recorded"

        changes.append(f"auction {calls(before)} → {calls(after)}")
    if before.get("pitcher") != after.get("pitcher"):
        changes.append(
            f"pitcher {_who(before.get('pitcher'), names)} → "
            f"{_who(after.get('pitcher'), names)}"
        )
    if before.get("bid") != after.get("bid"):
        changes.append(f"bid {before.get('bid')} → {after.get('bid')}")
    if before.get("trump") != after.get("trump"):
        changes.append(
            f"trump {before.get('trump') or 'not given'} → "
            f"{after.get('trump') or 'not given'}"
        )
    awards_before = before.get("awards") or {}
    awards_after = after.get("awards") or {}
    for point in awards_after:
        if awards_before.get(point) != awards_after[point]:
            label = Point(point).label
            changes.append(
                f"{label} {_who(awards_before.get(point), names)} → "
                f"{_who(awards_after[point], names)}"
            )
    if before.get("single_trump") != after.get("single_trump"):
        changes.append("single trump " + ("on" if after.get("single_trump") else "off"))
    if before.get("game_points") != after.get("game_points"):
        changes.append(
            f"game points {before.get('game_points') or 'none'} → "
            f"{after.get('game_points') or 'none'}"
        )
    return changes or ["nothing changed"]


def revision_changes(
    revisions: Iterable[HandRevision], names: dict[int, str]
) -> list[dict[str, Any]]:
    """Corrections and undos in words, newest first, for the history lists."""
    changes = []
    for revision in revisions:
        before = revision.before or {}
        if revision.action == HandRevision.Action.UNDO:
            title = f"Hand {revision.hand_number} undone"
            details = [f"it was {_hand_summary(before, names)}"]
        else:
            title = f"Hand {revision.hand_number} corrected"
            details = _hand_changes(before, revision.after or {}, names)
        changes.append(
            {
                "title": title,
                "details": details,
                "at": revision.changed_at,
                "by": revision.changed_by.get_username()
                if revision.changed_by
                else None,
                "number": revision.hand_number,
            }
        )
    changes.reverse()
    return changes


def tied_at_target(
    rules: engine.Rules, scores: list[int] | tuple[int, ...], names: list[str]
) -> str | None:
    """Without the pitcher-only rule, sides tied for the lead at or above the target
    play on (RULES.md): "Ann and Bob tie at 7: another hand decides"."""
    if rules.pitcher_only_win or not scores:
        return None
    top = max(scores)
    tied = [names[side] for side, score in enumerate(scores) if score == top]
    if top < rules.target or len(tied) < 2:
        return None
    return f"{' and '.join(tied)} tie at {top}: another hand decides."


def house_rules(rules: engine.Rules) -> list[str]:
    """The game's options in a few words each, for the header of its pages: the
    target, who can go out, and every house rule that differs from the default."""
    words = [f"to {rules.target}"]
    words.append(
        "only the pitcher can go out" if rules.pitcher_only_win else "anyone can go out"
    )
    if rules.must_make_bid_to_win:
        words.append("the pitcher must make the bid to go out")
    if rules.variant is engine.Variant.AUCTION:
        if (
            rules.dealer_min_bid
            != engine.OPTION_DEFAULTS[rules.variant]["dealer_min_bid"]
        ):
            words.append(f"a stuck dealer bids at least {rules.dealer_min_bid}")
        if not rules.dealer_may_steal:
            words.append("no steal")
        if rules.low_goes_to == engine.LowGoesTo.DEALT:
            words.append("Low to the player dealt it")
    elif rules.moon_fail == engine.MoonFail.LOSE:
        words.append("a failed moon loses the game")
    return words
