"""`make bench`: every bench, even after one misses its target, then one summary.

Each bench prints its own figures and ends with the lines that name its target; its
exit status says whether the target was met (0) or missed (1; anything else is a
crash). This runs them in turn, shows their output as it comes, then prints every
bench's verdict with the lines that mention its target, and exits 1 if any missed or
failed. A bench that needs what the machine lacks (PostgreSQL for some) is skipped,
and says why.
"""

from __future__ import annotations

import glob
import os
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PYTHON = sys.executable


@dataclass
class Bench:
    name: str
    argv: list[str]
    env: dict[str, str | None] = field(default_factory=dict)
    # Why it cannot run here, or None.
    skip: str | None = None


@dataclass
class Outcome:
    bench: Bench
    status: str  # met, MISSED, FAILED, skipped
    seconds: float = 0.0
    target_lines: list[str] = field(default_factory=list)


def benches() -> list[Bench]:
    postgres = bool(os.environ.get("DATABASE_URL"))
    no_postgres = "no DATABASE_URL (set it to a PostgreSQL database)"
    server = bool(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"))
    return [
        Bench("engine", ["bench/engine_bench.py"]),
        Bench("table", ["bench/table_bench.py"]),
        Bench("polls", ["bench/poll_bench.py"]),
        Bench("pairing", ["bench/pairing_bench.py"]),
        Bench("api (SQLite)", ["bench/api_bench.py"], env={"DATABASE_URL": None}),
        Bench(
            "api (PostgreSQL)",
            ["bench/api_bench.py"],
            skip=None if postgres else no_postgres,
        ),
        Bench("leaderboard", ["bench/leaderboard_bench.py"]),
        Bench(
            "stats", ["bench/stats_bench.py"], skip=None if postgres else no_postgres
        ),
        Bench(
            "correction",
            ["bench/correction_bench.py"],
            skip=None if postgres else no_postgres,
        ),
        Bench(
            "load test",
            ["bench/loadtest.py", "--no-faults", "--tables", "100"],
            skip=None if server else "no PostgreSQL server binaries (pg_ctl)",
        ),
    ]


def run(bench: Bench) -> Outcome:
    if bench.skip:
        print(f"\n== {bench.name}: skipped, {bench.skip}", flush=True)
        return Outcome(bench, "skipped", target_lines=[bench.skip])
    print(f"\n== {bench.name}: {' '.join(bench.argv)}", flush=True)
    env = dict(os.environ)
    for name, value in bench.env.items():
        if value is None:
            env.pop(name, None)
        else:
            env[name] = value
    started = time.perf_counter()
    lines: list[str] = []
    with subprocess.Popen(
        [PYTHON, *bench.argv],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    ) as process:
        assert process.stdout is not None
        for line in process.stdout:
            print(line, end="", flush=True)
            lines.append(line.rstrip())
    seconds = time.perf_counter() - started
    status = {0: "met", 1: "MISSED"}.get(process.returncode, "FAILED")
    if status == "FAILED":
        lines.append(f"exit status {process.returncode}")
    return Outcome(bench, status, seconds, _target_lines(lines))


def _target_lines(lines: list[str]) -> list[str]:
    """The lines of a bench's output that name a target (its verdicts), else its
    last line."""
    named = [line.strip() for line in lines if "target" in line.lower()]
    if named:
        return named[-4:]
    last = [line.strip() for line in lines if line.strip()]
    return last[-1:]


def summary(outcomes: list[Outcome]) -> str:
    rows = ["", "== Summary of every bench's target"]
    for outcome in outcomes:
        took = f" ({outcome.seconds:.0f} s)" if outcome.status != "skipped" else ""
        rows.append(f"{outcome.status:>8}  {outcome.bench.name}{took}")
        rows += [f"          {line}" for line in outcome.target_lines]
    missed = [o.bench.name for o in outcomes if o.status in ("MISSED", "FAILED")]
    rows.append("")
    rows.append(
        f"Missed or failed: {', '.join(missed)}." if missed else "Every target met."
    )
    return "\n".join(rows)


def main() -> int:
    outcomes = [run(bench) for bench in benches()]
    print(summary(outcomes))
    return 1 if any(o.status in ("MISSED", "FAILED") for o in outcomes) else 0


if __name__ == "__main__":
    sys.exit(main())
