"""The leaderboard in pages (issue 25 item 6): a club of 2,000 players is 20 pages
of 100, each with links to the pages before and after that keep the season and the
minimum, and a signed-in viewer finds their own line on whatever page it is. Pages
of two lines here, over the evening counted by hand in test_leaderboard."""

from typing import Any

import pytest
from django.http import QueryDict
from django.test import Client

from pitchclub.models import Club
from scoring.stats import board_pages
from scoring.stats.board_pages import board_page
from scoring.stats.leaderboard import club_leaderboard
from tests.factories import UserFactory
from tests.scoring.stats import test_leaderboard as counted

# The evening counted by hand, and what it needs.
keeper, club, evening = counted.keeper, counted.club, counted.evening

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def two_a_page(monkeypatch: Any) -> None:
    monkeypatch.setattr(board_pages, "PER_PAGE", 2)


def names(body: str) -> list[str]:
    return [name for name in ("Ann", "Bob", "Cy", "Di") if f">{name}<" in body]


def test_the_ranked_players_come_a_page_at_a_time(evening: Club) -> None:
    address = f"/clubs/{evening.slug}/leaderboard/?min=1"
    board = club_leaderboard(club=evening, user=None, min_games=1)
    order = [s.player.name for s in board.ranked]

    first = Client().get(address).content.decode()
    second = Client().get(f"{address}&page=2").content.decode()

    assert names(first) == sorted(order[:2])
    assert names(second) == sorted(order[2:])
    assert 'rel="next" href="?min=1&amp;page=2"' in first
    assert 'rel="prev"' not in first
    assert 'rel="prev" href="?min=1"' in second
    assert 'rel="next"' not in second
    assert "Players 1\N{EN DASH}2 of 4 (page 1 of 2)" in first
    assert "Players 3\N{EN DASH}4 of 4 (page 2 of 2)" in second


def test_a_wrong_page_is_the_first_and_one_past_the_end_the_last(
    evening: Club,
) -> None:
    address = f"/clubs/{evening.slug}/leaderboard/?min=1"
    first = Client().get(address).content.decode()

    wrong = Client().get(f"{address}&page=abc")
    past = Client().get(f"{address}&page=99").content.decode()

    assert wrong.status_code == 200
    assert names(wrong.content.decode()) == names(first)
    assert "page 2 of 2" in past
    for before in ("0", "-1", "-99"):
        shown = Client().get(f"{address}&page={before}").content.decode()
        assert "page 1 of 2" in shown, before


def test_those_below_the_minimum_follow_the_ranked_with_their_heading(
    evening: Club,
) -> None:
    address = f"/clubs/{evening.slug}/leaderboard/"

    first = Client().get(address).content.decode()
    second = Client().get(f"{address}?page=2").content.decode()

    # Ann and Bob ranked on the first page; Cy and Di below, on the second.
    assert names(first) == ["Ann", "Bob"]
    assert "Fewer than 3" not in first
    assert names(second) == ["Cy", "Di"]
    assert "Fewer than 3 finished games" in second
    assert "Not ranked yet" in second


def test_the_viewer_finds_their_own_line(evening: Club) -> None:
    dora = UserFactory()
    di = evening.players.get(name="Di")
    di.user = dora
    di.save(update_fields=["user"])
    client = Client()
    client.force_login(dora)

    body = client.get(f"/clubs/{evening.slug}/leaderboard/").content.decode()

    assert f'href="?page=2#player-{di.pk}">Your line: Di</a>' in body
    page = client.get(f"/clubs/{evening.slug}/leaderboard/?page=2").content.decode()
    assert f'id="player-{di.pk}"' in page
    assert (
        "Your line"
        not in Client().get(f"/clubs/{evening.slug}/leaderboard/").content.decode()
    )


def test_the_links_keep_the_season_and_the_minimum(evening: Club) -> None:
    board = club_leaderboard(club=evening, user=None, min_games=1)

    page = board_page(
        board,
        asked="1",
        query=QueryDict("season=7&min=1&page=1"),
        user=None,
    )

    assert page.next == "?season=7&min=1&page=2"
    assert (page.number, page.pages, page.previous) == (1, 2, "")


def test_a_wrong_minimum_is_not_kept_in_the_pages_links(evening: Club) -> None:
    """The page answers 400 naming it, with the default list below: its next page
    is the default list's, not the error again."""
    response = Client().get(f"/clubs/{evening.slug}/leaderboard/?min=0")
    body = response.content.decode()

    assert response.status_code == 400
    assert 'rel="next" href="?page=2"' in body
    assert 'href="?min=0' not in body
