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

from pitchclub.models import Club
from pitchclub.services import clubs as club_services
from tests.browser.taps import tap_targets
from tests.browser.test_pages import MIN_TAP
from tests.browser.test_player_page import small_controls
from tests.scoring.stats.test_ratings import hand, start, win
from tests.tournaments.seasons.test_leaderboard_seasons import day, make_season, played

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


@pytest.mark.browser_allow(r"status of 404 \(Not Found\)")
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_leaderboard_of_a_season_on_a_phone(
    page: Page,
    live_server: Any,
    keeper: AbstractUser,
    screenshot: Callable[..., Path],
    scheme: str,
) -> None:
    """From the season's page to its leaderboard, the choice of seasons (newest
    first, the one shown marked, thumb-sized), back to all games and to the
    season's standings; a season that is not the club's is named."""
    page.set_default_timeout(5_000)
    page.emulate_media(color_scheme=scheme)
    club = club_services.club_create(name="Grange Hall Pitch", by=keeper)
    make_season(club, "Autumn 2026", day(10, 1), day(11, 30), day(10, 6))
    winter = make_season(
        club, "Winter League 2026-27", day(12, 1), day(12, 31), day(12, 1)
    )
    for winner, loser in [("Ann", "Bob"), ("Ann", LONG), (LONG, "Bob"), ("Ann", "Cy")]:
        played(club, day(12, 1), winner, loser)
    played(club, day(10, 6), "Bob", "Ann")
    played(club, day(12, 2), "Cy", "Di")

    page.goto(f"/seasons/{winter.pk}/")
    to_board = page.get_by_role("link", name="Leaderboard for this season")
    assert to_board.bounding_box()["height"] >= 44
    screenshot(f"{scheme}-season", full_page=False)
    to_board.tap()
    expect(page).to_have_url(
        f"{live_server.url}/clubs/{club.slug}/leaderboard/?season={winter.pk}"
    )
    choice = page.get_by_role("navigation", name="Games counted: all or one season")
    links = choice.get_by_role("link")
    expect(links).to_have_text(["All games", "Winter League 2026-27", "Autumn 2026"])
    expect(choice.locator("[aria-current='page']")).to_have_text(
        "Winter League 2026-27"
    )
    for index in range(3):
        assert links.nth(index).bounding_box()["height"] >= 44
    expect(page.get_by_text("Rating: all games; figures: Winter")).to_be_visible()
    # Ann: 3 games this winter (all won); Di played only outside its nights.
    expect(page.locator("table.board").first).to_contain_text("3 of 3")
    expect(page.locator("table.board").first).not_to_contain_text("Di")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    screenshot(scheme)

    # The minimum keeps the season.
    page.get_by_label("Minimum games").fill("1")
    page.get_by_role("button", name="Show").tap()
    expect(page).to_have_url(
        f"{live_server.url}/clubs/{club.slug}/leaderboard/?season={winter.pk}&min=1"
    )
    # All games: Di is there; the minimum stays.
    choice = page.get_by_role("navigation", name="Games counted: all or one season")
    choice.get_by_role("link", name="All games").tap()
    expect(page).to_have_url(f"{live_server.url}/clubs/{club.slug}/leaderboard/?min=1")
    expect(page.locator("table.board").first).to_contain_text("Di")
    expect(choice.locator("[aria-current='page']")).to_have_text("All games")

    # Back to the season's standings from its leaderboard.
    choice.get_by_role("link", name="Winter League 2026-27").tap()
    page.get_by_role("link", name="Season standings").tap()
    expect(page).to_have_url(f"{live_server.url}/seasons/{winter.pk}/")

    page.goto(f"/clubs/{club.slug}/leaderboard/?season=12345")
    expect(page.get_by_role("alert")).to_contain_text(
        "Grange Hall Pitch has no season “12345”: choose one of its seasons below"
    )
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    screenshot(f"{scheme}-unknown", full_page=False)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_every_control_of_the_leaderboard_is_a_thumb_s_size(
    page: Page,
    keeper: AbstractUser,
    screenshot: Callable[..., Path],
    scheme: str,
) -> None:
    """Short names ("Di", "Cy") were links 21 to 25 px wide and 25 px tall; a long
    name cut to two lines shows no third line under them."""
    page.emulate_media(color_scheme=scheme)
    club = evening(keeper)
    # The club page's panel of leaders too ("Cy" was 25 x 21 px).
    page.goto(f"/clubs/{club.slug}/")
    leaders = "section[aria-labelledby='leaders-h'] a"
    expect(page.locator(leaders)).to_have_count(5)
    for link in tap_targets(
        page, leaders, visible_only=False, focus_off_screen=False, must_match=False
    ):
        assert link["width"] >= MIN_TAP, link["inner_text"]
        assert link["height"] >= MIN_TAP, link["inner_text"]

    page.goto(f"/clubs/{club.slug}/leaderboard/")
    expect(page.locator("table.board a", has_text="Di")).to_have_count(1)

    assert not small_controls(page)
    # The clamped name shows two lines, and nothing of the third below them: its
    # box (where overflow is clipped) holds two lines exactly.
    long = page.locator(f"table.board a[title='{LONG}']")
    line, inner = long.evaluate(
        "el => [parseFloat(getComputedStyle(el).lineHeight), el.clientHeight]"
    )
    assert abs(inner - 2 * line) < 1
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    screenshot(scheme, full_page=True)
