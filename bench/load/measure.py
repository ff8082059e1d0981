"""What the load test measures besides the requests themselves: PostgreSQL's commit
floor, the CPU of an authenticated API request that does nothing, and the stored
games read back and checked (bench/load/integrity.py) during and after the run."""

from __future__ import annotations

import contextlib
import http.client
import os
import threading
import time
from collections.abc import Mapping

from bench.load.integrity import check_games, read_games
from bench.load.processes import cpu_of_trees
from bench.load.tables import Host, Tally
from bench.load.web import request


def measure_floor(
    database_url: str, commits: int, connections: int
) -> dict[str, float]:
    """INSERT + COMMIT of one row, each its own transaction: on one connection (ms
    per commit), and on `connections` at once (commits per second)."""
    import psycopg

    table = f"loadtest_commit_floor_{os.getpid()}"

    def insert(count: int) -> None:
        with psycopg.connect(database_url, autocommit=True) as connection:
            for _ in range(count):
                with connection.transaction():
                    connection.execute(f"INSERT INTO {table} (note) VALUES ('x')")

    with psycopg.connect(database_url, autocommit=True) as connection:
        connection.execute(
            f"CREATE TABLE {table} (id bigserial PRIMARY KEY, note text NOT NULL)"
        )
    try:
        insert(20)
        start = time.perf_counter()
        insert(commits)
        single = (time.perf_counter() - start) / commits
        threads = [
            threading.Thread(target=insert, args=(commits // connections,))
            for _ in range(connections)
        ]
        start = time.perf_counter()
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=120)
        parallel = (
            (commits // connections) * connections / (time.perf_counter() - start)
        )
    finally:
        with psycopg.connect(database_url, autocommit=True) as connection:
            connection.execute(f"DROP TABLE IF EXISTS {table}")
    return {"ms_per_commit": single * 1000, "parallel_commits_per_s": parallel}


def check_database(
    database_url: str, tally: Tally, during: bool
) -> tuple[list[str], int]:
    """Read every game in one snapshot and check it; returns the problems and how
    many hands were read."""
    import psycopg

    acknowledged, _ = tally.snapshot()
    with psycopg.connect(database_url, connect_timeout=10) as connection:
        connection.isolation_level = psycopg.IsolationLevel.REPEATABLE_READ
        with connection.cursor() as cursor:
            games = read_games(cursor, tally.sent)
    # Sent after the read: a hand sent meanwhile may be there too.
    _, sent = tally.snapshot()
    problems = check_games(games, sent, acknowledged if during else None)
    return problems, sum(len(game.hands) for game in games.values())


def measure_request_floor(
    host: Host, token: str, path: str, roots: Mapping[str, int], count: int = 400
) -> dict[str, float]:
    """Server CPU (ms) per request of `path`, asked `count` times by 8 threads: what
    any authenticated API request costs, before the work it is asked to do."""

    def ask(times: int) -> None:
        for _ in range(times):
            with contextlib.suppress(OSError, http.client.HTTPException):
                request("GET", host.port, path, None, token, address=host.address)

    threads = [threading.Thread(target=ask, args=(count // 8,)) for _ in range(8)]
    before = cpu_of_trees(roots)
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    after = cpu_of_trees(roots)
    asked = count // 8 * 8
    return {name: (after[name] - before[name]) * 1000 / asked for name in roots}
