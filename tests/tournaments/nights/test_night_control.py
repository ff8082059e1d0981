"""Issue 22 on a progressive night: a wrong paper score keeps what was typed and
answers next to its table; a late arrival's refusals in the organiser's words next
to the box; arrivals offered only while a round is to come; no paper form while a
game with hands runs; one rule for a tie at the top of a solo table, the game's and
the paper's; a fixed-hands game says its hands, not a target."""

import re
from html import unescape
from types import SimpleNamespace

import pytest
from django.template.loader import render_to_string
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from pitchclub.models import Club
from scoring.models import Game
from tests.helpers import signed_in
from tests.tournaments.conftest import People
from tests.tournaments.helpers import TOURNAMENTS, hand_for, read, start_game
from tests.tournaments.nights.test_night_pages import checkin
from tests.tournaments.nights.test_progressive import (
    current_round,
    next_round,
    night,
    paper,
    tables,
)
from tournaments.models import Match, Tournament

pytestmark = pytest.mark.django_db


def board(client: Client, night_id: int) -> str:
    return client.get(reverse("tournaments:detail", args=[night_id])).content.decode()


def article(html: str, table: int) -> str:
    """The HTML of one table's card on the night's board."""
    start = html.index(f'id="table-{table}"')
    return html[start : html.index("</article>", start)]


def section(html: str, anchor: str) -> str:
    start = html.index(f'id="{anchor}"')
    return html[start : html.index("</section>", start)]


def text(html: str) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def table(night_: Tournament, number: int) -> Match:
    return Match.objects.get(tournament=night_, round__number=1, table=number)


# --- 5. A wrong paper score -----------------------------------------------------


def test_a_wrong_paper_score_keeps_every_box_and_answers_at_its_table(
    club: Club, people: People
) -> None:
    organiser = signed_in(people.organiser)
    night_ = checkin(organiser, club, 9)
    solo = table(night_, 2)
    assert len(solo.seats) == 5
    url = reverse("tournaments:table_scores", args=[night_.pk, solo.pk])
    typed = ["5", "x", "7", "", "4"]
    answer = organiser.post(
        url, {f"t{solo.pk}-score_{i}": value for i, value in enumerate(typed)}
    )
    assert answer.status_code == 400
    html = answer.content.decode()
    card = article(html, 2)
    # Every typed value is still in its box, the blank one blank.
    for index, value in enumerate(typed):
        box = re.search(rf'<input[^>]*name="t{solo.pk}-score_{index}"[^>]*>', card)
        assert box is not None
        if value:
            assert f'value="{value}"' in box.group(0)
        else:
            assert "value=" not in box.group(0)
    # The errors are inside table 2's form, tied to their boxes, announced.
    assert "Type the points as a number." in text(card)
    # The blank box says what to type, once.
    assert text(card).count("Type the points as a number.") == 1
    assert "Type Guest 3's points." in text(card)
    assert 'role="alert"' in card
    wrong = re.search(rf'<input[^>]*name="t{solo.pk}-score_1"[^>]*>', card).group(0)
    described = re.search(r'aria-describedby="([^"]+)"', wrong)
    assert described is not None
    for error_id in described.group(1).split():
        assert f'id="{error_id}"' in card
    # The form's answer lands at its table, not at the top of the tables.
    assert f'action="{url}#table-2"' in card
    # Nothing was recorded, and the top of the page has no stray error.
    solo.refresh_from_db()
    assert solo.status == "ready"
    assert "Type the points as a number." not in html[: html.index('id="tables"')]


def test_a_refused_table_result_keeps_the_scores_and_a_saved_one_lands_there(
    club: Club, people: People
) -> None:
    organiser = signed_in(people.organiser)
    night_ = checkin(organiser, club, 8)
    first = table(night_, 1)
    url = reverse("tournaments:table_scores", args=[night_.pk, first.pk])
    tied = organiser.post(
        url, {f"t{first.pk}-score_0": "3", f"t{first.pk}-score_1": "3"}
    )
    assert tied.status_code == 400
    card = article(tied.content.decode(), 1)
    assert "tied at 3" in text(card)
    assert 'role="alert"' in card
    assert card.count('value="3"') == 2
    # Table 2's form is as it was, empty.
    other = article(tied.content.decode(), 2)
    assert "value=" not in re.sub(r'<input type="hidden"[^>]*>', "", other)
    saved = organiser.post(
        url, {f"t{first.pk}-score_0": "5", f"t{first.pk}-score_1": "3"}
    )
    assert saved.status_code == 302
    assert saved["Location"].endswith("#table-1")


