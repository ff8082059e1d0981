"""One name per thing (issue 22, item 8): the bracket's "Semi-finals" is the game
page's and the match page's "Semi-final 1", not "Round 1 match 1"; a Swiss game's
page leads back to the tournament (only eliminations have brackets)."""

from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from pitchclub.models import Club
from tests.tournaments.helpers import (
    create,
    entrant_ids,
    match_at,
    ready,
    start_game,
    win_game,
)


def _page(client: Client, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200
    return response.content.decode()


def test_a_semi_final_is_called_so_on_its_game_and_match_pages(
    club: Club, organiser_api: APIClient
) -> None:
    client = Client()
    client.force_login(club.created_by)
    t = create(organiser_api, club, format="single_elimination", entrants=4)
    match = match_at(t, "winners", 1, 1)
    bracket = _page(client, reverse("tournaments:detail", args=[t["id"]]))
    assert "Semi-finals" in bracket
    game = start_game(organiser_api, t["id"], match["id"])

    playing = _page(client, reverse("scoring:game", args=[game["id"]]))
    assert f"{t['name']} · Semi-final 1" in playing
    assert "Round 1 match 1" not in playing
    matched = _page(client, reverse("tournaments:match", args=[t["id"], match["id"]]))
    assert '<h1 class="match-title">Semi-final 1</h1>' in matched

    win_game(organiser_api, game["id"], 0)
    won = _page(client, reverse("scoring:game", args=[game["id"]]))
    names = {v: k for k, v in entrant_ids(t).items()}
    assert f"{names[match['entrants'][0]]} goes through to the final" in won
    assert "Back to the bracket" in won


def test_a_swiss_game_leads_back_to_the_tournament(
    club: Club, organiser_api: APIClient
) -> None:
    client = Client()
    client.force_login(club.created_by)
    t = create(organiser_api, club, format="swiss", entrants=4)
    match = ready(t)[0]
    game = start_game(organiser_api, t["id"], match["id"])
    win_game(organiser_api, game["id"], 0)

    won = _page(client, reverse("scoring:game", args=[game["id"]]))
    assert "Back to the tournament" in won
    assert "Back to the bracket" not in won
    assert f"{t['name']} · Round 1 match 1" in won
