"""A tournament's life on its pages: each change behind a confirmation page (GET
shows, POST does), organisers only; closed early and archived said on every page;
"Show archived"; a deletion refused with results offers the archive."""

import html as entities
import re
from typing import Any

import pytest
from django.test import Client
from rest_framework.test import APIClient

from pitchclub.models import Club
from tests.helpers import signed_in
from tests.tournaments.conftest import People
from tests.tournaments.helpers import TOURNAMENTS, create, ready
from tournaments.models import ResultRevision, Tournament

pytestmark = pytest.mark.django_db


def text(response: Any) -> str:
    body = re.sub(r"<[^>]+>", " ", response.content.decode())
    return re.sub(r"\s+", " ", entities.unescape(body))


@pytest.fixture
def swiss(club: Club, organiser_api: APIClient) -> dict[str, Any]:
    return create(
        organiser_api, club, format="swiss", entrants=6, settings={"rounds": 3}
    )


def _paper(api: APIClient, t: dict[str, Any], match: dict[str, Any]) -> None:
    response = api.post(
        f"{TOURNAMENTS}{t['id']}/matches/{match['id']}/result/",
        {"winner": match["entrants"][1], "scores": [1, 3]},
        format="json",
    )
    assert response.status_code == 200, response.json()


def test_the_organiser_sees_the_buttons_others_do_not(
    swiss: dict[str, Any], people: People
) -> None:
    url = f"/tournaments/{swiss['id']}/"
    organiser = text(signed_in(people.organiser).get(url))
    for button in ("Rename", "Close early", "Archive", "Delete"):
        assert button in organiser
    keeper = text(signed_in(people.scorekeeper).get(url))
    assert "Close early" not in keeper
    assert "Standings: print (A4)" in keeper
    assert "Standings: CSV" in keeper
    for what in ("rename", "close", "archive", "delete"):
        got = signed_in(people.scorekeeper).get(f"{url}{what}/")
        assert got.status_code == 403, what
        posted = signed_in(people.scorekeeper).post(f"{url}{what}/", {"name": "X"})
        assert posted.status_code == 403, what
    t = Tournament.objects.get(pk=swiss["id"])
    assert (t.name, t.status, t.archived_at) == ("Spring Cup", "running", None)


def test_rename_page_keeps_the_typed_name_and_says_what_is_wrong(
    swiss: dict[str, Any], people: People
) -> None:
    client = signed_in(people.organiser)
    url = f"/tournaments/{swiss['id']}/rename/"
    assert 'value="Spring Cup"' in client.get(url).content.decode()
    bad = client.post(url, {"name": "Cup\x07"})
    assert bad.status_code == 400
    assert "control" in text(bad).lower() or "character" in text(bad).lower()
    empty = client.post(url, {"name": "  "})
    assert "Give the tournament a name." in text(empty)
    done = client.post(url, {"name": "Autumn Swiss"})
    assert done.status_code == 302
    assert Tournament.objects.get(pk=swiss["id"]).name == "Autumn Swiss"


def test_close_early_confirms_then_every_page_says_so(
    swiss: dict[str, Any], people: People, organiser_api: APIClient
) -> None:
    t = swiss
    first, *_ = ready(t)
    _paper(organiser_api, t, first)
    client = signed_in(people.organiser)
    url = f"/tournaments/{t['id']}/close/"
    confirm = text(client.get(url))
    assert "Close this tournament early?" in confirm
    assert "2 matches not played" in confirm
    assert Tournament.objects.get(pk=t["id"]).status == "running"
    assert client.post(url).status_code == 302
    closed = Tournament.objects.get(pk=t["id"])
    assert closed.closed_early
    note = "Closed early after round 1: standings as they stood"
    for page in ("", "wall/", "print/", "standings/print/", f"matches/{first['id']}/"):
        shown = text(Client().get(f"/tournaments/{t['id']}/{page}"))
        assert note in shown, page
        assert "Champion:" not in shown, page
    listed = text(Client().get(f"/clubs/{closed.club.slug}/tournaments/"))
    assert "Closed early" in listed
    # A second tap: nothing changes, said in words.
    again = client.post(url, follow=True)
    assert "is finished already" in text(again)
    assert ResultRevision.objects.filter(tournament=closed, action="close").count() == 1


def test_archive_leaves_the_list_and_show_archived_lists_it(
    swiss: dict[str, Any], people: People, club: Club
) -> None:
    client = signed_in(people.organiser)
    url = f"/tournaments/{swiss['id']}/archive/"
    assert "Archive this tournament?" in text(client.get(url))
    assert client.post(url).status_code == 302
    listing = text(client.get(f"/clubs/{club.slug}/tournaments/"))
    assert "Spring Cup" not in listing
    assert "Show archived" in listing
    archived = text(client.get(f"/clubs/{club.slug}/tournaments/?archived=1"))
    assert "Spring Cup" in archived
    assert "Archived" in archived
    page = text(Client().get(f"/tournaments/{swiss['id']}/"))
    assert "Archived" in page
    assert "Unarchive" in text(client.get(f"/tournaments/{swiss['id']}/"))
    assert client.post(f"/tournaments/{swiss['id']}/unarchive/").status_code == 302
    assert "Spring Cup" in text(client.get(f"/clubs/{club.slug}/tournaments/"))


def test_delete_confirms_and_is_refused_with_results(
    club: Club, people: People, organiser_api: APIClient
) -> None:
    client = signed_in(people.organiser)
    empty = create(organiser_api, club, format="round_robin", entrants=3)
    url = f"/tournaments/{empty['id']}/delete/"
    assert "Delete this tournament?" in text(client.get(url))
    gone = client.post(url)
    assert gone.status_code == 302
    assert gone["Location"] == f"/clubs/{club.slug}/tournaments/"
    assert not Tournament.objects.filter(pk=empty["id"]).exists()

    played = create(
        organiser_api, club, format="swiss", entrants=4, settings={"rounds": 2}
    )
    _paper(organiser_api, played, ready(played)[0])
    url = f"/tournaments/{played['id']}/delete/"
    shown = text(client.get(url))
    assert "It has results: archive it instead." in shown
    assert "Archive it" in shown
    refused = client.post(url)
    assert refused.status_code == 409
    assert Tournament.objects.filter(pk=played["id"]).exists()


def test_the_close_page_says_which_running_games_it_abandons(
    swiss: dict[str, Any], people: People, organiser_api: APIClient
) -> None:
    t = swiss
    first, *_ = ready(t)
    game = organiser_api.post(
        f"{TOURNAMENTS}{t['id']}/matches/{first['id']}/game/", format="json"
    )
    assert game.status_code == 201, game.json()
    client = signed_in(people.organiser)
    confirm = text(client.get(f"/tournaments/{t['id']}/close/"))
    assert f"1 game still being played is abandoned (game {game.json()['id']})" in (
        confirm
    )
    assert client.post(f"/tournaments/{t['id']}/close/").status_code == 302
    resumed = organiser_api.post(f"/api/v1/games/{game.json()['id']}/resume/")
    assert resumed.status_code in (400, 409), resumed.content
    assert "was closed early" in resumed.content.decode()


def test_the_unarchive_address_opened_shows_the_tournament(
    swiss: dict[str, Any], people: People
) -> None:
    """Second reviewer: a GET of …/unarchive/ answered a blank 405."""
    client = signed_in(people.organiser)
    answer = client.get(f"/tournaments/{swiss['id']}/unarchive/")
    assert answer.status_code == 302
    assert answer["Location"] == f"/tournaments/{swiss['id']}/"
