import math
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import AbstractUser
from django.core.cache import cache
from django.db.backends.postgresql.operations import DatabaseOperations
from pytest_django.fixtures import Settings
from rest_framework.test import APIClient

from pitchclub import throttles
from tests.factories import UserFactory

_browser_started = pytest.StashKey[bool]()


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_auto_num_workers(config: pytest.Config) -> int | None:
    """`-n auto` (make test): one worker per core this process may use, fewer when a
    container's CPU quota allows fewer (os.cpu_count() sees the host's cores there).
    PYTEST_XDIST_AUTO_NUM_WORKERS still decides when it is set."""
    if os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS"):
        return None
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else 0
    cores = cores or os.cpu_count() or 1
    quota = _cgroup_cpu_quota()
    return max(1, min(cores, math.ceil(quota))) if quota else cores


def _cgroup_cpu_quota() -> float | None:
    """CPUs granted by the cgroup (v2 cpu.max, else v1 cfs quota); None if unlimited."""
    fields = _read_words(Path("/sys/fs/cgroup/cpu.max"))
    if not fields:
        v1 = Path("/sys/fs/cgroup/cpu")
        fields = _read_words(v1 / "cpu.cfs_quota_us") + _read_words(
            v1 / "cpu.cfs_period_us"
        )
    if len(fields) != 2 or not all(f.lstrip("-").isdigit() for f in fields):
        return None
    quota, period = int(fields[0]), int(fields[1])
    return quota / period if quota > 0 and period > 0 else None


def _read_words(path: Path) -> list[str]:
    try:
        return path.read_text().split()
    except OSError:
        return []


@pytest.fixture(scope="session")
def django_db_modify_db_settings(
    django_db_modify_db_settings_parallel_suffix: None,
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    """On SQLite, each worker's test database is a file, as the site's own is, not
    Django's shared in-memory one. There the browser tests' live server, answering two
    phones at once on its threads, met "database table is locked": shared-cache SQLite
    refuses a read while another connection writes, where a file waits (settings.py's
    timeout), and the phone saw a 500 nobody would meet."""
    from django.conf import settings

    database = settings.DATABASES["default"]
    if database["ENGINE"] == "django.db.backends.sqlite3":
        folder = tmp_path_factory.mktemp("database")
        database.setdefault("TEST", {})["NAME"] = str(folder / "test.sqlite3")


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    """Browser tests run after all the others in a process (tests/browser/conftest.py
    says why). Under pytest-xdist each worker runs the tests it is sent in the order of
    collection, where they come last (`--dist load`, make test). An order that puts a
    test after a browser test (another scheduler, `--failed-first`) is an error here,
    not a test quietly run with Django's async safety switched off."""
    if item.get_closest_marker("browser"):
        item.config.stash[_browser_started] = True
    elif item.config.stash.get(_browser_started, False):
        pytest.fail(
            f"{item.nodeid} runs after a browser test in this process: browser tests "
            "must come last (--dist load keeps the order; not --failed-first)",
            pytrace=False,
        )


_truncate = DatabaseOperations.sql_flush


def _delete_all(
    self: DatabaseOperations,
    style: Any,
    tables: list[str],
    *,
    reset_sequences: bool = False,
    allow_cascade: bool = False,
) -> list[str]:
    """Empty the tables with DELETE, as Django does on SQLite, not TRUNCATE."""
    if not tables or reset_sequences or allow_cascade:
        return _truncate(
            self,
            style,
            tables,
            reset_sequences=reset_sequences,
            allow_cascade=allow_cascade,
        )
    # Django's foreign keys are deferred: any order holds once the transaction ends.
    return ["SET CONSTRAINTS ALL DEFERRED;"] + [
        f"DELETE FROM {self.quote_name(table)};" for table in tables
    ]


@pytest.fixture(scope="session", autouse=True)
def _flush_by_delete() -> Iterator[None]:
    """After each test with `transaction=True` (the browser tests and their live
    server, the races between phones) Django empties every table. PostgreSQL's
    TRUNCATE of our 31 tables took 1.0-1.1 s, nearly all of it making and syncing new
    files; DELETE of the few rows a test leaves took 0.01 s. Sequences are not reset
    either way; a flush that must reset them or cascade still truncates."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(DatabaseOperations, "sql_flush", _delete_all)
        yield


@pytest.fixture(autouse=True)
def _test_settings(settings: Settings) -> None:
    """Tests speak plain HTTP to the test server: no HTTPS redirect, no secure-only
    cookies (production keeps both; tests/pitchclub/test_settings.py checks that).
    Passwords are hashed cheaply: the real hasher is slow by design."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    settings.SECURE_SSL_REDIRECT = False
    settings.SESSION_COOKIE_SECURE = False
    settings.CSRF_COOKIE_SECURE = False


@pytest.fixture(autouse=True)
def _english() -> Iterator[None]:
    """Every test starts in English and leaves it so: a request in another
    language leaves its language active in the thread (issue 24)."""
    from django.utils import translation

    translation.activate("en")
    yield
    translation.activate("en")


class _StillClock:
    """The rate limits' clock (pitchclub.throttles' `time`), standing still."""

    def time(self) -> float:
        # Halfway into a second, a minute, an hour and a day alike.
        return 86_400 * 20_000 + 43_230.5


@pytest.fixture(autouse=True)
def _still_throttle_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """A test's tries never straddle two periods of a rate limit: the limit
    weighs the last period's count (pitchclub/throttles.py), so a run of tries
    that crossed the minute could let one more through, once in a while. Tests of
    the periods set their own clock (tests/pitchclub/test_throttle_race.py)."""
    monkeypatch.setattr(throttles, "time", _StillClock())


@pytest.fixture(autouse=True)
def _empty_cache() -> None:
    """Rate-limit counts live in the cache (pitchclub/throttles.py): every test
    starts with none."""
    cache.clear()


@pytest.fixture
def user(db: None) -> AbstractUser:
    return UserFactory()


@pytest.fixture
def api(user: AbstractUser) -> APIClient:
    """An API client signed in as the scorekeeper `user`."""
    client = APIClient()
    client.force_authenticate(user)
    return client


@pytest.fixture
def anon_api() -> APIClient:
    return APIClient()
