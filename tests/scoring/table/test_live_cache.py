"""The live view's polls from the cache (scoring/table/live_versions.py, issue 25
item 2): an unchanged poll of a game anyone may read costs no statement at all, not
even the session's; every change is seen at the next poll; a private club's game is
still checked for who asks; with the cache off (Django's per-process memory) every
poll reads the row."""

from collections.abc import Iterator

import pytest
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from pytest_django.fixtures import DjangoCaptureOnCommitCallbacks, Settings

from pitchclub.models import Role
from scoring import engine
from scoring.games import hands as hand_services
from scoring.games import services
from scoring.table import live_versions
from tests.factories import UserFactory, game_factory, record
from tests.pitchclub.test_settings import _manage
from tests.scoring.table.test_live import (
    HTMX,
    PITCH_FOUR,
    SET_BACK,
    join,
    live_url,
    private_club_game,
    version_in,
)

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _shared_cache(settings: Settings) -> Iterator[None]:
    settings.LIVE_FROM_CACHE = True
    cache.clear()
    yield
    cache.clear()


def poll(client: Client, url: str, version: str) -> tuple[int, int]:
    """The poll's status and how many statements it ran."""
    with CaptureQueriesContext(connection) as queries:
        response = client.get(f"{url}?v={version}", **HTMX)
    return response.status_code, len(queries)


def test_an_unchanged_poll_of_a_public_game_runs_no_statement(client: Client) -> None:
    game = game_factory()
    record(game, *SET_BACK)
    version = version_in(client.get(live_url(game)).content.decode())
    assert poll(client, live_url(game), version) == (204, 0)
    assert poll(client, live_url(game), version) == (204, 0)


def test_a_signed_in_viewer_of_a_public_game_is_answered_from_the_cache_too(
    client: Client,
) -> None:
    game = game_factory()
    client.force_login(UserFactory())
    version = version_in(client.get(live_url(game)).content.decode())
    with CaptureQueriesContext(connection) as queries:
        response = client.get(f"{live_url(game)}?v={version}", **HTMX)
    assert response.status_code == 204
    # The account's language is read for every page (session, user, settings):
    # nothing of the game.
    assert not [q for q in queries.captured_queries if "scoring_game" in q["sql"]]


def test_a_hand_recorded_is_seen_at_the_next_poll(
    client: Client, django_capture_on_commit_callbacks: DjangoCaptureOnCommitCallbacks
) -> None:
    game = game_factory()
    version = version_in(client.get(live_url(game)).content.decode())
    with django_capture_on_commit_callbacks(execute=True):
        record(game, *SET_BACK)
    response = client.get(f"{live_url(game)}?v={version}", **HTMX)
    assert response.status_code == 200
    assert "Hand 1" in response.content.decode()
    newer = version_in(response.content.decode())
    assert newer != version
    # The cache holds the version the change wrote: the next poll is free again.
    assert poll(client, live_url(game), newer) == (204, 0)


def test_an_undo_and_a_correction_are_seen_too(
    client: Client, django_capture_on_commit_callbacks: DjangoCaptureOnCommitCallbacks
) -> None:
    game = game_factory()
    record(game, *SET_BACK)
    version = version_in(client.get(live_url(game)).content.decode())
    with django_capture_on_commit_callbacks(execute=True):
        hand_services.hand_undo(game_id=game.pk, number=1)
    undone = client.get(f"{live_url(game)}?v={version}", **HTMX)
    assert undone.status_code == 200
    after_undo = version_in(undone.content.decode())
    with django_capture_on_commit_callbacks(execute=True):
        record(game, *PITCH_FOUR)
        hand_services.hand_correct(
            game_id=game.pk,
            number=1,
            hand=engine.HandInput(pitcher=1, bid=2, awards={"high": 1, "low": 1}),
        )
    assert client.get(f"{live_url(game)}?v={after_undo}", **HTMX).status_code == 200


def test_a_poll_never_puts_an_older_version_back(client: Client) -> None:
    game = game_factory()
    live_versions.remember_version(game.pk, "newer", public=True)
    live_versions.remember_version(game.pk, "older", public=True)
    kept = live_versions.cached(game.pk)
    assert kept is not None
    assert kept.version == "newer"


def test_a_private_club_game_is_checked_for_who_asks(client: Client) -> None:
    club, game, _organiser = private_club_game()
    member = join(club, Role.MEMBER)
    client.force_login(member)
    version = version_in(client.get(live_url(game)).content.decode())
    status, statements = poll(client, live_url(game), version)
    assert status == 204
    assert statements > 0  # the member and the game, read
    # An outsider with the same version learns nothing, not even "unchanged".
    outsider = Client()
    assert outsider.get(f"{live_url(game)}?v={version}", **HTMX).status_code == 404
    outsider.force_login(UserFactory())
    assert outsider.get(f"{live_url(game)}?v={version}", **HTMX).status_code == 404


def test_a_deleted_game_leaves_the_cache(
    client: Client, django_capture_on_commit_callbacks: DjangoCaptureOnCommitCallbacks
) -> None:
    keeper = UserFactory()
    game = game_factory(created_by=keeper)
    version = version_in(client.get(live_url(game)).content.decode())
    assert live_versions.cached(game.pk) is not None
    with django_capture_on_commit_callbacks(execute=True):
        services.game_delete(game_id=game.pk, by=keeper)
    assert live_versions.cached(game.pk) is None
    assert client.get(f"{live_url(game)}?v={version}", **HTMX).status_code == 404


def test_with_the_cache_off_every_poll_reads_the_row(
    client: Client, settings: Settings
) -> None:
    settings.LIVE_FROM_CACHE = False
    game = game_factory()
    version = version_in(client.get(live_url(game)).content.decode())
    status, statements = poll(client, live_url(game), version)
    assert (status, statements) == (204, 1)
    assert live_versions.cached(game.pk) is None


@pytest.mark.parametrize(
    ("env", "expected"),
    [
        ({}, "False"),
        ({"REDIS_URL": "redis://127.0.0.1:6379/15"}, "True"),
        ({"CACHE_DIR": "/tmp/pitchclub-cache"}, "True"),
        ({"REDIS_URL": "redis://127.0.0.1:6379/15", "LIVE_FROM_CACHE": "0"}, "False"),
    ],
)
def test_the_setting_follows_a_cache_every_worker_shares(
    env: dict[str, str], expected: str
) -> None:
    """Read from a fresh process: Django's in-memory cache is one process's."""
    base = {"DEBUG": "1", "REDIS_URL": "", "CACHE_DIR": "", "LIVE_FROM_CACHE": ""}
    done = _manage(
        "shell",
        "-c",
        "from django.conf import settings; print(settings.LIVE_FROM_CACHE)",
        **{**base, **env},
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-1] == expected
