"""Render the app icons (PNG) from static/icons/pitchclub.svg.

The PNGs are committed; run this only when the SVG changes:

    .venv/bin/python tools/make_icons.py

It drives Debian's headless Chromium (/usr/bin/chromium) through Playwright, as the
browser tests do (never `playwright install`), and writes:

- static/icons/pitchclub-192.png and pitchclub-512.png: the SVG as it is (rounded
  corners, transparent outside them), for browsers and the apple-touch-icon;
- static/icons/pitchclub-maskable-512.png: the same green on a full-bleed square with
  the spade scaled into the central 80 % safe zone, so that Android's circle,
  squircle or rounded-square masks never cut it.
"""

import re
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
ICONS = ROOT / "static" / "icons"
SOURCE = ICONS / "pitchclub.svg"
CHROMIUM = "/usr/bin/chromium"
# The spade's bounding box in the SVG's 64-unit grid is 36 x 44, centred on (32, 32):
# its diagonal is 57 units. Scaled by 0.78 it is 44 units across at most, inside the
# safe zone's 51-unit circle (80 % of 64) with a margin.
MASKABLE_SCALE = 0.78


def maskable(svg: str) -> str:
    """The icon on a full-bleed background, its artwork inside the safe zone."""
    background = re.search(r'<rect[^>]*fill="([^"]+)"', svg)
    artwork = re.search(r"<path[^>]*/>", svg)
    if not background or not artwork:
        raise SystemExit(f"{SOURCE} no longer has the expected <rect> and <path>")
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">'
        f'<rect width="64" height="64" fill="{background.group(1)}"/>'
        f'<g transform="translate(32 32) scale({MASKABLE_SCALE}) translate(-32 -32)">'
        f"{artwork.group(0)}</g></svg>"
    )


def render(svg: str, size: int, target: Path) -> None:
    """Screenshot the SVG at exactly size x size pixels, transparent background."""
    sized = svg.replace("<svg ", f'<svg width="{size}" height="{size}" ', 1)
    html = (
        "<!doctype html><html><head><style>"
        "html,body{margin:0;padding:0;background:transparent}svg{display:block}"
        f"</style></head><body>{sized}</body></html>"
    )
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM,
            args=["--no-sandbox", "--disable-gpu", "--no-first-run"],
        )
        page = browser.new_page(
            viewport={"width": size, "height": size}, device_scale_factor=1
        )
        page.set_content(html)
        page.screenshot(
            path=target,
            omit_background=True,
            clip={"x": 0, "y": 0, "width": size, "height": size},
        )
        browser.close()
    print(f"wrote {target.relative_to(ROOT)}")


def main() -> None:
    svg = SOURCE.read_text()
    render(svg, 192, ICONS / "pitchclub-192.png")
    render(svg, 512, ICONS / "pitchclub-512.png")
    render(maskable(svg), 512, ICONS / "pitchclub-maskable-512.png")


if __name__ == "__main__":
    sys.exit(main())
