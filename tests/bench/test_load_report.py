"""The load test's figures per host and kind of request, from made-up samples."""

import math

from bench.load.report import (
    JOIN,
    LIVE_UNCHANGED,
    RECORD,
    Sample,
    host_rows,
    kind_rows,
    report_lines,
)
from bench.load.web import app_cpu_ms


def samples() -> list[Sample]:
    made = [Sample("A", RECORD, 0, ms / 1000, 201) for ms in range(1, 101)]
    made += [Sample("A", RECORD, 0, 5.0, 500), Sample("A", RECORD, 0, 9.0, 0)]
    made += [Sample("B", LIVE_UNCHANGED, 0, 0.002, 204, 1.0 + n % 2) for n in range(30)]
    made += [Sample("B", JOIN, 0, 0.01, 404), Sample("B", JOIN, 0, 0.01, 429)]
    return made


def test_each_hosts_kinds_get_their_rate_and_percentiles() -> None:
    rows = {
        (row.host, row.kind): row for row in kind_rows(samples(), {"A": 10, "B": 4})
    }

    record = rows["A", RECORD]
    # The 500 is answered (counted) but an error, and not among the latencies; the
    # request without an answer counts only as an error.
    assert (record.count, record.errors) == (101, 2)
    assert record.per_second == 10.1
    assert (record.p50_ms, record.p95_ms, record.p99_ms) == (51, 96, 100)
    assert rows["B", LIVE_UNCHANGED].per_second == 7.5
    assert rows["B", JOIN].errors == 0
    assert list(rows) == [("A", RECORD), ("B", LIVE_UNCHANGED), ("B", JOIN)]


def test_cpu_per_request_is_the_hosts_cpu_over_what_it_answered() -> None:
    rows = {
        row.host: row
        for row in host_rows(
            samples(), {"A": 10, "B": 4, "C": 1}, {"A": 2.02, "B": None}
        )
    }

    assert rows["A"].answered == 101
    assert math.isclose(rows["A"].cpu_ms_per_request, 20.0)
    assert rows["B"].answered == 32
    assert rows["B"].cpu_ms_per_request is None
    # A host that answered nothing is listed, with nothing to divide.
    assert rows["C"].answered == 0
    assert rows["C"].cpu_ms_per_request is None


def test_the_report_names_every_host_and_kind() -> None:
    text = "\n".join(report_lines(samples(), {"A": 10, "B": 4}, {"A": 2.02, "B": 1.0}))
    assert (
        "host A: 101 requests in 10.0 s, 10.1/s, 2.0 s CPU, 20.0 ms per request" in text
    )
    assert "B live poll unchanged" in text
    assert "B join code" in text


def test_each_kind_gets_the_mean_cpu_its_answers_reported() -> None:
    rows = {(row.host, row.kind): row for row in kind_rows(samples(), {"A": 1, "B": 1})}
    # Half said 1.0 ms, half 2.0 ms.
    assert math.isclose(rows["B", LIVE_UNCHANGED].cpu_ms, 1.5)
    # None of the records said: no figure rather than a zero.
    assert rows["A", RECORD].cpu_ms is None
    text = "\n".join(report_lines(samples(), {"A": 1, "B": 1}, {"A": 1.0, "B": 1.0}))
    assert "1.5 CPU" in text


def test_the_sites_cpu_is_read_from_server_timing() -> None:
    assert app_cpu_ms("app;dur=12.34") == 12.34
    assert app_cpu_ms("db;dur=3, app;dur=0.50") == 0.5
    assert app_cpu_ms("db;dur=3") is None
    assert app_cpu_ms(None) is None
