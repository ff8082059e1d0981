"""Ratings follow the games (docs/ratings.md): the listeners of scoring's game hook
and of the core's merge hook, and what they rate again, inside the transaction of
the change; scoring.stats.recompute rates every stored game again.

Games are rated in their finish order, (finished_at, game id). A new finished game
that comes last for its players costs one incremental update; anything else (a
correction that changes a finished game's places, a game reopened by an undo, a
game finished before one already rated, two players merged) rates again every
affected game from that point on, in order: those of the players whose rating moved,
and, as their ratings move too, those of everyone they played with afterwards. More
than ``settings.RATING_INLINE_GAMES`` such games, or anything while the backlog
waits, are left to the backlog (scoring.stats.backlog) and rated after the commit.

It follows games through scoring's game hook (``ratings_follow_game``) and merges
through the core's hook (``ratings_follow_merge``), both registered in
ScoringConfig.ready().
"""

from collections import defaultdict
from collections.abc import Iterable

from django.conf import settings
from django.db.models import Count

from pitchclub.hooks import PlayersMerging
from pitchclub.models import Player
from scoring.games import hooks
from scoring.games.rows import seat_rows
from scoring.models import Game, Rating, RatingChange, Status
from scoring.stats import backlog
from scoring.stats.rating_rows import (
    change_values,
    rating_changes,
    save_changes,
    save_ratings,
    set_skill,
)
from scoring.stats.rating_rows import lock as _lock
from scoring.stats.reach import after as _after
from scoring.stats.reach import reach_exceeds
from scoring.stats.skill import DEFAULT, OrderKey, Seating, Skill, rate, side_places


def game_seating(game: Game) -> Seating | None:
    """How `game` rates its players, or None when it does not count (not finished,
    or abandoned). The seats are read once per game object (1 query at most)."""
    if game.status != Status.FINISHED or game.winner is None:
        return None
    places = side_places(list(game.scores), game.winner)
    seating = {
        seat.player_id: (seat.side, places[seat.side]) for seat in seat_rows(game)
    }
    return Seating(finish_key(game), seating)


