"""The clubs API's addresses, a client for anyone, a member who joined by invite."""

from typing import Any

from django.contrib.auth.models import AbstractUser
from rest_framework.test import APIClient

from pitchclub import services
from pitchclub.models import Club, Role
from tests.factories import UserFactory

CLUBS = "/api/v1/clubs/"
JOIN = "/api/v1/join/"
GAMES = "/api/v1/games/"


def club_url(club: Club, rest: str = "") -> str:
    return f"{CLUBS}{club.slug}/{rest}"


def client_for(user: AbstractUser | None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def member(club: Club, role: str = Role.MEMBER, **user: Any) -> AbstractUser:
    """A new user who joined `club` with `role` through an invite, as people do."""
    person = UserFactory(**user)
    invite = services.invite_create(club=club, by=club.created_by, role=role)
    services.invite_accept(code=invite.code, user=person)
    return person


def error_at(body: Any, field: str) -> list[str]:
    """The messages DRF's error shape holds at a dotted path ("players.1")."""
    node = body
    for part in field.split("."):
        assert isinstance(node, dict), f"{field!r} is not named in {body!r}"
        assert part in node, f"{field!r} is not named in {body!r}"
        node = node[part]
    assert isinstance(node, list), f"{field!r} holds no messages in {body!r}"
    assert node, f"{field!r} holds no messages in {body!r}"
    assert all(isinstance(message, str) and message for message in node)
    return node
