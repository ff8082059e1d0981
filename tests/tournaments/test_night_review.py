"""A reviewer's findings on a progressive night (issue 14): the paper result of a
table refuses a winner, the wall, the table page, the wording and going home."""

from typing import Any

import pytest
from rest_framework.test import APIClient

from pitchclub.models import Club
from tests.tournaments.helpers import TOURNAMENTS
from tests.tournaments.test_progressive import current_round, night, tables

pytestmark = pytest.mark.django_db


# --- 1. A paper result with a winner ---------------------------------------------


@pytest.mark.parametrize(
    "body",
    [
        {"scores": [5, 1, 3], "winner": 5},
        {"winner": 2},
        {"scores": [5, 1], "winner": 2},
    ],
)
def test_a_winner_on_a_progressive_table_is_refused_and_nothing_written(
    club: Club, organiser_api: APIClient, body: dict[str, Any]
) -> None:
    t = night(organiser_api, club, 11)
    four, three = tables(current_round(t))[0], tables(current_round(t))[-1]
    table = three if len(body.get("scores", [])) == 3 else four
    response = organiser_api.post(
        f"{TOURNAMENTS}{t['id']}/matches/{table['id']}/result/", body, format="json"
    )
    assert response.status_code == 400, response.json()
    assert list(response.json()) == ["winner"]
    assert "no single winner" in response.json()["winner"][0]
    after = organiser_api.get(f"{TOURNAMENTS}{t['id']}/").json()
    again = next(m for m in tables(current_round(after)) if m["id"] == table["id"])
    assert again["status"] == table["status"]
    assert again["scores"] == table["scores"]
