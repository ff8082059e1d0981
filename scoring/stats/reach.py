"""How far a re-rating reaches (docs/ratings.md): the rated games after a point of
the finish order, and whether the games a set of players' ratings reach from it
number more than a request may rate again, found without reading them all."""

from django.db.models import Q

from scoring import engine
from scoring.models import RatingChange
from scoring.stats.skill import OrderKey

# Rounds of "the games of these players, then their players" before a reach that
# has not closed counts as too large: chains longer than this are for the backlog.
MAX_ROUNDS = 12


def after(key: OrderKey, *, inclusive: bool = False) -> Q:
    """RatingChange rows of games after `key` in the finish order."""
    finished_at, game_id = key
    later = Q(game_id__gte=game_id) if inclusive else Q(game_id__gt=game_id)
    return Q(finished_at__gt=finished_at) | (Q(finished_at=finished_at) & later)


def reach_exceeds(start: OrderKey, seed: set[int], limit: int) -> bool:
    """Whether more than `limit` rated games from `start` on share a player with
    `seed`, transitively (as scoring.stats.listeners' walk reads them). Each round
    reads at most a bounded number of rows (a game has at most MAX_PLAYERS rows), so
    the answer costs a few small queries whatever the site's size."""
    later = RatingChange.objects.filter(after(start, inclusive=True))
    games: set[int] = set()
    reached = set(seed)
    frontier = set(seed)
    for _ in range(MAX_ROUNDS):
        if not frontier:
            return False
        room = limit - len(games) + 1
        found = set(
            later.filter(player_id__in=frontier)
            .exclude(game_id__in=games)
            .values_list("game_id", flat=True)[: room * engine.MAX_PLAYERS]
        )
        # A full answer holds at least `room` games: more than `limit` in all.
        if len(games) + len(found) > limit:
            return True
        if not found:
            return False
        games |= found
        players = set(
            RatingChange.objects.filter(game_id__in=found).values_list(
                "player_id", flat=True
            )
        )
        frontier = players - reached
        reached |= players
    return bool(frontier)
