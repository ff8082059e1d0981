"""Scorekeeping at the table, at phone size (390 x 844) in headless Chromium: a hand
in a handful of taps with a live preview, set-backs, the stuck dealer, undo and
correction, the pitcher-only rule, a double tap and two phones, and the same page
without JavaScript. Screenshots go to tests/artifacts/screenshots/."""

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import AbstractUser
from playwright.sync_api import Browser, Locator, Page, expect

from scoring.models import Game
from tests.browser.conftest import button, hands_of, sign_in, tap_hand
from tests.browser.test_new_game import MIN_TAP, Finger, no_sideways_scroll
from tests.browser.test_pages import check_page
from tests.factories import game_factory, record

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

Screenshot = Callable[..., Path]

# Pitcher, bid, High, Low, Jack, Game, Save.
TAP_BUDGET = 7
BOB_TAKES_ALL = {"high": 1, "low": 1, "jack": 1, "game": 1}


def preview(page: Page) -> Locator:
    return page.locator("#preview")


def save(page: Page) -> Locator:
    return page.locator("#hand-entry button.save")


def unstick_save_bar(page: Page) -> None:
    """For a whole-page screenshot: the save bar sticks to the bottom of the screen."""
    bar = page.locator(".save-bar")
    if bar.count():
        bar.evaluate("bar => { bar.style.position = 'static'; }")


def test_a_hand_in_seven_taps_with_a_live_preview(
    page: Page, game: Game, screenshot: Screenshot
) -> None:
    finger = Finger()
    page.goto(f"/games/{game.pk}/")
    expect(page.locator("#entry-title")).to_have_text(
        "Hand 1 · Ann deals · Bob bids first"
    )
    expect(preview(page)).to_contain_text("Still to tap: the pitcher, the bid")
    screenshot("1-empty", full_page=False)

    finger.tap(button(page, "pitcher", 1))
    finger.tap(button(page, "bid", 2))
    finger.tap(button(page, "award-high", 1))
    finger.tap(button(page, "award-low", 2))
    finger.tap(button(page, "award-jack", 1))
    finger.tap(button(page, "award-game", 1))
    expect(preview(page)).to_contain_text("Bob bid 2: made")
    expect(preview(page)).to_contain_text("+3")
    screenshot("2-preview", full_page=False)
    finger.tap(save(page))

    expect(page.locator(".messages")).to_contain_text(
        "Hand 1 saved ✓ Bob bid 2 and made it."
    )
    expect(page.locator("#entry-title")).to_have_text(
        "Hand 2 · Bob deals · Cy bids first"
    )
    assert finger.taps <= TAP_BUDGET, f"{finger.taps} taps for one hand"
    [hand] = hands_of(game)
    assert (hand.pitcher, hand.bid, hand.deltas) == (1, 2, [0, 3, 1, 0])
    expect(page.locator(".totals .total").nth(1)).to_contain_text("3")
    no_sideways_scroll(page)
    unstick_save_bar(page)
    screenshot("3-saved")


def test_a_set_back_is_struck_through_in_red(
    page: Page, game: Game, screenshot: Screenshot
) -> None:
    page.goto(f"/games/{game.pk}/")
    tap_hand(page, 2, 3, {"high": 2, "low": 1, "jack": "none", "game": 3})
    expect(preview(page)).to_contain_text("Cy bid 3: set back 3")
    save(page).tap()

    struck = page.locator(".sheet tbody tr").first.locator("s.bid.set")
    expect(struck).to_have_text(re.compile(r"3$"))
    color = struck.evaluate("el => getComputedStyle(el).color")
    red, green, _blue = map(int, re.findall(r"\d+", color)[:3])
    assert red > 150, f"a set-back bid is drawn in {color}"
    assert red > 2 * green, f"a set-back bid is drawn in {color}"
    expect(page.locator(".totals .total").nth(2)).to_contain_text("-3")
    unstick_save_bar(page)
    screenshot()


