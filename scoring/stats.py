"""A player's statistics: database aggregates over the Seat, Hand and Award rows of the
games the caller may read, as frozen dataclasses the page and the API both show.

No replay and no loop over hands: a fixed handful of GROUP BY queries whatever the
number of games (player_stats says which). Abandoned games never count
(Game.objects.counted()); a point credited to a team without naming the partner has
no player and counts for no one (only for the team's score).

The filters are the archive's (scoring.filters: club, variant, from, to) plus
`season`, a *scope* another app supplies: scoring knows no seasons (tournaments
does, above it), so an app registers a resolver in its AppConfig.ready():

    stats.register_scope("season", season_games, label="Season")

A resolver turns the value given into the games it covers: a collection (or
values_list query) of game ids, or a DateRange; or it refuses with ScopeRefused and
a sentence for people. Until one is registered, `?season=` is refused by name.
"""

from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import date
from typing import Any

import django_filters
from django import forms
from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.db.models import Exists, OuterRef, Prefetch, Q, QuerySet
from django.utils.translation import gettext

from pitchclub import selectors as permissions
from pitchclub import sql
from pitchclub.models import Player
from scoring import engine, selectors
from scoring.filters import GameFilter
from scoring.models import Award, Game, Hand, Seat, Status, Variant
from scoring.sheet import scoreboard
from scoring.vocabulary import POINT_IDS, POINT_LABELS

# How many partners, opponents and recent games the page and the API show.
TOP = 5
RECENT = 10
# Shooting the moon: a bid of all 13 points in 13-Point Pitch (RULES.md).
MOON = (engine.Variant.THIRTEEN.value, 13)


# --- Scopes: filters other apps supply (seasons) -----------------------------------


@dataclass(frozen=True)
class DateRange:
    """Games started from `start` to `end`, both days included (None: open)."""

    start: date | None = None
    end: date | None = None


class ScopeRefused(Exception):
    """A scope's value names nothing (no such season): `message` says so, for
    people."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


ScopeGames = Collection[int] | QuerySet | DateRange
Resolver = Callable[[str], ScopeGames]


@dataclass(frozen=True)
class Scope:
    name: str
    resolver: Resolver
    label: str
    # The values a page's form offers, as (value, label), if the app lists them.
    choices: Callable[[], list[tuple[str, str]]] | None = None


_scopes: dict[str, Scope] = {}
# What refuses a scope nobody supplies, by its name.
_NOT_YET = {
    "season": "No seasons exist yet: leave “season” out.",
    "night": "No nights exist yet: leave “night” out.",
}


def register_scope(
    name: str,
    resolver: Resolver,
    *,
    label: str | None = None,
    choices: Callable[[], list[tuple[str, str]]] | None = None,
) -> None:
    """Let `?<name>=value` narrow a player's statistics to the games `resolver`
    returns for the value. Only the scopes scoring knows can be supplied (`season`);
    registering one twice replaces it."""
    if name not in _NOT_YET:
        known = sorted(_NOT_YET)
        raise ValueError(f"Unknown statistics scope {name!r}: one of {known}")
    _scopes[name] = Scope(name, resolver, label or name.capitalize(), choices)


def unregister_scope(name: str) -> None:
    _scopes.pop(name, None)


def scope(name: str) -> Scope | None:
    return _scopes.get(name)


@contextmanager
def scoped(name: str, resolver: Resolver, **kwargs: Any) -> Iterator[None]:
    """A scope registered for a `with` block (tests)."""
    before = _scopes.get(name)
    register_scope(name, resolver, **kwargs)
    try:
        yield
    finally:
        if before is None:
            unregister_scope(name)
        else:
            _scopes[name] = before


def _scope_filter(games: ScopeGames) -> Q:
    if isinstance(games, DateRange):
        condition = Q()
        if games.start is not None:
            condition &= Q(created_at__date__gte=games.start)
        if games.end is not None:
            condition &= Q(created_at__date__lte=games.end)
        return condition
    return Q(pk__in=games)


class ScopeField(forms.CharField):
    """A scope's value, resolved by its registered resolver into a filter on games."""

    def __init__(self, *, scope_name: str, **kwargs: Any) -> None:
        self.scope_name = scope_name
        super().__init__(max_length=100, **kwargs)

    def clean(self, value: Any) -> Q | None:
        value = super().clean(value)
        if not value:
            return None
        supplied = scope(self.scope_name)
        if supplied is None:
            # As for a season that does not exist: none does yet.
            raise ValidationError(_NOT_YET[self.scope_name], code="unknown")
        try:
            return _scope_filter(supplied.resolver(value))
        except ScopeRefused as refused:
            raise ValidationError(refused.message, code="unknown") from refused


