"""The player page at phone size (390 x 844), light and dark: the figures of
tests/scoring/stats/test_stats_api.py's games, the charts, the filters (a GET form, no
JavaScript needed), every control a thumb's size. Screenshots go to
tests/artifacts/screenshots/."""

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import AbstractUser
from playwright.sync_api import Page, expect
from rest_framework.test import APIClient

from pitchclub.models import Player
from scoring.models import Seat
from tests.browser.taps import Target, tap_targets
from tests.browser.test_pages import MIN_TAP, check_page
from tests.scoring.stats.test_stats_api import record_games

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

Screenshot = Callable[..., Path]

# What a finger can tap: links, buttons, form fields and the summaries that open
# a <details>.
CONTROLS = "a[href], button, select, input:not([type=hidden]), summary"


def small_controls(page: Page) -> list[str]:
    """Every visible control must be at least MIN_TAP px wide and tall (a link
    hidden off screen until focused, like the skip link, is measured focused)."""
    # Closed <details> hide controls that are a tap away: open them all.
    page.evaluate(
        "document.querySelectorAll('details').forEach(d => { d.open = true })"
    )
    targets = tap_targets(
        page, CONTROLS, visible_only=True, focus_off_screen=True, must_match=True
    )
    return [
        f"{describe(t)} is {t['width']:.0f} x {t['height']:.0f} px,"
        f" under {MIN_TAP} x {MIN_TAP}"
        for t in targets
        if t["width"] < MIN_TAP or t["height"] < MIN_TAP
    ]


def describe(control: Target) -> str:
    text = control["inner"] or control["href"] or ""
    return f"<{control['tag']}> {text or control['name']!r}"


def drawn_outside(page: Page) -> list[str]:
    """Every dot and text of every chart lies inside its drawing (the viewBox), as
    the browser measures it."""
    return page.evaluate(
        """() => {
          const out = [];
          for (const svg of document.querySelectorAll("svg.chart")) {
            const view = svg.viewBox.baseVal;
            for (const part of svg.querySelectorAll("circle, text")) {
              const b = part.getBBox();
              if (b.x < view.x - 0.5 || b.y < view.y - 0.5
                  || b.x + b.width > view.x + view.width + 0.5
                  || b.y + b.height > view.y + view.height + 0.5) {
                out.push(`${svg.id || svg.getAttribute("aria-label")}: ` +
                  `${part.tagName} ${part.textContent.slice(0, 30)} at ` +
                  `${b.x.toFixed(1)},${b.y.toFixed(1)} ` +
                  `${b.width.toFixed(1)}x${b.height.toFixed(1)}`);
              }
            }
          }
          return out;
        }"""
    )


@pytest.fixture
def ann(keeper: AbstractUser) -> Player:
    api = APIClient()
    api.force_authenticate(keeper)
    games = record_games(api)
    return Seat.objects.get(game_id=games["A"], number=0).player


def test_the_player_page_at_phone_size(
    page: Page, ann: Player, screenshot: Screenshot
) -> None:
    page.goto(f"/players/{ann.pk}/")

    expect(page.locator("h1")).to_have_text("Ann")
    expect(page.locator(".stat-card").first).to_contain_text("5")
    # Bids and points for each variant, and the rating after each game.
    expect(page.locator("svg.chart")).to_have_count(5)
    expect(page.locator("svg#rating-history, svg.chart-line")).to_have_count(1)
    # The charts are drawn with their classes' colours (no inline style).
    bar = page.locator("svg.chart .chart-bar").first
    assert bar.evaluate("el => getComputedStyle(el).fill") != "rgb(0, 0, 0)"
    wide = page.evaluate("document.documentElement.scrollWidth")
    assert wide <= 390
    check_page(page, screenshot)
    # The long page in screen-high parts too, to look at.
    tall = page.evaluate("document.documentElement.scrollHeight")
    for scheme in ("dark", "light"):
        page.emulate_media(color_scheme=scheme)
        for part, top in enumerate(range(0, tall, 844)):
            clip = {"x": 0, "y": top, "width": 390, "height": min(844, tall - top)}
            screenshot(f"{scheme}-{part}", full_page=True, clip=clip)


@pytest.mark.browser_allow(r"status of 400 \(Bad Request\)")
def test_the_filters_work_without_javascript(
    page: Page, ann: Player, screenshot: Screenshot, live_server: Any
) -> None:
    page.goto(f"/players/{ann.pk}/")
    page.locator(".filters summary").tap()
    page.select_option("#id_variant", "thirteen")
    page.get_by_role("button", name="Show statistics").tap()

    expect(page).to_have_url(
        f"{live_server.url}/players/{ann.pk}/?club=&variant=thirteen&season=&from=&to="
    )
    expect(page.locator(".stat-card").first).to_contain_text("2")
    # 13-Point's bids and points; the rating counts every game, whatever the filter.
    expect(page.locator("svg.chart")).to_have_count(3)
    screenshot("thirteen", full_page=False)

    page.locator("#id_from").fill("2099-01-01")
    page.locator("#id_to").fill("2000-01-01")
    page.get_by_role("button", name="Show statistics").tap()
    expect(page.locator(".errorlist")).to_contain_text("is before")
    screenshot("refused", full_page=False)


def test_every_control_of_the_player_page_is_a_thumb_s_size(
    page: Page, ann: Player, screenshot: Screenshot
) -> None:
    """The game links of the rating table and the short names of partners and
    opponents ("Cy") were 19 to 23 px wide and 21 px tall."""
    page.goto(f"/players/{ann.pk}/")
    expect(page.locator(".rating-table tbody a")).not_to_have_count(0)
    expect(page.locator("a.name-link", has_text="Cy")).not_to_have_count(0)

    assert not small_controls(page)
    assert not drawn_outside(page)
    screenshot("open", full_page=True)


@pytest.mark.parametrize("width", [320, 360, 390])
def test_the_dates_of_the_filter_are_wide_enough(
    page: Page, ann: Player, screenshot: Screenshot, width: int
) -> None:
    """From and To each have a line of their own on a phone: side by side, the
    date boxes cut their placeholder ("mm/dd/yyy")."""
    page.set_viewport_size({"width": width, "height": 844})
    page.goto(f"/players/{ann.pk}/")
    page.locator(".filters summary").tap()
    form = page.locator(".filter-form").bounding_box()
    for name in ("from", "to"):
        field = page.locator(f"#id_{name}")
        box = field.bounding_box()
        assert box["width"] >= form["width"] - 1, f"{name}: {box} in {form}"
        # The box is wide enough for what it shows.
        assert field.evaluate("el => el.scrollWidth <= el.clientWidth")
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    page.locator("#id_from").scroll_into_view_if_needed()
    screenshot(f"{width}", full_page=False)
