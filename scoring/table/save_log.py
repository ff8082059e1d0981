"""The phone's save log, sent with the next save that goes (issue 23): why earlier
Saves did not reach the server (static/js/save_log.js sends what table.js kept).
Written to the `pitchclub.table.client` log with the game and who sent it. What
cannot be read is skipped: a log never costs the hand it came with."""

import json
import logging

from django.http import HttpRequest

from scoring.models import Game

logger = logging.getLogger("pitchclub.table.client")

MAX_BYTES = 65_536
MAX_ENTRIES = 50
MAX_WORDS = 200


def _said(value: object) -> str:
    return " ".join(str(value).split())[:MAX_WORDS]


def note_client_log(request: HttpRequest, game: Game) -> None:
    """Log each entry of the posted `client_log` (a JSON list of {number, why, at})."""
    posted = request.POST.get("client_log", "")
    if not posted or len(posted) > MAX_BYTES:
        return
    try:
        entries = json.loads(posted)
    except (ValueError, RecursionError):
        return
    if not isinstance(entries, list):
        return
    for entry in entries[-MAX_ENTRIES:]:
        if not isinstance(entry, dict):
            continue
        logger.warning(
            "game %s hand %s, user %s, %s: %s",
            game.pk,
            _said(entry.get("number", "?"))[:12],
            request.user.pk,
            _said(entry.get("at", "?"))[:40],
            _said(entry.get("why", "")),
        )
