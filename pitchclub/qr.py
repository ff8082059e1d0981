"""A link as an inline SVG QR code, for any page that offers one to scan (the live
score, a match's table)."""

from functools import lru_cache

import segno
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe


def qr_svg(url: str, label: str) -> SafeString:
    """`url` as an inline SVG QR code named `label` for screen readers, black on
    white whatever the page's theme (scanners expect dark modules); sized by CSS, no
    style attribute (CSP)."""
    named = format_html('<svg role="img" aria-label="{}" ', label)
    # segno's markup holds only path data and colours, nothing taken from users.
    return mark_safe(_markup(url).replace("<svg ", named, 1))


@lru_cache(maxsize=512)
def _markup(url: str) -> str:
    """segno's SVG of `url`. Kept per process: a link's code never changes, and
    drawing it (choosing the best of 8 masks) was a sixth of a game page's time
    (23 ms of 150 ms, profiled). 512 links of a few kB each."""
    return segno.make(url, error="m").svg_inline(
        scale=1,
        border=4,
        dark="#000",
        light="#fff",
        svgclass="qr-code",
        lineclass=None,
        omitsize=True,
    )
