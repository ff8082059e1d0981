"""scoring 0003: awards may be credited to a side. Forward it keeps every stored
award as it was (a "Rest to team" tap was stored like any seat's: nothing tells
them apart); backward a side credit goes to the side's first seat, as the old
code stored it, so the columns can be NOT NULL again."""

from typing import Any

import pytest
from django.apps.registry import Apps
from django.db import IntegrityError, connection
from django.db.migrations.executor import MigrationExecutor

from scoring import engine
from scoring.games import hands as hand_services
from scoring.models import Award
from tests.factories import game_factory

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [("scoring", "0002_game_abandoned")]
AFTER = [("scoring", "0003_award_side_credit")]


def migrate(targets: list[tuple[str, str]]) -> Apps:
    """Migrate to `targets`; the models as they were there."""
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


def _thirteen_hand(apps: Apps) -> tuple[Any, list[Any]]:
    Player = apps.get_model("pitchclub", "Player")
    Game = apps.get_model("scoring", "Game")
    Seat = apps.get_model("scoring", "Seat")
    Hand = apps.get_model("scoring", "Hand")
    game = Game.objects.create(
        variant="thirteen", partnership=True, player_count=4, scores=[0, 13]
    )
    players = [Player.objects.create(name=name) for name in ("Ann", "Bob", "Cy", "Di")]
    for number, player in enumerate(players):
        Seat.objects.create(game=game, number=number, side=number % 2, player=player)
    hand = Hand.objects.create(
        game=game,
        number=1,
        dealer=0,
        pitcher=1,
        bid=7,
        bidding_side=1,
        won=[0, 13],
        made=True,
        deltas=[0, 13],
        scores=[0, 13],
    )
    return hand, players


def test_stored_awards_stay_and_team_credits_go_back_to_first_seats() -> None:
    try:
        old = migrate(BEFORE)
        hand, players = _thirteen_hand(old)
        OldAward = old.get_model("scoring", "Award")
        # "Rest to team" as the old code stored it: Bob, the team's first seat.
        OldAward.objects.create(
            hand_id=hand.pk, point="ace", seat=1, side=1, player_id=players[1].pk
        )

        new = migrate(AFTER)
        Award = new.get_model("scoring", "Award")
        kept = Award.objects.get(point="ace")
        assert (kept.seat, kept.side, kept.player_id) == (1, 1, players[1].pk)
        Award.objects.create(hand_id=hand.pk, point="two", seat=None, side=1)
        Award.objects.create(hand_id=hand.pk, point="ten", seat=None, side=0)

        old = migrate(BEFORE)
        OldAward = old.get_model("scoring", "Award")
        back = {
            award.point: (award.seat, award.side, award.player_id)
            for award in OldAward.objects.all()
        }
        assert back == {
            "ace": (1, 1, players[1].pk),
            "two": (1, 1, players[1].pk),
            "ten": (0, 0, players[0].pk),
        }
    finally:
        # Every app back at its latest migration: going back to scoring 0002 also
        # unapplied what depends on it, and later tests need all the tables.
        migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())


@pytest.mark.parametrize(
    ("seat", "side", "with_player"),
    [
        pytest.param(1, 1, False, id="a seat without its player"),
        pytest.param(None, 1, True, id="a team credit naming a player"),
        pytest.param(None, 3, False, id="a fourth team"),
        pytest.param(1, 2, True, id="a seat on a side above its number"),
    ],
)
def test_the_database_refuses_an_award_that_is_neither_a_seat_nor_a_team(
    seat: int | None, side: int, with_player: bool
) -> None:
    game = game_factory(variant="thirteen")
    hand_services.hand_record(
        game_id=game.pk, hand=engine.HandInput(pitcher=1, bid=5, awards={"ace": 1})
    )
    award = Award.objects.get()
    award.pk = None
    award.point = "ten"
    award.seat, award.side = seat, side
    award.player_id = award.player_id if with_player else None
    with pytest.raises(IntegrityError):
        award.save()