class ScopeFilter(django_filters.Filter):
    field_class = ScopeField

    def filter(self, qs: QuerySet, value: Q | None) -> QuerySet:
        return qs if value is None else qs.filter(value)


class StatsFilter(GameFilter):
    """The archive's filters (club, variant, from, to) and `season`."""

    season = ScopeFilter(
        scope_name="season", label="Season", help_text="Only this season's games."
    )

    def __init__(self, data: Any = None, queryset: Any = None, **kwargs: Any) -> None:
        super().__init__(data, queryset, **kwargs)
        supplied = scope("season")
        self.seasons = supplied is not None
        if supplied is not None:
            self.filters["season"].label = supplied.label
            if supplied.choices is not None:
                self.filters["season"].extra["widget"] = forms.Select(
                    choices=[("", gettext("Every season")), *supplied.choices()]
                )


StatsFilter.base_filters = {
    name: StatsFilter.base_filters[name]
    for name in ("club", "variant", "season", "from", "to")
}
FILTERS = tuple(StatsFilter.base_filters)


def stats_filter(data: Mapping[str, Any] | None, user: AbstractBaseUser | None) -> Any:
    """The filters as given (always bound: none given is every game), over the
    games `user` may read that count (abandoned games never do)."""
    games = Game.objects.counted().filter(permissions.games_visible_filter(user))
    return StatsFilter(data if data is not None else {}, games, user=user)


def visible_player(*, player_id: int, user: AbstractBaseUser | None) -> Player:
    """The player with their club if `user` may see them (a private club's roster
    players do not exist for outsiders); Player.DoesNotExist otherwise."""
    if not 0 < player_id <= permissions.ID_MAX:
        raise Player.DoesNotExist("No such player.")
    return selectors.player_for_archive(player_id=player_id, user=user)


# --- The figures ---------------------------------------------------------------------


def rate(part: int, whole: int) -> float | None:
    """part / whole, or None when there is nothing to divide."""
    return part / whole if whole else None


@dataclass(frozen=True)
class GameFigures:
    played: int = 0
    finished: int = 0
    won: int = 0

    @property
    def win_rate(self) -> float | None:
        """Of the finished games."""
        return rate(self.won, self.finished)


@dataclass(frozen=True)
class BidFigures:
    """The hands the player pitched at one bid (or in all: `bid` None)."""

    bid: int | None
    pitched: int = 0
    made: int = 0

    @property
    def set(self) -> int:
        return self.pitched - self.made

    @property
    def made_rate(self) -> float | None:
        return rate(self.made, self.pitched)

    @property
    def set_rate(self) -> float | None:
        return rate(self.set, self.pitched)


@dataclass(frozen=True)
class PointFigures:
    """How often the player took one point, of the hands they played in its variant."""

    point: str
    label: str
    taken: int
    hands: int

    @property
    def rate(self) -> float | None:
        return rate(self.taken, self.hands)


@dataclass(frozen=True)
class VariantFigures:
    """What the player did in one variant."""

    variant: str
    label: str
    games: GameFigures
    hands: int
    pitching: BidFigures
    by_bid: list[BidFigures]
    points: list[PointFigures]
    # The points' values summed: 13-Point's threes count 3.
    points_taken: int

    @property
    def points_per_hand(self) -> float | None:
        return rate(self.points_taken, self.hands)


@dataclass(frozen=True)
class Record:
    """Games with (partners) or against (opponents) another player: `won`, games the
    player's side won; `lost`, games the other player's side won (against only)."""

    player_id: int
    name: str
    games: int
    won: int
    lost: int = 0

    @property
    def win_rate(self) -> float | None:
        return rate(self.won, self.games)


@dataclass(frozen=True)
class RecentGame:
    game: Game
    # The sides as the game cards show them, and the player's.
    sides: list[dict[str, Any]]
    side: int

    @property
    def result(self) -> str:
        """won, lost, in_progress."""
        if self.game.status != Status.FINISHED:
            return "in_progress"
        return "won" if self.game.winner == self.side else "lost"

    @property
    def score(self) -> int:
        return self.game.scores[self.side]


