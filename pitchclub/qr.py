"""A link as an inline SVG QR code, for any page that offers one to scan (the live
score, a match's table)."""

import segno
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe


def qr_svg(url: str, label: str) -> SafeString:
    """`url` as an inline SVG QR code named `label` for screen readers, black on
    white whatever the page's theme (scanners expect dark modules); sized by CSS, no
    style attribute (CSP)."""
    svg = segno.make(url, error="m").svg_inline(
        scale=1,
        border=4,
        dark="#000",
        light="#fff",
        svgclass="qr-code",
        lineclass=None,
        omitsize=True,
    )
    named = format_html('<svg role="img" aria-label="{}" ', label)
    # segno's markup holds only path data and colours, nothing taken from users.
    return mark_safe(svg.replace("<svg ", named, 1))
