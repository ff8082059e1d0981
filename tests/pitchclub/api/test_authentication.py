"""The API's token authentication (pitchclub.api.authentication): DRF's, its token
and user read in one raw query. It accepts and refuses what DRF's does, in DRF's
words."""

import pytest
from django.contrib.auth.models import AbstractUser
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.authtoken.models import Token
from rest_framework.exceptions import AuthenticationFailed
from rest_framework.test import APIClient

from pitchclub.api.authentication import TokenAuthentication
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

GAMES = "/api/v1/games/"
START = {"variant": "auction", "players": ["Ann", "Bob", "Cy"]}


def with_token(key: str) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    return client


def test_the_api_authenticates_with_this_class_first() -> None:
    from rest_framework.settings import api_settings

    assert api_settings.DEFAULT_AUTHENTICATION_CLASSES[0] is TokenAuthentication


def test_a_token_signs_its_user_in_with_one_query(user: AbstractUser) -> None:
    token = Token.objects.create(user=user)

    with CaptureQueriesContext(connection) as queries:
        found, auth = TokenAuthentication().authenticate_credentials(token.key)

    assert len(queries) == 1
    assert found == user
    assert found.username == user.username
    assert found.password == user.password
    assert found.date_joined == user.date_joined
    assert found.is_active is True
    assert auth == token
    assert auth.created == token.created
    assert auth.user is found
    assert not found._state.adding


def test_a_token_starts_a_game_as_its_user(user: AbstractUser) -> None:
    token = Token.objects.create(user=user)

    answer = with_token(token.key).post(GAMES, START, format="json")

    assert answer.status_code == 201, answer.content
    assert user.games_created.count() == 1


@pytest.mark.parametrize(
    ("key", "queries"),
    [
        ("0" * 40, 1),
        ("not-a-token", 1),
        # Longer than any key the table holds, and a NUL byte PostgreSQL refuses:
        # refused without a query.
        ("a" * 41, 0),
        ("abc\x00def", 0),
    ],
)
def test_an_unknown_token_is_refused_in_drfs_words(key: str, queries: int) -> None:
    with (
        CaptureQueriesContext(connection) as asked,
        pytest.raises(AuthenticationFailed) as refused,
    ):
        TokenAuthentication().authenticate_credentials(key)

    assert str(refused.value.detail) == "Invalid token."
    assert len(asked) == queries


def test_a_wrong_token_is_refused_through_the_api(user: AbstractUser) -> None:
    Token.objects.create(user=user)

    answer = with_token("f" * 40).post(GAMES, START, format="json")

    assert answer.status_code == 401
    assert answer.json() == {"detail": "Invalid token."}
    assert answer["WWW-Authenticate"] == "Token"


def test_an_inactive_users_token_is_refused() -> None:
    inactive = UserFactory(is_active=False)
    token = Token.objects.create(user=inactive)

    answer = with_token(token.key).get(GAMES)

    assert answer.status_code == 401
    assert answer.json() == {"detail": "User inactive or deleted."}


def test_a_deleted_token_no_longer_works(user: AbstractUser) -> None:
    token = Token.objects.create(user=user)
    client = with_token(token.key)
    assert client.post(GAMES, START, format="json").status_code == 201

    token.delete()

    assert client.post(GAMES, START, format="json").status_code == 401
