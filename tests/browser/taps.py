"""The tap targets of a page measured in one call into the browser.

A loop over Playwright locators asks the browser four to six times per link or
button (visible? off screen? its box, its text, blur): some 15 ms each on two busy
cores, a second or two per page. One script does the same measures at once, with
Playwright's meaning of visible (`Locator.is_visible`: not hidden by style, a box
that is not empty).

What the loops did, each a keyword: `visible_only` skips what `is_visible` would
call hidden (else every element matched is measured, and each must have a box, as
`bounding_box()` would not be None); `focus_off_screen` focuses an element hidden
off screen until focused (the skip link) to measure it as it is shown, and blurs
every element measured; `must_match` asserts the selector matched something."""

from typing import Any, TypedDict

from playwright.sync_api import Locator, Page


class Label(TypedDict):
    height: float
    text: str


class Target(TypedDict):
    width: float
    height: float
    boxed: bool  # it has a layout box: Playwright's bounding_box() is not None
    tag: str  # the tag, lower case: "a", "button", "summary" …
    kind: str  # the input's or button's type, else the tag: "a", "summary", "radio" …
    inner_text: str  # its visible text as Locator.inner_text() gives it, untrimmed
    inner: str  # that text, trimmed
    text: str  # that text, else aria-label, name or href
    href: str | None
    name: str | None
    label: Label | None  # the <label> around it or naming it


# (elements, options) => the measured targets, in the elements' order.
MEASURE_JS = """
(all, {visibleOnly, focusOffScreen}) => {
  const shown = (el) => {
    if (el.checkVisibility && !el.checkVisibility()) return false;
    if (getComputedStyle(el).visibility !== "visible") return false;
    const box = el.getBoundingClientRect();
    return box.width > 0 && box.height > 0;
  };
  const found = [];
  for (const el of all) {
    if (visibleOnly && !shown(el)) continue;
    // Off screen until focused, like the skip link: measured as it is shown.
    if (focusOffScreen && el.getBoundingClientRect().right <= 0) el.focus();
    const box = el.getBoundingClientRect();
    const innerText = typeof el.innerText === "string" ? el.innerText : "";
    const inner = innerText.trim();
    const label = el.closest("label") || (el.labels && el.labels[0]) || null;
    found.push({
      width: box.width,
      height: box.height,
      boxed: el.getClientRects().length > 0,
      tag: el.tagName.toLowerCase(),
      kind: el.type || el.tagName.toLowerCase(),
      inner_text: innerText,
      inner,
      text: inner || el.getAttribute("aria-label") || el.getAttribute("name")
        || el.getAttribute("href") || "",
      href: el.getAttribute("href"),
      name: el.getAttribute("name"),
      label: label && {
        height: label.getBoundingClientRect().height,
        text: label.innerText.trim().slice(0, 50),
      },
    });
    if (focusOffScreen) el.blur();
  }
  return {count: all.length, found};
}
"""

PAGE_JS = f"""
([selector, options]) => ({MEASURE_JS})(
  [...document.querySelectorAll(selector)], options
)
"""


def _checked(
    measured: dict[str, Any], what: str, url: str, visible_only: bool, must_match: bool
) -> list[Target]:
    if must_match:
        assert measured["count"] > 0, f"no {what} on {url}"
    found: list[Target] = measured["found"]
    if not visible_only:
        for target in found:
            text = target["text"]
            assert target["boxed"], f"{what}: <{target['tag']}> {text!r} has no box"
    return found


def tap_targets(
    page: Page,
    selector: str,
    *,
    visible_only: bool = True,
    focus_off_screen: bool = True,
    must_match: bool = True,
) -> list[Target]:
    """The elements of `selector` (plain CSS for querySelectorAll: no Playwright
    pseudo-classes such as :visible or :has-text) on `page`, measured."""
    options = {"visibleOnly": visible_only, "focusOffScreen": focus_off_screen}
    measured = page.evaluate(PAGE_JS, [selector, options])
    return _checked(measured, selector, page.url, visible_only, must_match)


def locator_targets(
    locator: Locator,
    *,
    visible_only: bool = True,
    focus_off_screen: bool = True,
    must_match: bool = True,
) -> list[Target]:
    """The elements `locator` matches (as `Locator.all()` would list them), measured
    the same way in one call: for a selector scoped to another locator."""
    options = {"visibleOnly": visible_only, "focusOffScreen": focus_off_screen}
    measured = locator.evaluate_all(MEASURE_JS, options)
    return _checked(measured, str(locator), locator.page.url, visible_only, must_match)


def short_controls(page: Page, selector: str, minimum: float) -> list[str]:
    """The visible form controls of `selector` (boxes, selects, the labels of radios
    and ticks, summaries) under `minimum` px tall, each named by its text or name."""
    controls = tap_targets(
        page, selector, visible_only=True, focus_off_screen=False, must_match=False
    )
    return [
        f"{(t['inner'] or t['name'])!r} is {t['height']:.0f} px tall, under {minimum}"
        for t in controls
        if t["height"] < minimum
    ]