def test_a_stuck_dealer_cannot_pass_in_the_whole_auction(
    page: Page, game: Game, screenshot: Screenshot
) -> None:
    page.goto(f"/games/{game.pk}/")
    page.get_by_role("button", name="Whole auction").tap()
    expect(page.locator("fieldset.taps-call-0 legend")).to_contain_text("Bob")
    expect(page.locator("fieldset.taps-call-3 legend")).to_contain_text("Ann (dealer)")
    for index in range(3):
        button(page, f"call-{index}", "pass").tap()
    dealer_pass = page.locator("#call-3-pass")
    expect(dealer_pass).to_be_disabled()
    expect(page.locator("#call-3-hint")).to_have_text(
        "everyone else passed: must bid at least 2"
    )
    expect(page.locator("#call-3-1")).to_be_disabled()
    expect(page.locator("#call-3-2")).to_be_enabled()
    screenshot(full_page=False)
    button(page, "call-3", 2).tap()
    for point, seat in (("high", 0), ("low", 0), ("jack", 0), ("game", 1)):
        button(page, f"award-{point}", seat).tap()
    expect(preview(page)).to_contain_text("Ann bid 2: made")
    save(page).tap()
    expect(page.locator("#entry-title")).to_contain_text("Hand 2")
    [hand] = hands_of(game)
    assert hand.auction == ["pass", "pass", "pass", 2]


def test_a_stuck_dealer_pass_is_refused_next_to_the_call_without_javascript(
    browser: Browser, game: Game, live_server: Any
) -> None:
    context = browser.new_context(
        base_url=live_server.url,
        java_script_enabled=False,
        viewport={"width": 390, "height": 844},
    )
    page = context.new_page()
    sign_in(page, game.created_by, live_server.url)
    page.goto(f"/games/{game.pk}/")
    page.get_by_role("button", name="Whole auction").click()
    for index in range(4):
        button(page, f"call-{index}", "pass").click()
    for point, seat in (("high", 0), ("low", 0), ("jack", 0), ("game", 1)):
        button(page, f"award-{point}", seat).click()
    save(page).click()

    error = page.locator("#call-3-error")
    expect(error).to_contain_text(
        "The dealer must bid at least 2 when everyone else passes. Ann (the dealer) "
        "passed"
    )
    # What was tapped is kept.
    expect(page.locator("#call-0-pass")).to_be_checked()
    expect(page.locator("#award-game-1")).to_be_checked()
    assert hands_of(game) == []
    context.close()


# The browser itself logs the 422 that carries the refusal; the page is fine.
@pytest.mark.browser_allow(r"status of 422 \(Unprocessable")
def test_a_refused_save_shows_in_place_with_the_taps_kept(
    page: Page, game: Game, screenshot: Screenshot
) -> None:
    page.goto(f"/games/{game.pk}/")
    button(page, "pitcher", 1).tap()
    button(page, "bid", 2).tap()
    button(page, "award-high", 1).tap()
    save(page).tap()

    expect(page.locator("#award-low-error")).to_have_text("Who took Low? Tap a player.")
    expect(page.locator("#award-game-error")).to_contain_text("Tap a player or Nobody")
    expect(page.locator("#pitcher-1")).to_be_checked()
    expect(page.locator("#award-high-1")).to_be_checked()
    expect(page.get_by_role("heading", level=1)).to_contain_text("Auction Pitch")
    assert hands_of(game) == []
    screenshot(full_page=False)
    button(page, "award-low", 2).tap()
    button(page, "award-jack", "none").tap()
    button(page, "award-game", 1).tap()
    save(page).tap()
    expect(page.locator("#entry-title")).to_contain_text("Hand 2")
    assert len(hands_of(game)) == 1


def test_without_javascript_the_preview_button_and_save_work(
    browser: Browser, game: Game, live_server: Any
) -> None:
    context = browser.new_context(base_url=live_server.url, java_script_enabled=False)
    page = context.new_page()
    sign_in(page, game.created_by, live_server.url)
    page.goto(f"/games/{game.pk}/")
    button(page, "pitcher", 3).click()
    button(page, "bid", 4).click()
    for point in ("high", "low", "jack", "game"):
        button(page, f"award-{point}", 3).click()
    page.get_by_role("button", name="Preview").click()
    expect(preview(page)).to_contain_text("Di bid 4: made")
    expect(page.locator("#pitcher-3")).to_be_checked()
    save(page).click()
    expect(page.locator(".messages")).to_contain_text("Hand 1 saved")
    assert [hand.bid for hand in hands_of(game)] == [4]
    context.close()


