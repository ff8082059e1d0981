"""Skill ratings: OpenSkill's Plackett-Luce model over finished games (docs/ratings.md).

Every finished game that was not abandoned rates its players: the sides are the
teams (partners share a result), placed winner first, then by final score (sides of
equal score share a place). The rating shown is the ordinal, mu - 3 * sigma.

Games are rated in their finish order, (finished_at, game id). A new finished game
that comes last for its players costs one incremental update; anything else (a
correction that changes a finished game's places, a game reopened by an undo, a
game finished before one already rated, two players merged) rates again every
affected game from that point on, in order: those of the players whose rating moved,
and, as their ratings move too, those of everyone they played with afterwards.

It follows games through scoring's game hook, inside the transaction of the change
(``ratings_follow_game``), and merges through the core's hook
(``ratings_follow_merge``); ``recompute_all`` rates every stored game again.
"""

from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import NamedTuple

from django.db import connection, transaction
from django.db.models import Count, Q
from openskill.models import PlackettLuce

from pitchclub.hooks import PlayersMerging
from pitchclub.models import Player
from scoring.games import hooks
from scoring.games.selectors import seat_rows
from scoring.models import Game, Rating, RatingChange, Seat, Status

# The model's own defaults: mu 25, sigma 25/3, beta 25/6, tau 25/300.
MODEL = PlackettLuce()
# Figures are given to two decimals: enough to see one game's change.
DECIMALS = 2

# A game's place in the finish order.
OrderKey = tuple[datetime, int]


class Skill(NamedTuple):
    mu: float
    sigma: float


DEFAULT = Skill(MODEL.mu, MODEL.sigma)


def ordinal(skill: Skill) -> float:
    """The rating shown: mu - 3 * sigma."""
    return skill.mu - 3 * skill.sigma


# --- Places and the model: no database --------------------------------------------


def side_places(scores: list[int], winner: int) -> list[int]:
    """Each side's place in a finished game (1 first): the winner first, the others
    by final score, highest first; sides with the same score share a place (the
    winner's place is its own even when another side has as many points)."""
    if not 0 <= winner < len(scores):
        raise ValueError(f"winner {winner} is not one of {len(scores)} sides")
    places = []
    for side, score in enumerate(scores):
        if side == winner:
            places.append(1)
            continue
        ahead = sum(
            1
            for other, theirs in enumerate(scores)
            if other != winner and theirs > score
        )
        places.append(2 + ahead)
    return places


@dataclass(frozen=True, slots=True)
class Seating:
    """Who played a rated game: each player's side and that side's place."""

    key: OrderKey
    places: dict[int, tuple[int, int]]  # player id -> (side, place)


def rate(
    places: Mapping[int, tuple[int, int]], before: Mapping[int, Skill]
) -> dict[int, Skill]:
    """The players' skills after one game, from their skills before it."""
    teams: dict[int, list[int]] = defaultdict(list)
    for player, (side, _) in sorted(places.items()):
        teams[side].append(player)
    sides = sorted(teams)
    ranks = [places[teams[side][0]][1] for side in sides]
    rated = MODEL.rate(
        [
            [MODEL.rating(mu=before[p].mu, sigma=before[p].sigma) for p in teams[side]]
            for side in sides
        ],
        ranks=ranks,
    )
    return {
        player: Skill(new.mu, new.sigma)
        for side, team in zip(sides, rated, strict=True)
        for player, new in zip(teams[side], team, strict=True)
    }


# --- Reads ----------------------------------------------------------------------------


def player_rating(player: Player | int) -> dict[str, float | int] | None:
    """The player's rating as API.md's player statistics show it, ``{"mu", "sigma",
    "ordinal", "games"}`` rounded to two decimals, or None before their first
    finished game (1 query)."""
    player_id = player if isinstance(player, int) else player.pk
    row = Rating.objects.filter(player_id=player_id, games__gt=0).first()
    if row is None:
        return None
    return {
        "mu": round(row.mu, DECIMALS),
        "sigma": round(row.sigma, DECIMALS),
        "ordinal": round(row.ordinal, DECIMALS),
        "games": row.games,
    }


class RatingPoint(NamedTuple):
    """The player's rating (ordinal) just after a game."""

    finished_at: datetime
    game_id: int
    ordinal: float


