"""Sharing a game: the live link and its QR code, the CSV export's address, the
version the live view polls with. Used by the table page and the live view."""

from datetime import datetime
from typing import Any

from django.http import HttpRequest
from django.urls import reverse
from django.utils.safestring import SafeString
from django.utils.translation import gettext

from pitchclub.qr import qr_svg
from scoring.models import Game


def live_version(updated_at: datetime, hand_count: int) -> str:
    """Changes whenever the game does: recording, correcting or undoing a hand all
    save the game row (its `updated_at`), and an undo also lowers `hand_count`."""
    return f"{int(updated_at.timestamp() * 1_000_000)}.{hand_count}"


def live_qr(url: str) -> SafeString:
    """The live score link as an inline SVG QR code."""
    return qr_svg(url, gettext("QR code of the live score link %(url)s") % {"url": url})


def share_context(request: HttpRequest, game: Game) -> dict[str, Any]:
    """What templates/scoring/_share.html needs: the live link (absolute, to send or
    scan), its QR code and the CSV export's address."""
    live_url = request.build_absolute_uri(reverse("scoring:live", args=[game.pk]))
    return {
        "live_url": live_url,
        "live_qr": live_qr(live_url),
        "csv_url": reverse("scoring:hands_csv", args=[game.pk]),
    }