def test_undo_the_last_hand_and_correct_an_earlier_one(
    page: Page, game: Game, screenshot: Screenshot
) -> None:
    record(
        game, ["pass", 2, "pass", "pass"], {"high": 2, "low": 2, "jack": 2, "game": 0}
    )
    record(
        game, [3, "pass", "pass", "pass"], {"high": 2, "low": 2, "jack": 2, "game": 2}
    )

    page.goto(f"/games/{game.pk}/")
    page.get_by_role("link", name="Undo hand 2").tap()
    page.get_by_role("button", name="Undo hand 2").tap()
    expect(page.locator(".messages")).to_contain_text("Hand 2 undone")
    expect(page.locator(".history")).to_contain_text("Hand 2 undone")
    assert len(hands_of(game)) == 1

    page.get_by_role("link", name=re.compile("^Hand 1:")).tap()
    expect(page.locator("#call-1-2")).to_be_checked()
    button(page, "call-1", 3).tap()
    expect(preview(page)).to_contain_text("Cy bid 3: made")
    screenshot("correcting", full_page=False)
    page.get_by_role("button", name="Save correction").tap()

    expect(page.locator(".messages")).to_contain_text("Hand 1 corrected")
    [hand] = hands_of(game)
    assert (hand.bid, hand.deltas) == (3, [1, 0, 3, 0])
    expect(page.locator(".history")).to_contain_text(
        "auction pass, 2, pass, pass → pass, 3, pass, pass"
    )
    unstick_save_bar(page)
    screenshot("after")


def test_the_pitcher_only_rule_decides_the_winner(
    page: Page, keeper: AbstractUser, screenshot: Screenshot
) -> None:
    game = game_factory(players=3, created_by=keeper)
    # Ann reaches 7 on hands she did not pitch: she has to win a bid to go out.
    record(game, [2, 3, "pass"], {"high": 2, "low": 2, "jack": 1, "game": 0})
    record(game, ["pass", 4], {"high": 0, "low": 0, "jack": 0, "game": 0})
    record(game, ["pass", 2, "pass"], {"high": 1, "low": 0, "game": 0})
    assert game.scores[0] == 7
    assert game.winner is None

    page.goto(f"/games/{game.pk}/")
    expect(page.locator(".notice")).to_have_text(
        "Ann has 7 — needs to win a bid to go out."
    )
    tap_hand(page, 0, 2, {"high": 0, "low": 1, "jack": "none", "game": 0})
    expect(preview(page)).to_contain_text("★ Ann wins the game")
    save(page).tap()

    expect(page.locator(".banner.win")).to_have_text("★ Ann won the game in hand 4.")
    expect(page.locator("#hand-entry")).to_have_count(0)
    screenshot(full_page=False)
    page.get_by_role("button", name="New game, same players").tap()
    expect(page.locator("#entry-title")).to_have_text(
        "Hand 1 · Bob deals · Cy bids first"
    )


def test_a_double_tap_on_save_records_the_hand_once(page: Page, game: Game) -> None:
    page.goto(f"/games/{game.pk}/")
    tap_hand(page, 1, 2, BOB_TAKES_ALL)
    save(page).dblclick()
    expect(page.locator("#entry-title")).to_contain_text("Hand 2")
    page.wait_for_timeout(500)
    assert len(hands_of(game)) == 1


def test_two_phones_on_one_game_never_record_a_hand_twice(
    page: Page, game: Game, screenshot: Screenshot
) -> None:
    other = page.context.new_page()
    for phone in (page, other):
        phone.goto(f"/games/{game.pk}/")
        tap_hand(phone, 1, 2, BOB_TAKES_ALL)
    save(page).tap()
    expect(page.locator("#entry-title")).to_contain_text("Hand 2")

    save(other).tap()
    expect(other.locator(".conflict")).to_contain_text(
        "Another phone recorded hand 1 first: Bob bid 2 and made it."
    )
    expect(other.locator("#entry-title")).to_contain_text("Hand 2")
    expect(other.locator("#pitcher-1")).not_to_be_checked()
    assert len(hands_of(game)) == 1
    screenshot(full_page=False)
    # Had it been a different deal, one tap puts this phone's taps back.
    other.get_by_role("button", name="Use this phone's taps for hand 2").tap()
    expect(other.locator("#pitcher-1")).to_be_checked()
    assert len(hands_of(game)) == 1