@dataclass(frozen=True)
class PlayerStats:
    player: Player
    variants: list[VariantFigures]
    partners: list[Record]
    opponents: list[Record]
    recent: list[RecentGame]
    # Every point the statistics cover, by API name (all of both variants unless
    # one variant is asked for).
    point_names: tuple[str, ...] = field(default=POINT_IDS)

    @property
    def games(self) -> GameFigures:
        return GameFigures(
            played=sum(v.games.played for v in self.variants),
            finished=sum(v.games.finished for v in self.variants),
            won=sum(v.games.won for v in self.variants),
        )

    @property
    def hands(self) -> int:
        return sum(v.hands for v in self.variants)

    @property
    def pitching(self) -> BidFigures:
        return BidFigures(
            None,
            pitched=sum(v.pitching.pitched for v in self.variants),
            made=sum(v.pitching.made for v in self.variants),
        )

    @property
    def by_bid(self) -> list[BidFigures]:
        """By the bid's value, both variants together (API.md's `by_bid`)."""
        bids: dict[int, list[int]] = {}
        for variant in self.variants:
            for figures in variant.by_bid:
                counts = bids.setdefault(figures.bid, [0, 0])
                counts[0] += figures.pitched
                counts[1] += figures.made
        return [BidFigures(bid, *bids[bid]) for bid in sorted(bids)]

    @property
    def points(self) -> dict[str, int]:
        """Times taken, by point (the shared `jack` of both variants together)."""
        taken = dict.fromkeys(self.point_names, 0)
        for variant in self.variants:
            for figures in variant.points:
                taken[figures.point] += figures.taken
        return taken

    @property
    def points_per_hand(self) -> float | None:
        return rate(sum(v.points_taken for v in self.variants), self.hands)

    @property
    def moon(self) -> BidFigures:
        """Bids of 13 in 13-Point Pitch: made (all 13 points, the game won at once)
        or set."""
        for variant in self.variants:
            if variant.variant == MOON[0]:
                for figures in variant.by_bid:
                    if figures.bid == MOON[1]:
                        return figures
        return BidFigures(MOON[1])

    @property
    def plays_thirteen(self) -> bool:
        return any(v.variant == MOON[0] for v in self.variants)


def player_stats(
    *,
    player: Player,
    games: QuerySet[Game],
    variant: str | None = None,
    top: int = TOP,
    recent: int = RECENT,
) -> PlayerStats:
    """The statistics of `player` over `games` (stats_filter's games: those the
    caller may read and that count, filtered). 6 queries, whatever the number of
    games: games by variant, pitching by bid, points, the other players met, the
    recent games (2: the games, then their seats)."""
    by_variant = {
        variant: (GameFigures(played, finished, won), hands or 0)
        for variant, played, finished, won, hands in _rows(
            "SELECT variant, COUNT(*), "
            f"SUM(CASE WHEN status = '{Status.FINISHED.value}' THEN 1 ELSE 0 END), "
            "SUM(CASE WHEN winner = side THEN 1 ELSE 0 END), SUM(hand_count) "
            "FROM mine GROUP BY variant",
            player,
            games,
        )
    }
    pitched: dict[str, list[BidFigures]] = {}
    for kind, bid, count, made in _rows(
        "SELECT m.variant, h.bid, COUNT(*), SUM(CASE WHEN h.made THEN 1 ELSE 0 END) "
        f"FROM mine m INNER JOIN {sql.table(Hand)} h "
        "ON h.game_id = m.id AND h.pitcher = m.number "
        "GROUP BY m.variant, h.bid ORDER BY h.bid",
        player,
        games,
    ):
        pitched.setdefault(kind, []).append(BidFigures(bid, count, made))
    taken: dict[str, dict[str, tuple[int, int]]] = {}
    for kind, point, times, worth in _rows(
        "SELECT m.variant, a.point, COUNT(*), SUM(a.value) "
        f"FROM mine m INNER JOIN {sql.table(Award)} a ON a.game_id = m.id "
        "WHERE a.player_id = %s GROUP BY m.variant, a.point",
        player,
        games,
        [player.pk],
    ):
        taken.setdefault(kind, {})[point] = (times, worth)
    partners, opponents = _records(player, games, top)
    variants = []
    for kind in engine.Variant:
        if kind.value not in by_variant:
            continue
        played, hands = by_variant[kind.value]
        bids = pitched.get(kind.value, [])
        points = taken.get(kind.value, {})
        variants.append(
            VariantFigures(
                variant=kind.value,
                label=str(Variant(kind.value).label),
                games=played,
                hands=hands,
                pitching=BidFigures(
                    None, sum(b.pitched for b in bids), sum(b.made for b in bids)
                ),
                by_bid=bids,
                points=[
                    PointFigures(
                        point,
                        str(POINT_LABELS[point]),
                        points.get(point, (0, 0))[0],
                        hands,
                    )
                    for point in engine.POINTS[kind]
                ],
                points_taken=sum(worth for _, worth in points.values()),
            )
        )
    return PlayerStats(
        player=player,
        variants=variants,
        partners=partners,
        opponents=opponents,
        recent=_recent(player, games, recent),
        point_names=covered_points(variant),
    )


