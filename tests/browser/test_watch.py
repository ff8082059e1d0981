"""Watching a game in headless Chromium: the live view updates by itself on a phone
(390 x 844) and on a wall screen (1280 x 720), the game page's Watch section copies
the link and prints, and the printed sheet is clean. Screenshots go to
tests/artifacts/screenshots/."""

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import AbstractUser
from playwright.sync_api import Page, expect

from scoring import engine
from scoring.games import hands as hand_services
from scoring.models import Game
from tests.browser.conftest import SCREENSHOTS, sign_in
from tests.browser.taps import tap_targets
from tests.browser.test_pages import (
    MIN_TAP,
    TEXT_COLOURS_JS,
    check_page,
    contrast,
)
from tests.factories import UserFactory, game_factory, record

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

Screenshot = Callable[..., Path]

WALL = {"width": 1280, "height": 720}
# The live view asks every 3 s; a hand must show within about 5 s.
UPDATE_WITHIN_MS = 6000


def played(keeper: AbstractUser | None = None) -> Game:
    """Three hands of a four-player evening, one of them a set back."""
    game = game_factory(created_by=keeper)
    # Ann deals; Cy pitches 2 and makes it.
    record(game, ["pass", 2, "pass", "pass"], {"high": 2, "low": 2, "game": 3})
    # Bob deals; Ann bids 3 and takes only High: set back.
    record(game, [2, "pass", 3, "pass"], {"high": 0, "low": 1, "jack": 2, "game": 3})
    # Cy deals, is stuck with 2 and makes it.
    return record(game, ["pass", "pass", "pass", 2], {"high": 2, "low": 2, "game": 0})


def record_fourth_hand(game: Game) -> None:
    """Di deals; Cy pitches 4, takes everything and goes out with 9."""
    hand_services.hand_record(
        game_id=game.pk,
        hand=engine.HandInput(
            auction=("pass", "pass", 4),
            awards={"high": 2, "low": 2, "jack": 2, "game": 2},
        ),
    )


def faint_text_in(page: Page, selector: str) -> list[str]:
    """Text inside `selector` under WCAG AA contrast (3:1 for large text)."""
    script = TEXT_COLOURS_JS.replace(
        'document.body.querySelectorAll("*")',
        f"document.querySelectorAll({selector!r})",
    )
    faint = []
    for item in page.evaluate(script):
        large = item["size"] >= 24 or (item["size"] >= 18.66 and item["weight"] >= 700)
        needed = 3.0 if large else 4.5
        ratio = contrast(item["fg"], item["bg"])
        if ratio < needed:
            faint.append(f"<{item['tag']}> {item['text']!r}: {ratio:.2f} < {needed}")
    return faint


def small_targets_in(page: Page, selector: str) -> list[str]:
    targets = tap_targets(
        page, selector, visible_only=True, focus_off_screen=False, must_match=False
    )
    return [
        f"{t['inner_text']!r}: {t['width']}x{t['height']}"
        for t in targets
        if t["height"] < MIN_TAP or t["width"] < MIN_TAP
    ]


def test_the_live_view_updates_by_itself_on_a_phone(
    page: Page, screenshot: Screenshot
) -> None:
    game = played()
    page.goto(f"/games/{game.pk}/live/")
    expect(page.locator(".latest")).to_contain_text("Hand 3: Cy bid 2 and made it")
    # No site links and no form of its own; the language chooser stays, in the
    # header and the footer (issue 24's second walk).
    for link in page.locator(".top nav > a").all():
        expect(link).to_be_hidden()
    expect(page.locator(".top .lang-menu")).to_be_visible()
    expect(page.locator(".site-foot .lang-form")).to_be_visible()
    expect(page.locator("form:not(.lang-form)")).to_have_count(0)
    # Marks this very document: a reload would lose it.
    page.evaluate("window.stillTheSamePage = true")
    screenshot("before", full_page=False)

    record_fourth_hand(game)

    expect(page.locator(".latest")).to_contain_text(
        "Hand 4: Cy bid 4 and made it", timeout=UPDATE_WITHIN_MS
    )
    expect(page.locator(".banner")).to_contain_text("Cy won the game in hand 4")
    expect(page.locator(".sheet tbody tr")).to_have_count(4)
    assert page.evaluate("window.stillTheSamePage") is True
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    # Four players' sheet fits the phone, without scrolling sideways inside it.
    wrap = page.locator(".sheet-wrap")
    assert wrap.evaluate("el => el.scrollWidth <= el.clientWidth")
    check_page(page, screenshot)  # tap targets, contrast, dark and light screenshots

    # The container that came back polls on: an undo shows as well.
    hand_services.hand_undo(game_id=game.pk, number=4)
    expect(page.locator(".latest")).to_contain_text(
        "Hand 3: Cy bid 2 and made it", timeout=UPDATE_WITHIN_MS
    )
    expect(page.locator(".banner")).to_contain_text("Hand 4 · Di deals")
    assert page.evaluate("window.stillTheSamePage") is True


def test_the_live_view_on_a_wall_screen(page: Page, screenshot: Screenshot) -> None:
    game = played()
    page.set_viewport_size(WALL)
    page.goto(f"/games/{game.pk}/live/")
    totals = page.locator(".live .totals").bounding_box()
    sheet = page.locator(".live .sheet-section").bounding_box()
    assert totals is not None
    assert sheet is not None
    # Side by side, everything on one screen.
    assert sheet["x"] > totals["x"] + totals["width"]
    screenshot("dark", full_page=False)
    assert page.evaluate("document.documentElement.scrollHeight") <= WALL["height"]
    score = page.locator(".live .total .score").first
    assert float(score.evaluate("el => parseFloat(getComputedStyle(el).fontSize)")) > 60
    for scheme in ("dark", "light"):
        page.emulate_media(color_scheme=scheme)
        screenshot(scheme, full_page=False)
        assert not faint_text_in(page, "main *"), faint_text_in(page, "main *")


