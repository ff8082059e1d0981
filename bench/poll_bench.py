"""What a live poll costs the server: a game's live view, a tournament's wall and a
progressive night's wall, as a spectator's phone or a hall's screen asks every 3 s
(issue 25 item 2).

Run ``python bench/poll_bench.py`` from the project root (``make bench`` runs it).
It builds a throw-away database (SQLite, or ``DATABASE_URL``'s server with a test
database), a public game of 30 hands, a cup of 8 with a game under way and a night
of 8 players, then polls each through Django's WSGI handler in this process (what
gunicorn calls: no test client, no network) as an anonymous htmx poll: unchanged
(the version the page shows: 204) and changed (an old version: the new sheet or
wall), first with every poll reading the database (``LIVE_FROM_CACHE`` off), then
with the versions in Redis (127.0.0.1:6379, database 15, a prefix of its own,
deleted at the end).

Printed per answer: the median and 95th percentile of this process's CPU time per
request (time.process_time: the handler, the middleware and the view; SQLite's work
too, as it runs in this process, but not a PostgreSQL server's nor Redis's), the
median wall time, and the statements one request ran.
Target: an unchanged anonymous poll answered from Redis runs no statement and takes
under 1.5 ms of CPU (median) for the game and both walls. Of that, Django's handler
and the site's middleware take about 0.6 ms (cProfile); the same poll reading the
database takes 2 to 5 ms here. CPU time grows with the machine's load (two shared
cores): the load average is printed beside the figures.
"""

from __future__ import annotations

import io
import os
import re
import statistics
import sys
import time
import uuid
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "pitchclub.settings")
os.environ.setdefault("DEBUG", "1")

import django

django.setup()

from django.core.handlers.wsgi import WSGIHandler  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import override_settings  # noqa: E402

from bench.boot import in_test_database  # noqa: E402

REDIS = "redis://127.0.0.1:6379/15"
TARGET_CPU_MS = 1.5
UNCHANGED_ROUNDS = 400
CHANGED_ROUNDS = 60
HX = {"HTTP_HX_REQUEST": "true"}
NAMES = ("Ann", "Bob", "Cy", "Di", "Eve", "Finn", "Gus", "Hal")


def measure(call: Callable[[], object], rounds: int) -> tuple[float, float, float, int]:
    """CPU ms median and p95, wall ms median, and the statements of one call."""
    executed: list[str] = []

    def count(execute, sql, params, many, context):
        executed.append(sql)
        return execute(sql, params, many, context)

    call()  # warm: the first poll keeps what it read in the cache
    with connection.execute_wrapper(count):
        call()
    cpu, wall = [], []
    for _ in range(rounds):
        started_cpu, started = time.process_time(), time.perf_counter()
        call()
        cpu.append((time.process_time() - started_cpu) * 1000)
        wall.append((time.perf_counter() - started) * 1000)
    cpu.sort()
    return (
        statistics.median(cpu),
        cpu[int(len(cpu) * 0.95) - 1],
        statistics.median(wall),
        len(executed),
    )


def build() -> dict[str, str]:
    """The URLs polled: a game, a cup's wall, a night's wall."""
    from django.contrib.auth import get_user_model

    from pitchclub.services.clubs import club_create
    from scoring import engine
    from scoring.games import hands as hand_services
    from scoring.games import services
    from tournaments.brackets import create
    from tournaments.matches import services as match_services
    from tournaments.models import Match

    user = get_user_model().objects.create_user("bench", password="bench-pass")
    game = services.game_start(
        variant="auction",
        players=["Ann", "Bob", "Cy", "Di"],
        options={"target": 10_000},
        created_by=user,
    )
    for number in range(30):
        hand_services.hand_record(
            game_id=game.pk,
            hand=engine.HandInput(
                pitcher=number % 4,
                bid=2,
                awards={"high": 0, "low": 1, "jack": 2, "game": 3},
            ),
        )
    club = club_create(name="Bench Pitch", by=user)

    def event(format: str, **extra: object) -> int:
        return create.tournament_create(
            club=club,
            name=f"Bench {format}",
            format=format,
            variant="auction",
            options={"target": 11},
            entrants=[create.EntrantInput(players=[n]) for n in NAMES],
            created_by=user,
            **extra,
        ).pk

    cup = event("single_elimination")
    first = Match.objects.filter(tournament_id=cup).order_by("round__id", "number")[0]
    started, _ = match_services.match_game_start(tournament_id=cup, match_id=first.pk)
    hand_services.hand_record(
        game_id=started.pk,
        hand=engine.HandInput(
            pitcher=0, bid=2, awards={"high": 0, "low": 1, "jack": 0, "game": 1}
        ),
    )
    night = event("progressive", settings={"rounds": 3, "hands_per_round": 5})
    return {
        "game": f"/games/{game.pk}/live/",
        "tournament wall": f"/tournaments/{cup}/wall/",
        "night wall": f"/tournaments/{night}/wall/",
    }


