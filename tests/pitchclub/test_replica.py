"""Heavy reads from a replica (pitchclub/replica.py, issue 25 item 4): the router
sends a heavy read's queries to `replica` and everything else to the primary; a
write pins the browser to the primary for a few seconds; without
DATABASE_REPLICA_URL nothing changes."""

import time

import pytest
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.test import RequestFactory
from pytest_django.fixtures import Settings

from pitchclub import replica
from scoring.models import Game
from tests.pitchclub.test_settings import _manage

router = replica.ReplicaRouter()


@pytest.fixture
def configured(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(replica, "replica_configured", lambda: True)


def routed() -> str | None:
    return router.db_for_read(Game)


def test_reads_are_the_primarys_outside_a_heavy_read(configured: None) -> None:
    assert routed() == "default"


def test_a_heavy_read_reads_the_replica(configured: None) -> None:
    with replica.reading_replica():
        assert routed() == "replica"
    assert routed() == "default"


@pytest.mark.django_db
def test_inside_a_transaction_everything_is_the_primarys(configured: None) -> None:
    with replica.reading_replica(), transaction.atomic():
        assert routed() == "default"


def test_without_a_replica_everything_is_the_primarys() -> None:
    with replica.reading_replica():
        assert routed() == "default"


def test_writes_and_migrations_are_the_primarys(configured: None) -> None:
    with replica.reading_replica():
        assert router.db_for_write(Game) == "default"
    assert router.allow_migrate("default", "scoring")
    assert not router.allow_migrate("replica", "scoring")


def _seen_by(request: HttpRequest) -> str | None:
    seen: list[str | None] = []

    @replica.heavy_read
    def view(request: HttpRequest) -> HttpResponse:
        seen.append(routed())
        return HttpResponse("ok")

    view(request)
    return seen[0]


class _Anonymous:
    is_authenticated = False


def _get(**cookies: str) -> HttpRequest:
    request = RequestFactory().get("/players/1/")
    request.COOKIES.update(cookies)
    request.user = _Anonymous()
    return request


def test_a_heavy_page_reads_the_replica(configured: None) -> None:
    assert _seen_by(_get()) == "replica"


def test_a_browser_that_just_wrote_reads_the_primary(configured: None) -> None:
    soon = f"{time.time() + 5:.3f}"
    assert _seen_by(_get(**{replica.PIN_COOKIE: soon})) == "default"
    past = f"{time.time() - 1:.3f}"
    assert _seen_by(_get(**{replica.PIN_COOKIE: past})) == "replica"
    assert _seen_by(_get(**{replica.PIN_COOKIE: "junk"})) == "replica"


def test_a_post_to_a_heavy_view_reads_the_primary(configured: None) -> None:
    request = RequestFactory().post("/players/1/")
    request.user = _Anonymous()
    assert _seen_by(request) == "default"


def _answer(request: HttpRequest, status: int = 200) -> HttpResponse:
    middleware = replica.ReplicaPinMiddleware(
        lambda request: HttpResponse(status=status)
    )
    return middleware(request)


def test_a_write_pins_the_browser_for_the_pin_seconds(
    configured: None, settings: Settings
) -> None:
    settings.REPLICA_PIN_SECONDS = 7
    response = _answer(RequestFactory().post("/games/1/hands/"))
    cookie = response.cookies[replica.PIN_COOKIE]
    assert cookie["max-age"] == 7
    assert cookie["httponly"]
    assert float(cookie.value) == pytest.approx(time.time() + 7, abs=2)
    assert replica.PIN_COOKIE not in _answer(RequestFactory().get("/")).cookies
    failed = _answer(RequestFactory().post("/games/1/hands/"), status=500)
    assert replica.PIN_COOKIE not in failed.cookies


def test_without_a_replica_no_cookie_is_set() -> None:
    response = _answer(RequestFactory().post("/games/1/hands/"))
    assert replica.PIN_COOKIE not in response.cookies


@pytest.mark.parametrize(
    ("env", "expected"),
    [
        ({}, "None [] "),
        (
            {"DATABASE_REPLICA_URL": "postgres://reader@10.0.0.2:5432/pitchclub"},
            "10.0.0.2 ['pitchclub.replica.ReplicaRouter'] default",
        ),
    ],
)
def test_the_replica_is_read_from_a_fresh_process(
    env: dict[str, str], expected: str
) -> None:
    script = (
        "from django.conf import settings as s; r = s.DATABASES.get('replica');"
        "print(r and r['HOST'], s.DATABASE_ROUTERS,"
        " (r or {}).get('TEST', {}).get('MIRROR', ''))"
    )
    done = _manage(
        "shell", "-c", script, **{"DEBUG": "1", "DATABASE_REPLICA_URL": "", **env}
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-1] == expected.strip()