def rating_history(player: Player | int, last: int | None = None) -> list[RatingPoint]:
    """The player's rating after each rated game, in finish order (1 query); with
    `last`, only the latest `last` games."""
    player_id = player if isinstance(player, int) else player.pk
    rows = (
        RatingChange.objects.filter(player_id=player_id)
        .order_by("-finished_at", "-game_id")
        .values_list("finished_at", "game_id", "ordinal_after")
    )
    if last is not None:
        rows = rows[:last]
    return [
        RatingPoint(finished_at, game_id, round(value, DECIMALS))
        for finished_at, game_id, value in reversed(list(rows))
    ]


# --- Writes ---------------------------------------------------------------------------


def game_seating(game: Game) -> Seating | None:
    """How `game` rates its players, or None when it does not count (not finished,
    or abandoned). The seats are read once per game object (1 query at most)."""
    if game.status != Status.FINISHED or game.winner is None:
        return None
    places = side_places(list(game.scores), game.winner)
    seating = {
        seat.player_id: (seat.side, places[seat.side]) for seat in seat_rows(game)
    }
    return Seating(_finish_key(game), seating)


def _finish_key(game: Game) -> OrderKey:
    # A finished game has finished_at (services._apply_state); rows from before it
    # was kept fall back on their last change.
    return (game.finished_at or game.updated_at, game.pk)


def _stored_seating(game_id: int) -> Seating | None:
    rows = list(
        RatingChange.objects.filter(game_id=game_id).values_list(
            "player_id", "side", "rank", "finished_at"
        )
    )
    if not rows:
        return None
    return Seating(
        (rows[0][3], game_id), {player: (side, rank) for player, side, rank, _ in rows}
    )


def _after(key: OrderKey, *, inclusive: bool = False) -> Q:
    """RatingChange rows of games after `key` in the finish order."""
    finished_at, game_id = key
    later = Q(game_id__gte=game_id) if inclusive else Q(game_id__gt=game_id)
    return Q(finished_at__gt=finished_at) | (Q(finished_at=finished_at) & later)


def _lock(player_ids: Iterable[int]) -> dict[int, Rating]:
    """The players' rating rows, created with the model's defaults where missing,
    locked until the transaction ends in ascending player order (so that two games
    finishing at once wait for each other instead of deadlocking)."""
    ids = sorted(set(player_ids))
    if not ids:
        return {}
    Rating.objects.bulk_create(
        [
            Rating(
                player_id=p,
                mu=DEFAULT.mu,
                sigma=DEFAULT.sigma,
                ordinal=ordinal(DEFAULT),
            )
            for p in ids
        ],
        ignore_conflicts=True,
    )
    locked = Rating.objects.select_for_update().filter(player_id__in=ids)
    return {row.player_id: row for row in locked.order_by("player_id")}


def ratings_follow_game(event: hooks.GameEvent) -> None:
    """Keep the ratings in step with `event.game` (registered on scoring's game hook
    in ScoringConfig.ready()): a game that finished is rated; one that is no longer
    finished (reopened, abandoned) is rated no more; one whose places changed (a
    correction) is rated again; and whatever came after it for its players too."""
    if isinstance(event, hooks.HandCorrected | hooks.HandUndone) and (
        event.game.status != Status.FINISHED
    ):
        # The game was open before too, or GameReopened follows.
        return
    game_sync(event.game)


def game_sync(game: Game) -> None:
    """Rate `game` as it now stands, if its rating is not already so (see
    ratings_follow_game). Inside the caller's transaction, the game row locked."""
    wanted = game_seating(game)
    stored = _stored_seating(game.pk)
    if wanted == stored:
        return
    seed = set(wanted.places if wanted else ()) | set(stored.places if stored else ())
    keys = [seating.key for seating in (wanted, stored) if seating is not None]
    if stored is not None:
        RatingChange.objects.filter(game_id=game.pk).delete()
    _rerate(
        min(keys),
        seed,
        new_game=(game.pk, wanted) if wanted else None,
        fresh=stored is None,
    )


