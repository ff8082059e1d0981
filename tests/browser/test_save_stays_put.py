"""The Save button stays under the thumb while the preview arrives (issue 23, defect 2).

The preview of the last tap comes back while the thumb moves to Save. When it grew
the bar (one line "Still to tap: Game" becoming the outcome, the sides and the
winner), Save moved down by up to 44 px and a tap aimed at it landed above it: the
hand was not sent and the page said nothing. CI caught it once, on the winning hand
of a tournament game.
"""

import pytest
from playwright.sync_api import Page, expect

from scoring.models import Game
from tests.browser.conftest import button
from tests.factories import game_factory, record

NARROW = {"width": 360, "height": 780}


def save_top(page: Page) -> float:
    box = page.locator("#hand-entry button.save").bounding_box()
    assert box is not None
    return box["y"]


def tap_all_but_game(page: Page, pitcher: int, bid: int) -> None:
    button(page, "pitcher", pitcher).tap()
    button(page, "bid", bid).tap()
    for point in ("high", "low", "jack"):
        button(page, f"award-{point}", pitcher).tap()
    expect(page.locator("#preview .to-tap")).to_contain_text("Game")


def assert_save_stays(page: Page, pitcher: int, *, wins: bool) -> None:
    game_button = button(page, "award-game", pitcher)
    game_button.scroll_into_view_if_needed()
    before = save_top(page)
    game_button.tap()
    expect(page.locator("#preview .outcome")).to_be_visible()
    if wins:
        expect(page.locator("#preview .wins")).to_be_visible()
    assert save_top(page) == pytest.approx(before, abs=1)


@pytest.mark.parametrize("players", [2, 4])
def test_save_stays_put_when_the_outcome_arrives(
    page: Page, keeper: object, players: int
) -> None:
    game = game_factory(players=players, created_by=keeper)
    page.set_viewport_size(NARROW)
    page.goto(f"/games/{game.pk}/")
    tap_all_but_game(page, 1, 3)
    assert_save_stays(page, 1, wins=False)


def test_save_stays_put_when_the_preview_says_who_wins(
    page: Page, keeper: object
) -> None:
    game: Game = game_factory(players=2, created_by=keeper)
    record(game, [4, "pass"], {"high": 1, "low": 1, "jack": 1, "game": 1})
    page.set_viewport_size(NARROW)
    page.goto(f"/games/{game.pk}/")
    tap_all_but_game(page, 1, 4)
    assert_save_stays(page, 1, wins=True)


def test_save_stays_put_for_partners(page: Page, keeper: object) -> None:
    game = game_factory(players=4, partnership=True, created_by=keeper)
    page.set_viewport_size(NARROW)
    page.goto(f"/games/{game.pk}/")
    tap_all_but_game(page, 1, 3)
    assert_save_stays(page, 1, wins=False)
