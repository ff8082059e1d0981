"""The clubs API against its schema, for a club the caller organises."""

from collections.abc import Iterator

import pytest
import schemathesis
from django.core.signals import request_finished, request_started
from django.db import close_old_connections, transaction
from hypothesis import HealthCheck, given, settings
from rest_framework.authtoken.models import Token
from schemathesis.checks import not_a_server_error
from schemathesis.core.result import Ok
from schemathesis.schemas import APIOperation
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from pitchclub.services.clubs import club_create
from pitchclub.services.invites import invite_create
from pitchclub.services.players import guest_add
from pitchclub.wsgi import application
from tests.factories import UserFactory
from tests.pitchclub.clubs.api.helpers import member

pytestmark = pytest.mark.django_db


# tests/scoring/api/test_schema.py runs every operation with a caller who has no club,
# so the club endpoints mostly answer 404 there. Here the caller organises the club the
# paths name, so the writes' own answers (200, 201, 204, 400, 409) are checked
# against the schema too.
club_schema = schemathesis.openapi.from_wsgi(
    "/api/v1/schema/?format=json", application
).include(path_regex=r"^/api/v1/(clubs|join)/")
CLUB_OPERATIONS = [
    result.ok() for result in club_schema.get_all_operations() if isinstance(result, Ok)
]


@pytest.fixture
def organiser_token(db: None) -> Iterator[str]:
    # As in tests/scoring/api/test_schema.py: the WSGI app must not close the test's
    # database connection between calls.
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    organiser = UserFactory()
    club = club_create(name="Elks Lodge", by=organiser)
    guest_add(club=club, name="Ann")
    member(club)
    invite_create(club=club, by=organiser)
    yield Token.objects.create(user=organiser).key
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


@pytest.mark.parametrize(
    "operation", CLUB_OPERATIONS, ids=[op.label for op in CLUB_OPERATIONS]
)
def test_club_endpoints_answer_as_their_schema_says(
    operation: APIOperation, organiser_token: str
) -> None:
    fixed = {"slug": "elks-lodge"} if "{slug}" in operation.path else None

    @given(case=operation.as_strategy(path_parameters=fixed))
    @settings(max_examples=20, deadline=None, suppress_health_check=list(HealthCheck))
    def check(case: schemathesis.Case) -> None:
        # Each example starts from the same club: its writes are rolled back.
        with transaction.atomic():
            case.call_and_validate(
                headers={"Authorization": f"Token {organiser_token}"},
                checks=[
                    not_a_server_error,
                    status_code_conformance,
                    content_type_conformance,
                    response_schema_conformance,
                ],
            )
            transaction.set_rollback(True)

    check()