def test_thirteen_point_awards_with_the_rest_to_a_team(
    page: Page, keeper: AbstractUser, screenshot: Screenshot
) -> None:
    game = game_factory(variant="thirteen", created_by=keeper)
    page.goto(f"/games/{game.pk}/")
    button(page, "pitcher", 1).tap()
    button(page, "bid", 6).tap()
    button(page, "award-three", 0).tap()
    button(page, "award-low_joker", "none").tap()
    page.get_by_role("button", name="Rest to Bob & Di").tap()
    # The team is credited, not its first partner (issue 11 item 6).
    expect(page.locator("#award-ace-side-1")).to_be_checked()
    expect(page.locator("#award-ace-1")).not_to_be_checked()
    expect(page.locator("#award-three-0")).to_be_checked()
    expect(preview(page)).to_contain_text("Bob bid 6: made")
    screenshot(full_page=False)
    save(page).tap()
    expect(page.locator("#entry-title")).to_contain_text("Hand 2")
    [hand] = hands_of(game)
    assert hand.deltas == [3, 9]


def test_the_table_page_is_readable_and_thumb_sized(
    page: Page, game: Game, screenshot: Screenshot
) -> None:
    record(
        game, ["pass", 2, "pass", "pass"], {"high": 2, "low": 2, "jack": 2, "game": 0}
    )
    page.goto(f"/games/{game.pk}/")
    small = []
    for label in page.locator("#hand-entry label.tap, #hand-entry button").all():
        if label.is_visible():
            box = label.bounding_box()
            assert box is not None
            if box["height"] < MIN_TAP or box["width"] < MIN_TAP:
                small.append(
                    f"{label.inner_text()!r} is {box['width']:.0f}x{box['height']:.0f}"
                )
    assert small == []
    unstick_save_bar(page)
    check_page(page, screenshot)


def test_a_hand_can_be_recorded_with_a_screen_reader_and_keyboard(
    page: Page, game: Game
) -> None:
    page.goto(f"/games/{game.pk}/")
    form = page.get_by_role("form", name=re.compile("^Hand 1"))
    # Every row is a named group of radio buttons named by player or value.
    for group in ("Pitcher", "Bid", "High", "Low", "Jack", "Game"):
        expect(form.get_by_role("group", name=re.compile(f"^{group}"))).to_be_visible()
    pitcher = form.get_by_role("group", name="Pitcher")
    expect(pitcher.get_by_role("radio")).to_have_count(4)
    expect(pitcher.get_by_role("radio", name="Bob")).to_be_attached()
    expect(page.locator("#preview")).to_have_attribute("aria-live", "polite")

    # Keyboard only: arrows choose within a row, Tab goes on to the next row.
    page.locator("#pitcher-0").focus()
    page.keyboard.press("ArrowRight")
    expect(page.locator("#pitcher-1")).to_be_checked()
    page.keyboard.press("Tab")
    page.keyboard.press("ArrowRight")
    expect(page.locator("#bid-2")).to_be_checked()
    for row, name in (
        ("high", "High"),
        ("low", "Low"),
        ("jack", "Jack"),
        ("game", "Game"),
    ):
        # Each point's legend links to its rule first ("How to score: High").
        page.keyboard.press("Tab")
        expect(page.locator(":focus")).to_have_attribute(
            "aria-label", re.compile(f"^How to score: {name}")
        )
        page.keyboard.press("Tab")
        page.keyboard.press("ArrowRight")
        expect(page.locator(f"#award-{row}-1")).to_be_checked()
    expect(preview(page)).to_contain_text("Bob bid 2: made")
    save(page).focus()
    page.keyboard.press("Enter")
    expect(page.locator("#entry-title")).to_contain_text("Hand 2")
    [hand] = hands_of(game)
    assert (hand.pitcher, hand.bid) == (1, 2)


def test_the_hand_being_tapped_survives_a_reload(page: Page, game: Game) -> None:
    page.goto(f"/games/{game.pk}/")
    button(page, "pitcher", 2).tap()
    button(page, "bid", 3).tap()
    button(page, "award-high", 2).tap()
    expect(preview(page)).to_contain_text("Still to tap: Low, Jack, Game")
    page.reload()
    expect(page.locator("#pitcher-2")).to_be_checked()
    expect(page.locator("#bid-3")).to_be_checked()
    expect(page.locator("#award-high-2")).to_be_checked()
    expect(preview(page)).to_contain_text("Still to tap: Low, Jack, Game")
    for point in ("low", "jack", "game"):
        button(page, f"award-{point}", 2).tap()
    save(page).tap()
    expect(page.locator("#entry-title")).to_contain_text("Hand 2")
    # Saved: the next hand starts empty, also after a reload.
    page.reload()
    expect(page.locator("#hand-entry input[type=radio]:checked")).to_have_count(0)
    assert len(hands_of(game)) == 1
