"""Every benchmark in bench/ still runs: each at a tiny size, as `python bench/NAME.py ...` from the
repository root, so a change of an API it uses fails here instead of on the day someone measures.

Nothing is timed: each run must exit 0 and print the lines its figures are read from.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

# (script and tiny arguments, what its output must hold)
RUNS: dict[str, tuple[list[str], list[str]]] = {
    "ai": (["--rounds", "1", "--replies", "2", "--learners", "3", "--delay", "0.01", "--cap", "2"], ["round 1:"]),
    "ai_chat": (["--rounds", "1", "--learners", "2"], ["round 1: reply to verdict"]),
    "broadcast": (
        ["--n", "60", "--seconds", "0.5", "--sizes", "60"],
        ["paced:", "unpaced:", "questions_vs_plain", "memory:"],
    ),
    "engine": (["--learners", "200", "--attempts", "1000", "--samples", "50"], ["answer", "bytes per attempt"]),
    "grading": (["--rounds", "1"], ["fill", "case"]),
    "grading_heldout": ([], ["all"]),
    "importer": (["--questions", "50", "--rounds", "1"], ["peak heap"]),
    "importer_corpus": ([], ["imported, matching none"]),
    "stats_picture": (["--rounds", "1"], ["pictures/s"]),
    "updates": (["--users", "4", "--answers", "2", "--rounds", "1"], ["answers graded/s", "of the echo bot"]),
}


def test_every_benchmark_has_a_smoke_run() -> None:
    assert sorted(RUNS) == sorted(p.stem for p in (ROOT / "bench").glob("*.py"))


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(RUNS))
def test_benchmark_runs_at_a_tiny_size(name: str) -> None:
    args, expected = RUNS[name]
    done = subprocess.run(
        [sys.executable, str(ROOT / "bench" / f"{name}.py"), *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    for line in expected:
        assert line in done.stdout, f"{name}: {line!r} not in its output:\n{done.stdout[-2000:]}"
