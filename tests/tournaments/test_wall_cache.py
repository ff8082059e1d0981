"""A tournament's and a progressive night's wall answered from the cache (issue 25
item 2, tournaments/live_versions.py): an unchanged poll of a public club's wall
runs no statement at all, not even the session's; a change, once committed, is seen
at the next poll; a poll that read the database before a change committed cannot
keep its old version; a private club's wall is still checked for who asks; with the
cache off every poll reads the database as before.

The cache is the Redis on 127.0.0.1:6379 (database 15), under a key prefix of its
own per test worker and test (tests/pitchclub/test_redis_cache.py); the keys a test
made are deleted after it."""

import difflib
import os
import re
import uuid
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from django.contrib.auth.models import AbstractUser
from django.core.cache import cache
from django.db import connection, transaction
from django.test import Client
from django.test.utils import CaptureQueriesContext
from pytest_django.fixtures import DjangoCaptureOnCommitCallbacks, Settings

from pitchclub.models import Club
from scoring import engine
from scoring.games import hands as hand_services
from tests.helpers import signed_in
from tests.pitchclub.test_redis_cache import REDIS, needs_redis, redis_cache
from tests.tournaments.conftest import People
from tournaments import live_versions
from tournaments.brackets import create, draw
from tournaments.matches import services as match_services
from tournaments.models import Match, Tournament
from tournaments.refusals import TournamentRefusal

pytestmark = [pytest.mark.django_db, needs_redis]

Capture = DjangoCaptureOnCommitCallbacks
HTMX = {"HTTP_HX_REQUEST": "true"}
NAMES = ("Ann", "Bob", "Cy", "Di", "Eve", "Finn", "Gus", "Hal")


@pytest.fixture(autouse=True)
def shared_cache(settings: Settings) -> Iterator[str]:
    """The live versions in Redis, under this test's own prefix."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    prefix = f"test-{worker}-{uuid.uuid4().hex[:8]}"
    settings.CACHES = redis_cache(REDIS, prefix)
    settings.LIVE_FROM_CACHE = True
    yield prefix
    client = cache._cache.get_client(write=True)  # type: ignore[attr-defined]
    for key in client.scan_iter(f"{prefix}:*"):
        client.delete(key)


def tournament_of(
    club: Club, by: AbstractUser, format: str = "single_elimination", **extra: Any
) -> Tournament:
    entrants = 8 if format == "progressive" else 4
    return create.tournament_create(
        club=club,
        name="Spring Cup",
        format=format,
        variant="auction",
        entrants=[create.EntrantInput(players=[n]) for n in NAMES[:entrants]],
        created_by=by,
        **{"options": {"target": 3}, **extra},
    )


def night_of(club: Club, by: AbstractUser) -> Tournament:
    return tournament_of(
        club, by, "progressive", settings={"rounds": 2, "hands_per_round": 5}
    )


def hand(seat: int) -> engine.HandInput:
    """`seat` pitches 4 and takes every point: a game to 3 won in one hand."""
    return engine.HandInput(
        pitcher=seat,
        bid=4,
        awards={"high": seat, "low": seat, "jack": seat, "game": seat},
    )


def first_match(tournament: Tournament) -> Match:
    return Match.objects.filter(tournament=tournament).order_by("round__id", "number")[
        0
    ]


def wall_url(tournament: Tournament) -> str:
    return f"/tournaments/{tournament.pk}/wall/"


def version_in(html: str) -> str:
    found = re.search(r"\?v=([^\"]+)\"", html)
    assert found is not None
    return found.group(1)


def poll(
    tournament: Tournament, version: str, client: Client | None = None
) -> tuple[int, int, str]:
    """The poll's status, how many statements it ran, and its body."""
    with CaptureQueriesContext(connection) as queries:
        response = (client or Client()).get(
            f"{wall_url(tournament)}?v={version}", **HTMX
        )
    return response.status_code, len(queries), response.content.decode()


def watched(tournament: Tournament) -> str:
    """A wall screen opens the page: its version, answered from the cache since."""
    version = version_in(Client().get(wall_url(tournament)).content.decode())
    assert poll(tournament, version)[:2] == (204, 0)
    return version


