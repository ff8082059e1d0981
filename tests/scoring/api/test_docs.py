"""The schema and the browsable docs beside it."""

import pytest
from rest_framework.test import APIClient


@pytest.mark.parametrize("page", ["docs", "redoc"])
def test_browsable_docs_are_served_beside_the_schema(
    anon_api: APIClient, db: None, page: str
) -> None:
    assert anon_api.get(f"/api/v1/{page}/").status_code == 200


def test_the_schema_is_served(anon_api: APIClient, db: None) -> None:
    response = anon_api.get("/api/v1/schema/", HTTP_ACCEPT="application/json")

    assert response.status_code == 200
    assert "/api/v1/games/{game_id}/hands/" in response.json()["paths"]
