"""The language chooser on a phone (issue 24, item 3): in the header and the footer
of every page, 44 px targets, each language named in itself, no wider than a 320 px
phone in any language, and working without JavaScript."""

from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import sign_in
from tests.factories import UserFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LANGUAGES = {"en": "English", "de": "Deutsch", "pl": "Polski", "fr": "Français"}
TARGET = 44


def speak(page: Page, language: str, base_url: str) -> None:
    page.context.add_cookies(
        [{"name": "django_language", "value": language, "url": base_url}]
    )


def assert_fits(page: Page, width: int) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    past = page.evaluate(
        """width => [...document.querySelectorAll('.top *, .site-foot *')]
        .filter(e => e.getClientRects().length)
        .filter(e => e.getBoundingClientRect().right > width + 0.5)
        .map(e => e.outerHTML.slice(0, 80))""",
        width,
    )
    assert past == []


def assert_targets(page: Page, selector: str) -> None:
    for box in page.locator(selector).evaluate_all(
        "els => els.map(e => { const r = e.getBoundingClientRect();"
        " return [r.width, r.height, e.textContent.trim()]; })"
    ):
        width, height, name = box
        assert width >= TARGET, box
        assert height >= TARGET, box
        # One line: a language's name never breaks letter by letter.
        assert height < TARGET + 20, box
        assert name in LANGUAGES.values()


@pytest.mark.parametrize("language", list(LANGUAGES))
@pytest.mark.parametrize("signed_in", [False, True], ids=["visitor", "demo"])
def test_the_header_and_footer_fit_a_320_px_phone(
    page: Page, live_server: Any, language: str, signed_in: bool
) -> None:
    page.set_viewport_size({"width": 320, "height": 740})
    speak(page, language, live_server.url)
    if signed_in:
        sign_in(page, UserFactory(username="demo"), live_server.url)
    page.goto("/")

    assert page.locator("html").get_attribute("lang") == language
    summary = page.locator(".top .lang-summary")
    expect(summary).to_be_visible()
    box = summary.bounding_box()
    assert box is not None
    assert box["width"] >= TARGET
    assert box["height"] >= TARGET
    if signed_in:
        who = page.locator(".top a.who")
        expect(who).to_have_text("demo")
        assert not who.evaluate("link => link.scrollWidth > link.clientWidth")
    assert_fits(page, 320)
    assert_targets(page, ".site-foot .lang-choice")

    summary.click()
    menu = page.locator(".top .lang-menu .lang-choice")
    expect(menu).to_have_count(4)
    expect(menu.first).to_be_visible()
    assert_targets(page, ".top .lang-menu .lang-choice")
    assert_fits(page, 320)


def test_choosing_works_without_javascript(browser: Browser, live_server: Any) -> None:
    context = browser.new_context(
        java_script_enabled=False,
        base_url=live_server.url,
        viewport={"width": 320, "height": 740},
        locale="fr-FR",
    )
    try:
        page = context.new_page()
        page.goto("/clubs/")
        assert page.locator("html").get_attribute("lang") == "fr"

        page.locator(".top .lang-summary").click()
        page.locator(".top .lang-menu").get_by_role("button", name="Deutsch").click()

        page.wait_for_url("**/clubs/")
        assert page.locator("html").get_attribute("lang") == "de"
        expect(page.locator(".site-foot .lang-title")).to_have_text("Sprache")

        page.locator(".site-foot").get_by_role("button", name="Polski").click()
        page.wait_for_url("**/clubs/")
        assert page.locator("html").get_attribute("lang") == "pl"
        current = page.locator('.site-foot .lang-choice[aria-current="true"]')
        expect(current).to_have_text("Polski")
    finally:
        context.close()