def redis_answers() -> bool:
    import redis

    try:
        return bool(redis.Redis.from_url(REDIS, socket_connect_timeout=0.5).ping())
    except redis.exceptions.RedisError:
        return False


def redis_caches(prefix: str) -> dict:
    return {
        "default": {
            "BACKEND": "pitchclub.cache.ResilientRedisCache",
            "LOCATION": REDIS,
            "KEY_PREFIX": prefix,
            "OPTIONS": {"socket_connect_timeout": 0.5, "socket_timeout": 0.5},
        }
    }


def poller(handler: WSGIHandler, path: str, version: str) -> Callable[[], int]:
    """One anonymous htmx poll as the WSGI server hands it over; its status."""

    def call() -> int:
        answer: list[str] = []
        environ = {
            "REQUEST_METHOD": "GET",
            "PATH_INFO": path,
            "QUERY_STRING": f"v={version}",
            "SERVER_NAME": "testserver",
            "SERVER_PORT": "80",
            "SERVER_PROTOCOL": "HTTP/1.1",
            "HTTP_HOST": "testserver",
            "HTTP_HX_REQUEST": "true",
            "wsgi.url_scheme": "http",
            "wsgi.input": io.BytesIO(),
            "wsgi.errors": sys.stderr,
        }
        body = handler(environ, lambda status, headers: answer.append(status))
        b"".join(body)
        body.close()
        return int(answer[0].split()[0])

    return call


def poll_all(urls: dict[str, str], mode: str) -> list[tuple[str, str, tuple]]:
    handler = WSGIHandler()
    rows = []
    for name, url in urls.items():
        html = Client().get(url).content.decode()
        found = re.search(r"\?v=([^\"]+)\"", html)
        assert found is not None, url
        for kind, shown, rounds in (
            ("unchanged", found.group(1), UNCHANGED_ROUNDS),
            ("changed", "0", CHANGED_ROUNDS),
        ):
            call = poller(handler, url, shown)
            expected = 204 if kind == "unchanged" else 200
            if (status := call()) != expected:
                raise SystemExit(f"{name} {kind}: {status}, not {expected}")
            rows.append((name, f"{kind}, {mode}", measure(call, rounds)))
    return rows


def main() -> int:
    return in_test_database(run)


def run() -> int:
    with override_settings(LIVE_FROM_CACHE=False):
        urls = build()
        rows = poll_all(urls, "database")
    missed: list[str] = []
    if redis_answers():
        prefix = f"bench-poll-{uuid.uuid4().hex[:8]}"
        with override_settings(CACHES=redis_caches(prefix), LIVE_FROM_CACHE=True):
            from django.core.cache import cache

            try:
                rows += poll_all(urls, "Redis")
            finally:
                client = cache._cache.get_client(write=True)
                for key in client.scan_iter(f"{prefix}:*"):
                    client.delete(key)
    else:
        missed.append("no Redis on 127.0.0.1:6379 to answer from")
    load = os.getloadavg()
    print(f"load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")
    print(
        f"{'poll':<16} {'answer':<20} {'CPU ms':>7} {'CPU p95':>8} "
        f"{'wall ms':>8} {'statements':>10}"
    )
    for name, kind, (cpu, cpu95, wall, statements) in rows:
        print(
            f"{name:<16} {kind:<20} {cpu:>7.2f} {cpu95:>8.2f} {wall:>8.2f} "
            f"{statements:>10}"
        )
        if kind == "unchanged, Redis" and (statements or cpu >= TARGET_CPU_MS):
            missed.append(f"{name}: {statements} statements, {cpu:.2f} ms CPU")
    if missed:
        print(
            f"Over the target (an unchanged anonymous poll from Redis: 0 statements, "
            f"under {TARGET_CPU_MS} ms CPU median):",
            "; ".join(missed),
        )
        return 1
    print(
        "An unchanged anonymous poll from Redis runs 0 statements in under "
        f"{TARGET_CPU_MS} ms CPU (median): game, tournament wall, night wall; "
        "target met."
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
