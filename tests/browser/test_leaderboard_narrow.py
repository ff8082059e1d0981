"""The club leaderboard at 360 x 800 (issue 23): every column of the table within
the screen, no figure cut and scrolled inside its box; the club's tabs all on the
screen (they wrap rather than hide past the edge); won and lost beside each rating and
the line saying why the order is what it is. Screenshots:
tests/artifacts/screenshots/test_the_leaderboard_at_360_*.png."""

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import AbstractUser
from playwright.sync_api import Page, expect

from tests.browser.test_leaderboard import evening

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WIDTH = 360


@pytest.mark.parametrize("least", [3, 1])
def test_the_leaderboard_at_360_fits_and_shows_every_tab(
    page: Page,
    live_server: Any,
    keeper: AbstractUser,
    screenshot: Callable[..., Path],
    least: int,
) -> None:
    page.set_default_timeout(5_000)
    page.set_viewport_size({"width": WIDTH, "height": 800})
    club = evening(keeper)

    page.goto(f"/clubs/{club.slug}/leaderboard/?min={least}")
    screenshot(f"min{least}")
    assert page.evaluate("document.documentElement.scrollWidth") <= WIDTH

    # Every table fits its box: nothing scrolls inside it, no cell past the screen.
    for wrap in page.locator(".board-wrap").all():
        widths = wrap.evaluate("(el) => [el.scrollWidth, el.clientWidth]")
        assert widths[0] <= widths[1], widths
    cells = page.locator("table.board th, table.board td")
    assert cells.count() > 8
    for index in range(cells.count()):
        box = cells.nth(index).bounding_box()
        assert box is not None
        assert box["x"] >= 0, (cells.nth(index).inner_text(), box)
        right = box["x"] + box["width"]
        assert right <= WIDTH + 0.5, (cells.nth(index).inner_text(), box)

    # The club's tabs: every one on the screen, the current one among them.
    tabs = page.locator("nav.tabs a")
    expect(tabs).to_have_count(6)
    for index in range(tabs.count()):
        box = tabs.nth(index).bounding_box()
        assert box is not None
        assert box["x"] >= 0, (tabs.nth(index).inner_text(), box)
        right = box["x"] + box["width"]
        assert right <= WIDTH + 0.5, (tabs.nth(index).inner_text(), box)
        assert box["height"] >= 44
    expect(page.locator("nav.tabs a[aria-current='page']")).to_have_text("Leaderboard")

    # Why the order: won and lost beside the rating, the reason under the heading.
    first = page.locator("table.board tbody tr").first
    expect(first.locator("td.rating")).to_contain_text("\N{EN DASH}")
    expect(page.locator(".leaderboard .reason")).to_contain_text(
        "Ranked by skill rating, which weighs whom you beat"
    )
    how = page.locator("details.how-rated")
    expect(how).to_contain_text("How the rating works")
    how.locator("summary").tap()
    expect(how).to_contain_text("less three times its uncertainty")
    screenshot(f"min{least}-open", full_page=False)
