"""What recording a hand and reading a game cost the server, through the REST API.

Run ``python bench/api_bench.py`` from the project root (``make bench`` runs it on
SQLite, and again on PostgreSQL when ``DATABASE_URL`` is set). It builds a throw-away
test database, starts four-player Auction Pitch games of 1, 20 and 100 hands, and
times through Django's test client, as a script with an API token sends them:

- ``POST /api/v1/games/{id}/hands/`` with ``number`` and ``client_id`` (the hand is
  undone again, untimed, so that every round records onto a game of the same length);
- the same request sent again (a retry: 200, nothing written);
- ``GET /api/v1/games/{id}/``.

Printed: the median and the 95th percentile in milliseconds of server time (no
network, no gunicorn) and the queries one answer takes. ``--rounds`` sets how many
answers are timed per line. The figures before and after the write path was made
lean are in docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
import uuid
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.boot import in_test_database, production

production()

from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402

LENGTHS = (1, 20, 100)
PLAYERS = ["Ann", "Bob", "Cy", "Di"]


def hand_body(number: int) -> dict[str, object]:
    """Hand `number` of the benchmark's games: the pitcher goes round, bids 2, and the
    points are shared so that nobody ever wins."""
    pitcher = number % 4
    return {
        "pitcher": pitcher,
        "bid": 2,
        "awards": {
            "high": pitcher,
            "low": (pitcher + 1) % 4,
            "jack": (pitcher + 2) % 4,
            "game": pitcher,
        },
    }


def measure(
    call: Callable[[], object], rounds: int, after: Callable[[], object] | None = None
) -> tuple[float, float, float, int]:
    """Median and 95th percentile in ms of `call`, the median CPU time this process
    spent on it (Python and, on SQLite, the database: steadier than the clock on a
    busy machine), and the queries of its first run. `after` runs untimed after each
    call (to put the game back as it was)."""
    executed: list[str] = []

    def count(execute, sql, params, many, context):
        executed.append(sql)
        return execute(sql, params, many, context)

    # An execute wrapper, not CaptureQueriesContext: the test client's requests
    # close the connection between answers, which empties Django's query log.
    with connection.execute_wrapper(count):
        call()
    if after is not None:
        after()
    times, cpu = [], []
    for _ in range(rounds):
        start, start_cpu = time.perf_counter(), time.process_time()
        call()
        cpu.append((time.process_time() - start_cpu) * 1000)
        times.append((time.perf_counter() - start) * 1000)
        if after is not None:
            after()
    times.sort()
    return (
        statistics.median(times),
        times[max(int(len(times) * 0.95) - 1, 0)],
        statistics.median(cpu),
        len(executed),
    )


def expect(response: object, status: int) -> object:
    if response.status_code != status:
        raise SystemExit(
            f"unexpected answer {response.status_code} (wanted {status}): "
            f"{response.content[:300]!r}"
        )
    return response


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=30)
    args = parser.parse_args()
    return in_test_database(lambda: run(args.rounds))


Answers = dict[str, tuple[Callable[[], object], Callable[[], object] | None]]


def answers_for(client: Client, game_id: int, length: int) -> Answers:
    """What to time on a game of `length` hands: each answer, and what puts the game
    back as it was afterwards (untimed)."""
    from scoring.games import hands as hand_services

    hands_url = f"/api/v1/games/{game_id}/hands/"
    number = length + 1

    def post(body: dict[str, object], status: int) -> object:
        answer = client.post(
            hands_url, json.dumps(body), content_type="application/json"
        )
        return expect(answer, status)

    def record() -> object:
        return post({**hand_body(number), "number": number, "client_id": new_id()}, 201)

    def undo() -> None:
        hand_services.hand_undo(game_id=game_id, number=number)

    # The retry needs the hand it repeats: it is recorded once, before the timing.
    retried = {**hand_body(number), "number": number, "client_id": new_id()}
    return {
        "record a hand (POST, 201)": (record, undo),
        "read the game (GET)": (
            lambda: expect(client.get(f"/api/v1/games/{game_id}/"), 200),
            None,
        ),
        "retry (POST again, 200)": (lambda: post(retried, 200), None),
        "(the hand retried)": (lambda: post(retried, 201), None),
    }


def new_id() -> str:
    return str(uuid.uuid4())


def run(rounds: int) -> int:
    from django.contrib.auth import get_user_model
    from rest_framework.authtoken.models import Token

    from scoring import engine
    from scoring.games import hands as hand_services
    from scoring.games import services

    user = get_user_model().objects.create_user("bench", password="bench-pass")
    token = Token.objects.create(user=user)
    client = Client(HTTP_AUTHORIZATION=f"Token {token.key}")
    print(f"API, {connection.vendor}: server time through Django's test client")
    print(
        f"{'hands':>5} {'answer':<28} {'median ms':>9} {'p95 ms':>7} {'CPU ms':>7} "
        f"{'queries':>7}"
    )
    for length in LENGTHS:
        game = services.game_start(
            variant="auction",
            players=PLAYERS,
            options={"target": 10_000},
            created_by=user,
        )
        for number in range(1, length + 1):
            body = hand_body(number)
            hand_services.hand_record(
                game_id=game.pk,
                hand=engine.HandInput(
                    pitcher=body["pitcher"], bid=body["bid"], awards=body["awards"]
                ),
            )
        answers = answers_for(client, game.pk, length)
        for name, (call, after) in answers.items():
            if name.startswith("("):
                continue
            if name.startswith("retry"):
                answers["(the hand retried)"][0]()
            median, p95, cpu, queries = measure(call, rounds, after)
            print(
                f"{length:>5} {name:<28} {median:>9.1f} {p95:>7.1f} {cpu:>7.1f} "
                f"{queries:>7}"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