# --- 6. A late arrival's refusals -----------------------------------------------


@pytest.mark.parametrize(
    ("typed", "words"),
    [
        ("", "Type the name of the player who arrived."),
        ("   ", "Type the name of the player who arrived."),
        ("player 0", "Player 0 is already playing tonight."),
        ("A" * 41, "at most 40 characters"),
        ("Zo\x07e", "The late arrival's name has"),
    ],
)
def test_a_late_arrivals_refusal_is_said_next_to_the_box(
    club: Club, people: People, typed: str, words: str
) -> None:
    keeper = signed_in(people.scorekeeper)
    night_ = checkin(keeper, club, 8)
    answer = keeper.post(
        reverse("tournaments:night_arrive", args=[night_.pk]), {"name": typed}
    )
    assert answer.status_code == 400
    html = answer.content.decode()
    players = section(html, "players")
    assert words in text(players)
    assert "entrant" not in text(players)
    box = re.search(r'<input[^>]*id="arrive-name"[^>]*>', players).group(0)
    described = re.search(r'aria-describedby="([^"]+)"', box).group(1).split()
    assert any(f'id="{error_id}"' in players for error_id in described)
    if typed.strip() and "\x07" not in typed:
        assert f'value="{typed}"' in box
    assert night_.entrants.count() == 8


def test_an_empty_late_arrival_through_the_api_in_the_same_words(
    club: Club, organiser_api: APIClient
) -> None:
    t = night(organiser_api, club, 8)
    response = organiser_api.post(
        f"{TOURNAMENTS}{t['id']}/players/", {"player": ""}, format="json"
    )
    assert response.status_code == 400
    assert "Type the name of the player who arrived." in str(response.json())


# --- 8. Arrivals only while a round is to come --------------------------------------


def test_arrivals_and_comes_back_are_not_offered_in_the_last_round(
    club: Club, people: People, organiser_api: APIClient
) -> None:
    keeper = signed_in(people.scorekeeper)
    night_ = checkin(keeper, club, 9)  # 2 rounds
    first = night_.entrants.order_by("seed").first()
    keeper.post(
        reverse("tournaments:night_leave", args=[night_.pk, first.pk]), {"confirm": "1"}
    )
    players = section(board(keeper, night_.pk), "players")
    assert 'id="arrive-name"' in players
    assert "Comes back" in players
    for match in tables(current_round(read(organiser_api, night_.pk))):
        scores = (
            [3, 1]
            if len(match["entrants"]) == 4
            else [3, 1, 0, 2, 5][: len(match["entrants"])]
        )
        paper(organiser_api, night_.pk, match["id"], scores)
    next_round(organiser_api, night_.pk)
    players = section(board(keeper, night_.pk), "players")
    assert 'id="arrive-name"' not in players
    assert "Comes back" not in players
    assert "last round" in text(players)
    # Sent anyway, the page and the API refuse in words.
    arrive = reverse("tournaments:night_arrive", args=[night_.pk])
    answer = keeper.post(arrive, {"name": "Zoe"}, follow=True)
    assert "All 2 rounds of this night have been drawn" in text(answer.content.decode())
    back = keeper.post(arrive, {"name": first.name}, follow=True)
    assert "All 2 rounds of this night have been drawn" in text(back.content.decode())
    first.refresh_from_db()
    assert first.left
    api = organiser_api.post(
        f"{TOURNAMENTS}{night_.pk}/players/", {"player": "Zoe"}, format="json"
    )
    assert (api.status_code, api.json()["code"]) == (409, "no_round_left")
    assert not night_.entrants.filter(name="Zoe").exists()


# --- 8. No paper form while a game with hands runs ----------------------------------


def test_no_paper_form_while_the_tables_game_has_hands(
    club: Club, people: People, organiser_api: APIClient
) -> None:
    organiser = signed_in(people.organiser)
    night_ = checkin(organiser, club, 8)
    first, second = table(night_, 1), table(night_, 2)
    game = start_game(organiser_api, night_.pk, first.pk)
    # A game without hands (started by mistake) gives way to the paper form.
    card = article(board(organiser, night_.pk), 1)
    assert reverse("tournaments:table_scores", args=[night_.pk, first.pk]) in card
    response = organiser_api.post(
        f"/api/v1/games/{game['id']}/hands/", hand_for(0), format="json"
    )
    assert response.status_code == 201, response.json()
    html = board(organiser, night_.pk)
    card = article(html, 1)
    assert reverse("tournaments:table_scores", args=[night_.pk, first.pk]) not in card
    assert "Game in progress at the table: 1 hand" in text(card)
    assert f'href="{reverse("scoring:game", args=[game["id"]])}"' in card
    other = article(html, 2)
    assert reverse("tournaments:table_scores", args=[night_.pk, second.pk]) in other
    # Sent anyway, the refusal says why at the table.
    url = reverse("tournaments:table_scores", args=[night_.pk, first.pk])
    refused = organiser.post(
        url, {f"t{first.pk}-score_0": "5", f"t{first.pk}-score_1": "3"}
    )
    assert refused.status_code == 400
    assert "has a game with hands recorded" in text(
        article(refused.content.decode(), 1)
    )


