"""Who the client is behind a reverse proxy (TRUSTED_PROXY_COUNT, django-ipware), as
the login lockout (django-axes) and the throttles see it; and the lockout's answer
to API callers."""

import base64

import pytest
from django.contrib.auth.models import AbstractUser
from django.test import Client, RequestFactory
from django.urls import reverse
from pytest_django.fixtures import Settings

from pitchclub.throttles import client_ip
from tests.factories import PASSWORD

pytestmark = pytest.mark.django_db

LOGIN = reverse("accounts:login")
TOKEN = reverse("api:token")
GAMES = reverse("api:games")


def wrong(user: AbstractUser) -> dict[str, str]:
    return {"username": user.username, "password": "not-the-password"}


def right(user: AbstractUser) -> dict[str, str]:
    return {"username": user.username, "password": PASSWORD}


def lock_out(client: Client, user: AbstractUser, **headers: str) -> None:
    for _ in range(5):
        client.post(LOGIN, wrong(user), headers=headers)


# The client's address


@pytest.mark.parametrize(
    ("proxies", "meta", "address"),
    [
        # No proxy: the address the connection came from; headers are not trusted.
        (0, {"REMOTE_ADDR": "203.0.113.7"}, "203.0.113.7"),
        (
            0,
            {"REMOTE_ADDR": "203.0.113.7", "HTTP_X_FORWARDED_FOR": "1.2.3.4"},
            "203.0.113.7",
        ),
        (0, {"REMOTE_ADDR": "203.0.113.7", "HTTP_X_REAL_IP": "1.2.3.4"}, "203.0.113.7"),
        # nginx on the same machine appends the address it saw: the last one.
        (
            1,
            {"REMOTE_ADDR": "127.0.0.1", "HTTP_X_FORWARDED_FOR": "203.0.113.7"},
            "203.0.113.7",
        ),
        (
            1,
            {
                "REMOTE_ADDR": "127.0.0.1",
                "HTTP_X_FORWARDED_FOR": "1.2.3.4, 203.0.113.7",
            },
            "203.0.113.7",
        ),
        # Garbage a client put in front is skipped, not a reason to trust less.
        (
            1,
            {"REMOTE_ADDR": "127.0.0.1", "HTTP_X_FORWARDED_FOR": "junk, 203.0.113.7"},
            "203.0.113.7",
        ),
        # A club's own network: a private address is a client like any other.
        (
            1,
            {"REMOTE_ADDR": "127.0.0.1", "HTTP_X_FORWARDED_FOR": "192.168.1.23"},
            "192.168.1.23",
        ),
        # Other headers a client can send are never read.
        (1, {"REMOTE_ADDR": "127.0.0.1", "HTTP_X_REAL_IP": "1.2.3.4"}, "127.0.0.1"),
        # Two proxies (a CDN, then nginx): the second address from the right.
        (
            2,
            {
                "REMOTE_ADDR": "127.0.0.1",
                "HTTP_X_FORWARDED_FOR": "1.2.3.4, 203.0.113.7, 198.51.100.2",
            },
            "203.0.113.7",
        ),
        # A header a client broke (its open quote swallows what nginx appended):
        # the proxy's address, never one the client wrote.
        (
            1,
            {
                "REMOTE_ADDR": "127.0.0.1",
                "HTTP_X_FORWARDED_FOR": '"1.2.3.4, 203.0.113.7',
            },
            "127.0.0.1",
        ),
        # No header where one was expected (someone reached gunicorn directly).
        (1, {"REMOTE_ADDR": "10.0.0.5"}, "10.0.0.5"),
    ],
)
def test_the_client_address(
    settings: Settings, proxies: int, meta: dict[str, str], address: str
) -> None:
    settings.TRUSTED_PROXY_COUNT = proxies
    request = RequestFactory().get("/")
    request.META.update(meta)

    assert client_ip(request) == address


# The login lockout behind a proxy


def test_behind_a_proxy_a_lockout_stays_with_the_client_that_earned_it(
    settings: Settings, user: AbstractUser
) -> None:
    settings.TRUSTED_PROXY_COUNT = 1
    # Both come through nginx on the same machine (REMOTE_ADDR 127.0.0.1).
    guesser = Client(headers={"X-Forwarded-For": "203.0.113.10"})
    owner = Client(headers={"X-Forwarded-For": "203.0.113.20"})
    lock_out(guesser, user)

    assert guesser.post(LOGIN, right(user)).status_code == 429
    assert owner.post(LOGIN, right(user)).status_code == 302