def seen_after(
    capture: Callable[..., Any], tournament: Tournament, change: Callable[[], Any]
) -> str:
    """Make `change` (committed), then poll with the version the wall showed
    before: the new wall comes back (read from the database), and the poll after
    it is free again. The new wall's body."""
    before = watched(tournament)
    with capture(execute=True):
        change()
    status, statements, body = poll(tournament, before)
    assert (status, statements > 0) == (200, True), (status, statements)
    assert 'id="wall"' in body
    assert "<html" not in body
    assert poll(tournament, version_in(body))[:2] == (204, 0)
    return body


@pytest.mark.parametrize("format", ["single_elimination", "round_robin", "progressive"])
def test_an_unchanged_poll_of_a_public_wall_runs_no_statement(
    club: Club, people: People, format: str
) -> None:
    if format == "progressive":
        tournament = night_of(club, people.organiser)
    else:
        tournament = tournament_of(club, people.organiser, format)
    version = watched(tournament)
    assert poll(tournament, version)[:2] == (204, 0)
    # Another version (a screen behind) is read from the database: the new wall.
    status, statements, body = poll(tournament, "1.2.3")
    assert (status, statements > 0) == (200, True)
    assert version_in(body) == version


def test_a_signed_in_viewer_of_a_public_wall_reads_no_tournament(
    club: Club, people: People
) -> None:
    tournament = tournament_of(club, people.organiser)
    version = watched(tournament)
    with CaptureQueriesContext(connection) as queries:
        response = signed_in(people.member).get(
            f"{wall_url(tournament)}?v={version}", **HTMX
        )
    assert response.status_code == 204
    assert not [q for q in queries.captured_queries if "tournament" in q["sql"]]


def test_a_hand_in_a_matchs_game_is_seen_at_the_next_poll(
    club: Club, people: People, django_capture_on_commit_callbacks: Capture
) -> None:
    tournament = tournament_of(club, people.organiser, options={"target": 11})
    with django_capture_on_commit_callbacks(execute=True):
        game, _ = match_services.match_game_start(
            tournament_id=tournament.pk, match_id=first_match(tournament).pk
        )
    body = seen_after(
        django_capture_on_commit_callbacks,
        tournament,
        lambda: hand_services.hand_record(game_id=game.pk, hand=hand(0)),
    )
    assert "1 hand played" in body
    # Corrected and undone: seen too.
    seen_after(
        django_capture_on_commit_callbacks,
        tournament,
        lambda: hand_services.hand_correct(game_id=game.pk, number=1, hand=hand(1)),
    )
    seen_after(
        django_capture_on_commit_callbacks,
        tournament,
        lambda: hand_services.hand_undo(game_id=game.pk, number=1),
    )


def test_a_matchs_game_costs_its_hands_no_statement_once_known(
    club: Club, people: People, django_capture_on_commit_callbacks: Capture
) -> None:
    """The game's tournament is kept when the game starts: the game hook's
    listener asks the cache, not the database."""
    tournament = tournament_of(club, people.organiser, options={"target": 11})
    with django_capture_on_commit_callbacks(execute=True):
        game, _ = match_services.match_game_start(
            tournament_id=tournament.pk, match_id=first_match(tournament).pk
        )

    def statements(seat: int) -> int:
        with CaptureQueriesContext(connection) as queries:
            hand_services.hand_record(game_id=game.pk, hand=hand(seat))
        return len(queries)

    with_cache = statements(0)
    live_versions_off = pytest.MonkeyPatch()
    live_versions_off.setattr(live_versions, "enabled", lambda: False)
    try:
        assert statements(1) == with_cache
    finally:
        live_versions_off.undo()


def test_a_game_unknown_to_the_cache_is_looked_up_once(
    club: Club, people: People, django_capture_on_commit_callbacks: Capture
) -> None:
    tournament = tournament_of(club, people.organiser, options={"target": 11})
    game, _ = match_services.match_game_start(
        tournament_id=tournament.pk, match_id=first_match(tournament).pk
    )  # not committed: the cache does not know the game yet
    with django_capture_on_commit_callbacks(execute=True):
        hand_services.hand_record(game_id=game.pk, hand=hand(0))
    assert cache.get(live_versions.game_key(game.pk)) == str(tournament.pk)


