"""A club with one member of each role, and API clients signed in as each."""

from dataclasses import dataclass

import pytest
from django.contrib.auth.models import AbstractUser
from rest_framework.test import APIClient

from pitchclub.models import Club, Membership, Role
from pitchclub.services import clubs as club_services
from tests.factories import UserFactory


@dataclass
class People:
    organiser: AbstractUser
    scorekeeper: AbstractUser
    member: AbstractUser
    outsider: AbstractUser
    superuser: AbstractUser


def client_for(user: AbstractUser | None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


@pytest.fixture
def people(db: None) -> People:
    return People(
        organiser=UserFactory(),
        scorekeeper=UserFactory(),
        member=UserFactory(),
        outsider=UserFactory(),
        superuser=UserFactory(is_superuser=True, is_staff=True),
    )


@pytest.fixture
def club(people: People) -> Club:
    club = club_services.club_create(name="Thursday Night Pitch", by=people.organiser)
    Membership.objects.create(club=club, user=people.scorekeeper, role=Role.SCOREKEEPER)
    Membership.objects.create(club=club, user=people.member, role=Role.MEMBER)
    return club


@pytest.fixture
def organiser_api(people: People) -> APIClient:
    return client_for(people.organiser)


@pytest.fixture
def keeper_api(people: People) -> APIClient:
    return client_for(people.scorekeeper)
