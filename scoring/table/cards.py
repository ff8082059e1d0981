"""A game's sides and seats by name, and its card in lists of games: each side's
name ("Ann & Cy"), players, score and whether it won (seats prefetched or read
with the game, scoring.games.rows.seat_rows: no query of its own)."""

from collections.abc import Iterable
from typing import Any

from scoring.games.convert import rules_for
from scoring.games.rows import seat_rows
from scoring.models import Game


def side_names(game: Game) -> list[str]:
    """ "Ann" in solo play, "Ann & Cy" for a team (seats prefetched)."""
    names = seat_names(game)
    return [" & ".join(names[seat] for seat in side) for side in rules_for(game).sides]


def seat_names(game: Game) -> dict[int, str]:
    """Each seat's player name (seats prefetched)."""
    return {seat.number: seat.name for seat in seat_rows(game)}


def side_players(game: Game) -> list[list[dict[str, Any]]]:
    """Each side's players, each {"id", "name"}, in seat order (seats prefetched):
    the pages link every name to the player's statistics."""
    seats = {seat.number: seat for seat in seat_rows(game)}
    return [
        [{"id": seats[seat].player_id, "name": seats[seat].name} for seat in side]
        for side in rules_for(game).sides
    ]


def scoreboard(game: Game) -> list[dict[str, Any]]:
    """Each side's name, players, score and whether it won (seats prefetched)."""
    return [
        {"name": name, "players": players, "score": score, "winner": game.winner == i}
        for i, (name, players, score) in enumerate(
            zip(side_names(game), side_players(game), game.scores, strict=True)
        )
    ]


def game_cards(games: Iterable[Game]) -> list[dict[str, Any]]:
    """What templates/scoring/_game_card.html shows of each game."""
    return [{"game": game, "sides": scoreboard(game)} for game in games]