def test_a_poll_that_read_before_a_change_cannot_keep_the_old_version(
    club: Club, people: People, django_capture_on_commit_callbacks: Capture
) -> None:
    """The poll saw the generation, read the database, then the change committed
    before the poll kept what it read: kept under the old generation, it no longer
    counts."""
    tournament = tournament_of(club, people.organiser)
    old = version_in(Client().get(wall_url(tournament)).content.decode())
    kept = live_versions.cached(tournament.pk)
    with django_capture_on_commit_callbacks(execute=True):
        match_services.match_game_start(
            tournament_id=tournament.pk, match_id=first_match(tournament).pk
        )
    live_versions.remember(tournament.pk, kept, old, public=True)
    status, statements, _ = poll(tournament, old)
    assert (status, statements > 0) == (200, True)


def test_a_refused_change_changes_nothing(
    club: Club, people: People, django_capture_on_commit_callbacks: Capture
) -> None:
    """A service refuses after it locked the tournament: rolled back, no new
    generation (an elimination's rounds are drawn by its results)."""
    tournament = tournament_of(club, people.organiser)
    version = watched(tournament)
    with (
        django_capture_on_commit_callbacks(execute=True) as callbacks,
        pytest.raises(TournamentRefusal),
        transaction.atomic(),
    ):
        draw.round_draw(tournament_id=tournament.pk)
    assert callbacks == []
    assert poll(tournament, version)[:2] == (204, 0)


@pytest.mark.parametrize("who", ["anonymous", "outsider"])
def test_a_private_clubs_wall_is_checked_for_who_asks(
    club: Club, people: People, who: str
) -> None:
    Club.objects.filter(pk=club.pk).update(is_private=True)
    tournament = tournament_of(club, people.organiser)
    member = signed_in(people.member)
    version = version_in(member.get(wall_url(tournament)).content.decode())
    status, statements, _ = poll(tournament, version, member)
    assert status == 204
    assert statements > 0  # the member and the tournament, read
    # With the version in the cache, an outsider learns nothing, not even
    # "unchanged".
    assert live_versions.cached(tournament.pk).version == version  # type: ignore[union-attr]
    outsider = Client() if who == "anonymous" else signed_in(people.outsider)
    assert poll(tournament, version, outsider)[0] == 404


def test_a_deleted_tournament_leaves_the_cache(
    club: Club, people: People, django_capture_on_commit_callbacks: Capture
) -> None:
    from tournaments.lifecycle import services as lifecycle

    tournament = tournament_of(club, people.organiser)
    version = watched(tournament)
    with django_capture_on_commit_callbacks(execute=True):
        lifecycle.tournament_delete(tournament_id=tournament.pk)
    assert cache.get(live_versions.version_key(tournament.pk)) is None
    assert poll(tournament, version)[0] == 404


def test_with_the_cache_off_every_poll_reads_the_database(
    club: Club, people: People, settings: Settings
) -> None:
    settings.LIVE_FROM_CACHE = False
    tournament = tournament_of(club, people.organiser)
    html = Client().get(wall_url(tournament)).content.decode()
    assert poll(tournament, version_in(html))[:2] == (204, 1)
    assert cache.get(live_versions.generation_key(tournament.pk)) is None
    assert live_versions.cached(tournament.pk) is None


def _page(html: str) -> str:
    """The page without its CSRF token, new at every answer."""
    return re.sub(r"\b[A-Za-z0-9]{64}\b", "(token)", html)


@pytest.mark.parametrize("format", ["swiss", "progressive"])
def test_the_wall_is_the_same_page_with_the_cache_on_or_off(
    club: Club, people: People, settings: Settings, format: str
) -> None:
    if format == "progressive":
        tournament = night_of(club, people.organiser)
    else:
        tournament = tournament_of(club, people.organiser, format)
    shown = {}
    for on in (False, True, True):
        settings.LIVE_FROM_CACHE = on
        page = Client().get(wall_url(tournament)).content.decode()
        part = Client().get(f"{wall_url(tournament)}?v=0", **HTMX).content.decode()
        shown.setdefault(on, []).append((_page(page), part))
    off, on_first, on_again = shown[False][0], shown[True][0], shown[True][1]
    assert off == on_first == on_again, "\n".join(
        difflib.unified_diff(off[0].splitlines(), on_first[0].splitlines(), lineterm="")
    )
