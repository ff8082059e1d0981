"""Scripts authenticate with a token they obtain by name and password, or Basic auth."""

import base64

import pytest
from django.contrib.auth.models import AbstractUser
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from tests.factories import PASSWORD

pytestmark = pytest.mark.django_db

NEW_GAME = {"variant": "auction", "players": ["Ann", "Bob", "Cy"]}


def test_a_script_gets_its_token_and_starts_a_game_with_it(
    user: AbstractUser, anon_api: APIClient
) -> None:
    answer = anon_api.post(
        "/api/v1/auth/token/",
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
        "/api/v1/auth/token/",
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
