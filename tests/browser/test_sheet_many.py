"""Seven players with 40-letter names on a 360 px phone (issue 23, items 3 and 10):
the hand number and the pitcher stay in view while the sheet scrolls sideways,
every player's total is on screen at once, and a long name is cut to one line
with an ellipsis (two lines at most on a tap button) instead of broken mid-word,
whole in its title and, without JavaScript, in a list under the sheet."""

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from scoring.games import services
from scoring.models import Game
from tests.browser.conftest import SCREENSHOTS, sign_in
from tests.factories import UserFactory, record

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WIDTH, HEIGHT = 360, 800
SHOTS = f"{SCREENSHOTS}/sheet-many-"
FIRSTS = ["Bartholomew", "Christopher", "Alexandrina", "Maximiliana", "Evangeline"]
FIRSTS += ["Fitzgerald", "Guinevere"]
NAMES = [f"{first} Maximilian Featherstonehaugh-Smythe"[:40] for first in FIRSTS]


@pytest.fixture
def game(page: Page, live_server: Any) -> Game:
    user = UserFactory(username="kate")
    sign_in(page, user, live_server.url)
    assert all(len(name) == 40 for name in NAMES)
    game = services.game_start(
        variant="auction",
        players=NAMES,
        partnership=False,
        first_dealer=0,
        options=None,
        created_by=user,
    )
    passes = ["pass"] * 6
    record(game, [2, *passes], {"high": 1, "low": 1, "jack": 2, "game": 3})
    record(game, [3, *passes], {"high": 6, "low": 2, "game": 0})
    return record(game, [*passes, 2], {"high": 2, "low": 6})


def inside(page: Page, selector: str) -> list[str]:
    """Every element of `selector` outside the viewport, described."""
    outside = []
    for index in range(page.locator(selector).count()):
        found = page.locator(selector).nth(index).bounding_box()
        assert found is not None, f"{selector} #{index} is not shown"
        right, bottom = found["x"] + found["width"], found["y"] + found["height"]
        if min(found["x"], found["y"]) < -1 or right > WIDTH + 1 or bottom > HEIGHT + 1:
            outside.append(f"{selector} #{index} at {found}")
    return outside


# Each name cut short: its lines (counted on the text itself), whether it is cut,
# and its computed style.
CUT_JS = """
(selector) => [...document.querySelectorAll(selector)]
  .filter((el) => el.checkVisibility())
  .map((el) => {
    const tops = new Set();
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const rect of range.getClientRects()) {
        if (rect.width > 0) tops.add(Math.round(rect.top));
      }
    }
    const style = getComputedStyle(el);
    return {
      text: el.textContent.trim(),
      title: el.closest("[title]")?.title || "",
      lines: [...tops].filter((top) => {
        const box = el.getBoundingClientRect();
        return top >= box.top - 2 && top < box.bottom - 2;
      }).length,
      cut: el.scrollWidth > el.clientWidth || el.scrollHeight > el.clientHeight,
      ellipsis: style.textOverflow === "ellipsis" || style.webkitLineClamp !== "none",
      breaks: style.overflowWrap !== "normal" || style.wordBreak === "break-all",
    };
  })
"""


def check_cut(page: Page, selector: str, most: int) -> list[str]:
    wrong = []
    found = page.evaluate(CUT_JS, selector)
    assert found, f"no {selector} on the page"
    for name in found:
        words = f"{selector} {name['text']!r}"
        if name["lines"] > most:
            wrong.append(f"{words} is on {name['lines']} lines")
        # Cut by the page's CSS, or by the server around a middle ellipsis
        # (scoring/table/short_names.py: "Christophe…haugh", told apart on buttons).
        shortened = "…" in name["text"] and all(
            piece.strip("\u200b") in (name["title"] or "")
            for piece in name["text"].split("…")
        )
        if not shortened and (not name["cut"] or not name["ellipsis"]):
            wrong.append(f"{words} is not cut with an ellipsis: {name}")
        if name["breaks"]:
            wrong.append(f"{words} may break mid-word")
        if name["title"] not in NAMES:
            wrong.append(f"{words} has no whole name in its title: {name['title']!r}")
    return wrong


