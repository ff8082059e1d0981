"""Pages asked for wrongly or rightly, on every listing (issue 9)."""

import pytest
from rest_framework.test import APIClient

from tests.helpers import error_at
from tests.scoring.api.helpers import GAMES, start


@pytest.mark.parametrize(
    "query",
    [
        "limit=x",
        "limit=0",
        "limit=-1",
        "limit=2.5",
        "limit=",
        "limit=²",
        "offset=-1",
        "offset=x",
        "offset=٣",
    ],
)
@pytest.mark.parametrize("listing", [GAMES, "/api/v1/clubs/"])
def test_a_page_asked_for_wrongly_is_a_400_naming_the_parameter(
    api: APIClient, listing: str, query: str
) -> None:
    answer = api.get(f"{listing}?{query}")

    assert answer.status_code == 400
    name = query.split("=")[0]
    assert error_at(answer.json(), name) == [
        f"Give {name} as a whole number from {1 if name == 'limit' else 0}."
    ]


@pytest.mark.parametrize("query", ["limit=1&offset=1", f"offset={10**30}", "limit=007"])
def test_a_page_asked_for_rightly_is_answered(api: APIClient, query: str) -> None:
    for variant in ("auction", "thirteen"):
        start(api, variant=variant)

    answer = api.get(f"{GAMES}?{query}")

    assert answer.status_code == 200
    assert answer.json()["count"] == 2
    expected = {"limit=1&offset=1": 1, f"offset={10**30}": 0, "limit=007": 2}[query]
    assert len(answer.json()["results"]) == expected
