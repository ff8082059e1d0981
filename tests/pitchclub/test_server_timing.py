"""SERVER_TIMING=1: every answer says the CPU it cost (pitchclub/timing.py), for the
load test's CPU per kind of request; off, no answer says it."""

import re

import pytest
from django.conf import settings
from django.test import Client, override_settings

pytestmark = pytest.mark.django_db

TIMED = ["pitchclub.timing.server_timing_middleware", *settings.MIDDLEWARE]


def test_no_answer_tells_its_cost_by_default(client: Client) -> None:
    assert "pitchclub.timing.server_timing_middleware" not in settings.MIDDLEWARE
    assert "Server-Timing" not in client.get("/")


@override_settings(MIDDLEWARE=TIMED)
def test_with_server_timing_each_answer_says_its_cpu(client: Client) -> None:
    for path in ("/", "/api/v1/games/", "/no-such-page/"):
        response = client.get(path)
        found = re.fullmatch(r"app;dur=(\d+\.\d\d)", response["Server-Timing"])
        assert found, (path, response["Server-Timing"])
        # A page renders a template: it costs some CPU, and far less than a minute.
        assert 0 <= float(found.group(1)) < 60_000