def test_the_pitcher_and_every_total_stay_in_view(page: Page, game: Game) -> None:
    page.set_viewport_size({"width": WIDTH, "height": HEIGHT})
    page.goto(f"/games/{game.pk}/")
    page.screenshot(path=f"{SHOTS}game-top.png")
    # Every total on screen at once, as the page opens.
    expect(page.locator(".totals .total")).to_have_count(7)
    assert not inside(page, ".totals .total")
    page.locator(".sheet-wrap").scroll_into_view_if_needed()
    page.locator(".sheet-wrap").evaluate("w => { w.scrollLeft = w.scrollWidth; }")
    page.wait_for_function(
        "() => { const w = document.querySelector('.sheet-wrap');"
        " return w.scrollLeft > 0"
        " && w.scrollLeft + w.clientWidth >= w.scrollWidth - 1; }"
    )
    page.screenshot(path=f"{SHOTS}sheet-scrolled.png")
    # Scrolled to the last player: the hand number and the pitcher are still there,
    # side by side, and the last player's column is in view.
    assert not inside(page, ".sheet tbody th")
    assert not inside(page, ".sheet .bid-cell")
    number = page.locator(".sheet tbody th").first.bounding_box()
    pitcher = page.locator(".sheet .bid-cell").first.bounding_box()
    assert number
    assert pitcher
    assert pitcher["x"] >= number["x"] + number["width"] - 1
    assert not inside(page, ".sheet thead th.side >> nth=-1")
    # The last player's column is not hidden under the pitcher's.
    last = page.locator(".sheet tbody tr >> nth=0").locator("td.cell >> nth=-1")
    box = last.bounding_box()
    assert box
    assert box["x"] >= pitcher["x"] + pitcher["width"] - 1


LIVE_NAMES = [
    (".totals .total .name", 1),
    (".sheet thead th.side .clamp", 2),
    (".latest-side .clamp", 1),
]


def test_long_names_are_cut_on_one_line_not_broken(page: Page, game: Game) -> None:
    page.set_viewport_size({"width": WIDTH, "height": HEIGHT})
    page.goto(f"/games/{game.pk}/")
    wrong = check_cut(page, ".totals .total .name", 1)
    wrong += check_cut(page, ".sheet thead th.side .clamp", 2)
    wrong += check_cut(page, ".sheet .bid-cell .pitcher .clamp", 1)
    wrong += check_cut(page, ".taps-pitcher .tap.long .clamp", 2)
    page.locator(".taps-pitcher").screenshot(path=f"{SHOTS}taps.png")
    page.goto(f"/games/{game.pk}/live/")
    page.screenshot(path=f"{SHOTS}live.png", full_page=True)
    for selector, most in LIVE_NAMES:
        wrong += [f"live: {line}" for line in check_cut(page, selector, most)]
    assert not inside(page, ".totals .total")
    page.locator(".sheet-wrap").evaluate("w => { w.scrollLeft = w.scrollWidth; }")
    page.locator(".sheet tbody tr >> nth=-1").scroll_into_view_if_needed()
    page.screenshot(path=f"{SHOTS}live-scrolled.png")
    assert not inside(page, ".sheet .bid-cell >> nth=-1")
    assert not wrong, "\n".join(wrong)


def test_the_whole_names_without_javascript(page: Page, game: Game) -> None:
    """Without scripts a tap cannot unfold a name: the sheet lists them whole."""
    page.goto(f"/games/{game.pk}/")
    names = page.locator("details.sheet-names")
    expect(names).to_have_count(1)
    names.locator("summary").click()
    for index, name in enumerate(NAMES, start=1):
        expect(names.locator("li").nth(index - 1)).to_have_text(name)


def test_the_entry_heading_the_chosen_name_and_the_print_headers(
    page: Page, game: Game
) -> None:
    """The second walk's findings: the entry's heading cut the dealer's and the first
    bidder's names mid-word over seven lines; a tap never showed the whole name; the
    printed sheet's columns broke names mid-word ("Christophers / on")."""
    page.set_viewport_size({"width": WIDTH, "height": HEIGHT})
    page.goto(f"/games/{game.pk}/")
    wrong = check_cut(page, "#entry-title .cut-name", 1)
    heading = page.locator("#entry-title").bounding_box()
    assert heading is not None
    assert heading["height"] < 130, heading  # four short lines at most, not seven
    button = page.locator(".taps-pitcher label.tap").nth(6)
    assert "…" in button.inner_text()
    button.tap()
    chosen = page.locator(".taps-pitcher [data-chosen]")
    expect(chosen).to_have_text(NAMES[6])
    # A short choice (a bid) shows nothing more.
    expect(page.locator(".taps-bid [data-chosen]")).to_have_count(0)
    page.set_viewport_size({"width": 794, "height": 1123})
    page.emulate_media(media="print")
    wrong += check_cut(page, ".sheet thead th.side .clamp", 1)
    assert page.evaluate("document.documentElement.scrollWidth") <= 794
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("width", [320, 360, 390])
def test_no_letter_of_a_cut_name_is_lost_at_a_buttons_edge(
    page: Page, game: Game, width: int
) -> None:
    """The second walks: "Maximi" over "……" at 320 px, "Gwendolyne" clipped at 360:
    both halves of a shortened name are on its button, whole."""
    page.set_viewport_size({"width": width, "height": HEIGHT})
    page.goto(f"/games/{game.pk}/")
    clipped = page.evaluate(
        """[...document.querySelectorAll("#hand-entry .tap")].filter((tap) => {
          const text = tap.querySelector(".clamp") || tap;
          return text.scrollWidth > text.clientWidth + 1
            || text.scrollHeight > text.clientHeight + 1;
        }).map((tap) => tap.innerText)"""
    )
    assert clipped == []
    assert page.evaluate("document.documentElement.scrollWidth") <= width
