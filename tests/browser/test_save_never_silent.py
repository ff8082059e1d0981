"""A Save never says nothing (issue 23, defect 2): it ends in the saved message, or
in a visible, announced "not saved" with the taps kept and the reason logged on the
phone; a Save the page's scripts did not send goes as the plain form post; and the
form saves without JavaScript."""

import json
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, Route, expect

from scoring.models import Game
from tests.browser.conftest import button, hands_of, sign_in

NARROW = {"width": 360, "height": 780}
HAND = {"high": 1, "low": 2, "jack": 1, "game": 1}


def tap(page: Page) -> None:
    button(page, "pitcher", 1).tap()
    button(page, "bid", 3).tap()
    for point, seat in HAND.items():
        button(page, f"award-{point}", seat).tap()


def save(page: Page) -> None:
    page.locator("#hand-entry button.save").click()


@pytest.mark.browser_allow(r"status of 500", r"Response Status Error Code 500")
def test_a_save_the_server_failed_says_so_and_keeps_the_taps(
    page: Page, game: Game
) -> None:
    def fail_saves(route: Route) -> None:
        if "action=save" in (route.request.post_data or ""):
            route.fulfill(status=500, body="boom")
        else:
            route.continue_()

    page.set_viewport_size(NARROW)
    page.route(f"**/games/{game.pk}/hands/", fail_saves)
    page.goto(f"/games/{game.pk}/")
    tap(page)
    save(page)
    note = page.locator("#hand-entry .save-failed")
    expect(note).to_be_visible()
    expect(note).to_have_attribute("role", "status")
    expect(note).to_contain_text("Hand 1 not saved")
    expect(page.locator("#pitcher-1")).to_be_checked()
    expect(page.locator("#award-low-2")).to_be_checked()
    log = page.evaluate(f"JSON.parse(localStorage['pitchclub:save-log:{game.pk}'])")
    assert log[-1]["number"] == "1"
    assert "500" in log[-1]["why"]
    assert hands_of(game) == []
    # Tapped again once the server is back: saved.
    page.unroute(f"**/games/{game.pk}/hands/")
    save(page)
    expect(page.locator(".messages")).to_contain_text("Hand 1 saved")
    assert len(hands_of(game)) == 1


def test_a_save_the_scripts_did_not_send_goes_as_the_plain_post(
    page: Page, game: Game
) -> None:
    # Whatever keeps htmx from sending it (here: a listener that cancels it).
    page.add_init_script(
        """document.addEventListener("htmx:beforeRequest", (event) => {
          const config = event.detail.requestConfig;
          const data = config && config.formData;
          if (data && data.get("action") === "save") event.preventDefault();
        }, true);"""
    )
    page.set_viewport_size(NARROW)
    page.goto(f"/games/{game.pk}/")
    tap(page)
    save(page)
    expect(page.locator(".messages")).to_contain_text("Hand 1 saved")
    [hand] = hands_of(game)
    assert hand.bid == 3
    log = page.evaluate(f"localStorage['pitchclub:save-log:{game.pk}']")
    assert "not sent" in json.loads(log)[-1]["why"]


def test_the_form_saves_without_javascript(
    browser: Browser, game: Game, live_server: Any
) -> None:
    context = browser.new_context(
        base_url=live_server.url, java_script_enabled=False, viewport=NARROW
    )
    page = context.new_page()
    sign_in(page, game.created_by, live_server.url)
    page.goto(f"/games/{game.pk}/")
    for name, value in [("pitcher", 1), ("bid", 3)] + [
        (f"award-{point}", seat) for point, seat in HAND.items()
    ]:
        button(page, name, value).click()
    save(page)
    expect(page.locator(".messages[role=status]")).to_contain_text("Hand 1 saved")
    assert len(hands_of(game)) == 1
    context.close()


@pytest.mark.browser_allow(r"status of 500", r"Response Status Error Code 500")
def test_the_save_log_goes_with_the_next_save_once(page: Page, game: Game) -> None:
    failed = {"once": False}
    posted: list[str] = []

    def fail_first_save(route: Route) -> None:
        body = route.request.post_data or ""
        if "action=save" in body:
            posted.append(body)
            if not failed["once"]:
                failed["once"] = True
                route.fulfill(status=500, body="boom")
                return
        route.continue_()

    page.set_viewport_size(NARROW)
    page.route(f"**/games/{game.pk}/hands/", fail_first_save)
    page.goto(f"/games/{game.pk}/")
    tap(page)
    save(page)
    expect(page.locator("#hand-entry .save-failed")).to_contain_text("Hand 1 not saved")
    save(page)
    expect(page.locator(".messages")).to_contain_text("Hand 1 saved")
    # The first save went without a log; the second carried the 500 it met.
    assert "client_log" not in posted[0]
    assert "client_log" in posted[1]
    assert "500" in posted[1]
    tap(page)
    save(page)
    expect(page.locator(".messages")).to_contain_text("Hand 2 saved")
    assert "client_log" not in posted[2]
