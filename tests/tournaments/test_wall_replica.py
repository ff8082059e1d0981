"""A wall drawn from a replica that lags (tournaments/views.py, pitchclub/replica.py):
the version a poll keeps in the cache is read from the primary, never from the
replica, so a result entered while the replica lags is not hidden behind 204s for the
cache's minute once the replica catches up; and a wall drawn from the lagging
replica carries the replica's version, never a newer one over older rows.

No real replica: `replica` is the primary's own connection (as TEST MIRROR makes
it), the router is the site's, and the replica's lag is played by the selector that
reads the wall's version, answering from a copy taken before the change whenever it
is asked under the `replica` alias. The router sends nothing to the replica inside a
transaction, so these tests commit (transaction=True)."""

from collections.abc import Iterator

import pytest
from django.db import connections, router
from django.test import Client
from pytest_django.fixtures import Settings

from pitchclub import replica
from pitchclub.models import Club
from tests.tournaments.conftest import People
from tests.tournaments.test_wall_cache import (
    HTMX,
    first_match,
    tournament_of,
    version_in,
    wall_url,
)
from tournaments import live_versions, selectors
from tournaments.brackets import board
from tournaments.matches import services as match_services
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db(transaction=True)


class Lag:
    """The replica's copy of the wall's tournament row while replay is paused."""

    def __init__(self) -> None:
        self.copy: Tournament | None = None
        self.replica_reads = 0
        self.primary_reads = 0


@pytest.fixture
def lag(settings: Settings, monkeypatch: pytest.MonkeyPatch) -> Iterator[Lag]:
    settings.LIVE_FROM_CACHE = True
    settings.DATABASE_ROUTERS = ["pitchclub.replica.ReplicaRouter"]
    monkeypatch.setattr(replica, "replica_configured", lambda: True)
    connections[replica.REPLICA] = connections[replica.PRIMARY]
    lag = Lag()
    read = selectors.tournament_watched

    def watched(*, tournament_id: int, user: object) -> Tournament:
        if router.db_for_read(Tournament) != replica.REPLICA:
            lag.primary_reads += 1
            return read(tournament_id=tournament_id, user=user)
        lag.replica_reads += 1
        if lag.copy is not None:
            return lag.copy
        return read(tournament_id=tournament_id, user=user)

    monkeypatch.setattr(selectors, "tournament_watched", watched)
    yield lag
    del connections[replica.REPLICA]


def pause(lag: Lag, tournament: Tournament) -> None:
    """Replay stops on the replica: it keeps the tournament as it is now."""
    with replica.reading_replica():
        lag.copy = selectors.tournament_watched(tournament_id=tournament.pk, user=None)


def resume(lag: Lag) -> None:
    lag.copy = None


def current_version(tournament: Tournament) -> str:
    """The version the primary holds now."""
    return board.wall_version(
        selectors.tournament_watched(tournament_id=tournament.pk, user=None)
    )


def kept(tournament: Tournament) -> str | None:
    found = live_versions.cached(tournament.pk)
    return None if found is None else found.version


def poll(tournament: Tournament, version: str, client: Client | None = None):
    return (client or Client()).get(f"{wall_url(tournament)}?v={version}", **HTMX)


def result_entered(tournament: Tournament) -> None:
    match = first_match(tournament)
    match_services.match_result_enter(
        tournament_id=tournament.pk,
        match_id=match.pk,
        winner=match.entrant_a_id,
        scores=[3, 1],
    )


def test_the_wall_is_drawn_from_the_replica(
    lag: Lag, club: Club, people: People
) -> None:
    tournament = tournament_of(club, people.organiser)

    page = Client().get(wall_url(tournament))

    assert page.status_code == 200
    # Its version from the primary, then the wall from the replica's own copy.
    assert (lag.primary_reads, lag.replica_reads) == (1, 1)
    assert version_in(page.content.decode()) == current_version(tournament)


def test_a_poll_while_the_replica_lags_keeps_the_primarys_version(
    lag: Lag, club: Club, people: People
) -> None:
    tournament = tournament_of(club, people.organiser)
    old = version_in(Client().get(wall_url(tournament)).content.decode())
    assert poll(tournament, old).status_code == 204
    assert kept(tournament) == old

    pause(lag, tournament)
    result_entered(tournament)
    new = current_version(tournament)
    assert new != old

    # The replica has nothing newer to draw: the screen keeps its wall for now.
    assert poll(tournament, old).status_code == 204
    # What the cache keeps for every poll is the committed version, never the
    # replica's older one.
    assert kept(tournament) == new
    # A wall opened now is the replica's, with the replica's version: its next
    # poll asks again rather than being told its old rows are new.
    assert version_in(Client().get(wall_url(tournament)).content.decode()) == old
    assert kept(tournament) == new

    resume(lag)
    answer = poll(tournament, old)
    assert answer.status_code == 200
    assert version_in(answer.content.decode()) == new
    assert poll(tournament, new).status_code == 204
    assert kept(tournament) == new


def test_a_browser_that_just_wrote_reads_everything_from_the_primary(
    lag: Lag, club: Club, people: People
) -> None:
    tournament = tournament_of(club, people.organiser)
    pause(lag, tournament)
    result_entered(tournament)
    organiser = Client()
    organiser.force_login(people.organiser)
    organiser.cookies[replica.PIN_COOKIE] = "9999999999"
    lag.primary_reads = lag.replica_reads = 0

    page = organiser.get(wall_url(tournament))

    assert version_in(page.content.decode()) == current_version(tournament)
    assert lag.replica_reads == 0
