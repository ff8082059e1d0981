"""The clubs the clubs API tests work in, organised by `user` (the `api` client)."""

import pytest
from django.contrib.auth.models import AbstractUser

from pitchclub.models import Club
from pitchclub.services import clubs as services


@pytest.fixture
def club(user: AbstractUser) -> Club:
    """A public club organised by `user` (the `api` client)."""
    return services.club_create(
        name="Elks Lodge",
        by=user,
        location="Main Street",
        schedule="Tuesdays 7 pm",
    )


@pytest.fixture
def private_club(user: AbstractUser) -> Club:
    return services.club_create(name="Back Room", by=user, is_private=True)