# --- 8. One rule for a tie at the top of a solo table --------------------------------


def test_a_solo_tables_game_plays_on_at_a_tie_at_the_top_and_paper_refuses_it(
    club: Club, organiser_api: APIClient
) -> None:
    t = night(organiser_api, club, 11)  # tables of 4, 4, 3; 2 hands a round
    solo = tables(current_round(t))[-1]
    assert len(solo["entrants"]) == 3
    game = start_game(organiser_api, t["id"], solo["id"])
    for seat in (0, 1):
        response = organiser_api.post(
            f"/api/v1/games/{game['id']}/hands/", hand_for(seat), format="json"
        )
        assert response.status_code == 201, response.json()
    # After its last hand the top is tied at 4: the game plays another hand.
    played = response.json()
    assert played["scores"] == [4, 4, 0]
    assert played["status"] != "finished"
    # On paper the same scores are refused; a tie below the top is not.
    other = night(organiser_api, club, 11)
    three = tables(current_round(other))[-1]
    tied = paper(organiser_api, other["id"], three["id"], [4, 4, 0], expect=400)
    assert "tied at 4" in str(tied["scores"])
    assert "tied" in str(
        paper(organiser_api, other["id"], three["id"], [1, 6, 6], expect=400)
    )
    done = paper(organiser_api, other["id"], three["id"], [6, 1, 1])
    finished = next(m for m in tables(current_round(done)) if m["id"] == three["id"])
    assert finished["status"] == "completed"
    assert finished["entrants"][0] in finished["winners"]


def test_a_solo_table_tie_at_the_top_is_refused_on_the_page(
    club: Club, people: People
) -> None:
    organiser = signed_in(people.organiser)
    night_ = checkin(organiser, club, 9)
    solo = table(night_, 2)
    url = reverse("tournaments:table_scores", args=[night_.pk, solo.pk])
    scores = ["2", "7", "1", "7", "0"]
    answer = organiser.post(
        url, {f"t{solo.pk}-score_{i}": value for i, value in enumerate(scores)}
    )
    assert answer.status_code == 400
    assert "tied at 7" in text(article(answer.content.decode(), 2))
    solo.refresh_from_db()
    assert solo.status == "ready"


# --- 8. A fixed-hands game says its hands ---------------------------------------------


def test_a_fixed_hands_night_game_is_listed_by_its_hands_not_a_target(
    club: Club, organiser_api: APIClient
) -> None:
    t = night(organiser_api, club, 8)  # 2 hands a round
    first = tables(current_round(t))[0]
    game_id = start_game(organiser_api, t["id"], first["id"])["id"]
    for seat in (0, 1):
        organiser_api.post(
            f"/api/v1/games/{game_id}/hands/", hand_for(seat), format="json"
        )
    game = Game.objects.get(pk=game_id)
    assert game.hand_count == 2
    card = text(
        render_to_string(
            "scoring/_game_card.html",
            {"entry": SimpleNamespace(game=game, sides=[])},
        )
    )
    assert "to 7" not in card
    assert "to " + str(game.options.get("target")) not in card
    assert "2 hands" in card


def test_a_paper_score_for_a_past_rounds_table_is_refused_in_words(
    club: Club, people: People, organiser_api: APIClient
) -> None:
    organiser = signed_in(people.organiser)
    night_ = checkin(organiser, club, 8)
    first = table(night_, 1)
    for match in tables(current_round(read(organiser_api, night_.pk))):
        paper(organiser_api, night_.pk, match["id"], [3, 1])
    next_round(organiser_api, night_.pk)
    url = reverse("tournaments:table_scores", args=[night_.pk, first.pk])
    answer = organiser.post(
        url, {f"t{first.pk}-score_0": "5", f"t{first.pk}-score_1": "1"}
    )
    assert answer.status_code == 400
    assert "its result is in" in text(answer.content.decode())
    first.refresh_from_db()
    assert first.scores == [3, 1]
