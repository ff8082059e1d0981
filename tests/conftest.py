import pytest
from django.contrib.auth.models import AbstractUser
from django.core.cache import cache
from pytest_django.fixtures import Settings
from rest_framework.test import APIClient

from tests.factories import UserFactory


@pytest.fixture(autouse=True)
def _test_settings(settings: Settings) -> None:
    """Tests speak plain HTTP to the test server: no HTTPS redirect, no secure-only
    cookies (production keeps both; tests/pitchclub/test_settings.py checks that).
    Passwords are hashed cheaply: the real hasher is slow by design."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    settings.SECURE_SSL_REDIRECT = False
    settings.SESSION_COOKIE_SECURE = False
    settings.CSRF_COOKIE_SECURE = False


@pytest.fixture(autouse=True)
def _empty_cache() -> None:
    """Rate-limit counts live in the cache (pitchclub/throttles.py): every test
    starts with none."""
    cache.clear()


@pytest.fixture
def user(db: None) -> AbstractUser:
    return UserFactory()


@pytest.fixture
def api(user: AbstractUser) -> APIClient:
    """An API client signed in as the scorekeeper `user`."""
    client = APIClient()
    client.force_authenticate(user)
    return client


@pytest.fixture
def anon_api() -> APIClient:
    return APIClient()