def test_behind_a_proxy_a_forged_forwarded_for_does_not_escape_a_lockout(
    settings: Settings, user: AbstractUser
) -> None:
    settings.TRUSTED_PROXY_COUNT = 1
    guesser = Client()
    lock_out(guesser, user, **{"X-Forwarded-For": "203.0.113.10"})

    # What the guesser writes comes first; nginx appends the address it saw.
    forged = {"X-Forwarded-For": "198.51.100.99, 203.0.113.10"}
    assert guesser.post(LOGIN, right(user), headers=forged).status_code == 429


def test_without_a_proxy_a_forged_forwarded_for_does_not_escape_a_lockout(
    settings: Settings, user: AbstractUser
) -> None:
    settings.TRUSTED_PROXY_COUNT = 0
    guesser = Client()
    for n in range(5):
        guesser.post(LOGIN, wrong(user), headers={"X-Forwarded-For": f"198.51.100.{n}"})

    answer = guesser.post(
        LOGIN, right(user), headers={"X-Forwarded-For": "198.51.100.99"}
    )

    assert answer.status_code == 429


# Locked API callers: 429, Retry-After and a JSON body


def assert_locked_json(answer: object, user: AbstractUser) -> None:
    assert answer.status_code == 429
    assert answer["Retry-After"] == "3600"
    assert answer["Content-Type"].startswith("application/json")
    body = answer.json()
    assert body["code"] == "locked_out"
    assert user.username in body["detail"]
    assert "1 hour" in body["detail"]
    assert set(body) == {"detail", "code"}


def test_a_locked_api_token_caller_gets_429_with_retry_after_in_json(
    user: AbstractUser,
) -> None:
    script = Client()
    for _ in range(4):
        wrong_one = script.post(TOKEN, wrong(user), content_type="application/json")
        assert wrong_one.status_code == 400

    fifth = script.post(TOKEN, wrong(user), content_type="application/json")
    assert_locked_json(fifth, user)
    right_one = script.post(TOKEN, right(user), content_type="application/json")
    assert_locked_json(right_one, user)
    assert "token" not in right_one.json()


def basic(user: AbstractUser, password: str) -> dict[str, str]:
    pair = base64.b64encode(f"{user.username}:{password}".encode()).decode()
    return {"Authorization": f"Basic {pair}"}


def test_http_basic_on_the_api_is_locked_out_too(user: AbstractUser) -> None:
    script = Client()
    for _ in range(4):
        answer = script.get(GAMES, headers=basic(user, "not-the-password"))
        assert answer.status_code == 401

    assert_locked_json(script.get(GAMES, headers=basic(user, "nope")), user)
    assert_locked_json(script.get(GAMES, headers=basic(user, PASSWORD)), user)


def test_the_site_login_keeps_its_lockout_page(user: AbstractUser) -> None:
    client = Client()
    lock_out(client, user)

    answer = client.post(LOGIN, right(user))

    assert answer.status_code == 429
    assert answer["Content-Type"].startswith("text/html")
    assert "<h1>Sign-in paused</h1>" in answer.content.decode()


LONG_NAME = "a" * 300  # longer than any username, and than axes' column (255)


@pytest.mark.parametrize(
    ("path", "kind"),
    [
        (reverse("accounts:login"), "form"),
        ("/admin/login/", "form"),
        ("/api-auth/login/", "form"),
        (TOKEN, "json"),
    ],
)
def test_a_login_with_an_overlong_username_is_refused_not_a_500(
    db: None, path: str, kind: str
) -> None:
    client = Client(raise_request_exception=False)
    body = {"username": LONG_NAME, "password": "wrong"}
    if kind == "json":
        answer = client.post(path, body, content_type="application/json")
    else:
        answer = client.post(path, body)

    assert answer.status_code in {200, 400}


def test_http_basic_with_an_overlong_username_is_401_not_a_500(db: None) -> None:
    client = Client(raise_request_exception=False)
    pair = base64.b64encode(f"{LONG_NAME}:wrong".encode()).decode()

    answer = client.get("/api/v1/games/", HTTP_AUTHORIZATION=f"Basic {pair}")

    assert answer.status_code == 401
