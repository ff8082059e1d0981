"""A fixed-hands game (option hand_limit) on the table page, the live view and the
API: "Hand 2 of 3", the last hand's and the extra hands' notes, the tie at the top,
the win told as the most points after the last hand, the phone's data, and the
API's option and refusals."""

import json
import re
from typing import Any

import pytest
from django.contrib.auth.models import AbstractUser
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from rest_framework.test import APIClient

from scoring import engine
from scoring.engine.variants import MAX_HAND_LIMIT
from scoring.games import hands as hand_services
from scoring.models import Game
from scoring.table.words import hands as hand_words
from scoring.table.words import headings
from tests.factories import UserFactory, game_factory
from tests.helpers import error_at
from tests.scoring.api.helpers import GAMES, game_url, hands_url, play, start

pytestmark = pytest.mark.django_db

HX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def keeper() -> AbstractUser:
    return UserFactory(username="kate")


@pytest.fixture
def kate(client: Client, keeper: AbstractUser) -> Client:
    client.force_login(keeper)
    return client


@pytest.fixture
def game(keeper: AbstractUser) -> Game:
    """Ann, Bob, Cy and Di, solo, three hands a game (target 7, which plays no
    part); Ann deals first; Kate keeps score."""
    return game_factory(created_by=keeper, options={"hand_limit": 3})


def hand(of: Game, pitcher: int, bid: int, /, **awards: int | None) -> Game:
    """Record the next hand of game `of` (an award named "game" is the point)."""
    hand_services.hand_record(
        game_id=of.pk,
        hand=engine.HandInput(pitcher=pitcher, bid=bid, awards=awards),
    )
    of.refresh_from_db()
    return of


def two_hands(game: Game) -> Game:
    """Bob pitches twice and makes it; Cy takes Jack and Game both times: 0 4 4 0."""
    hand(game, 1, 2, high=1, low=1, jack=2, game=2)
    return hand(game, 1, 2, high=1, low=1, jack=2, game=2)


def tied_after_the_last_hand(game: Game) -> Game:
    """Hand 3: Di pitches 2 and makes it, Bob and Cy one point each: 0 5 5 2."""
    two_hands(game)
    return hand(game, 3, 2, high=3, low=3, jack=1, game=2)


def page(client: Client, game: Game) -> str:
    return client.get(reverse("scoring:game", args=[game.pk])).content.decode()


def text_of(html: str) -> str:
    """The page's words, tags dropped and spaces squeezed."""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def table_data(html: str) -> dict[str, Any]:
    found = re.search(
        r'<script id="table-data" type="application/json">(.*?)</script>', html
    )
    assert found, "no #table-data on the page"
    return json.loads(found.group(1))


# -- the table page ---------------------------------------------------------------


def test_the_form_says_which_hand_of_how_many(kate: Client, game: Game) -> None:
    html = page(kate, game)
    assert "Hand 1 of 3 · Ann deals · Bob bids first" in html
    assert "3 hands, then the most points win" in html
    # The target plays no part: the header doesn't name it.
    assert "to 7" not in html
    assert "only the pitcher can go out" not in html
    # No note before the last hand; the element is there for the phone to fill.
    assert re.search(r'<p class="notice stage" id="hand-note" hidden>\s*</p>', html)


def test_the_last_hand_is_announced_and_the_target_does_not_end_the_game(
    kate: Client, keeper: AbstractUser
) -> None:
    game = game_factory(created_by=keeper, options={"hand_limit": 3, "target": 1})
    two_hands(game)
    assert game.winner is None
    assert game.scores == [0, 4, 4, 0]
    html = page(kate, game)
    assert "Hand 3 of 3 · Cy deals · Di bids first" in html
    assert (
        "Last hand: the game ends after it, whatever the scores. The most points win."
        in html
    )
    # Bob and Cy are far past the target of 1, and wait for nothing.
    assert 'class="notice waiting"' not in html


def test_a_tie_at_the_top_after_the_last_hand_brings_an_extra_hand(
    kate: Client, game: Game
) -> None:
    tied_after_the_last_hand(game)
    assert game.winner is None
    html = page(kate, game)
    assert "Extra hand 4 · Di deals · Ann bids first" in html
    assert (
        "Extra hand: tie at the top after 3 hands. The first hand that leaves one "
        "side alone in front ends the game." in html
    )
    assert "Bob and Cy tie at 5: another hand decides." in html


