"""The hand that won the game, sent again by the phone (its answer lost or slow, its
offline queue resending it with the same client_id), is a retry as any other: 200,
"Hand N was already saved.", nothing written (API.md: a retry is recognised by its
client_id first). Only a new hand is refused on a won game (409). Found by the
browser suite on a busy machine: the winning hand's resend answered 409."""

import uuid

import pytest
from django.test import Client

from tests.factories import UserFactory, game_factory, record
from tests.scoring.table.test_views_table import hands, post_hand, quick

pytestmark = pytest.mark.django_db

# Bob bids 4 and takes every point: 4 after one hand, 8 (past 7) after two.
POINTS = ("high", "low", "jack", "game")
BOB_ALL = {f"award-{point}": "1" for point in POINTS}


def test_the_winning_hand_sent_again_is_a_retry(client: Client) -> None:
    keeper = UserFactory()
    client.force_login(keeper)
    kate = client
    game = game_factory(created_by=keeper)  # solo, to 7
    record(game, ["pass", 4, "pass", "pass"], dict.fromkeys(POINTS, 1))
    won = {**quick(1, 4, **BOB_ALL), "client_id": str(uuid.uuid4()), "number": "2"}
    first = post_hand(kate, game, htmx=True, **won)
    assert first.status_code == 201
    game.refresh_from_db()
    assert game.winner == 1
    again = post_hand(kate, game, htmx=True, **won)
    assert again.status_code == 200, again.content.decode()[:300]
    assert "Hand 2 was already saved." in again.content.decode()
    assert len(hands(game)) == 2
    # Without htmx (an old page): to the game, as after any save.
    plain = post_hand(kate, game, **won)
    assert plain.status_code == 302
    # A hand of its own on the won game is still refused.
    other = {**won, "client_id": str(uuid.uuid4()), "number": "3"}
    assert post_hand(kate, game, htmx=True, **other).status_code == 409
    assert len(hands(game)) == 2
