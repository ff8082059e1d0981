"""The phone's save log (why a Save did not go, kept by table.js) reaches the server
with the next save that does: logged there with the game and who sent it (issue 23).
A log the server cannot read never costs the hand."""

import json
import logging
import uuid

import pytest
from django.contrib.auth.models import AbstractUser
from django.test import Client
from django.urls import reverse

from scoring.models import Game, Hand
from tests.factories import UserFactory, game_factory

pytestmark = pytest.mark.django_db

HAND = {
    "action": "save",
    "pitcher": "1",
    "bid": "2",
    "award-high": "1",
    "award-low": "2",
    "award-jack": "1",
    "award-game": "1",
}


@pytest.fixture
def keeper() -> AbstractUser:
    return UserFactory(username="kate")


@pytest.fixture
def game(keeper: AbstractUser) -> Game:
    return game_factory(created_by=keeper)


def save(client: Client, game: Game, **extra: str) -> None:
    data = {**HAND, "client_id": str(uuid.uuid4()), **extra}
    client.post(
        reverse("scoring:hand_record", args=[game.pk]), data, HTTP_HX_REQUEST="true"
    )


def test_the_log_is_written_with_the_game_and_the_sender(
    client: Client, keeper: AbstractUser, game: Game, caplog: pytest.LogCaptureFixture
) -> None:
    client.force_login(keeper)
    log = [
        {"number": "1", "why": "server answered 500", "at": "2026-11-28T01:00:00Z"},
        {
            "number": "1",
            "why": "not sent by the page, offline",
            "at": "2026-11-28T01:01:00Z",
        },
    ]
    with caplog.at_level(logging.WARNING, logger="pitchclub.table.client"):
        save(client, game, client_log=json.dumps(log))
    said = [
        r.getMessage() for r in caplog.records if r.name == "pitchclub.table.client"
    ]
    assert said == [
        f"game {game.pk} hand 1, user {keeper.pk}, 2026-11-28T01:00:00Z: "
        "server answered 500",
        f"game {game.pk} hand 1, user {keeper.pk}, 2026-11-28T01:01:00Z: "
        "not sent by the page, offline",
    ]
    assert Hand.objects.filter(game=game).count() == 1


@pytest.mark.parametrize(
    "bad",
    ["not json", json.dumps({"why": "x"}), json.dumps([1, "two"]), "[" * 10_000],
)
def test_a_log_it_cannot_read_is_skipped_and_the_hand_saved(
    client: Client,
    keeper: AbstractUser,
    game: Game,
    bad: str,
    caplog: pytest.LogCaptureFixture,
) -> None:
    client.force_login(keeper)
    with caplog.at_level(logging.WARNING, logger="pitchclub.table.client"):
        save(client, game, client_log=bad)
    assert Hand.objects.filter(game=game).count() == 1
    assert all(len(r.getMessage()) < 400 for r in caplog.records)


def test_a_long_log_is_cut_to_its_last_entries_and_its_words_to_a_line(
    client: Client, keeper: AbstractUser, game: Game, caplog: pytest.LogCaptureFixture
) -> None:
    client.force_login(keeper)
    log = [{"number": str(n), "why": "x" * 500, "at": "t"} for n in range(80)]
    with caplog.at_level(logging.WARNING, logger="pitchclub.table.client"):
        save(client, game, client_log=json.dumps(log))
    said = [
        r.getMessage() for r in caplog.records if r.name == "pitchclub.table.client"
    ]
    assert len(said) == 50
    assert said[0].startswith(f"game {game.pk} hand 30,")
    assert all(len(line) < 300 for line in said)
