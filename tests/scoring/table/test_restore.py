"""Restore hand N: an undo taken back in one tap while the undone hand would still
be the last (issue 23, item 8): from the revision the undo kept, logged on it,
refused in words once another hand was recorded."""

import uuid
from typing import Any

import pytest
from django.contrib.auth.models import AbstractUser
from django.test import Client
from django.urls import reverse

from scoring import engine
from scoring.engine import RuleViolation
from scoring.games import hands as hand_services
from scoring.models import Game, Hand, HandRevision
from tests.factories import UserFactory, game_factory, record

pytestmark = pytest.mark.django_db


@pytest.fixture
def keeper() -> AbstractUser:
    return UserFactory(username="kate")


@pytest.fixture
def kate(client: Client, keeper: AbstractUser) -> Client:
    client.force_login(keeper)
    return client


@pytest.fixture
def undone(keeper: AbstractUser) -> Game:
    """Two hands (to 4), the second won the game for Ann; then undone."""
    game = game_factory(options={"target": 4}, created_by=keeper)
    record(game, ["pass", 2, "pass", "pass"], {"high": 2, "low": 2, "game": 0})
    hand_services.hand_record(
        game_id=game.pk,
        client_id=uuid.UUID(int=7),
        hand=engine.HandInput(
            auction=("pass", "pass", 4, "pass"),
            awards={"high": 0, "low": 0, "jack": 0, "game": 0},
        ),
    )
    game.refresh_from_db()
    assert game.winner == 0
    hand_services.hand_undo(game_id=game.pk, number=2, by=keeper)
    game.refresh_from_db()
    assert game.hand_count == 1
    return game


def _restore_url(game: Game, number: int) -> str:
    return reverse("scoring:hand_restore", args=[game.pk, number])


def test_the_game_page_offers_the_restore_after_an_undo(
    kate: Client, undone: Game
) -> None:
    text = kate.get(reverse("scoring:game", args=[undone.pk])).content.decode()
    assert f'action="{_restore_url(undone, 2)}"' in text
    assert "Restore hand 2" in text


def test_restore_brings_the_hand_back_and_logs_it(
    kate: Client, keeper: Any, undone: Game
) -> None:
    response = kate.post(_restore_url(undone, 2))
    assert response.status_code == 302
    undone.refresh_from_db()
    assert undone.hand_count == 2
    assert undone.winner == 0
    assert undone.scores == [5, 0, 2, 0]
    hand = Hand.objects.get(game=undone, number=2)
    assert hand.client_id == uuid.UUID(int=7)
    assert hand.bid == 4
    revision = HandRevision.objects.get(game=undone)
    assert revision.action == HandRevision.Action.UNDO
    assert revision.after is not None
    assert revision.after["number"] == 2
    assert revision.after["bid"] == 4
    page = kate.get(response["Location"]).content.decode()
    assert "Hand 2 restored, as it was before it was undone." in page
    assert "Hand 2 undone, then restored" in page
    assert "Restore hand 2" not in page


def test_a_restore_is_not_done_twice(kate: Client, undone: Game) -> None:
    kate.post(_restore_url(undone, 2))
    again = kate.post(_restore_url(undone, 2))
    assert again.status_code == 409
    assert Hand.objects.filter(game=undone).count() == 2


def test_restore_is_refused_once_another_hand_was_recorded(
    kate: Client, undone: Game
) -> None:
    record(undone, ["pass", "pass", "pass", 2], {"high": 1, "low": 1, "game": 1})
    page = kate.get(reverse("scoring:game", args=[undone.pk])).content.decode()
    assert "Restore hand 2" not in page
    response = kate.post(_restore_url(undone, 2))
    assert response.status_code == 409
    text = response.content.decode()
    assert "Hand 2 cannot be restored" in text
    assert "another hand 2 was recorded" in text
    assert Hand.objects.get(game=undone, number=2).bid == 2
    assert HandRevision.objects.get(game=undone).after is None


def test_the_service_refuses_a_hand_that_was_not_undone(undone: Game) -> None:
    with pytest.raises(RuleViolation) as refused:
        hand_services.hand_restore(game_id=undone.pk, number=3)
    assert refused.value.code == "not_restorable"


def test_a_resent_client_id_after_the_restore_is_a_retry(undone: Game) -> None:
    hand_services.hand_restore(game_id=undone.pk, number=2)
    _, written = hand_services.hand_record(
        game_id=undone.pk,
        client_id=uuid.UUID(int=7),
        hand=engine.HandInput(
            auction=("pass", "pass", 4, "pass"),
            awards={"high": 0, "low": 0, "jack": 0, "game": 0},
        ),
    )
    assert written is False


def test_a_reader_cannot_restore(client: Client, undone: Game) -> None:
    client.force_login(UserFactory(username="rex"))
    response = client.post(_restore_url(undone, 2))
    assert response.status_code in (403, 404)
    assert Hand.objects.filter(game=undone).count() == 1


def test_the_api_revision_log_still_says_after_null_for_a_restored_undo(
    kate: Client, undone: Game
) -> None:
    kate.post(_restore_url(undone, 2))
    revisions = kate.get(f"/api/v1/games/{undone.pk}/revisions/").json()
    assert [(r["hand_number"], r["action"], r["after"]) for r in revisions] == [
        (2, "undo", None)
    ]
    game = kate.get(f"/api/v1/games/{undone.pk}/").json()
    assert [hand["number"] for hand in game["hands"]] == [1, 2]


def test_a_hand_entered_without_its_auction_is_restored_as_it_was(
    keeper: Any,
) -> None:
    game = game_factory(created_by=keeper)
    quick = engine.HandInput(
        pitcher=3, bid=3, trump="hearts", awards={"high": 3, "low": 1, "jack": 3}
    )
    hand_services.hand_record(game_id=game.pk, hand=quick)
    hand_services.hand_undo(game_id=game.pk, number=1)
    hand_services.hand_restore(game_id=game.pk, number=1, by=keeper)
    hand = Hand.objects.get(game=game, number=1)
    assert hand.auction is None
    assert (hand.pitcher, hand.bid, hand.trump) == (3, 3, "hearts")
    assert hand.recorded_by == keeper
