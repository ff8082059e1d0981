"""Wrong invite codes spread over the web hosts: with ``REDIS_URL`` the join rate
limit (pitchclub/throttles.py, settings.THROTTLE_RATES["join"]) is counted once for
every host, so the guesser is refused after the limit, not after the limit once per
host. The verdict is pure (tests/bench/test_load_hosts.py)."""

from __future__ import annotations

import http.client
import time
from collections.abc import Sequence

from bench.load.report import JOIN, NO_ANSWER, Recorder
from bench.load.tables import Host
from bench.load.web import answer_cpu_ms, exchange

# The rate the load test gives its hosts (THROTTLE_RATES), so it knows the limit.
JOIN_LIMIT = 10
JOIN_RATE = f"join={JOIN_LIMIT}/min"
# The guesser's own address: nobody else in the run counts against its limit.
GUESSER = "127.0.0.77"
UNKNOWN = 404
REFUSED = 429


def try_wrong_codes(
    hosts: Sequence[Host], tries: int, recorder: Recorder, source: str = GUESSER
) -> list[int]:
    """`tries` wrong codes from `source`, one after the other, on each host in turn;
    the status of each (0: no answer). A fresh database holds no invite at all, so
    every code is wrong."""
    statuses = []
    for number in range(tries):
        host = hosts[number % len(hosts)]
        began = time.monotonic()
        start = time.perf_counter()
        try:
            status, _ = exchange(
                "GET",
                host.address,
                host.port,
                f"/join/WRONG{number:04d}/",
                headers={"Accept": "text/html"},
                timeout=30,
                source=source,
            )
        except (OSError, http.client.HTTPException):
            status = NO_ANSWER
        spent = answer_cpu_ms() if status != NO_ANSWER else None
        recorder.add(host.name, JOIN, began, time.perf_counter() - start, status, spent)
        statuses.append(status)
    return statuses


def join_verdict(
    statuses: Sequence[int], limit: int, hosts: int, shared: bool
) -> tuple[list[str], str]:
    """The problems (empty: as it must be) and one line saying what happened.

    Shared (Redis): the first `limit` wrong codes answer 404, every later one 429,
    whichever host it went to. Not shared (each gunicorn worker counts for itself):
    nothing is asserted; the line says how many went through before the first 429."""
    first_refusal = next(
        (index for index, status in enumerate(statuses) if status == REFUSED), None
    )
    passed = len(statuses) if first_refusal is None else first_refusal
    line = (
        f"{len(statuses)} wrong join codes over {hosts} host(s): "
        + (
            "none refused"
            if first_refusal is None
            else f"the first refused (429) was try {first_refusal + 1}"
        )
        + f" (limit {limit} per address"
        + (", shared through Redis)" if shared else ", counted per worker)")
    )
    if not shared:
        return [], line
    problems = []
    expected = [UNKNOWN] * limit + [REFUSED] * (len(statuses) - limit)
    if len(statuses) <= limit:
        problems.append(
            f"join codes: {len(statuses)} tries cannot reach the limit of {limit}"
        )
    elif list(statuses) != expected:
        odd = sorted({status for status in statuses if status not in expected})
        problems.append(
            f"join codes: {passed} wrong codes were let through before the first "
            f"refusal, the shared limit is {limit}; answers {list(statuses)}"
            + (f" (unexpected {odd})" if odd else "")
        )
    return problems, line
