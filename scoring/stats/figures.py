"""A player's statistics, as frozen dataclasses the page and the API both show,
filled from one statement's rows: read from the monthly sums (scoring.stats.
by_months: the page and the API, whatever the number of games) or game by game
(scoring.stats.by_games: any queryset of games; the reference the sums are tested
against).

No replay and no loop over hands. Abandoned games never count
(Game.objects.counted()); a point credited to a team without naming the partner has
no player and counts for no one (only for the team's score). A game without a hand
counts as played.

The games are those of the statistics' filters (scoring.stats.filters: the
archive's, and `season`, a scope another app supplies: scoring.games.scopes).
"""

from dataclasses import dataclass, field
from typing import Any

from django.db.models import QuerySet

from pitchclub.models import Player
from scoring import engine
from scoring.games import rows
from scoring.models import Game, Status, Variant
from scoring.stats import by_games, by_months
from scoring.stats.by_games import BIDS_PART, GAMES, PEOPLE, POINTS
from scoring.stats.by_months import Scope, scope_of  # noqa: F401  (the pages build their scope here)
from scoring.table.cards import scoreboard
from scoring.vocabulary import POINT_IDS, POINT_LABELS

# How many partners, opponents and recent games the page and the API show.
TOP = 5
RECENT = 10
# Shooting the moon: a bid of all 13 points in 13-Point Pitch (RULES.md).
MOON = (engine.Variant.THIRTEEN.value, 13)


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
    games: QuerySet[Game] | None = None,
    scope: Scope | None = None,
    variant: str | None = None,
    top: int = TOP,
    recent: int = RECENT,
) -> PlayerStats:
    """The statistics of `player` over `scope` (by_months.scope_of: the
    statistics' filters and the visitor, read from the monthly sums: the work
    does not grow with the player's games) or `games` (any queryset of games the
    caller may read that count, read game by game: by_games): 1
    query for every figure (games by variant, pitching by bid, points, the other
    players met, the recent games' ids), then 1 for the recent games (with their
    clubs and seats: scoring.games.rows) if there are any. `top` 0 leaves out the
    partners and opponents, `recent` 0 the recent games (the API shows neither)."""
    by_variant: dict[str, tuple[GameFigures, int]] = {}
    pitched: dict[str, list[BidFigures]] = {}
    taken: dict[str, dict[str, int]] = {}
    met: list[tuple[Any, ...]] = []
    latest: list[int] = []
    if scope is not None:
        found = by_months.figure_rows(player, scope, top, recent)
    elif games is not None:
        found = by_games.figure_rows(player, games, top, recent)
    else:
        raise TypeError("player_stats needs `scope` or `games`.")
    for part, kind, number, word, *counts in found:
        if part == GAMES:
            played, finished, won, hands, worth = (int(c or 0) for c in counts[:5])
            by_variant[kind] = (GameFigures(played, finished, won), hands, worth)
        elif part == BIDS_PART:
            pitched.setdefault(kind, []).append(
                BidFigures(number, int(counts[0]), int(counts[1]))
            )
        elif part == POINTS:
            taken.setdefault(kind, {})[word] = int(counts[0])
        elif part == PEOPLE:
            met.append((number, word, *counts))
        else:
            latest.append(number)
    partners, opponents = _records(met, top)
    variants = []
    for kind in engine.Variant:
        if kind.value not in by_variant:
            continue
        played, hands, worth = by_variant[kind.value]
        bids = sorted(pitched.get(kind.value, []), key=lambda b: b.bid)
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
                        points.get(point, 0),
                        hands,
                    )
                    for point in engine.POINTS[kind]
                ],
                points_taken=worth,
            )
        )
    return PlayerStats(
        player=player,
        variants=variants,
        partners=partners,
        opponents=opponents,
        recent=_recent(player, latest),
        point_names=covered_points(variant),
    )


def covered_points(variant: str | None) -> tuple[str, ...]:
    """The points the statistics of `variant` cover (None: both variants)."""
    if variant:
        return engine.POINTS[engine.Variant(variant)]
    return POINT_IDS


def _records(
    rows: list[tuple[Any, ...]], top: int
) -> tuple[list[Record], list[Record]]:
    """Of every other player met in the player's games (PEOPLE's rows), the best
    partners (most games won together, then the fewest games it took) and the
    toughest opponents (who beat the player most often, then who was met most),
    `top` of each."""
    partners = [Record(row[0], row[1], row[2], row[3]) for row in rows if row[2]]
    opponents = [Record(row[0], row[1], *row[4:]) for row in rows if row[4]]
    partners.sort(key=lambda r: (-r.won, r.games, r.name.casefold(), r.player_id))
    opponents.sort(key=lambda r: (-r.lost, -r.games, r.name.casefold(), r.player_id))
    return partners[:top], opponents[:top]


def _recent(player: Player, latest: list[int]) -> list[RecentGame]:
    """The player's latest games (their ids, newest first) with every seat's player
    (1 query; none without games)."""
    found = rows.games_with_seats(latest)
    shown = []
    for game in (found[pk] for pk in latest if pk in found):
        side = next(s.side for s in rows.seat_rows(game) if s.player_id == player.pk)
        shown.append(RecentGame(game, scoreboard(game), side))
    return shown
