"""How to score fits a 320 px phone in every language (issue 24, items 6 and 7): no
page wider than the screen, the links 44 px tall, and the point a table page's hint
links to (#low) marked and in view."""

from typing import Any

import pytest
from playwright.sync_api import Page

from tests.browser.test_widths import HEIGHT, WIDTHS, layout_problems

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PAGES = ("/how-to-score/", "/how-to-score/auction/", "/how-to-score/thirteen/")


@pytest.mark.parametrize("language", ["en", "de", "pl", "fr"])
def test_the_help_pages_fit_the_phone(
    page: Page, live_server: Any, language: str
) -> None:
    page.set_extra_http_headers({"Accept-Language": language})
    problems: list[str] = []
    for url in PAGES:
        for width in WIDTHS:
            page.set_viewport_size({"width": width, "height": HEIGHT})
            response = page.goto(url)
            assert response is not None
            assert response.ok, f"{url}: {response.status}"
            problems += [f"{url} {p}" for p in layout_problems(page, width)]
            heights = page.eval_on_selector_all(
                ".help nav a",
                "links => links.map(a => a.getBoundingClientRect().height)",
            )
            problems += [
                f"{url} {width}px: a link {h} px tall" for h in heights if h < 44
            ]
    assert problems == []


def test_a_points_anchor_shows_and_marks_it(page: Page, live_server: Any) -> None:
    page.set_extra_http_headers({"Accept-Language": "de"})
    page.set_viewport_size({"width": 320, "height": HEIGHT})
    page.goto("/how-to-score/auction/#low")
    low = page.locator("#low")
    assert low.is_visible()
    assert low.locator("h3").inner_text().startswith("Tief")
    box = low.bounding_box()
    assert box is not None
    assert 0 <= box["y"] < HEIGHT / 2
    marked = low.evaluate("el => getComputedStyle(el).borderLeftColor")
    other = page.locator("#high").evaluate("el => getComputedStyle(el).borderLeftColor")
    assert marked != other