def test_the_extra_hand_that_breaks_the_tie_wins_and_says_so(
    kate: Client, game: Game
) -> None:
    tied_after_the_last_hand(game)
    # Hand 4: Ann pitches 2 and makes it; Cy takes Jack: 2 5 6 2.
    hand(game, 0, 2, high=0, low=0, jack=2)
    assert game.winner == 2
    words = text_of(page(kate, game))
    assert "★ Cy won the game in hand 4." in words
    assert "Cy broke the tie at the top in extra hand 4, with 6." in words
    assert 'id="hand-entry"' not in words


def test_after_the_last_hand_the_most_points_win(kate: Client, game: Game) -> None:
    two_hands(game)
    # Hand 3: Di pitches 3 and is set; Cy takes High and Low: 0 4 6 -3.
    hand(game, 3, 3, high=2, low=2)
    assert (game.winner, game.scores) == (2, [0, 4, 6, -3])
    words = text_of(page(kate, game))
    assert "★ Cy won the game in hand 3." in words
    assert "Cy had the most points after the last hand: 6." in words


def test_viewers_see_which_hand_of_how_many_is_next(client: Client, game: Game) -> None:
    two_hands(game)
    html = page(client, game)
    assert 'id="hand-entry"' not in html
    assert "<strong>Hand 3 of 3</strong> · Cy deals · Di bids first" in html
    assert '<p class="notice stage">Last hand: the game ends after it' in html
    live = client.get(reverse("scoring:live", args=[game.pk])).content.decode()
    assert "<strong>Hand 3 of 3</strong>" in live
    assert "3 hands, then the most points win" in live


def test_a_game_to_the_target_keeps_its_headings(kate: Client, keeper: Any) -> None:
    ordinary = game_factory(created_by=keeper)
    html = page(kate, ordinary)
    assert "Hand 1 · Ann deals · Bob bids first" in html
    assert 'id="hand-note"' not in html
    assert "to 7" in html


def test_the_preview_of_the_last_hand_names_the_winner_or_the_tie(
    kate: Client, game: Game
) -> None:
    two_hands(game)
    url = reverse("scoring:hand_record", args=[game.pk])
    fields = {"action": "preview", "pitcher": "3", "bid": "2"}
    # Di makes 2, Cy takes Jack and Game: Cy alone in front with 6.
    wins = kate.post(
        url,
        {
            **fields,
            "award-high": "3",
            "award-low": "3",
            "award-jack": "2",
            "award-game": "2",
        },
        **HX,
    ).content.decode()
    assert "★ Cy wins the game" in wins
    # Bob and Cy one point each: 5 and 5.
    tie = kate.post(
        url,
        {
            **fields,
            "award-high": "3",
            "award-low": "3",
            "award-jack": "1",
            "award-game": "2",
        },
        **HX,
    ).content.decode()
    assert "wins the game" not in tie
    assert "Bob and Cy tie at 5: another hand decides." in tie


def test_a_correction_that_would_end_the_game_before_its_last_hand_is_refused(
    kate: Client, game: Game
) -> None:
    tied_after_the_last_hand(game)
    hand(game, 0, 2, high=0, low=0)  # extra hand 4: 2 5 5 2, still tied
    assert game.winner is None
    # Hand 1 corrected: Bob takes everything, so he leads alone after hand 3.
    url = reverse("scoring:hand", args=[game.pk, 1])
    answer = kate.post(
        url,
        {
            "action": "save",
            "pitcher": "1",
            "bid": "2",
            "award-high": "1",
            "award-low": "1",
            "award-jack": "1",
            "award-game": "1",
        },
    )
    said = text_of(answer.content.decode())
    assert "After this change the game would be won at hand 3, but 4 hands" in said
    assert "(Bob would win at hand 3.)" in said
    game.refresh_from_db()
    assert game.scores == [2, 5, 5, 2]


def test_the_phone_gets_the_limit_and_the_words_of_the_stages(
    kate: Client, game: Game
) -> None:
    data = table_data(page(kate, game))
    assert data["rules"]["hand_limit"] == 3
    assert data["cycle"][0]["title"] == "{hand} · Ann deals · Bob bids first"
    assert data["words"]["stages"] == headings.hand_stage_words()
    assert set(data["words"]["reasons"]) >= {"most_after_last", "tie_broken"}
    ordinary = table_data(page(kate, game_factory(created_by=game.created_by)))
    assert ordinary["rules"]["hand_limit"] is None
    assert ordinary["cycle"][0]["title"] == "Hand {number} · Ann deals · Bob bids first"


