"""Live viewers: anonymous phones and walls watching a game's live view through
another web host than its scorekeeper's, as the page's htmx does it
(templates/scoring/live.html): the page once, then every 3 s
``GET /games/<id>/live/?v=<version shown>`` with ``HX-Request: true``; 204 while
nothing changed, else the new block, whose ``hx-get`` holds the new version.

After the last hand every viewer asks once more; its last version must be the game's
(scoring/table/share.py live_version, computed here from the same row)."""

from __future__ import annotations

import html
import http.client
import random
import re
import threading
import time
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from urllib.parse import unquote

from bench.load.report import (
    HEAVY,
    LIVE_CHANGED,
    LIVE_LOST,
    LIVE_PAGE,
    LIVE_UNCHANGED,
    NO_ANSWER,
    Recorder,
)
from bench.load.tables import Host
from bench.load.web import answer_cpu_ms, exchange

POLL_SECONDS = 3.0
POLL_TIMEOUT = 30.0
# Every so many polls a viewer also opens the games archive, a heavy read (the
# replica's, with --replica): about one a minute each.
HEAVY_EVERY = 20
FINAL_TRIES = 5
# The version the block shows, in the address it polls.
_VERSION = re.compile(r'hx-get="[^"]*/live/\?v=([^"&]+)"')


def version_in(page: str) -> str | None:
    """The version a live page or block shows (the one its next poll sends)."""
    found = _VERSION.search(page)
    return unquote(html.unescape(found.group(1))) if found else None


def live_version(updated_at: datetime, hand_count: int) -> str:
    """As scoring/table/share.py live_version computes it (a test holds them equal):
    the game row's last change in microseconds and its hand count."""
    return f"{int(updated_at.timestamp() * 1_000_000)}.{hand_count}"


def final_versions(database_url: str, game_ids: Iterable[int]) -> dict[int, str]:
    """Every game's version, read from its row in the primary."""
    import psycopg

    ids = sorted(set(game_ids))
    with psycopg.connect(database_url, connect_timeout=10) as connection:
        rows = connection.execute(
            "SELECT id, updated_at, hand_count FROM scoring_game WHERE id = ANY(%s)",
            [ids],
        ).fetchall()
    return {game_id: live_version(at, count) for game_id, at, count in rows}


@dataclass
class Viewer:
    """One phone or wall watching one game, through `hosts` (the first one first;
    it moves to the next when its host gives no answer)."""

    game_id: int
    number: int
    hosts: list[Host]
    current: int = 0
    version: str | None = None
    # Whether the last poll, after the last hand, was answered (200 or 204).
    final_ok: bool = False
    statuses: Counter = field(default_factory=Counter)
    # The heavy reads' answers, by status.
    heavy: Counter = field(default_factory=Counter)
    problems: list[str] = field(default_factory=list)

    @property
    def name(self) -> str:
        return f"viewer {self.number} of game {self.game_id}"


def _poll(viewer: Viewer, recorder: Recorder, first: bool) -> bool:
    """One request: the page itself (`first`) or the htmx poll. True when answered
    without a server error."""
    host = viewer.hosts[viewer.current]
    path = f"/games/{viewer.game_id}/live/"
    headers = {"Accept": "text/html"}
    if not first:
        path += f"?v={viewer.version}"
        headers |= {
            "HX-Request": "true",
            "HX-Current-URL": f"http://{host.address}:{host.port}/games/"
            f"{viewer.game_id}/live/",
            "HX-Target": "live",
            "HX-Trigger": "live",
        }
    began = time.monotonic()
    start = time.perf_counter()
    try:
        status, body = exchange(
            "GET", host.address, host.port, path, headers=headers, timeout=POLL_TIMEOUT
        )
    except (OSError, http.client.HTTPException):
        seconds = time.perf_counter() - start
        recorder.add(host.name, LIVE_LOST, began, seconds, 0)
        viewer.statuses[NO_ANSWER] += 1
        viewer.current = (viewer.current + 1) % len(viewer.hosts)
        return False
    seconds = time.perf_counter() - start
    viewer.statuses[status] += 1
    kind = LIVE_PAGE if first else LIVE_UNCHANGED if status == 204 else LIVE_CHANGED
    recorder.add(host.name, kind, began, seconds, status, answer_cpu_ms())
    if status == 204 and not first:
        return True
    if status != 200:
        return False
    shown = version_in(body.decode(errors="replace"))
    if shown is None:
        viewer.problems.append(f"{viewer.name}: an answer {status} without a version")
        return False
    viewer.version = shown
    return True


def _heavy(viewer: Viewer, recorder: Recorder) -> None:
    """The games archive, as a spectator browsing between polls opens it: a heavy
    read (pitchclub/replica.py). An answer 5xx is a problem: a replica restarting
    must be read around (the primary answers)."""
    host = viewer.hosts[viewer.current]
    began = time.monotonic()
    start = time.perf_counter()
    try:
        status, _ = exchange(
            "GET",
            host.address,
            host.port,
            "/games/",
            headers={"Accept": "text/html"},
            timeout=POLL_TIMEOUT,
        )
    except (OSError, http.client.HTTPException):
        recorder.add(host.name, HEAVY, began, time.perf_counter() - start, 0)
        return
    seconds = time.perf_counter() - start
    recorder.add(host.name, HEAVY, began, seconds, status, answer_cpu_ms())
    viewer.heavy[status] += 1
    if status >= 500:
        viewer.problems.append(f"{viewer.name}: the games archive answered {status}")


def watch(
    viewer: Viewer,
    recorder: Recorder,
    finished: threading.Event,
    stop: threading.Event,
    deadline: float,
) -> None:
    """Load the page, poll every 3 s until the tables have finished (`finished`),
    then poll once more (up to FINAL_TRIES tries, a second apart). Bounded by
    `deadline` and `stop`."""
    # Phones do not all open the page in the same instant.
    finished.wait(random.uniform(0, POLL_SECONDS))
    for _ in range(FINAL_TRIES):
        if _poll(viewer, recorder, first=True) or stop.is_set():
            break
        time.sleep(1)
    if viewer.version is None:
        viewer.problems.append(f"{viewer.name}: the live page never loaded")
        return
    # Each viewer's first heavy read at its own moment.
    polls = random.randrange(HEAVY_EVERY)
    while not finished.is_set() and not stop.is_set():
        if time.monotonic() > deadline:
            viewer.problems.append(f"{viewer.name}: stopped at the time limit")
            return
        if finished.wait(POLL_SECONDS):
            break
        _poll(viewer, recorder, first=False)
        polls += 1
        if polls % HEAVY_EVERY == 0:
            _heavy(viewer, recorder)
    for _ in range(FINAL_TRIES):
        if stop.is_set():
            return
        if _poll(viewer, recorder, first=False):
            viewer.final_ok = True
            return
        time.sleep(1)


def check_viewers(viewers: Iterable[Viewer], finals: Mapping[int, str]) -> list[str]:
    """Everything wrong with what the viewers ended with, in words: each must have
    polled after the last hand and hold the game's final version."""
    problems: list[str] = []
    for viewer in viewers:
        problems.extend(viewer.problems)
        final = finals.get(viewer.game_id)
        if final is None:
            problems.append(f"{viewer.name}: the game is not in the database")
        elif viewer.version is None:
            problems.append(f"{viewer.name}: never saw a version")
        elif not viewer.final_ok:
            problems.append(f"{viewer.name}: its last poll after the last hand failed")
        elif viewer.version != final:
            problems.append(
                f"{viewer.name}: ends at version {viewer.version}, the game's is "
                f"{final}"
            )
    return problems
