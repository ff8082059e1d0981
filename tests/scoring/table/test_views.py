"""The plain pages: the home page lists recent games, a game page shows its sheet."""

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from pitchclub.services import clubs as club_services
from tests.factories import UserFactory, game_factory, record

pytestmark = pytest.mark.django_db

AWARDS = {"high": 1, "low": 2, "jack": 1, "game": 3}


def test_home_lists_recent_games_with_their_scores(client: Client) -> None:
    game = game_factory(players=3)
    record(game, ["pass", 2, "pass"], {"high": 2, "low": 2, "jack": 0, "game": 1})

    page = client.get(reverse("scoring:home"))

    assert page.status_code == 200
    text = page.content.decode()
    assert "Auction Pitch" in text
    for name in ("Ann", "Bob", "Cy"):
        assert name in text
    assert reverse("scoring:game", args=[game.pk]) in text


def test_home_says_how_to_get_games_when_there_are_none(client: Client) -> None:
    page = client.get(reverse("scoring:home"))
    assert b"No games yet" in page.content


def test_home_query_count_does_not_grow_with_games(client: Client) -> None:
    game_factory()
    with CaptureQueriesContext(connection) as one:
        client.get(reverse("scoring:home"))
    for _ in range(6):
        game_factory(players=5)
    with CaptureQueriesContext(connection) as seven:
        client.get(reverse("scoring:home"))
    assert len(seven.captured_queries) == len(one.captured_queries)


def test_game_page_shows_set_back_struck_through_and_running_totals(
    client: Client,
) -> None:
    game = game_factory()
    record(game, [2, "pass", 3, "pass"], {"high": 3, "low": 1, "jack": 3, "game": 2})

    text = client.get(reverse("scoring:game", args=[game.pk])).content.decode()

    assert '<s class="bid set"><span class="sr-only">set back, bid </span>3</s>' in text
    assert "-3" in text
    assert "<strong>Hand 2</strong> · Bob deals · Cy bids first" in text


def test_game_page_says_who_needs_to_win_a_bid_to_go_out(client: Client) -> None:
    game = game_factory(players=3)
    # Quinn-style evening: seat 0 reaches 7 on hands it did not pitch.
    record(game, [2, 3, "pass"], {"high": 2, "low": 2, "jack": 1, "game": 0})
    record(game, ["pass", 4], {"high": 0, "low": 0, "jack": 0, "game": 0})
    record(game, ["pass", 2, "pass"], {"high": 1, "low": 0, "game": 0})

    text = client.get(reverse("scoring:game", args=[game.pk])).content.decode()

    assert game.scores[0] == 7
    assert "Ann has 7 — needs to win a bid to go out." in text


def test_game_page_names_the_winner(client: Client) -> None:
    game = game_factory(options={"target": 4})
    record(
        game, ["pass", "pass", "pass", 4], {"high": 0, "low": 0, "jack": 0, "game": 0}
    )
    text = client.get(reverse("scoring:game", args=[game.pk])).content.decode()
    assert "Ann won the game in hand 1." in text


def test_game_page_query_count_does_not_grow_with_hands(client: Client) -> None:
    game = game_factory(options={"target": 500})
    record(game, [2, "pass", "pass", "pass"], AWARDS)
    url = reverse("scoring:game", args=[game.pk])
    with CaptureQueriesContext(connection) as one:
        client.get(url)
    for _ in range(9):
        record(game, [2, "pass", "pass", "pass"], AWARDS)
    with CaptureQueriesContext(connection) as ten:
        client.get(url)
    assert len(ten.captured_queries) == len(one.captured_queries)


def test_unknown_game_is_404(client: Client) -> None:
    page = client.get(reverse("scoring:game", args=[999]))

    assert page.status_code == 404
    assert b"<h1>Not found</h1>" in page.content
    assert b'name="viewport"' in page.content


def test_game_page_links_to_its_club(client: Client) -> None:
    keeper = UserFactory()
    club = club_services.club_create(name="Crown Pitch", by=keeper)
    game = game_factory(created_by=keeper)
    game.club = club
    game.save(update_fields=["club"])

    text = client.get(reverse("scoring:game", args=[game.pk])).content.decode()

    assert f'href="{reverse("clubs:detail", args=[club.slug])}"' in text
    assert "Crown Pitch" in text
