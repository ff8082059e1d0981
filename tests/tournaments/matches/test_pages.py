"""The table page of a match's game: a refusal of the bracket reaches the
scorekeeper in words, like a rule's."""

from rest_framework.test import APIClient

from pitchclub.models import Club
from tests.helpers import signed_in
from tests.tournaments.conftest import People
from tests.tournaments.helpers import create, match_at, play, start_game, win_game


def test_an_undo_on_the_table_page_is_refused_naming_the_started_match(
    club: Club, organiser_api: APIClient, people: People
) -> None:
    t = create(organiser_api, club, format="single_elimination", entrants=4)
    second = match_at(t, "winners", 1, 2)
    t = play(organiser_api, t["id"], second, second["entrants"][0])
    first = match_at(t, "winners", 1, 1)
    game = start_game(organiser_api, t["id"], first["id"])
    win_game(organiser_api, game["id"], 0)
    start_game(organiser_api, t["id"], match_at(t, "winners", 2, 1)["id"])

    page = signed_in(people.scorekeeper)
    answer = page.post(f"/games/{game['id']}/hands/1/undo/", follow=True)
    assert answer.status_code == 200
    text = answer.content.decode()
    assert "Final (Ann v Bob) has started" in text
    assert len(organiser_api.get(f"/api/v1/games/{game['id']}/").json()["hands"]) == 1
