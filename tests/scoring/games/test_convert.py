"""Rows <-> engine (scoring/games/convert.py): a stored game and its hands give back the
engine's rules, state and inputs, and a hand reads as API.md shows it."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from scoring import engine
from scoring.games import convert
from scoring.models import Game, Hand

pytestmark = pytest.mark.django_db


def test_a_stored_game_gives_back_its_rules_and_state(three_hands: Game) -> None:
    rules = convert.rules_for(three_hands)
    assert (rules.variant, rules.players, rules.first_dealer, rules.target) == (
        engine.Variant.AUCTION,
        4,
        0,
        7,
    )
    assert convert.state_of(three_hands) == engine.GameState(
        scores=(1, 0, 1, 2), hands=3, winner=None
    )


def test_stored_hands_replay_to_the_stored_game(three_hands: Game) -> None:
    hands = list(three_hands.hands.order_by("number").prefetch_related("awards"))
    inputs = [convert.hand_input_of(hand) for hand in hands]
    replayed = engine.replay(convert.rules_for(three_hands), inputs)

    assert replayed.state == convert.state_of(three_hands)
    for hand, result in zip(hands, replayed.results, strict=True):
        assert {"number": hand.number, **convert.result_fields(result)} == {
            name: getattr(hand, name) for name in convert.HAND_FIELDS
        }


def test_a_hand_reads_as_the_api_shows_it_without_a_query(three_hands: Game) -> None:
    hand = Hand.objects.prefetch_related("awards").get(game=three_hands, number=2)
    points = convert.rules_for(three_hands).points
    with CaptureQueriesContext(connection) as queries:
        shown = convert.hand_dict(hand, points)
        snapshot = convert.hand_snapshot(hand, points)

    assert len(queries) == 0
    assert list(shown) == [
        *convert.HAND_FIELDS[:7],
        "awards",
        *convert.HAND_FIELDS[7:],
    ]
    assert shown["awards"] == {"high": 3, "low": 3, "jack": None, "game": None}
    assert shown["trump"] is None
    assert snapshot == {
        **shown,
        "client_id": None,
        "recorded_by": None,
        "recorded_at": hand.created_at.isoformat(),
    }
