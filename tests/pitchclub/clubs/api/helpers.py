"""The clubs API's addresses, a client for anyone, a member who joined by invite."""

from typing import Any

from django.contrib.auth.models import AbstractUser
from rest_framework.test import APIClient

from pitchclub.models import Club, Role
from pitchclub.services import invites as services
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
