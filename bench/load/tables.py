"""The scorekeepers of the load test: the games they start, the hands they record
through the API one after the other, resent with the same ``client_id`` when no
answer comes, on the other web host when theirs is gone (as a phone after a
failover), and what they saw (Tally)."""

from __future__ import annotations

import http.client
import secrets
import threading
import time
import uuid
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from bench.load.processes import SetupError
from bench.load.report import Recorder
from bench.load.web import answer_cpu_ms, request

PLAYERS = ["Ann", "Bob", "Cy", "Di"]
# A target nobody reaches in a load test: every game takes all its hands.
TARGET = 1_000_000
MAX_ATTEMPTS = 15
BACKOFF_FIRST = 0.05
BACKOFF_MAX = 2.0


@dataclass(frozen=True)
class Host:
    """One web host: a gunicorn on an address of 127.0.0.0/8."""

    name: str
    address: str
    port: int


def hand_body(table: int, number: int) -> dict[str, Any]:
    """Hand `number` at table `table`: the pitcher goes round and makes a bid of 2
    (High and Game), the other points go elsewhere, so scores move every hand."""
    pitcher = (table + number) % 4
    return {
        "pitcher": pitcher,
        "bid": 2,
        "awards": {
            "high": pitcher,
            "low": (pitcher + 1) % 4,
            "jack": (pitcher + 2 + number % 2) % 4,
            "game": pitcher,
        },
    }


@dataclass
class Tally:
    """What the tables saw, shared between their threads."""

    lock: threading.Lock = field(default_factory=threading.Lock)
    latencies: list[float] = field(default_factory=list)
    retries: Counter = field(default_factory=Counter)
    # Scorekeepers that went on through another host, by the host they went to.
    moves: Counter = field(default_factory=Counter)
    answers: Counter = field(default_factory=Counter)
    failures: list[str] = field(default_factory=list)
    acknowledged: dict[int, int] = field(default_factory=dict)
    sent: dict[int, list[str]] = field(default_factory=dict)
    done: int = 0

    def confirmed(self, game_id: int, seconds: float, status: int) -> None:
        with self.lock:
            self.latencies.append(seconds)
            self.answers[status] += 1
            self.acknowledged[game_id] = self.acknowledged.get(game_id, 0) + 1
            self.done += 1

    def moved(self, host: str) -> None:
        with self.lock:
            self.moves[host] += 1

    def retry(self, why: str) -> None:
        with self.lock:
            self.retries[why] += 1

    def fail(self, message: str) -> None:
        with self.lock:
            self.failures.append(message)

    def snapshot(self) -> tuple[dict[int, int], dict[int, list[str]]]:
        with self.lock:
            return dict(self.acknowledged), {k: list(v) for k, v in self.sent.items()}


def number_of_hand(database_url: str, game_id: int, client_id: str) -> int | None:
    """The number of the stored hand with this client_id, read in the database."""
    import psycopg

    with psycopg.connect(database_url, connect_timeout=10) as connection:
        row = connection.execute(
            "SELECT number FROM scoring_hand WHERE game_id = %s AND client_id = %s",
            (game_id, client_id),
        ).fetchone()
    return row[0] if row else None


@dataclass
class Keeper:
    """One table's scorekeeper: the hosts it may use, its own first; which one it is
    on now (it stays on the one that last answered)."""

    table: int
    game_id: int
    hosts: list[Host]
    current: int = 0

    @property
    def host(self) -> Host:
        return self.hosts[self.current]

    def fail_over(self) -> None:
        self.current = (self.current + 1) % len(self.hosts)


