"""HTML pages. The scorekeeper's table UI comes next; these pages read games."""

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from scoring import engine, selectors, services
from scoring.models import Game

RECENT_GAMES = 30


def _side_names(game: Game) -> list[str]:
    """ "Ann" in solo play, "Ann & Cy" for a team (seats prefetched)."""
    rules = services.rules_for(game)
    names = {seat.number: seat.player.name for seat in game.seats.all()}
    return [" & ".join(names[seat] for seat in side) for side in rules.sides]


def _scoreboard(game: Game) -> list[dict[str, Any]]:
    names = _side_names(game)
    return [
        {"name": name, "score": score, "winner": game.winner == side}
        for side, (name, score) in enumerate(zip(names, game.scores, strict=True))
    ]


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    games = [
        {"game": game, "sides": _scoreboard(game)}
        for game in selectors.game_list(user=request.user, limit=RECENT_GAMES)
    ]
    return render(request, "scoring/home.html", {"games": games})


@require_GET
def game_detail(request: HttpRequest, game_id: int) -> HttpResponse:
    try:
        game = selectors.game_detail(game_id=game_id, user=request.user)
    except Game.DoesNotExist as missing:
        raise Http404("No such game.") from missing
    rules = services.rules_for(game)
    names = _side_names(game)
    seat_names = {seat.number: seat.player.name for seat in game.seats.all()}
    hands = [
        {
            "hand": hand,
            "dealer": seat_names[hand.dealer],
            "pitcher": seat_names[hand.pitcher],
            "cells": list(zip(hand.deltas, hand.scores, strict=True)),
        }
        for hand in game.hands.all()
    ]
    waiting = engine.waiting_to_go_out(rules, services.state_of(game))
    context = {
        "game": game,
        "rules": rules,
        "sides": _scoreboard(game),
        "side_names": names,
        "hands": hands,
        "waiting": [
            {"name": names[side], "score": game.scores[side]} for side in waiting
        ],
        "winner": names[game.winner] if game.winner is not None else None,
        "next_dealer": (
            seat_names[rules.dealer_of(game.hand_count + 1)]
            if game.winner is None
            else None
        ),
    }
    return render(request, "scoring/game.html", context)
