"""Every game rated again from scratch, in finish order (the management command
``ratings_recompute``; docs/ratings.md): what the game hook's listeners
(scoring.stats.listeners) keep in step one change at a time.
"""

from collections import defaultdict

from django.db import connection, transaction

from scoring.models import Game, Rating, RatingChange, Seat, Status
from scoring.stats.listeners import finish_key
from scoring.stats.rating_rows import rating_changes
from scoring.stats.skill import DEFAULT, Seating, Skill, ordinal, rate, side_places


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
                finish_key(game),
                Seating(
                    finish_key(game),
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
        changes.extend(rating_changes(key[1], seating, before, after))
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