def test_a_moon_made_in_a_fixed_hands_game_does_not_win_at_once(
    keeper: AbstractUser,
) -> None:
    game = game_factory(
        variant="thirteen", created_by=keeper, options={"hand_limit": 2}
    )
    moon = dict.fromkeys(engine.POINTS[engine.Variant.THIRTEEN], 1)
    hand(game, 1, 13, **moon)
    assert (game.winner, game.scores) == (None, [0, 13])
    rules = engine.make_rules("thirteen", 4, options={"hand_limit": 2})
    said = hand_words.saved_message(
        game, game.hands.get(number=1), "Bob", ["Ann & Cy", "Bob & Di"], rules
    )
    assert said == "Hand 1 saved ✓ Bob shot the moon and made it."
    # Hand 2: the last; the moon's 13 points count like any others.
    hand(game, 2, 4, ace=0, jack=0, jick=0, high_joker=0)
    assert (game.winner, game.scores) == (1, [4, 13])
    said = hand_words.saved_message(
        game, game.hands.get(number=2), "Cy", ["Ann & Cy", "Bob & Di"], rules
    )
    assert said.endswith("Bob & Di won the game!")


def test_the_new_game_page_does_not_offer_a_number_of_hands(kate: Client) -> None:
    html = kate.get(reverse("scoring:new_game")).content.decode()
    assert "hand_limit" not in html


def test_the_table_page_takes_the_same_queries_with_one_or_ten_hands(
    kate: Client, keeper: AbstractUser
) -> None:
    counts = []
    for size in (1, 10):
        game = game_factory(created_by=keeper, options={"hand_limit": 12})
        for number in range(size):
            hand(game, (number + 1) % 4, 2, high=0, low=1, jack=2, game=3)
        with CaptureQueriesContext(connection) as queries:
            assert "of 12" in page(kate, game)
        counts.append(len(queries.captured_queries))
    assert counts[0] == counts[1], counts


# -- the API ----------------------------------------------------------------------


def test_the_api_takes_the_number_of_hands_and_returns_it(api: APIClient) -> None:
    game = start(api, options={"hand_limit": 2, "target": 1})
    assert game["options"]["hand_limit"] == 2
    assert api.get(game_url(game["id"])).json()["options"]["hand_limit"] == 2
    # Hand 1: seat 1 makes 2, past the target of 1; the game goes on.
    first = {"pitcher": 1, "bid": 2, "awards": {"high": 1, "low": 1}}
    after = play(api, game["id"], first)
    assert (after["status"], after["winner"]) == ("in_progress", None)
    assert after["waiting_to_go_out"] == []
    # Hand 2 (the last): seat 2 is set, seat 3 takes High and Low: seat 1 leads.
    last = {"pitcher": 2, "bid": 2, "awards": {"high": 3, "low": 3}}
    after = play(api, game["id"], last)
    assert after["scores"] == [0, 2, -2, 2]
    assert (after["status"], after["winner"]) == ("in_progress", None)  # 2 and 2
    extra = {"pitcher": 3, "bid": 2, "awards": {"high": 3, "low": 3}}
    after = play(api, game["id"], extra)
    assert (after["status"], after["winner"]) == ("finished", 3)
    refused = api.post(hands_url(game["id"]), first, format="json")
    assert refused.status_code == 409


@pytest.mark.parametrize(
    "value", [0, -1, MAX_HAND_LIMIT + 1, "8", 2.5, True, [8]], ids=repr
)
def test_the_api_refuses_a_number_of_hands_out_of_range(
    api: APIClient, value: object
) -> None:
    response = api.post(
        GAMES,
        {
            "variant": "auction",
            "players": ["A", "B", "C", "D"],
            "options": {"hand_limit": value},
        },
        format="json",
    )
    assert response.status_code == 400
    [message] = error_at(response.json(), "options.hand_limit")
    assert message.startswith(
        f"The number of hands must be a whole number from 1 to {MAX_HAND_LIMIT}, not "
    )
    assert not Game.objects.exists()


def test_the_api_refuses_a_moon_that_loses_a_fixed_hands_game(
    api: APIClient,
) -> None:
    response = api.post(
        GAMES,
        {
            "variant": "thirteen",
            "players": ["A", "B", "C", "D"],
            "options": {"hand_limit": 8, "moon_fail": "lose"},
        },
        format="json",
    )
    assert response.status_code == 400
    [message] = error_at(response.json(), "options.moon_fail")
    assert message.startswith("A game of 8 hands ends after its last hand")
    # null is the ordinary game.
    game = start(api, variant="thirteen", options={"hand_limit": None})
    assert game["options"]["hand_limit"] is None
