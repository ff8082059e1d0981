"""Property-based run of schemathesis over the OpenAPI schema: whatever is sent, the
API answers without a server error and as its schema says."""

from collections.abc import Iterator

import pytest
import schemathesis
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from django.test import Client
from hypothesis import HealthCheck, settings
from rest_framework.authtoken.models import Token
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from pitchclub.wsgi import application
from tests.factories import UserFactory, game_factory, record

schema = schemathesis.openapi.from_wsgi("/api/v1/schema/?format=json", application)


@pytest.fixture
def token(db: None) -> Iterator[str]:
    # The WSGI app must not close the test's database connection between calls,
    # exactly as Django's own test client arranges.
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    user = UserFactory()
    game = game_factory(created_by=user)
    record(game, [2, "pass", 3, "pass"], {"high": 3, "low": 1, "jack": 3, "game": 2})
    yield Token.objects.create(user=user).key
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


def test_schema_is_served_with_browsable_docs(client: Client) -> None:
    assert client.get("/api/v1/schema/").status_code == 200
    docs = client.get("/api/v1/docs/")
    assert docs.status_code == 200
    # Swagger UI comes from our own static files, never from a CDN.
    assert b"cdn" not in docs.content.lower()
    assert b"/static/drf_spectacular_sidecar/" in docs.content


@schema.parametrize()
@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=list(HealthCheck),
)
@pytest.mark.django_db
def test_api_never_answers_with_a_server_error(
    case: schemathesis.Case, token: str
) -> None:
    case.call_and_validate(
        headers={"Authorization": f"Token {token}"},
        checks=[
            not_a_server_error,
            status_code_conformance,
            content_type_conformance,
            response_schema_conformance,
        ],
    )
