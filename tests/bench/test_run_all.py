"""`make bench` (bench/run_all.py): every bench runs even after one misses, the
summary names each target met or missed, and the exit status says if any missed."""

import sys
from pathlib import Path

import pytest

from bench import run_all


def script(tmp_path: Path, name: str, body: str) -> str:
    path = tmp_path / f"{name}.py"
    path.write_text(body)
    return str(path)


@pytest.fixture
def three(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> list[run_all.Bench]:
    missed = script(
        tmp_path,
        "slow",
        "import sys\nprint('3 hands/s, which is BELOW the target of 5')\nsys.exit(1)\n",
    )
    met = script(tmp_path, "fast", "print('9 hands/s, which meets the target of 5')\n")
    crash = script(tmp_path, "crash", "raise SystemExit(3)\n")
    return [
        run_all.Bench("slow", [missed]),
        run_all.Bench("fast", [met]),
        run_all.Bench("crash", [crash]),
        run_all.Bench("needs postgres", ["nothing.py"], skip="no DATABASE_URL"),
    ]


def test_every_bench_runs_after_a_miss_and_the_summary_names_each(
    three: list[run_all.Bench],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setattr(run_all, "benches", lambda: three)
    assert run_all.main() == 1
    out = capsys.readouterr().out
    summary = out[out.index("== Summary") :]
    assert "MISSED  slow" in summary
    assert "BELOW the target of 5" in summary
    assert "met  fast" in summary
    assert "which meets the target of 5" in summary
    assert "FAILED  crash" in summary
    assert "exit status 3" in summary
    assert "skipped  needs postgres" in summary
    assert "Missed or failed: slow, crash." in summary


def test_all_met_exits_zero(
    three: list[run_all.Bench],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setattr(run_all, "benches", lambda: [three[1], three[3]])
    assert run_all.main() == 0
    assert "Every target met." in capsys.readouterr().out


def test_the_real_list_runs_each_bench_script_that_exists() -> None:
    for bench in run_all.benches():
        assert Path(run_all.ROOT, bench.argv[0]).exists() or bench.skip, bench
    assert sys.executable == run_all.PYTHON
