"""Who may write a game's hands: anonymous, strangers, superusers; tokens and
sessions (CSRF)."""

from typing import Any

import pytest
from django.contrib.auth.models import AbstractUser
from django.http import HttpRequest
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from scoring.models import Game, Hand
from tests.factories import PASSWORD, UserFactory, game_factory, record
from tests.scoring.api.helpers import (
    AWARD_HL,
    EXAMPLE_HAND,
    FOUR,
    GAMES,
    SEAT_1_MAKES_2,
    _as_record,
    _write,
    game_url,
    hand_url,
    hands_url,
    post_hand,
    read,
)


def _writes(game_id: int) -> list[tuple[str, str, dict[str, Any] | None]]:
    """Every write on hands: record the next, correct hand 1, undo hand 1."""
    return [
        ("post", hands_url(game_id), EXAMPLE_HAND),
        ("put", hand_url(game_id, 1), EXAMPLE_HAND),
        ("delete", hand_url(game_id, 1), None),
    ]


@pytest.mark.parametrize("write", [0, 1, 2], ids=["record", "correct", "undo"])
def test_anonymous_writes_are_refused(
    anon_api: APIClient, one_hand: Game, write: int
) -> None:
    before = read(one_hand.pk)
    method, url, body = _writes(one_hand.pk)[write]

    response = _write(anon_api, method, url, body)

    assert response.status_code in (401, 403)
    assert read(one_hand.pk) == before


@pytest.mark.parametrize("write", [0, 1, 2], ids=["record", "correct", "undo"])
def test_a_user_who_did_not_create_the_game_gets_403(
    one_hand: Game, write: int
) -> None:
    stranger = APIClient()
    stranger.force_authenticate(UserFactory())
    before = read(one_hand.pk)
    method, url, body = _writes(one_hand.pk)[write]

    response = _write(stranger, method, url, body)

    assert response.status_code == 403
    assert read(one_hand.pk) == before


@pytest.mark.parametrize("write", [0, 1, 2], ids=["record", "correct", "undo"])
def test_nobody_but_a_superuser_may_write_a_game_without_a_creator(
    db: None, write: int
) -> None:
    orphan = game_factory(created_by=None)
    record(orphan, **_as_record(SEAT_1_MAKES_2))
    signed_in = APIClient()
    signed_in.force_authenticate(UserFactory())
    method, url, body = _writes(orphan.pk)[write]

    assert _write(signed_in, method, url, body).status_code == 403


@pytest.mark.parametrize(
    ("write", "status"),
    [(0, 201), (1, 200), (2, 200)],
    ids=["record", "correct", "undo"],
)
def test_a_superuser_may_write_any_game(
    one_hand: Game, write: int, status: int
) -> None:
    admin = APIClient()
    admin.force_authenticate(UserFactory(is_superuser=True, is_staff=True))
    method, url, body = _writes(one_hand.pk)[write]

    assert _write(admin, method, url, body).status_code == status


def test_token_authentication_creates_and_records(user: AbstractUser) -> None:
    token = Token.objects.create(user=user)
    script = APIClient(enforce_csrf_checks=True)
    script.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")

    created = script.post(GAMES, {"variant": "auction", "players": FOUR}, format="json")
    assert created.status_code == 201
    game_id = created.json()["id"]
    assert Game.objects.get(pk=game_id).created_by == user

    assert post_hand(script, game_id, EXAMPLE_HAND).status_code == 201
    assert (
        script.put(hand_url(game_id, 1), EXAMPLE_HAND, format="json").status_code == 200
    )
    assert script.delete(hand_url(game_id, 1)).status_code == 200


def test_a_wrong_token_is_401(one_hand: Game) -> None:
    script = APIClient()
    script.credentials(HTTP_AUTHORIZATION="Token not-a-real-token")

    response = post_hand(script, one_hand.pk, EXAMPLE_HAND)

    assert response.status_code == 401
    assert Hand.objects.filter(game=one_hand).count() == 1


def test_a_token_of_another_user_gets_403(one_hand: Game) -> None:
    script = APIClient()
    script.credentials(
        HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=UserFactory()).key}"
    )

    assert post_hand(script, one_hand.pk, EXAMPLE_HAND).status_code == 403


@pytest.fixture
def session_client(user: AbstractUser) -> APIClient:
    """The site's session login, with CSRF checks as a session_client meets them."""
    client = APIClient(enforce_csrf_checks=True)
    assert client.login(
        request=HttpRequest(), username=user.username, password=PASSWORD
    )
    return client


def _csrf_token(client: APIClient) -> str:
    """A CSRF token as a page of the site hands it out (the login form sets it)."""
    assert client.get("/api-auth/login/").status_code == 200
    return client.cookies["csrftoken"].value


def test_session_login_reads_without_a_csrf_token(
    session_client: APIClient, one_hand: Game
) -> None:
    assert session_client.get(game_url(one_hand.pk)).status_code == 200


def test_session_writes_without_a_csrf_token_are_403(
    session_client: APIClient, one_hand: Game
) -> None:
    create = session_client.post(
        GAMES, {"variant": "auction", "players": FOUR}, format="json"
    )
    record_hand = post_hand(session_client, one_hand.pk, EXAMPLE_HAND)
    undo = session_client.delete(hand_url(one_hand.pk, 1))

    assert create.status_code == 403
    assert record_hand.status_code == 403
    assert undo.status_code == 403
    assert "CSRF" in record_hand.json()["detail"]
    assert Game.objects.count() == 1
    assert Hand.objects.filter(game=one_hand).count() == 1


def test_session_writes_with_the_csrf_token_work(
    session_client: APIClient, one_hand: Game
) -> None:
    token = _csrf_token(session_client)

    created = session_client.post(
        GAMES,
        {"variant": "auction", "players": FOUR},
        format="json",
        HTTP_X_CSRFTOKEN=token,
    )
    recorded = session_client.post(
        hands_url(one_hand.pk),
        EXAMPLE_HAND | {"auction": ["pass", 2, "pass", "pass"]},
        format="json",
        HTTP_X_CSRFTOKEN=token,
    )
    undone = session_client.delete(hand_url(one_hand.pk, 2), HTTP_X_CSRFTOKEN=token)

    assert created.status_code == 201
    assert recorded.status_code == 201
    assert undone.status_code == 200


def test_a_session_of_another_user_gets_403(one_hand: Game) -> None:
    stranger = UserFactory()
    client = APIClient(enforce_csrf_checks=True)
    assert client.login(
        request=HttpRequest(), username=stranger.username, password=PASSWORD
    )

    response = client.post(
        hands_url(one_hand.pk),
        {"auction": ["pass", 2, "pass", "pass"], **AWARD_HL},
        format="json",
        HTTP_X_CSRFTOKEN=_csrf_token(client),
    )

    assert response.status_code == 403
    assert "CSRF" not in response.json()["detail"]
