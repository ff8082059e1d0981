"""Per-player figures over a set of games, counted by the database.

A league's standings (tournaments.seasons.standings) add up, for each player, the games
they played, the games their side won and the points their side scored, grouped by a
value each game carries (a season's night: the date of the night it belongs to).
The caller says which games (a queryset of Game, annotated with that value) and
under which name; the database groups the seats: one query, whatever the number
of games or hands.

"Points" are the final score of the player's side in each game (``Game.scores``
at the side's index): what the side scored, set-backs included, so a side that
was set more than it made counts its negative score.
"""

from dataclasses import dataclass
from datetime import date

from django.db.models import (
    Case,
    Count,
    F,
    IntegerField,
    OuterRef,
    Q,
    QuerySet,
    Subquery,
    Sum,
    Value,
    When,
)
from django.db.models.fields.json import KeyTextTransform
from django.db.models.functions import Cast, Coalesce

from scoring.engine import MAX_PLAYERS
from scoring.models import Game, Seat


@dataclass(frozen=True, slots=True)
class Tally:
    """One player's figures over the games of one group (`key`)."""

    player_id: int
    name: str
    key: date | int | str | None
    games: int
    wins: int
    points: int


def side_score() -> Case:
    """The final score of a seat's side, read from its game's JSON list of scores
    (a seat's side is at most its number, so seven cases cover every table)."""
    return Case(
        *(
            When(
                side=side,
                then=Cast(KeyTextTransform(str(side), "game__scores"), IntegerField()),
            )
            for side in range(MAX_PLAYERS)
        ),
        default=Value(0),
        output_field=IntegerField(),
    )


def player_tallies(games: QuerySet[Game], *, by: str) -> list[Tally]:
    """Each player's games, wins and points over `games`, grouped by the value of
    the annotation `by` of each game (e.g. the date of its night). A win is a game
    whose winning side is the player's; only finished games have one, so the
    caller passes the games that count. Sorted by player, then key."""
    key = Subquery(games.filter(pk=OuterRef("game_id")).order_by().values(by)[:1])
    rows = (
        Seat.objects.filter(game__in=games.order_by().values("pk"))
        .annotate(key=key)
        .values("player_id", "player__name", "key")
        .annotate(
            games=Count("id"),
            wins=Count("id", filter=Q(side=F("game__winner"))),
            points=Coalesce(Sum(side_score()), Value(0)),
        )
        .order_by("player_id", "key")
    )
    return [
        Tally(
            player_id=row["player_id"],
            name=row["player__name"],
            key=row["key"],
            games=row["games"],
            wins=row["wins"],
            points=row["points"],
        )
        for row in rows
    ]
