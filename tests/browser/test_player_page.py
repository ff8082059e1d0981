"""The player page at phone size (390 x 844), light and dark: the figures of
tests/scoring/test_stats_api.py's games, the charts, the filters (a GET form, no
JavaScript needed). Screenshots go to tests/artifacts/screenshots/."""

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import AbstractUser
from playwright.sync_api import Page, expect
from rest_framework.test import APIClient

from pitchclub.models import Player
from scoring.models import Seat
from tests.browser.test_pages import check_page
from tests.scoring.test_stats_api import record_games

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

Screenshot = Callable[..., Path]


@pytest.fixture
def ann(keeper: AbstractUser) -> Player:
    api = APIClient()
    api.force_authenticate(keeper)
    games = record_games(api)
    return Seat.objects.get(game_id=games["A"], number=0).player


def test_the_player_page_at_phone_size(
    page: Page, ann: Player, screenshot: Screenshot
) -> None:
    page.goto(f"/players/{ann.pk}/")

    expect(page.locator("h1")).to_have_text("Ann")
    expect(page.locator(".stat-card").first).to_contain_text("5")
    # Bids and points for each variant, and the rating after each game.
    expect(page.locator("svg.chart")).to_have_count(5)
    expect(page.locator("svg#rating-history, svg.chart-line")).to_have_count(1)
    # The charts are drawn with their classes' colours (no inline style).
    bar = page.locator("svg.chart .chart-bar").first
    assert bar.evaluate("el => getComputedStyle(el).fill") != "rgb(0, 0, 0)"
    wide = page.evaluate("document.documentElement.scrollWidth")
    assert wide <= 390
    check_page(page, screenshot)
    # The long page in screen-high parts too, to look at.
    tall = page.evaluate("document.documentElement.scrollHeight")
    for scheme in ("dark", "light"):
        page.emulate_media(color_scheme=scheme)
        for part, top in enumerate(range(0, tall, 844)):
            clip = {"x": 0, "y": top, "width": 390, "height": min(844, tall - top)}
            screenshot(f"{scheme}-{part}", full_page=True, clip=clip)


@pytest.mark.browser_allow(r"status of 400 \(Bad Request\)")
def test_the_filters_work_without_javascript(
    page: Page, ann: Player, screenshot: Screenshot, live_server: Any
) -> None:
    page.goto(f"/players/{ann.pk}/")
    page.locator(".filters summary").tap()
    page.select_option("#id_variant", "thirteen")
    page.get_by_role("button", name="Show statistics").tap()

    expect(page).to_have_url(
        f"{live_server.url}/players/{ann.pk}/?club=&variant=thirteen&season=&from=&to="
    )
    expect(page.locator(".stat-card").first).to_contain_text("2")
    # 13-Point's bids and points; the rating counts every game, whatever the filter.
    expect(page.locator("svg.chart")).to_have_count(3)
    screenshot("thirteen", full_page=False)

    page.locator("#id_from").fill("2099-01-01")
    page.locator("#id_to").fill("2000-01-01")
    page.get_by_role("button", name="Show statistics").tap()
    expect(page.locator(".errorlist")).to_contain_text("is before")
    screenshot("refused", full_page=False)