def ratings_follow_merge(event: PlayersMerging) -> None:
    """A merged guest's rated games become the staying player's (after scoring's
    seats moved, registered in ScoringConfig.ready()): the staying player's rating is
    rated again from the first of them on."""
    guest_changes = RatingChange.objects.filter(player_id=event.guest.pk)
    first = guest_changes.order_by("finished_at", "game_id").first()
    if first is None:
        return
    guest_changes.update(player_id=event.into.pk)
    _rerate(
        (first.finished_at, first.game_id), {event.into.pk}, new_game=None, fresh=False
    )


def _rerate(
    start: OrderKey,
    seed: set[int],
    *,
    new_game: tuple[int, Seating] | None,
    fresh: bool,
) -> None:
    """Rate again, in order, every game from `start` on that the ratings of `seed`
    reach, with `new_game` (its id and seating; its rows not yet written) among
    them. The seed's ratings are locked first. The common case, a game rated for the
    first time (`fresh`) that is the last of each of its players, is one
    incremental update from their current ratings."""
    rows = _lock(seed)
    later = RatingChange.objects.filter(_after(start, inclusive=True))
    if fresh and new_game is not None and not later.filter(player_id__in=seed).exists():
        game_id, seating = new_game
        before = {p: Skill(rows[p].mu, rows[p].sigma) for p in seating.places}
        after = rate(seating.places, before)
        RatingChange.objects.bulk_create(_changes(game_id, seating, before, after))
        _save([_set(rows[p], skill, rows[p].games + 1) for p, skill in after.items()])
        return
    _walk(start, seed, rows, new_game)


def _changes(
    game_id: int,
    seating: Seating,
    before: Mapping[int, Skill],
    after: Mapping[int, Skill],
) -> list[RatingChange]:
    return [
        RatingChange(
            player_id=player,
            game_id=game_id,
            finished_at=seating.key[0],
            side=side,
            rank=place,
            mu_before=before[player].mu,
            sigma_before=before[player].sigma,
            mu_after=after[player].mu,
            sigma_after=after[player].sigma,
            ordinal_after=ordinal(after[player]),
        )
        for player, (side, place) in sorted(seating.places.items())
    ]


def _set(row: Rating, skill: Skill, games: int) -> Rating:
    row.mu, row.sigma, row.ordinal, row.games = (
        skill.mu,
        skill.sigma,
        ordinal(skill),
        games,
    )
    return row


def _save(rows: list[Rating]) -> None:
    Rating.objects.bulk_update(
        rows, ["mu", "sigma", "ordinal", "games"], batch_size=500
    )


def _skills_before(start: OrderKey, players: Iterable[int]) -> dict[int, Skill]:
    """Each player's skill just before `start`: after their last game before it, or
    the model's default (1 query per player; only when ratings are rated again)."""
    skills = {}
    for player in players:
        last = (
            RatingChange.objects.filter(player_id=player)
            .exclude(_after(start, inclusive=True))
            .order_by("-finished_at", "-game_id")
            .values_list("mu_after", "sigma_after")
            .first()
        )
        skills[player] = Skill(*last) if last else DEFAULT
    return skills


def _later_games(
    start: OrderKey, new_game: tuple[int, Seating] | None
) -> tuple[dict[int, list[RatingChange]], list[tuple[OrderKey, int]]]:
    """The rated games from `start` on, their changes by game id, and the games in
    finish order (with `new_game`, not yet written)."""
    games: dict[int, list[RatingChange]] = defaultdict(list)
    later = RatingChange.objects.filter(_after(start, inclusive=True)).order_by(
        "finished_at", "game_id", "player_id"
    )
    for change in later:
        games[change.game_id].append(change)
    order = [
        ((changes[0].finished_at, game_id), game_id)
        for game_id, changes in games.items()
    ]
    if new_game is not None:
        order.append((new_game[1].key, new_game[0]))
    order.sort()
    return games, order


