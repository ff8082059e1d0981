"""The pairing library is pure Python: no Django, a small public interface."""

from __future__ import annotations

import ast
import dataclasses
import subprocess
import sys
from pathlib import Path

import pytest

import tournaments.pairing
from tournaments.pairing import Pairing, PairingError, Result, Standing

ROOT = Path(__file__).resolve().parents[3]


def test_pairing_imports_without_django() -> None:
    code = (
        "import sys, tournaments.pairing; "
        "assert 'django' not in sys.modules, 'the pairing library imported Django'; "
        "print(sorted(m for m in sys.modules if m.startswith('tournaments')))"
    )
    run = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True
    )
    assert run.returncode == 0, run.stderr
    assert "tournaments.pairing.swiss" in run.stdout


def test_pairing_exports_the_public_interface() -> None:
    names = {
        "draw_bracket", "bracket_state", "bracket_dependents", "elimination_standings",
        "round_robin_schedule", "round_robin_standings", "swiss_pairings",
        "swiss_rounds", "swiss_standings", "progressive_first_round",
        "progressive_next_round", "progressive_standings", "table_winners",
        "seed_order", "PairingError", "Result", "Pairing", "Standing", "MatchKey",
    }  # fmt: skip
    assert names <= set(tournaments.pairing.__all__)
    assert all(hasattr(tournaments.pairing, name) for name in names)


def test_data_in_and_out_is_frozen() -> None:
    for cls in (Pairing, Result, Standing):
        assert dataclasses.is_dataclass(cls)
        assert cls.__dataclass_params__.frozen  # type: ignore[attr-defined]
    with pytest.raises(dataclasses.FrozenInstanceError):
        Result(("a", "b"), "a").winner = "b"  # type: ignore[misc]


def test_an_entrant_given_twice_is_refused_with_its_field() -> None:
    with pytest.raises(PairingError) as refused:
        tournaments.pairing.draw_bracket(["a", "b", "a"])
    assert (refused.value.code, refused.value.field) == ("entrant_twice", "entrants")
    assert refused.value.params == {"entrant": "a"}
    assert "twice" in refused.value.message


def test_pairing_imports_the_standard_library_and_networkx_only() -> None:
    package = ROOT / "tournaments" / "pairing"
    imported: set[str] = set()
    for path in package.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                imported.update(alias.name.split(".")[0] for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                imported.add((node.module or "").split(".")[0])
    assert "networkx" in imported
    assert imported - {"networkx"} <= set(sys.stdlib_module_names)
