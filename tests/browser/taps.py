"""The visible tap targets of a page measured in one call into the browser.

A loop over Playwright locators asks the browser four to six times per link or
button (visible? off screen? its box, its text, blur): some 15 ms each on two busy
cores, a second or two per page. One script does the same measures at once, with
Playwright's meaning of visible (`Locator.is_visible`: not hidden by style, a box
that is not empty)."""

from typing import Any, TypedDict

from playwright.sync_api import Page


class Label(TypedDict):
    height: float
    text: str


class Target(TypedDict):
    height: float
    kind: str  # the input's or button's type, else the tag: "a", "summary", "radio" …
    inner: str  # its visible text, trimmed
    text: str  # that text, else aria-label, name or href
    href: str | None
    label: Label | None  # the <label> around it or naming it


MEASURE_JS = """
(selector) => {
  const shown = (el) => {
    if (el.checkVisibility && !el.checkVisibility()) return false;
    if (getComputedStyle(el).visibility !== "visible") return false;
    const box = el.getBoundingClientRect();
    return box.width > 0 && box.height > 0;
  };
  const all = [...document.querySelectorAll(selector)];
  const found = [];
  for (const el of all) {
    if (!shown(el)) continue;
    // Off screen until focused, like the skip link: measured as it is shown.
    if (el.getBoundingClientRect().right <= 0) el.focus();
    const inner = (el.innerText || "").trim();
    const label = el.closest("label") || (el.labels && el.labels[0]) || null;
    found.push({
      height: el.getBoundingClientRect().height,
      kind: el.type || el.tagName.toLowerCase(),
      inner,
      text: inner || el.getAttribute("aria-label") || el.getAttribute("name")
        || el.getAttribute("href") || "",
      href: el.getAttribute("href"),
      label: label && {
        height: label.getBoundingClientRect().height,
        text: label.innerText.trim().slice(0, 50),
      },
    });
    el.blur();
  }
  return {count: all.length, found};
}
"""


def tap_targets(page: Page, selector: str) -> list[Target]:
    """The visible elements of `selector` on `page`, measured; there must be some."""
    measured: dict[str, Any] = page.evaluate(MEASURE_JS, selector)
    assert measured["count"] > 0, f"no {selector} on {page.url}"
    return measured["found"]
