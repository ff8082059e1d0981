"""A match's game's table page knows its match (issue 12): the tournament, the
match and its score; once the game is won the match's next game or who goes
through, never "New game, same players"."""

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from pitchclub.models import Club
from tests.helpers import signed_in
from tests.tournaments.conftest import People
from tests.tournaments.helpers import (
    create,
    entrant_ids,
    match_at,
    read,
    start_game,
    win_game,
)
from tournaments.models import MatchGame

REMATCH = "New game, same players"
DASH = "\N{EN DASH}"
# The table page of a club game without a match (the panel's one query is
# there too: whether the game is a match's).
PANEL_QUERIES = 1


def _page(client: Client, game_id: int) -> str:
    response = client.get(reverse("scoring:game", args=[game_id]))
    assert response.status_code == 200
    return response.content.decode()


def _first_match(api: APIClient, games_per_match: int) -> tuple[dict[str, Any], ...]:
    tournament = create(
        api,
        Club.objects.get(),
        format="single_elimination",
        entrants=4,
        settings={"games_per_match": games_per_match},
    )
    match = match_at(tournament, "winners", 1, 1)
    return tournament, match


@pytest.fixture
def keeper(people: People) -> Client:
    return signed_in(people.scorekeeper)


def test_best_of_3_game_1_won_offers_game_2_of_the_match(
    club: Club, people: People, keeper_api: APIClient, keeper: Client
) -> None:
    tournament, match = _first_match(keeper_api, 3)
    names = {v: k for k, v in entrant_ids(tournament).items()}
    a, b = (names[e] for e in match["entrants"])
    game = start_game(keeper_api, tournament["id"], match["id"])

    playing = _page(keeper, game["id"])
    # A bracket of 4: its first round is the semi-finals (one name per thing).
    assert "Spring Cup · Semi-final 1" in playing
    assert f'Game 1 of best of 3 · <span class="name">{a}</span> 0{DASH}0' in playing
    assert "Start game 2 of the match" not in playing

    win_game(keeper_api, game["id"], 0)
    won = _page(keeper, game["id"])
    assert (
        f'<span class="name">{a}</span> 1{DASH}0 <span class="name">{b}</span>' in won
    )
    assert "Start game 2 of the match" in won
    assert REMATCH not in won
    assert "Back to the bracket" not in won
    assert reverse("tournaments:match", args=[tournament["id"], match["id"]]) in won

    # The button starts the match's game 2 (not a club game).
    start = reverse("tournaments:match_start", args=[tournament["id"], match["id"]])
    response = keeper.post(start)
    assert response.status_code == 302
    current = match_at(read(keeper_api, tournament["id"]), "winners", 1, 1)
    assert len(current["games"]) == 2
    assert current["games"][0] == game["id"]
    second = current["games"][1]
    assert response["Location"] == reverse("scoring:game", args=[second])
    assert MatchGame.objects.get(game_id=second).match_id == match["id"]


def test_a_member_sees_the_match_but_not_its_next_game_button(
    club: Club, people: People, keeper_api: APIClient
) -> None:
    tournament, match = _first_match(keeper_api, 3)
    game = start_game(keeper_api, tournament["id"], match["id"])
    win_game(keeper_api, game["id"], 1)
    page = _page(signed_in(people.member), game["id"])
    assert "Game 1 of best of 3" in page
    assert "Start game 2 of the match" not in page


def test_the_match_won_says_who_goes_through_and_leads_back_to_the_bracket(
    club: Club, people: People, keeper_api: APIClient, keeper: Client
) -> None:
    tournament, match = _first_match(keeper_api, 1)
    names = {v: k for k, v in entrant_ids(tournament).items()}
    winner = names[match["entrants"][1]]
    game = start_game(keeper_api, tournament["id"], match["id"])
    win_game(keeper_api, game["id"], 1)
    page = _page(keeper, game["id"])
    assert f"{winner} goes through to the final" in page
    assert "Back to the bracket" in page
    assert reverse("tournaments:detail", args=[tournament["id"]]) in page
    assert REMATCH not in page
    assert "Start game" not in page


def test_the_final_won_says_who_wins_the_tournament(
    club: Club, people: People, keeper_api: APIClient, keeper: Client
) -> None:
    tournament = create(keeper_api, club, format="single_elimination", entrants=2)
    match = match_at(tournament, "winners", 1, 1)
    names = {v: k for k, v in entrant_ids(tournament).items()}
    game = start_game(keeper_api, tournament["id"], match["id"])
    win_game(keeper_api, game["id"], 0)
    page = _page(keeper, game["id"])
    assert f"{names[match['entrants'][0]]} wins the tournament" in page
    assert "Back to the bracket" in page


def test_an_ordinary_game_keeps_new_game_same_players(
    club: Club, people: People, keeper_api: APIClient, keeper: Client
) -> None:
    body = {
        "variant": "auction",
        "club": club.slug,
        "options": {"target": 3},
        "players": ["Ann", "Bob"],
    }
    response = keeper_api.post("/api/v1/games/", body, format="json")
    assert response.status_code == 201, response.json()
    game = response.json()
    win_game(keeper_api, game["id"], 0)
    page = _page(keeper, game["id"])
    assert REMATCH in page
    assert "data-match-panel" not in page


def test_the_panel_costs_one_query_whatever_the_match(
    club: Club,
    people: People,
    keeper_api: APIClient,
    keeper: Client,
    django_assert_num_queries: Any,
) -> None:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    counts = {}
    for best_of in (1, 3):
        tournament, match = _first_match(keeper_api, best_of)
        game = start_game(keeper_api, tournament["id"], match["id"])
        win_game(keeper_api, game["id"], 0)
        with CaptureQueriesContext(connection) as captured:
            _page(keeper, game["id"])
        counts[best_of] = len(captured)
        # The panel's own query reads from the match's game; the game's read only
        # asks whether there is one (scoring.games.flags).
        panel = [
            q
            for q in captured
            if q["sql"].startswith('SELECT "tournaments_matchgame".')
        ]
        assert len(panel) == PANEL_QUERIES
    assert counts[1] == counts[3]


def test_a_club_game_outside_tournaments_looks_for_no_match(
    club: Club, keeper: Client, keeper_api: APIClient
) -> None:
    """Its flag, read with the game, says it has none: the page asks nothing more."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    made = keeper_api.post(
        "/api/v1/games/",
        {"variant": "auction", "players": ["Ann", "Bob", "Cy"], "club": club.slug},
        format="json",
    )
    assert made.status_code == 201, made.content
    with CaptureQueriesContext(connection) as captured:
        _page(keeper, made.json()["id"])
    assert not [
        q for q in captured if q["sql"].startswith('SELECT "tournaments_matchgame".')
    ]