def finish_key(game: Game) -> OrderKey:
    """`game`'s place in the finish order."""
    # A finished game has finished_at (hands._apply_state); rows from before it
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
    ratings_follow_game), inside the caller's transaction, the game row locked; or
    leave it to the backlog (see the module's docstring)."""
    waiting = backlog.pending(game.pk)
    wanted = game_seating(game)
    stored = _stored_seating(game.pk)
    if wanted == stored and not waiting.game:
        return
    seed = set(wanted.places if wanted else ()) | set(stored.places if stored else ())
    keys = [seating.key for seating in (wanted, stored) if seating is not None]
    if waiting.rows:
        # The drain brings the game's rows in line with the game as it then stands.
        changed = wanted != stored
        backlog.backlog_add(
            start=min(keys) if changed else None,
            players=seed if changed else (),
            game=game.pk,
        )
        return
    _rerate(
        min(keys),
        seed,
        new_game=(game.pk, wanted) if wanted else None,
        fresh=stored is None,
        drop=game.pk if stored is not None else None,
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
    start = (first.finished_at, first.game_id)
    if backlog.pending(None).rows:
        backlog.backlog_add(start=start, players={event.into.pk}, game=None)
        return
    _rerate(start, {event.into.pk}, new_game=None, fresh=False)


def _rerate(
    start: OrderKey,
    seed: set[int],
    *,
    new_game: tuple[int, Seating] | None,
    fresh: bool,
    drop: int | None = None,
) -> None:
    """Rate again, in order, every game from `start` on that the ratings of `seed`
    reach, with `new_game` (its id and seating; its rows not yet written) among
    them, and without the rows of game `drop` (its old rating). The seed's ratings
    are locked first. The common case, a game rated for the first time (`fresh`)
    that is the last of each of its players, is one incremental update from their
    current ratings. More than ``settings.RATING_INLINE_GAMES`` games to rate again
    go to the backlog, nothing written here."""
    rows = _lock(seed)
    later = RatingChange.objects.filter(_after(start, inclusive=True))
    if fresh and new_game is not None and not later.filter(player_id__in=seed).exists():
        game_id, seating = new_game
        before = {p: Skill(rows[p].mu, rows[p].sigma) for p in seating.places}
        after = rate(seating.places, before)
        RatingChange.objects.bulk_create(
            rating_changes(game_id, seating, before, after)
        )
        save_ratings(
            [set_skill(rows[p], skill, rows[p].games + 1) for p, skill in after.items()]
        )
        return
    if reach_exceeds(start, seed, settings.RATING_INLINE_GAMES):
        game = new_game[0] if new_game else drop
        backlog.backlog_add(start=start, players=seed, game=game)
        return
    if drop is not None:
        RatingChange.objects.filter(game_id=drop).delete()
    _walk(start, seed, rows, new_game)


def game_in_line(game_id: int) -> tuple[list[OrderKey], set[int]]:
    """A deferred game's rating rows brought in line with the game as it now stands
    (scoring.stats.catch_up, in a short transaction of its own): a game no longer
    rated loses them, one rated anew gets placeholders that the walk rates. The
    finish keys and players the walk must start from and cover."""
    game = Game.objects.filter(pk=game_id).first()
    if game is None:
        return [], set()
    wanted = game_seating(game)
    stored = _stored_seating(game.pk)
    if wanted == stored:
        return [], set()
    if stored is not None:
        RatingChange.objects.filter(game_id=game.pk).delete()
    if wanted is not None:
        fill = dict.fromkeys(wanted.places, DEFAULT)
        RatingChange.objects.bulk_create(rating_changes(game.pk, wanted, fill, fill))
    seatings = [seating for seating in (wanted, stored) if seating is not None]
    return [s.key for s in seatings], {p for s in seatings for p in s.places}


def rerate_deferred(start: OrderKey, seed: set[int]) -> int:
    """Every game from `start` on that `seed`'s ratings reach rated again, in
    order, as game_sync would have (scoring.stats.catch_up). Returns how many
    players were seeded."""
    # A player merged away meanwhile has no rating to write.
    seed = set(Player.objects.filter(pk__in=seed).values_list("pk", flat=True))
    if not seed:
        return 0
    _walk(start, seed, _lock(seed), None)
    return len(seed)


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
    start: OrderKey, seed: set[int], new_game: tuple[int, Seating] | None
) -> tuple[dict[int, list[RatingChange]], list[tuple[OrderKey, int]]]:
    """The rated games from `start` on that `seed`'s players reach through shared
    players (any game with one of them, then any game with one of those games'
    players, …), their changes by game id, and the games in finish order (with
    `new_game`, not yet written). Games no chain of shared players leads to cannot
    change and are not read: a correction of a club's old game reads that club's
    later games (more exactly: those of the players it reaches), not the whole
    site's (issue 25 item 7). Finish order is left to the walk: the reach here
    ignores it, so it may read a few games more than the walk re-rates. Each round
    asks for the players reached in the round before only and sends no list of the
    games found so far (that list grew with every round: quadratic in a long chain
    of games), so the reads grow with the games reached."""
    games: dict[int, list[RatingChange]] = defaultdict(list)
    later = RatingChange.objects.filter(_after(start, inclusive=True)).order_by()
    reached = set(seed)
    frontier = set(seed)
    while frontier:
        found = set(
            later.filter(player_id__in=frontier).values_list("game_id", flat=True)
        ).difference(games)
        if not found:
            break
        players: set[int] = set()
        for change in RatingChange.objects.filter(game_id__in=found).order_by(
            "finished_at", "game_id", "player_id"
        ):
            games[change.game_id].append(change)
            players.add(change.player_id)
        frontier = players - reached
        reached |= players
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
        games, order = _later_games(start, seed, new_game)
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
    # Rows whose values stay as stored are not written again.
    updated: list[tuple[int, *tuple[float, ...]]] = []
    for key, game_id in order:
        if game_id not in games:
            seating = new_game[1]
            before = {p: state[p] for p in seating.places}
            after = rate(seating.places, before)
            RatingChange.objects.bulk_create(
                rating_changes(game_id, seating, before, after)
            )
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
            for c in changes:
                values = change_values(before[c.player_id], after[c.player_id])
                stored = (c.mu_before, c.sigma_before, c.mu_after, c.sigma_after)
                if values != (*stored, c.ordinal_after):
                    updated.append((c.pk, *values))
        state.update(after)
        touched |= set(seating.places)
    save_changes(updated)
    rows.update(_lock(touched - set(rows)))
    counts = dict(
        RatingChange.objects.filter(player_id__in=touched)
        .values_list("player_id")
        .annotate(games=Count("id"))
        .values_list("player_id", "games")
    )
    gone = [player for player in touched if not counts.get(player)]
    Rating.objects.filter(player_id__in=gone).delete()
    save_ratings(
        [
            set_skill(rows[player], state[player], counts[player])
            for player in sorted(touched)
            if counts.get(player)
        ]
    )
