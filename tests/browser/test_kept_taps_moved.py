"""Taps kept on the phone are never lost without a word (issue 23, review of defect 1):
offline, a reload in the other mode keeps them whole until the network is back; a
hand another phone recorded first leaves this phone's taps offered for the next hand
(use or drop); a hand this phone saved leaves nothing behind; a slow Save says it is
saving."""

import time
from typing import Any

from django.contrib.auth.models import AbstractUser
from playwright.sync_api import Page, Route, expect

from scoring.models import Game
from tests.browser.conftest import button, hands_of
from tests.browser.test_kept_taps import (
    NARROW,
    expect_as_tapped,
    switch_and_tap,
    whole_auction_first,
)
from tests.browser.test_offline import controlled_by_service_worker
from tests.factories import record

HAND = {"high": 1, "low": 2, "jack": 1, "game": 1}


def test_offline_a_reload_in_the_other_mode_keeps_the_taps_for_the_network(
    page: Page, game: Game, keeper: AbstractUser
) -> None:
    whole_auction_first(page, game)
    controlled_by_service_worker(page)
    page.reload()  # this visit goes through the worker, which keeps the page
    switch_and_tap(page)
    # The last tap's preview answers first: going offline in the middle of it fails
    # it, as it would a phone's (the browser logs that); not what this test is about.
    page.wait_for_function("() => !document.querySelector('.htmx-request')")
    page.context.set_offline(True)
    page.reload()
    expect(page.locator(".kept-draft.waiting")).to_contain_text(
        "Your taps for hand 1 are kept on this phone"
    )
    kept = page.evaluate(f"JSON.parse(localStorage['pitchclub:draft:{game.pk}'])")
    assert kept["mode"] == "quick"
    assert kept["fields"]["pitcher"] == "1"
    assert kept["fields"]["bid"] == "3"
    page.context.set_offline(False)
    expect_as_tapped(page)


def test_taps_for_a_hand_another_phone_recorded_are_offered_for_the_next(
    page: Page, game: Game, keeper: AbstractUser
) -> None:
    page.set_viewport_size(NARROW)
    page.goto(f"/games/{game.pk}/")
    button(page, "pitcher", 2).tap()
    button(page, "bid", 3).tap()
    button(page, "award-high", 2).tap()
    expect(page.locator("#hand-entry #award-high-2")).to_be_checked()
    # Meanwhile the other phone records hand 1.
    record(game, [2, "pass", "pass", "pass"], {"high": 1, "low": 1})
    page.reload()
    offer = page.locator(".kept-draft.moved-on")
    expect(offer).to_contain_text("hand 1 were not saved")
    expect(offer).to_contain_text("hand 2")
    offer.get_by_role("button", name="Use them for hand 2").click()
    expect(page.locator("#hand-entry #pitcher-2")).to_be_checked()
    expect(page.locator("#hand-entry #bid-3")).to_be_checked()
    expect(page.locator("#hand-entry #award-high-2")).to_be_checked()
    expect(offer).to_have_count(0)


def test_dropped_taps_are_gone_for_good(
    page: Page, game: Game, keeper: AbstractUser
) -> None:
    page.set_viewport_size(NARROW)
    page.goto(f"/games/{game.pk}/")
    button(page, "pitcher", 2).tap()
    expect(page.locator("#hand-entry #pitcher-2")).to_be_checked()
    record(game, [2, "pass", "pass", "pass"], {"high": 1, "low": 1})
    page.reload()
    page.locator(".kept-draft").get_by_role("button", name="Drop them").click()
    page.reload()
    expect(page.locator("#hand-entry input[name=number]")).to_have_value("2")
    expect(page.locator(".kept-draft")).to_have_count(0)
    expect(page.locator("#hand-entry input[type=radio]:checked")).to_have_count(0)


def test_a_hand_saved_here_leaves_no_offer_behind(
    page: Page, game: Game, keeper: AbstractUser
) -> None:
    page.set_viewport_size(NARROW)
    page.goto(f"/games/{game.pk}/")
    button(page, "pitcher", 1).tap()
    button(page, "bid", 3).tap()
    for point, seat in HAND.items():
        button(page, f"award-{point}", seat).tap()
    page.locator("#hand-entry button.save").click()
    expect(page.locator(".messages")).to_contain_text("Hand 1 saved ✓")
    page.reload()
    expect(page.locator("#hand-entry input[name=number]")).to_have_value("2")
    expect(page.locator(".kept-draft")).to_have_count(0)


def test_a_slow_save_says_it_is_saving_and_clears_the_last_message(
    page: Page, game: Game, keeper: AbstractUser, live_server: Any
) -> None:
    record(game, [2, "pass", "pass", "pass"], {"high": 1, "low": 1})

    def slow(route: Route) -> None:
        if "action=save" in (route.request.post_data or ""):
            time.sleep(2)
        route.continue_()

    page.set_viewport_size(NARROW)
    page.goto(f"/games/{game.pk}/")
    page.route(f"**/games/{game.pk}/hands/", slow)
    button(page, "pitcher", 1).tap()
    button(page, "bid", 3).tap()
    for point, seat in HAND.items():
        button(page, f"award-{point}", seat).tap()
    save = page.locator("#hand-entry button.save")
    save.click()
    expect(save).to_have_text("Saving hand 2…")
    expect(page.locator(".messages")).to_contain_text("Hand 2 saved ✓")
    assert len(hands_of(game)) == 2


def test_the_saved_message_stays_while_the_next_hand_is_tapped(
    page: Page, game: Game, keeper: AbstractUser
) -> None:
    page.set_viewport_size(NARROW)
    page.goto(f"/games/{game.pk}/")
    button(page, "pitcher", 1).tap()
    button(page, "bid", 3).tap()
    for point, seat in HAND.items():
        button(page, f"award-{point}", seat).tap()
    page.locator("#hand-entry button.save").click()
    expect(page.locator(".messages")).to_contain_text("Hand 1 saved ✓")
    button(page, "pitcher", 2).tap()  # a preview, not a save
    expect(page.locator("#preview .to-tap")).to_be_visible()
    expect(page.locator(".messages")).to_contain_text("Hand 1 saved ✓")
