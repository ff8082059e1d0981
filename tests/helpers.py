"""Helpers shared by test modules of several apps (fixtures live in conftest.py files,
model builders in tests/factories.py)."""

from typing import Any

from django.contrib.auth.models import AbstractUser
from django.test import Client


def error_at(body: Any, field: str) -> list[str]:
    """The messages DRF's error shape holds at a dotted path ("options.target")."""
    node = body
    for part in field.split("."):
        assert isinstance(node, dict), f"{field!r} is not named in {body!r}"
        assert part in node, f"{field!r} is not named in {body!r}"
        node = node[part]
    assert isinstance(node, list), f"{field!r} holds no messages in {body!r}"
    assert node, f"{field!r} holds no messages in {body!r}"
    assert all(isinstance(message, str) and message for message in node)
    return node


def signed_in(user: AbstractUser) -> Client:
    client = Client()
    client.force_login(user)
    return client
