"""A reviewer's findings on a progressive night (issue 14): the paper result of a
table refuses a winner, the wall, the table page, the wording and going home."""

import re
from html import unescape
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from pitchclub.models import Club
from tests.helpers import signed_in
from tests.tournaments.brackets.test_views_pages import page
from tests.tournaments.conftest import People
from tests.tournaments.helpers import TOURNAMENTS, read
from tests.tournaments.nights.test_progressive import (
    current_round,
    night,
    paper,
    tables,
)
from tests.tournaments.seasons.test_seasons_pages import season
from tournaments.models import Entrant
from tournaments.nights.board import round_length

pytestmark = pytest.mark.django_db
__all__ = ["season"]


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


# --- 2. The wall of a night ------------------------------------------------------


def test_the_wall_of_a_night_shows_the_rounds_seating_results_and_tally(
    club: Club,
    organiser_api: APIClient,
    people: People,
    django_assert_num_queries: Any,
) -> None:
    t = night(
        organiser_api, club, 11, settings={"hands_per_round": 3}, options={"target": 7}
    )
    first = tables(current_round(t))[0]
    paper(organiser_api, t["id"], first["id"], [5, 1])
    wall = f"/tournaments/{t['id']}/wall/"
    client = signed_in(people.organiser)
    with django_assert_num_queries(2 + 1 + 4):
        html = page(client, wall).content.decode()
    text = " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())
    assert "To be decided" not in text
    assert "to 7" not in text
    assert "3 hands a round" in text
    assert "Round 1 of 4" in text
    # Seats N E S W: partners opposite, so Ann & Cy v Bob & Di at table 1.
    assert "Table 1" in text
    assert "Table 3" in text
    assert "Ann & Cy" in text
    assert "Bob & Di" in text
    assert "Finished" in text
    assert re.search(r"Ann & Cy 5", text), text
    # A solo table (11 players: 4, 4, 3) lists each player.
    assert "Solo" in text
    # The tally as the night ranks it: Ann and Cy first with 5 points.
    tally = text[text.index("Tally") :]
    assert re.search(r"1 Ann 5", tally), tally
    # It polls as the other formats' wall, with its version.
    assert 'hx-trigger="every 3s"' in html
    version = re.search(r"\?v=([^\"]+)\"", html)
    assert version is not None
    with django_assert_num_queries(2 + 1):
        page(client, f"{wall}?v={version.group(1)}", 204, HTTP_HX_REQUEST="true")
    paper(organiser_api, t["id"], tables(current_round(t))[1]["id"], [2, 4])
    body = page(
        client, f"{wall}?v={version.group(1)}", 200, HTTP_HX_REQUEST="true"
    ).content.decode()
    assert 'id="wall"' in body
    assert "<html" not in body
    assert "Di" in body


def test_the_nights_own_wall_link_is_the_wall(
    club: Club, organiser_api: APIClient, people: People
) -> None:
    t = night(organiser_api, club, 8)
    client = signed_in(people.organiser)
    answer = client.get(f"/tournaments/{t['id']}/?wall=1")
    assert answer.status_code == 302
    assert answer["Location"] == f"/tournaments/{t['id']}/wall/"
    board = page(client, f"/tournaments/{t['id']}/").content.decode()
    assert f'href="/tournaments/{t["id"]}/wall/"' in board


def test_a_finished_nights_wall_names_the_winner_in_words(
    club: Club, organiser_api: APIClient
) -> None:
    t = night(organiser_api, club, 4, settings={"rounds": 1})
    t = paper(organiser_api, t["id"], tables(current_round(t))[0]["id"], [1, 6])
    assert t["status"] == "finished"
    for url in (f"/tournaments/{t['id']}/wall/", f"/tournaments/{t['id']}/"):
        html = page(Client(), url).content.decode()
        assert re.search(r'<svg class="trophy"[^>]*aria-hidden="true"', html), url
        text = " ".join(re.sub(r"<[^>]+>", " ", html).split())
        assert re.search(r"Winner: (Bob|Di)\b", text), url


# --- 3. The table page from a card's QR code ---------------------------------------


def _text(html: str) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def test_a_nights_table_page_names_the_table_and_its_partners(
    club: Club, organiser_api: APIClient, people: People
) -> None:
    t = night(organiser_api, club, 11)
    four, _, three = tables(current_round(t))
    client = signed_in(people.scorekeeper)
    url = f"/tournaments/{t['id']}/matches/{four['id']}/table/"
    html = page(client, url).content.decode()
    text = _text(html)
    assert re.search(r"<h1[^>]*>\s*Table 1 · Round 1\s*</h1>", html), text
    assert "Ann & Cy v Bob & Di" in text
    assert "match" not in text.lower().replace("match-", "")
    assert f'href="/tournaments/{t["id"]}/"' in html
    assert "← The night" in text
    solo = _text(
        page(
            client, f"/tournaments/{t['id']}/matches/{three['id']}/table/"
        ).content.decode()
    )
    assert "Table 3 · Round 1" in solo
    assert "Ida, Jo, Kit" in solo


# --- 4. Tables, not matches, on a night ----------------------------------------------


