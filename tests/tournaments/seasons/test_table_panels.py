"""From a table's game back to its night (issue 14, item 2): a game started for a
season's night says so on its page and leads back to the night; a progressive
night's table game says its round, table and hand ("Table 3 · Round 2 · Hand 5 of
8") and leads back to the night's page, never "New game, same players" nor the
bracket's words. The page's queries stay the same whatever the hands."""

import datetime
import re
from html import unescape
from typing import Any

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from rest_framework.test import APIClient

from pitchclub.models import Club
from scoring.games import services
from tests.helpers import signed_in
from tests.tournaments.conftest import People
from tests.tournaments.helpers import read, start_game
from tests.tournaments.nights.test_progressive import (
    current_round,
    next_round,
    night,
    paper,
    tables,
)
from tournaments.models import Night
from tournaments.seasons import services as seasons

pytestmark = pytest.mark.django_db

REMATCH = "New game, same players"
DOT = "\N{MIDDLE DOT}"
# A hand that no one goes out on: seat 1's side pitches 2 and makes it.
HAND = {"pitcher": 1, "bid": 2, "awards": {"high": 1, "low": 1}}


def _text(client: Client, game_id: int) -> str:
    response = client.get(reverse("scoring:game", args=[game_id]))
    assert response.status_code == 200
    return unescape(re.sub(r"\s+", " ", response.content.decode()))


def _queries(client: Client, game_id: int) -> int:
    with CaptureQueriesContext(connection) as captured:
        client.get(reverse("scoring:game", args=[game_id]))
    return len(captured)


@pytest.fixture
def keeper(people: People) -> Client:
    return signed_in(people.scorekeeper)


@pytest.fixture
def season_night(club: Club, people: People) -> Night:
    season = seasons.season_create(
        club=club,
        name="Winter 2026",
        starts=datetime.date(2026, 12, 1),
        ends=datetime.date(2027, 3, 30),
        variant="auction",
        options={},
        scoring="wins",
    )
    return seasons.night_add(season=season, date=datetime.date(2026, 12, 3))


def _club_game(club: Club, people: People, night: Night | None = None) -> Any:
    return services.game_start(
        variant="auction",
        players=["Ann", "Bob"],
        options={"target": 7},
        club=club,
        created_by=people.scorekeeper,
        links=None if night is None else {"night": night.pk},
    )


# --- A season's night --------------------------------------------------------------


def test_a_nights_game_says_its_night_and_leads_back(
    club: Club, people: People, keeper: Client, season_night: Night
) -> None:
    game = _club_game(club, people, season_night)
    text = _text(keeper, game.pk)
    assert f"Night of Thu 3 Dec {DOT} Winter 2026" in text
    assert "Back to the night" in text
    night_url = reverse(
        "tournaments:night", args=[season_night.season_id, season_night.pk]
    )
    assert f'href="{night_url}"' in text
    assert "It counts in the night's results once it is finished." in text


def test_an_ordinary_game_has_no_night_panel(
    club: Club, people: People, keeper: Client, season_night: Night
) -> None:
    game = _club_game(club, people)
    text = _text(keeper, game.pk)
    assert "data-night-panel" not in text
    assert "Back to the night" not in text


def test_the_night_panel_costs_one_query_and_none_without_a_night(
    club: Club, people: People, keeper: Client, season_night: Night
) -> None:
    plain = _club_game(club, people)
    linked = _club_game(club, people, season_night)
    assert _queries(keeper, linked.pk) == _queries(keeper, plain.pk) + 1


# --- A progressive night's table ------------------------------------------------


def _round_two_table_three(api: APIClient, club: Club) -> tuple[dict[str, Any], Any]:
    """A night of 12 (three tables), 8 hands a round; round 1 on paper; round 2's
    table 3 started."""
    t = night(api, club, 12, settings={"hands_per_round": 8})
    for table in tables(current_round(t)):
        paper(api, t["id"], table["id"], [5, 2])
    t = next_round(api, t["id"])
    table = tables(current_round(t))[2]
    assert table["table"] == 3
    return t, start_game(api, t["id"], table["id"])


def test_a_table_game_says_round_table_and_hand_and_leads_back_to_the_night(
    club: Club, organiser_api: APIClient, keeper: Client
) -> None:
    t, game = _round_two_table_three(organiser_api, club)
    for _ in range(4):
        response = organiser_api.post(
            f"/api/v1/games/{game['id']}/hands/", HAND, format="json"
        )
        assert response.status_code == 201, response.json()

    text = _text(keeper, game["id"])
    assert f"Table 3 {DOT} Round 2 {DOT} Hand 5 of 8" in text
    assert "Spring Cup" in text
    assert "Back to the night" in text
    assert reverse("tournaments:detail", args=[t["id"]]) in text
    assert "Back to the bracket" not in text
    assert "match 3" not in text.lower()

    # The last hand: the table has finished; still no club rematch.
    for _ in range(4):
        organiser_api.post(f"/api/v1/games/{game['id']}/hands/", HAND, format="json")
    assert read(organiser_api, t["id"])["rounds"][-1]["matches"][2]["status"] == (
        "completed"
    )
    text = _text(keeper, game["id"])
    assert f"Table 3 {DOT} Round 2 {DOT} Finished after 8 hands" in text
    assert REMATCH not in text
    assert "Back to the night" in text


def test_a_table_game_to_the_target_says_round_and_table(
    club: Club, organiser_api: APIClient, keeper: Client
) -> None:
    t = night(organiser_api, club, 8, settings={"hands_per_round": None})
    table = tables(current_round(t))[1]
    game = start_game(organiser_api, t["id"], table["id"])
    text = _text(keeper, game["id"])
    assert f"Table 2 {DOT} Round 1 {DOT} Hand 1" in text
    assert "Hand 1 of" not in text


def test_a_table_games_page_takes_the_queries_of_a_match_game(
    club: Club, organiser_api: APIClient, keeper: Client
) -> None:
    _, game = _round_two_table_three(organiser_api, club)
    # From one hand on (without hands there are no awards to read).
    organiser_api.post(f"/api/v1/games/{game['id']}/hands/", HAND, format="json")
    before = _queries(keeper, game["id"])
    for _ in range(5):
        organiser_api.post(f"/api/v1/games/{game['id']}/hands/", HAND, format="json")
    assert _queries(keeper, game["id"]) == before


# --- The night's page and its fixed movement --------------------------------------


@pytest.mark.parametrize(
    ("players", "movement", "says"),
    [
        (4, "fixed", "Fixed movement with 1 table: it repeats"),
        (8, "fixed", "Fixed movement with 2 tables: it repeats"),
        (12, "fixed", None),
        (8, "winners_up", None),
    ],
)
def test_a_fixed_movement_of_fewer_than_three_tables_says_it_repeats(
    club: Club,
    organiser_api: APIClient,
    keeper: Client,
    players: int,
    movement: str,
    says: str | None,
) -> None:
    t = night(organiser_api, club, players, settings={"movement": movement})
    page = keeper.get(reverse("tournaments:detail", args=[t["id"]]))
    text = unescape(re.sub(r"\s+", " ", page.content.decode()))
    if says is None:
        assert "data-movement-repeats" not in text
    else:
        assert says in text