def play_table(
    keeper: Keeper,
    hands: int,
    token: str,
    tally: Tally,
    recorder: Recorder,
    database_url: str,
    stop: threading.Event,
    deadline: float,
    pace: float = 0.0,
) -> None:
    """Record `hands` hands, one after the other, as a scorekeeper's phone would: a
    request that gets no answer is sent again, with the same client_id, to the next
    host (with one host, the same one). `pace`: seconds between two hands on
    average (0: none, as fast as the server answers), the first one after a random
    part of it so that the tables do not deal in step."""
    game_id = keeper.game_id
    path = f"/api/v1/games/{game_id}/hands/"
    for number in range(1, hands + 1):
        if pace > 0:
            share = secrets.randbelow(1000) / 1000
            stop.wait(pace * share if number == 1 else pace * (0.5 + share))
        client_id = str(uuid.uuid4())
        with tally.lock:
            tally.sent[game_id].append(client_id)
        body = {
            **hand_body(keeper.table, number),
            "number": number,
            "client_id": client_id,
        }
        for attempt in range(MAX_ATTEMPTS):
            if stop.is_set() or time.monotonic() > deadline:
                tally.fail(f"game {game_id}: stopped at hand {number} (time limit)")
                return
            if attempt:
                pause = min(BACKOFF_FIRST * 2 ** (attempt - 1), BACKOFF_MAX)
                time.sleep(pause * (0.5 + secrets.randbelow(1000) / 1000))
            host = keeper.host
            began = time.monotonic()
            start = time.perf_counter()
            try:
                status, answer = request(
                    "POST", host.port, path, body, token, address=host.address
                )
            except (OSError, http.client.HTTPException) as lost:
                recorder.add(host.name, "record", began, time.perf_counter() - start, 0)
                tally.retry(f"no answer ({type(lost).__name__})")
                if len(keeper.hosts) > 1:
                    keeper.fail_over()
                    tally.moved(keeper.host.name)
                continue
            seconds = time.perf_counter() - start
            recorder.add(host.name, "record", began, seconds, status, answer_cpu_ms())
            if status in (200, 201):
                shown = answer.get("hands") if isinstance(answer, dict) else None
                if not shown or len(shown) < number:
                    tally.fail(f"game {game_id}: answer {status} without hand {number}")
                    return
                tally.confirmed(game_id, seconds, status)
                break
            code = answer.get("code") if isinstance(answer, dict) else None
            if status == 409 and code == "number_conflict":
                # Cannot happen with one phone per table: a resent hand is known by
                # its client_id before its number is checked. If it does, the hand
                # must be there under that client_id, or it was lost.
                stored = number_of_hand(database_url, game_id, client_id)
                if stored == number:
                    tally.retry("409 number_conflict, hand found by client_id")
                    tally.confirmed(game_id, seconds, status)
                    break
                tally.fail(
                    f"game {game_id}: hand {number} refused (409) and not stored "
                    f"under its client_id (found as hand {stored})"
                )
                return
            if status >= 500 or status == 429:
                tally.retry(f"HTTP {status}")
                continue
            tally.fail(f"game {game_id} hand {number}: HTTP {status} {answer}")
            return
        else:
            tally.fail(
                f"game {game_id}: hand {number} gave up after {MAX_ATTEMPTS} tries"
            )
            return


def create_games(host: Host, token: str, count: int) -> list[int]:
    """`count` games through the API: Auction Pitch for four, every other one in
    teams."""
    ids: list[int | None] = [None] * count
    errors: list[str] = []

    def start(indices: range) -> None:
        for index in indices:
            body = {
                "variant": "auction",
                "players": PLAYERS,
                "partnership": index % 2 == 1,
                "options": {"target": TARGET},
            }
            for _ in range(5):
                try:
                    status, answer = request(
                        "POST",
                        host.port,
                        "/api/v1/games/",
                        body,
                        token,
                        address=host.address,
                    )
                except (OSError, http.client.HTTPException):
                    time.sleep(0.2)
                    continue
                if status == 201:
                    ids[index] = answer["id"]
                    break
                errors.append(f"HTTP {status}: {answer}")
                return

    workers = [
        threading.Thread(target=start, args=(range(offset, count, 8),))
        for offset in range(8)
    ]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(timeout=300)
    if errors or None in ids:
        raise SetupError(f"could not start the games: {errors[:3]}")
    return ids
