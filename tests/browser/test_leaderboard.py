"""The club leaderboard on a phone (390 x 844), light and dark: the rank and name
column stays at the left while the figures scroll sideways, the minimum changes
with a tap, and the club page's panel leads to it. Screenshots:
tests/artifacts/screenshots/test_the_leaderboard_*.png."""

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import AbstractUser
from playwright.sync_api import Page, expect

from pitchclub import services as club_services
from pitchclub.models import Club
from tests.scoring.test_ratings import hand, start, win

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LONG = "Maximiliane Wolkenstein-Mawrthington"


def evening(keeper: AbstractUser) -> Club:
    """Six players, three of them with three finished games or more."""
    club = club_services.club_create(name="Grange Hall Pitch", by=keeper)
    for seat, table in enumerate(
        [
            ["Ann", "Bob", "Cy", LONG],
            ["Ann", "Bob"],
            [LONG, "Cy"],
            ["Ann", LONG, "Bob", "Cy"],
            ["Bob", "Di"],
            ["Cy", "Ann"],
        ]
    ):
        win(club, table, seat=seat % 2, partnership=len(table) == 4 and seat == 3)
    running = start(club, ["Di", "Eve"])
    hand(running, 0, 2, {"high": 0, "low": 0})
    hand(running, 1, 3, {"high": 0, "low": 1, "jack": 1, "game": 1})
    return club


@pytest.mark.browser_allow(r"status of 400 \(Bad Request\)")
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_leaderboard_on_a_phone(
    page: Page,
    live_server: Any,
    keeper: AbstractUser,
    screenshot: Callable[..., Path],
    scheme: str,
) -> None:
    page.set_default_timeout(5_000)
    page.emulate_media(color_scheme=scheme)
    club = evening(keeper)

    page.goto(f"/clubs/{club.slug}/")
    leaders = page.locator("section[aria-labelledby='leaders-h']")
    expect(leaders.locator("li")).to_have_count(4)
    screenshot(f"{scheme}-club", full_page=True)
    leaders.get_by_role("link", name="Full leaderboard").tap()

    expect(page).to_have_url(f"{live_server.url}/clubs/{club.slug}/leaderboard/")
    board = page.locator("table.board").first
    expect(board.locator("tbody tr")).to_have_count(4)
    below = page.locator("table.board.below")
    expect(below.locator("tbody tr")).to_have_count(1)
    expect(below).to_contain_text("Di")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    screenshot(scheme)

    # Scrolled sideways, the rank and the name stay where they were.
    wrap = page.locator(".board-wrap").first
    name_cell = board.locator("tbody th").first
    left = name_cell.bounding_box()["x"]
    wrap.evaluate("(el) => { el.scrollLeft = el.scrollWidth; }")
    assert abs(name_cell.bounding_box()["x"] - left) < 1
    screenshot(f"{scheme}-scrolled", full_page=False)

    # A tap on the long name shows it whole (static/js/layout.js); its title has it.
    expect(board.locator(f"[title='{LONG}']")).to_have_count(1)

    # Every player with one finished game: Di joins the ranked.
    field = page.get_by_label("Minimum games")
    box = field.bounding_box()
    assert box["height"] >= 44
    field.fill("1")
    page.get_by_role("button", name="Show").tap()
    expect(page).to_have_url(f"{live_server.url}/clubs/{club.slug}/leaderboard/?min=1")
    expect(page.locator("table.board tbody tr")).to_have_count(5)
    expect(page.locator("table.board.below")).to_have_count(0)

    # A wrong minimum is named next to the box.
    field = page.get_by_label("Minimum games")
    field.fill("0")
    page.get_by_role("button", name="Show").tap()
    expect(page.get_by_role("alert")).to_contain_text(
        "Minimum games must be at least 1."
    )
    screenshot(f"{scheme}-refused", full_page=False)