def test_the_live_view_answers_nothing_while_nothing_changes(page: Page) -> None:
    game = played()
    polls: list[int] = []
    page.on(
        "response",
        lambda response: (
            polls.append(response.status) if "/live/?v=" in response.url else None
        ),
    )
    page.goto(f"/games/{game.pk}/live/")
    page.wait_for_timeout(3500)
    assert polls
    assert set(polls) == {204}


def test_the_watch_section_copies_the_link_and_prints(
    page: Page, live_server: Any, screenshot: Screenshot
) -> None:
    keeper = UserFactory(username="kate")
    sign_in(page, keeper, live_server.url)
    game = played(keeper)
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.goto(f"/games/{game.pk}/")
    share = page.locator("section.share")
    share.scroll_into_view_if_needed()
    live = f"{live_server.url}/games/{game.pk}/live/"
    expect(share.get_by_role("link", name=live)).to_be_visible()
    expect(share.get_by_role("img", name=re.compile("QR code"))).to_be_visible()

    share.get_by_role("button", name="Copy link").tap()
    expect(share.get_by_role("status")).to_have_text("Link copied.")
    assert page.evaluate("navigator.clipboard.readText()") == live

    # window.print() would block headless Chromium's page: count the calls instead.
    page.evaluate(
        "() => { window.print = () => { window.printed = (window.printed || 0) + 1 } }"
    )
    share.get_by_role("button", name="Print score sheet").tap()
    assert page.evaluate("window.printed") == 1

    with page.expect_download() as download:
        share.get_by_role("link", name="Download CSV").tap()
    assert download.value.suggested_filename == f"pitch-game-{game.pk}.csv"

    problems = small_targets_in(page, ".share a, .share button")
    for scheme in ("dark", "light"):
        page.emulate_media(color_scheme=scheme)
        share.screenshot(path=SCREENSHOTS / f"test_the_watch_section-{scheme}.png")
        problems += [f"{scheme}: {p}" for p in faint_text_in(page, ".share *")]
    assert not problems, "\n".join(problems)


def test_the_watch_section_without_javascript(browser: Any, live_server: Any) -> None:
    game = played()
    context = browser.new_context(
        base_url=live_server.url,
        viewport={"width": 390, "height": 844},
        java_script_enabled=False,
    )
    page = context.new_page()
    page.goto(f"/games/{game.pk}/")
    share = page.locator("section.share")
    expect(share.get_by_role("link", name="Download CSV")).to_be_visible()
    # Copy and Print need JavaScript: without it they are not shown at all.
    expect(share.locator("button")).to_have_count(2)
    for button in share.locator("button").all():
        expect(button).to_be_hidden()
    context.close()


def test_new_game_same_players_from_the_finished_game(
    page: Page, live_server: Any
) -> None:
    keeper = UserFactory(username="kate")
    sign_in(page, keeper, live_server.url)
    game = played(keeper)
    record_fourth_hand(game)
    page.goto(f"/games/{game.pk}/")

    page.get_by_role("button", name="New game, same players").tap()

    expect(page).to_have_url(re.compile(r"/games/\d+/$"))
    again = Game.objects.exclude(pk=game.pk).get()
    assert page.url.endswith(f"/games/{again.pk}/")
    # Di dealt the last hand: Ann deals the first of the new game.
    expect(page.locator(".messages")).to_contain_text("Ann deals the first hand")


def test_the_printed_sheet_is_clean(
    page: Page, live_server: Any, screenshot: Screenshot
) -> None:
    keeper = UserFactory(username="kate")
    sign_in(page, keeper, live_server.url)
    game = played(keeper)
    page.goto(f"/games/{game.pk}/")
    page.emulate_media(media="print", color_scheme="dark")

    for hidden in (".top", ".back", "#hand-entry", ".share", ".undo-last", "button"):
        for element in page.locator(hidden).all():
            expect(element).to_be_hidden()
    expect(page.locator(".sheet")).to_be_visible()
    expect(page.locator(".totals")).to_be_visible()
    colours = page.evaluate(
        """() => [document.body, ...document.querySelectorAll('.sheet td, .total')]
          .map((el) => [getComputedStyle(el).color, getComputedStyle(el).background])"""
    )
    for color, _background in colours:
        assert color == "rgb(0, 0, 0)"
    # The set back is struck through and marked, with no colour to tell it.
    set_bid = page.locator(".sheet s.bid.set")
    expect(set_bid).to_have_count(1)
    assert "line-through" in set_bid.evaluate(
        "el => getComputedStyle(el).textDecorationLine"
    )
    assert set_bid.evaluate("el => getComputedStyle(el, '::after').content") == '"set"'
    sheet = page.locator(".sheet").bounding_box()
    main = page.locator("main").bounding_box()
    assert sheet is not None
    assert main is not None
    assert sheet["width"] >= main["width"] - 1
    page.set_viewport_size({"width": 794, "height": 1123})  # A4 at 96 dpi
    screenshot("game-page")

    page.goto(f"/games/{game.pk}/live/")
    for hidden in (".top", ".live-status", ".latest"):
        expect(page.locator(hidden)).to_be_hidden()
    screenshot("live-page")
