"""The header at a phone's width: a short username is shown whole (review of
issue 11: "demo" was cut to "de…" at 360 px); a long one is cut with its whole text
in the title (tests/browser/test_widths.py)."""

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import sign_in
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.parametrize(
    ("username", "width"),
    [("demo", 320), ("demo", 360), ("kate.m", 360), ("scorekeeper", 390)],
)
def test_a_short_username_shows_whole_in_the_header(
    page: Page, live_server: Any, width: int, username: str
) -> None:
    page.set_viewport_size({"width": width, "height": 740})
    sign_in(page, UserFactory(username=username), live_server.url)
    page.goto(f"{live_server.url}/")
    who = page.locator(".top a.who")
    expect(who).to_have_text(username)
    cut = who.evaluate("link => link.scrollWidth > link.clientWidth")
    assert not cut, f"{username!r} is cut at {width} px"
    assert page.evaluate("document.documentElement.scrollWidth") <= width
