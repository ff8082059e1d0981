"""Issue 24: a phone offline still speaks the language of its pages. The table page in
German (the language chosen by Django's language cookie; the page's <html lang> set
to "de"), kept by the service worker with the phone's words (/phone-words/de.json);
offline, a reload and a hand saved: the box, the totals and the sheet say it in
German, from the catalogue the worker kept."""

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from scoring.models import Game
from tests.browser.test_offline import (
    FIRST,
    enter_hand,
    keep_page,
    status_box,
    wait_for_hands,
    wait_until,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# The page's <html lang>, whatever base.html writes: what pwa.js reads to pick the
# catalogue (set on the element as the parser makes it, before any script runs).
HTML_LANG_DE = """
new MutationObserver((_, observer) => {
  if (!document.documentElement) return;
  document.documentElement.lang = "de";
  observer.disconnect();
}).observe(document, { childList: true });
"""

WORDS_KEPT_JS = """
async (path) => {
  for (const name of await caches.keys()) {
    if (!name.startsWith("pitchclub-words-")) continue;
    if (await (await caches.open(name)).match(location.origin + path)) return true;
  }
  return false;
}
"""


def test_offline_the_phone_speaks_the_language_of_its_pages(
    page: Page, game: Game, live_server: Any
) -> None:
    page.context.add_cookies(
        [{"name": "django_language", "value": "de", "url": live_server.url}]
    )
    page.add_init_script(HTML_LANG_DE)
    path = f"/games/{game.pk}/"
    keep_page(page, path)
    wait_until(page, WORDS_KEPT_JS, "/phone-words/de.json")

    page.context.set_offline(True)
    page.reload()  # the page and its words, both from the phone
    assert page.evaluate("() => document.documentElement.lang") == "de"
    enter_hand(page, **FIRST)

    box = status_box(page)
    expect(box).to_contain_text(
        "Spiel 1 ist noch nicht gespeichert \u2013 es bleibt auf diesem Handy"
    )
    expect(box).to_contain_text("1 Spiel wartet auf das Senden.")
    expect(box).not_to_contain_text("Hand 1")
    expect(page.locator("#table")).to_contain_text(
        "Summen mit 1 Spiel auf diesem Handy, vom Handy gezählt"
    )
    expect(page.locator(".sheet tbody tr").nth(0)).to_contain_text("auf diesem Handy")

    page.context.set_offline(False)
    hands = wait_for_hands(page, game, 1)
    assert [(hand.number, hand.pitcher) for hand in hands] == [(1, 1)]
    expect(box).to_be_hidden()