def covered_points(variant: str | None) -> tuple[str, ...]:
    """The points the statistics of `variant` cover (None: both variants)."""
    if variant:
        return engine.POINTS[engine.Variant(variant)]
    return POINT_IDS


def _mine(player: Player, games: QuerySet[Game]) -> tuple[str, list[Any]]:
    """`mine`: the player's seat in each of `games`, with the game's columns the
    figures need, computed once per statement (MATERIALIZED: the planner then
    joins the hands and awards to a few thousand known rows, instead of guessing
    how many games the visibility filter keeps)."""
    chosen, params = games.order_by().values("id").query.sql_with_params()
    return (
        "WITH mine AS MATERIALIZED (SELECT g.id, g.variant, g.status, g.winner, "
        "g.hand_count, s.side, s.number "
        f"FROM {sql.table(Seat)} s INNER JOIN {sql.table(Game)} g "
        f"ON g.id = s.game_id WHERE s.player_id = %s AND s.game_id IN ({chosen})) ",
        [player.pk, *params],
    )


def _rows(
    query: str, player: Player, games: QuerySet[Game], params: Sequence[Any] = ()
) -> list[tuple[Any, ...]]:
    """The rows of `query` over `mine` (the player's games)."""
    mine, mine_params = _mine(player, games)
    with sql.db().cursor() as cursor:
        cursor.execute(mine + query, [*mine_params, *params])
        return cursor.fetchall()


def _records(
    player: Player, games: QuerySet[Game], top: int
) -> tuple[list[Record], list[Record]]:
    """Every other player met in the player's games, with and against (1 query):
    the best partners (most games won together, then the fewest games it took)
    and the toughest opponents (who beat the player most often, then who was met
    most), `top` of each."""
    rows = _rows(
        "SELECT o.player_id, p.name, "
        "SUM(CASE WHEN o.side = m.side THEN 1 ELSE 0 END), "
        "SUM(CASE WHEN o.side = m.side AND m.winner = m.side THEN 1 ELSE 0 END), "
        "SUM(CASE WHEN o.side <> m.side THEN 1 ELSE 0 END), "
        "SUM(CASE WHEN o.side <> m.side AND m.winner = m.side THEN 1 ELSE 0 END), "
        "SUM(CASE WHEN o.side <> m.side AND m.winner = o.side THEN 1 ELSE 0 END) "
        f"FROM mine m INNER JOIN {sql.table(Seat)} o ON o.game_id = m.id "
        f"INNER JOIN {sql.table(Player)} p ON p.id = o.player_id "
        "WHERE o.player_id <> %s GROUP BY o.player_id, p.name",
        player,
        games,
        [player.pk],
    )
    partners = [Record(row[0], row[1], row[2], row[3]) for row in rows if row[2]]
    opponents = [Record(row[0], row[1], *row[4:]) for row in rows if row[4]]
    partners.sort(key=lambda r: (-r.won, r.games, r.name.casefold(), r.player_id))
    opponents.sort(key=lambda r: (-r.lost, -r.games, r.name.casefold(), r.player_id))
    return partners[:top], opponents[:top]


def _recent(player: Player, games: QuerySet[Game], limit: int) -> list[RecentGame]:
    """The player's latest games with every seat's player (2 queries)."""
    latest = (
        games.filter(Exists(Seat.objects.filter(game=OuterRef("pk"), player=player)))
        .select_related("club")
        .prefetch_related(
            Prefetch("seats", queryset=Seat.objects.select_related("player"))
        )
        .order_by("-created_at", "-id")[:limit]
    )
    found = []
    for game in latest:
        side = next(s.side for s in game.seats.all() if s.player_id == player.pk)
        found.append(RecentGame(game, scoreboard(game), side))
    return found