def _walk(
    start: OrderKey,
    seed: set[int],
    rows: dict[int, Rating],
    new_game: tuple[int, Seating] | None,
) -> None:
    """Rate again every game from `start` on that the seed's ratings reach."""
    # Lock every rating the walk will change before changing any; read the later
    # games again after each lock, until nobody new is reached (another game may
    # have been rated meanwhile for a player locked last).
    while True:
        games, order = _later_games(start, new_game)
        reached = set(seed)
        for _, game_id in order:
            if game_id in games:
                players = {change.player_id for change in games[game_id]}
            else:
                players = set(new_game[1].places)
            if players & reached:
                reached |= players
        missing = reached - set(rows)
        if not missing:
            break
        rows.update(_lock(missing))

    state = _skills_before(start, seed)
    touched: set[int] = set(seed)
    updated: list[RatingChange] = []
    for key, game_id in order:
        if game_id not in games:
            seating = new_game[1]
            before = {p: state[p] for p in seating.places}
            after = rate(seating.places, before)
            RatingChange.objects.bulk_create(_changes(game_id, seating, before, after))
        else:
            changes = games[game_id]
            if not touched & {change.player_id for change in changes}:
                continue
            seating = Seating(key, {c.player_id: (c.side, c.rank) for c in changes})
            before = {
                c.player_id: state.get(c.player_id, Skill(c.mu_before, c.sigma_before))
                for c in changes
            }
            after = rate(seating.places, before)
            for change in changes:
                skill_before, skill_after = (
                    before[change.player_id],
                    after[change.player_id],
                )
                change.mu_before, change.sigma_before = skill_before
                change.mu_after, change.sigma_after = skill_after
                change.ordinal_after = ordinal(skill_after)
                updated.append(change)
        state.update(after)
        touched |= set(seating.places)
    RatingChange.objects.bulk_update(
        updated,
        ["mu_before", "sigma_before", "mu_after", "sigma_after", "ordinal_after"],
        batch_size=500,
    )
    rows.update(_lock(touched - set(rows)))
    counts = dict(
        RatingChange.objects.filter(player_id__in=touched)
        .values_list("player_id")
        .annotate(games=Count("id"))
        .values_list("player_id", "games")
    )
    gone = [player for player in touched if not counts.get(player)]
    Rating.objects.filter(player_id__in=gone).delete()
    _save(
        [
            _set(rows[player], state[player], counts[player])
            for player in sorted(touched)
            if counts.get(player)
        ]
    )


@transaction.atomic
def recompute_all() -> int:
    """Rate every finished, unabandoned game again from scratch, in finish order
    (the management command ``ratings_recompute``). Returns how many games were
    rated. On PostgreSQL the ratings' tables are locked against other writers for
    the length of it (games finishing meanwhile wait)."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute(
                f"LOCK TABLE {Rating._meta.db_table}, {RatingChange._meta.db_table} "
                "IN SHARE ROW EXCLUSIVE MODE"
            )
    RatingChange.objects.all().delete()
    Rating.objects.all().delete()
    finished = Game.objects.filter(status=Status.FINISHED, winner__isnull=False)
    games = {
        game.pk: game
        for game in finished.only("id", "scores", "winner", "finished_at", "updated_at")
    }
    seats: dict[int, list[tuple[int, int]]] = defaultdict(list)
    for game_id, player_id, side in (
        Seat.objects.filter(game__in=finished)
        .order_by("game_id", "number")
        .values_list("game_id", "player_id", "side")
    ):
        seats[game_id].append((player_id, side))
    seatings = []
    for game in games.values():
        places = side_places(list(game.scores), game.winner)
        seatings.append(
            (
                _finish_key(game),
                Seating(
                    _finish_key(game),
                    {p: (side, places[side]) for p, side in seats[game.pk]},
                ),
            )
        )
    seatings.sort(key=lambda pair: pair[0])
    state: dict[int, Skill] = {}
    played: dict[int, int] = defaultdict(int)
    changes: list[RatingChange] = []
    for key, seating in seatings:
        before = {p: state.get(p, DEFAULT) for p in seating.places}
        after = rate(seating.places, before)
        changes.extend(_changes(key[1], seating, before, after))
        state.update(after)
        for player in seating.places:
            played[player] += 1
    RatingChange.objects.bulk_create(changes, batch_size=1000)
    Rating.objects.bulk_create(
        [
            Rating(
                player_id=player,
                mu=skill.mu,
                sigma=skill.sigma,
                ordinal=ordinal(skill),
                games=played[player],
            )
            for player, skill in sorted(state.items())
        ],
        batch_size=1000,
    )
    return len(seatings)
