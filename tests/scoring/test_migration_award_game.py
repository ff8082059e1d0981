"""scoring 0006: an award keeps its hand's game. Forward every stored award gets its
hand's game (one UPDATE); backward the column goes, the awards stay."""

from typing import Any

import pytest
from django.apps.registry import Apps
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [("scoring", "0005_stats_indexes")]
AFTER = [("scoring", "0006_award_game")]


def migrate(targets: list[tuple[str, str]]) -> Apps:
    """Migrate to `targets`; the models as they were there."""
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


def _game_with_hands(apps: Apps, name: str, hands: int) -> tuple[Any, list[Any]]:
    """An Auction game of two players, with `hands` hands where seat 0 takes high
    and seat 1 takes low."""
    Player = apps.get_model("pitchclub", "Player")
    Game = apps.get_model("scoring", "Game")
    Seat = apps.get_model("scoring", "Seat")
    Hand = apps.get_model("scoring", "Hand")
    Award = apps.get_model("scoring", "Award")
    game = Game.objects.create(
        variant="auction", partnership=False, player_count=2, scores=[0, 0]
    )
    players = [Player.objects.create(name=f"{name} {n}") for n in range(2)]
    for number, player in enumerate(players):
        Seat.objects.create(game=game, number=number, side=number, player=player)
    stored = []
    for number in range(1, hands + 1):
        hand = Hand.objects.create(
            game=game,
            number=number,
            dealer=(number - 1) % 2,
            pitcher=0,
            bid=2,
            bidding_side=0,
            won=[1, 1],
            made=False,
            deltas=[-2, 1],
            scores=[-2 * number, number],
        )
        for seat, point in enumerate(("high", "low")):
            Award.objects.create(
                hand=hand, point=point, seat=seat, side=seat, player=players[seat]
            )
        stored.append(hand)
    return game, stored


def test_stored_awards_get_their_hands_game_and_keep_it_going_back() -> None:
    try:
        old = migrate(BEFORE)
        first, _ = _game_with_hands(old, "Ann", 2)
        second, _ = _game_with_hands(old, "Bob", 3)
        OldAward = old.get_model("scoring", "Award")
        before = sorted(OldAward.objects.values_list("id", "hand_id", "player_id"))

        new = migrate(AFTER)
        Award = new.get_model("scoring", "Award")
        by_game = sorted(Award.objects.values_list("game_id", "hand__game_id", "id"))
        assert [(game, of_hand) for game, of_hand, _ in by_game] == [
            (first.pk, first.pk)
        ] * 4 + [(second.pk, second.pk)] * 6
        assert not Award.objects.filter(game__isnull=True).exists()

        old = migrate(BEFORE)
        OldAward = old.get_model("scoring", "Award")
        assert (
            sorted(OldAward.objects.values_list("id", "hand_id", "player_id")) == before
        )
    finally:
        # Every app back at its latest migration: later tests need all the tables.
        migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())
