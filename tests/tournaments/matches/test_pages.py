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


def test_no_paper_form_while_the_match_s_game_has_hands(
    club: Club, organiser_api: APIClient, people: People
) -> None:
    """Issue 22, 8: the paper form is not offered while a game with hands runs
    (the service would refuse it: match_has_hands); the page says where the
    game is instead. A game started without hands still leaves it offered."""
    from tests.tournaments.helpers import hand_for

    t = create(organiser_api, club, format="single_elimination", entrants=4)
    first = match_at(t, "winners", 1, 1)
    game = start_game(organiser_api, t["id"], first["id"])
    page = signed_in(people.organiser)
    url = f"/tournaments/{t['id']}/matches/{first['id']}/"
    assert "Enter the result" in page.get(url).content.decode()
    hand = organiser_api.post(
        f"/api/v1/games/{game['id']}/hands/", hand_for(0), format="json"
    )
    assert hand.status_code == 201, hand.json()
    text = page.get(url).content.decode()
    assert "Enter the result" not in text
    assert f"/games/{game['id']}/" in text
