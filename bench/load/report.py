"""What the load test measured, per web host and per kind of request: every request
is one Sample; the figures are computed from them (pure; tests/bench/
test_load_report.py) and printed as two small tables."""

from __future__ import annotations

import threading
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

# The kinds of request, in the order printed.
RECORD = "record"
LIVE_UNCHANGED = "live poll unchanged"
LIVE_CHANGED = "live poll changed"
LIVE_PAGE = "live page"
# A poll (or the first page) that got no answer: unchanged or changed, nobody knows.
LIVE_LOST = "live, no answer"
# The games archive, a heavy read: from the replica when there is one.
HEAVY = "archive (heavy read)"
JOIN = "join code"
KINDS = (RECORD, LIVE_UNCHANGED, LIVE_CHANGED, LIVE_PAGE, LIVE_LOST, HEAVY, JOIN)
# A request that got no answer (connection refused or cut, timed out).
NO_ANSWER = 0


@dataclass(frozen=True)
class Sample:
    host: str
    kind: str
    started: float
    seconds: float
    status: int
    # The site's CPU for it, as its Server-Timing header said (None: not said).
    cpu_ms: float | None = None

    @property
    def answered(self) -> bool:
        return self.status != NO_ANSWER

    @property
    def ok(self) -> bool:
        """Answered without a server error (a 4xx is the answer asked for)."""
        return self.answered and self.status < 500


@dataclass
class Recorder:
    """Every request's sample, from every thread."""

    lock: threading.Lock = field(default_factory=threading.Lock)
    samples: list[Sample] = field(default_factory=list)

    def add(
        self,
        host: str,
        kind: str,
        started: float,
        seconds: float,
        status: int,
        cpu_ms: float | None = None,
    ) -> None:
        with self.lock:
            self.samples.append(Sample(host, kind, started, seconds, status, cpu_ms))

    def all(self) -> list[Sample]:
        with self.lock:
            return list(self.samples)


def percentile(values: Sequence[float], fraction: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    return ordered[min(int(len(ordered) * fraction), len(ordered) - 1)]


@dataclass(frozen=True)
class KindRow:
    host: str
    kind: str
    count: int
    errors: int
    per_second: float
    p50_ms: float
    p95_ms: float
    p99_ms: float
    # The mean of the app's CPU per request, where the answers said it.
    cpu_ms: float | None = None


@dataclass(frozen=True)
class HostRow:
    host: str
    answered: int
    per_second: float
    cpu_seconds: float | None
    cpu_ms_per_request: float | None


def kind_rows(samples: Iterable[Sample], windows: Mapping[str, float]) -> list[KindRow]:
    """Per host and kind: requests answered (errors: no answer or 5xx), their rate
    over the seconds the host served (`windows`), and the latency percentiles of
    those answered without a server error; the mean of the app's CPU the answers
    reported (Server-Timing), if any did."""
    grouped: dict[tuple[str, str], list[Sample]] = {}
    for sample in samples:
        grouped.setdefault((sample.host, sample.kind), []).append(sample)
    order = {kind: index for index, kind in enumerate(KINDS)}
    rows = []
    for (host, kind), group in sorted(
        grouped.items(), key=lambda item: (item[0][0], order.get(item[0][1], 99))
    ):
        good = [sample.seconds * 1000 for sample in group if sample.ok]
        window = windows.get(host, 0.0)
        answered = sum(sample.answered for sample in group)
        spent = [sample.cpu_ms for sample in group if sample.cpu_ms is not None]
        rows.append(
            KindRow(
                host=host,
                kind=kind,
                count=answered,
                errors=sum(not sample.ok for sample in group),
                per_second=answered / window if window > 0 else float("nan"),
                p50_ms=percentile(good, 0.50),
                p95_ms=percentile(good, 0.95),
                p99_ms=percentile(good, 0.99),
                cpu_ms=sum(spent) / len(spent) if spent else None,
            )
        )
    return rows


def host_rows(
    samples: Iterable[Sample],
    windows: Mapping[str, float],
    cpu: Mapping[str, float | None],
) -> list[HostRow]:
    """Per host: the requests it answered, of every kind, per second of its window,
    and its gunicorn's CPU (master and workers) divided by them. A host whose CPU is
    unknown (None) gets none."""
    answered: dict[str, int] = dict.fromkeys(windows, 0)
    for sample in samples:
        if sample.answered:
            answered[sample.host] = answered.get(sample.host, 0) + 1
    rows = []
    for host in sorted(answered):
        count = answered[host]
        window = windows.get(host, 0.0)
        seconds = cpu.get(host)
        rows.append(
            HostRow(
                host=host,
                answered=count,
                per_second=count / window if window > 0 else float("nan"),
                cpu_seconds=seconds,
                cpu_ms_per_request=(
                    seconds * 1000 / count if seconds is not None and count else None
                ),
            )
        )
    return rows


def report_lines(
    samples: Sequence[Sample],
    windows: Mapping[str, float],
    cpu: Mapping[str, float | None],
) -> list[str]:
    """The two tables, as printed."""
    lines = ["Per host (gunicorn's CPU from /proc: master and workers):"]
    for row in host_rows(samples, windows, cpu):
        cpu_text = (
            f"{row.cpu_seconds:.1f} s CPU, {row.cpu_ms_per_request:.1f} ms per request"
            if row.cpu_ms_per_request is not None and row.cpu_seconds is not None
            else "CPU unknown"
        )
        lines.append(
            f"  host {row.host}: {row.answered} requests in "
            f"{windows.get(row.host, 0):.1f} s, {row.per_second:.1f}/s, {cpu_text}"
        )
    lines.append(
        "Per host and kind (count, errors = no answer or 5xx, per second, "
        "p50/p95/p99 ms of the answered, the app's mean CPU ms per request):"
    )
    for row in kind_rows(samples, windows):
        cpu_text = f"{row.cpu_ms:8.1f} CPU" if row.cpu_ms is not None else ""
        lines.append(
            f"  {row.host} {row.kind:<20} {row.count:6d} {row.errors:4d} err "
            f"{row.per_second:7.1f}/s  {row.p50_ms:6.0f} {row.p95_ms:6.0f} "
            f"{row.p99_ms:6.0f}{cpu_text}"
        )
    return lines