def test_a_night_says_tables_where_other_formats_say_matches(
    club: Club, organiser_api: APIClient, people: People
) -> None:
    t = night(organiser_api, club, 8)
    first, second = tables(current_round(t))
    refused = organiser_api.post(f"{TOURNAMENTS}{t['id']}/rounds/")
    assert refused.status_code == 409
    detail = refused.json()["detail"]
    assert detail.startswith("Table 1 (Ann, Bob, Cy, Di) of round 1 is not completed")
    assert "every table of this one" in detail
    assert "match" not in detail
    paper(organiser_api, t["id"], first["id"], [3, 1])
    paper(organiser_api, t["id"], second["id"], [3, 1])
    client = signed_in(people.organiser)
    answer = client.post(f"/tournaments/{t['id']}/rounds/", follow=True)
    text = _text(answer.content.decode())
    assert "Round 2 is drawn: its tables are ready." in text


# --- 5. Going home takes a confirmation; coming back ---------------------------------


def test_goes_home_asks_first_and_a_player_who_went_home_can_come_back(
    club: Club, organiser_api: APIClient, people: People
) -> None:
    t = night(organiser_api, club, 8)
    ann = Entrant.objects.get(tournament_id=t["id"], name="Ann")
    client = signed_in(people.scorekeeper)
    board = f"/tournaments/{t['id']}/"
    html = page(client, board).content.decode()
    # One tap only asks: a link to the confirmation, no form that acts at once.
    assert f'href="{board}?leave={ann.pk}#players"' in html
    leave = reverse("tournaments:night_leave", args=[t["id"], ann.pk])
    answer = client.post(leave)
    assert answer.status_code == 302
    assert answer["Location"] == f"{board}?leave={ann.pk}#players"
    ann.refresh_from_db()
    assert not ann.left
    asking = _text(page(client, f"{board}?leave={ann.pk}").content.decode())
    assert "Ann goes home?" in asking
    assert "Yes, Ann goes home" in asking
    done = client.post(leave, {"confirm": "1"}, follow=True)
    assert "Ann has gone home (tally kept)." in _text(done.content.decode())
    ann.refresh_from_db()
    assert ann.left
    # Ann comes back: the same entrant (her tally), seated from the next round.
    arrive = reverse("tournaments:night_arrive", args=[t["id"]])
    back = client.post(arrive, {"name": "ann"}, follow=True)
    assert "Ann is back" in _text(back.content.decode())
    ann.refresh_from_db()
    assert not ann.left
    assert (
        Entrant.objects.filter(tournament_id=t["id"], name__iexact="ann").count() == 1
    )
    # Through the API too, and a player who never left is still refused.
    again = organiser_api.post(
        f"{TOURNAMENTS}{t['id']}/players/{ann.pk}/leave/", format="json"
    )
    assert again.status_code == 200
    came = organiser_api.post(
        f"{TOURNAMENTS}{t['id']}/players/", {"player": "Ann"}, format="json"
    )
    assert came.status_code == 201, came.json()
    refused = organiser_api.post(
        f"{TOURNAMENTS}{t['id']}/players/", {"player": "Ann"}, format="json"
    )
    assert refused.status_code == 400
    # Everyone is seated in round 2 (Ann at the last table, as a late arrival).
    for table in tables(current_round(read(organiser_api, t["id"]))):
        paper(organiser_api, t["id"], table["id"], [3, 1])
    drawn = organiser_api.post(f"{TOURNAMENTS}{t['id']}/rounds/").json()
    seated = {e for m in tables(current_round(drawn)) for e in m["entrants"]}
    assert ann.pk in seated
    assert len(seated) == 8


# --- 6. Small things ----------------------------------------------------------------


def test_the_seasons_not_yet_qualified_is_said_once(
    client: Client, season: Any
) -> None:
    html = page(client, f"/seasons/{season.pk}/").content.decode()
    assert html.count("Not yet qualified") == 1
    assert 'aria-labelledby="others-h"' in html


def test_table_cards_are_offered_while_the_night_runs_only(
    club: Club, organiser_api: APIClient, people: People
) -> None:
    t = night(organiser_api, club, 4, settings={"rounds": 1})
    client = signed_in(people.organiser)
    board = f"/tournaments/{t['id']}/"
    assert "Print table cards" in page(client, board).content.decode()
    paper(organiser_api, t["id"], tables(current_round(t))[0]["id"], [1, 6])
    assert "Print table cards" not in page(client, board).content.decode()


def test_a_nights_table_detail_page_says_table(
    club: Club, organiser_api: APIClient, people: People
) -> None:
    t = night(organiser_api, club, 8)
    first = tables(current_round(t))[0]
    client = signed_in(people.organiser)
    url = f"/tournaments/{t['id']}/matches/{first['id']}/"
    text = _text(page(client, url).content.decode())
    assert "Table 1 · Round 1" in text
    assert "Ann & Cy v Bob & Di" in text
    assert "All tables of Spring Cup" in text
    assert "match" not in text.replace(f"/matches/{first['id']}/", "").lower()


def test_a_round_is_hands_or_a_game_to_the_target_in_words() -> None:
    assert round_length({"hands_per_round": 3}, {"target": 7}) == "3 hands a round"
    assert round_length({"hands_per_round": 1}, {}) == "1 hand a round"
    assert round_length({"hands_per_round": None}, {"target": 7}) == (
        "a game to 7 a round"
    )
