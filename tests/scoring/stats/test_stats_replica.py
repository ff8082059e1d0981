"""The statistics' raw reads go where the router sends a heavy read (pitchclub.sql
.reading): with a replica, the player page's and the API's figures are read from
it, as their ORM reads are. A bug: they went to the primary whatever the router
said (sql.db()).

No real replica (test_wall_replica.py does the same): `replica` is the primary's
own connection, and the cursors the statistics open are counted by the alias they
were asked for. The router sends nothing to the replica inside a transaction, so
these tests commit (transaction=True)."""

from collections.abc import Iterator
from typing import Any

import pytest
from django.db import connections
from django.test import Client
from pytest_django.fixtures import Settings
from rest_framework.test import APIClient

from pitchclub import replica, sql
from pitchclub.models import Player
from scoring.models import Seat
from tests.scoring.stats.test_stats_api import record_games, stats_url

pytestmark = pytest.mark.django_db(transaction=True)


class Cursors:
    """The aliases the statistics' raw reads opened a cursor on."""

    def __init__(self) -> None:
        self.aliases: list[str] = []

    def __getitem__(self, alias: str) -> Any:
        real = connections[alias]
        opened = self.aliases

        class Counted:
            def __getattr__(self, name: str) -> Any:
                return getattr(real, name)

            def cursor(self) -> Any:
                opened.append(alias)
                return real.cursor()

        return Counted()


@pytest.fixture
def cursors(settings: Settings, monkeypatch: pytest.MonkeyPatch) -> Iterator[Cursors]:
    settings.DATABASE_ROUTERS = ["pitchclub.replica.ReplicaRouter"]
    monkeypatch.setattr(replica, "replica_configured", lambda: True)
    connections[replica.REPLICA] = connections[replica.PRIMARY]
    counted = Cursors()
    monkeypatch.setattr(sql, "connections", counted)
    yield counted
    del connections[replica.REPLICA]


@pytest.fixture
def ann(api: APIClient, cursors: Cursors) -> Player:
    """Ann of the games recorded (test_stats_api's), no cursor counted yet."""
    games = record_games(api)
    player = Seat.objects.get(game_id=games["A"], number=0).player
    cursors.aliases.clear()
    return player


@pytest.mark.parametrize("query", ["", "?from=2000-01-01", "?variant=auction"])
def test_the_player_page_reads_its_figures_from_the_replica(
    ann: Player, cursors: Cursors, query: str
) -> None:
    answer = Client().get(f"/players/{ann.pk}/{query}")

    assert answer.status_code == 200
    assert cursors.aliases, "the figures are read with a raw statement"
    assert set(cursors.aliases) == {replica.REPLICA}


def test_the_stats_api_reads_its_figures_from_the_replica(
    ann: Player, cursors: Cursors
) -> None:
    # A new client: `api` wrote the games, and its pin cookie reads the primary.
    answer = APIClient().get(stats_url(ann.pk))

    assert answer.status_code == 200
    assert set(cursors.aliases) == {replica.REPLICA}


def test_outside_a_heavy_read_they_are_the_primarys(
    ann: Player, cursors: Cursors
) -> None:
    from scoring.stats import figures
    from scoring.stats.conditions import scope_of

    figures.player_stats(player=ann, scope=scope_of({}, None))

    assert set(cursors.aliases) == {replica.PRIMARY}
