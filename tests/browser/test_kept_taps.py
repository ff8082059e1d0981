"""The taps kept on the phone include the form's mode (issue 23, defect 1): a form
that opens in "Whole auction" switched to "Pitcher & bid only" and tapped comes back
exactly as tapped after Back, a reload or a new tab, and saves."""

from typing import Any

import pytest
from django.contrib.auth.models import AbstractUser
from playwright.sync_api import Page, expect

from scoring.models import Game
from tests.browser.conftest import button, hands_of

NARROW = {"width": 360, "height": 780}


def whole_auction_first(page: Page, game: Game) -> None:
    """The phone last chose "Whole auction" for this game: the form opens in it."""
    page.set_viewport_size(NARROW)
    page.goto(f"/games/{game.pk}/")
    page.get_by_role("button", name="Whole auction").click()
    expect(page.locator("#hand-entry input[name=mode]")).to_have_value("full")
    page.goto(f"/games/{game.pk}/")
    expect(page.locator("#hand-entry input[name=mode]")).to_have_value("full")


def switch_and_tap(page: Page) -> None:
    page.get_by_role("button", name="Pitcher & bid only").click()
    expect(page.locator("#hand-entry input[name=mode]")).to_have_value("quick")
    button(page, "pitcher", 1).tap()
    button(page, "bid", 3).tap()
    button(page, "award-high", 1).tap()
    expect(page.locator("#hand-entry #pitcher-1")).to_be_checked()


def expect_as_tapped(page: Page) -> None:
    expect(page.locator("#hand-entry input[name=mode]")).to_have_value("quick")
    expect(page.locator("#hand-entry #pitcher-1")).to_be_checked()
    expect(page.locator("#hand-entry #bid-3")).to_be_checked()
    expect(page.locator("#hand-entry #award-high-1")).to_be_checked()


@pytest.mark.parametrize("how", ["back", "reload", "new tab"])
def test_the_mode_and_the_taps_come_back(
    page: Page, game: Game, keeper: AbstractUser, live_server: Any, how: str
) -> None:
    whole_auction_first(page, game)
    switch_and_tap(page)
    if how == "back":
        page.goto("/")
        page.go_back()
    elif how == "reload":
        page.reload()
    else:
        page = page.context.new_page()
        page.set_viewport_size(NARROW)
        page.goto(f"/games/{game.pk}/")
    expect_as_tapped(page)
    button(page, "award-low", 2).tap()
    button(page, "award-jack", 1).tap()
    button(page, "award-game", 1).tap()
    page.locator("#hand-entry button.save").click()
    expect(page.locator(".messages")).to_contain_text("Hand 1")
    [hand] = hands_of(game)
    assert hand.bid == 3
