"""Scripts authenticate with a token they obtain by name and password, or Basic auth."""

import base64
from urllib.parse import urlencode

import pytest
from django.contrib.auth.models import AbstractUser
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from tests.factories import PASSWORD

pytestmark = pytest.mark.django_db

TOKEN = "/api/v1/auth/token/"
NEW_GAME = {"variant": "auction", "players": ["Ann", "Bob", "Cy"]}


def test_a_script_gets_its_token_and_starts_a_game_with_it(
    user: AbstractUser, anon_api: APIClient
) -> None:
    answer = anon_api.post(
        TOKEN,
        {"username": user.username, "password": PASSWORD},
        format="json",
    )

    assert answer.status_code == 200
    token = answer.json()["token"]
    assert token == Token.objects.get(user=user).key
    anon_api.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    assert anon_api.post("/api/v1/games/", NEW_GAME, format="json").status_code == 201


def test_a_wrong_password_gets_no_token(
    user: AbstractUser, anon_api: APIClient
) -> None:
    answer = anon_api.post(
        TOKEN,
        {"username": user.username, "password": "not-it"},
        format="json",
    )

    assert answer.status_code == 400
    assert "token" not in answer.json()
    assert not Token.objects.exists()


def test_basic_auth_works_for_scripts(user: AbstractUser, anon_api: APIClient) -> None:
    pair = base64.b64encode(f"{user.username}:{PASSWORD}".encode()).decode()
    anon_api.credentials(HTTP_AUTHORIZATION=f"Basic {pair}")

    answer = anon_api.post("/api/v1/games/", NEW_GAME, format="json")

    assert answer.status_code == 201


def test_an_anonymous_write_is_told_how_to_authenticate(anon_api: APIClient) -> None:
    answer = anon_api.post("/api/v1/games/", NEW_GAME, format="json")

    assert answer.status_code == 401
    assert answer["WWW-Authenticate"] == "Token"


# --- Bad bodies to the token endpoint (issue 9) --------------------------------------


@pytest.mark.parametrize(
    ("body", "said"),
    [
        ("[" * 100_000, "larger than 64 KB"),
        ("[" * 60_000, "nested too deeply"),
        ("[" * 40 + "]" * 40, "nested too deeply"),  # parsed, then refused
    ],
    ids=["as-the-review-sent-it", "too-deep-to-parse", "parsed-then-refused"],
)
def test_a_token_request_nested_too_deeply_is_a_400(
    anon_api: APIClient, body: str, said: str
) -> None:
    answer = anon_api.post(TOKEN, body, content_type="application/json")

    assert answer.status_code == 400
    assert said in answer.json()["detail"]


def test_the_token_endpoint_takes_json_only(
    user: AbstractUser, anon_api: APIClient
) -> None:
    form = {"username": user.username, "password": PASSWORD}

    urlencoded = anon_api.post(
        TOKEN, urlencode(form), content_type="application/x-www-form-urlencoded"
    )
    multipart = anon_api.post(TOKEN, form, format="multipart")

    assert (urlencoded.status_code, multipart.status_code) == (415, 415)
    assert "application/x-www-form-urlencoded" in urlencoded.json()["detail"]
    assert not Token.objects.exists()


def test_the_token_endpoint_needs_no_credentials_and_ignores_a_stale_token(
    user: AbstractUser, anon_api: APIClient
) -> None:
    # A script whose old token was deleted (a password change) asks for a new one
    # with the old one still in its headers: that must not be a 401.
    anon_api.credentials(HTTP_AUTHORIZATION="Token not-a-token-any-more")

    answer = anon_api.post(
        TOKEN,
        {"username": user.username, "password": PASSWORD},
        format="json",
    )

    assert answer.status_code == 200
    assert answer.json()["token"] == Token.objects.get(user=user).key
