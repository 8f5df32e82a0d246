"""Each pattern the reader once read in quadratic time, read at a hundred times the size at which it was
already slow (a `<style>` without braces: 40,000 characters took 8.5 s, a megabyte about an hour and a
half), within seconds of CPU time. bench/scale.py measures how every pattern of tests/banks/hostile.py
grows (docs/benchmarks.md)."""

from __future__ import annotations

import time

import pytest

from tests.banks.hostile import HOSTILE, read

# pattern -> repetitions: a hundred times the size at which each took a second or more before
ONCE_QUADRATIC = {
    "style without braces": 500_000,  # a megabyte of CSS without a brace
    "style never closed": 100_000,
    "css comments never closed": 100_000,
    "nested ol": 100_000,  # lists nested 100,000 deep
    "glued options": 40_000,  # a megabyte of questions and options on one line, no line break
    "option letters only": 100_000,
    "underscores": 100_000,
    "headings": 50_000,
    "blank lines": 100_000,
    "latin words": 40_000,  # "Answer Answer …" on one line: the generic reader recursed once a word
}
SECONDS = 20.0  # of CPU time; each takes about 2 s at most on a laptop, the quadratic forms took hours


@pytest.mark.parametrize("name", list(ONCE_QUADRATIC))
def test_a_pattern_once_read_in_quadratic_time_reads_a_hundred_times_bigger_within_seconds(name: str) -> None:
    hostile = next(h for h in HOSTILE if h.name == name)
    started = time.process_time()
    read(hostile, ONCE_QUADRATIC[name])
    assert time.process_time() - started < SECONDS


def test_every_hostile_pattern_reads_at_a_small_size() -> None:
    """The benchmark's smoke test: bench/scale.py at a tiny size, every pattern read."""
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parents[2] / "bench" / "scale.py"
    spec = importlib.util.spec_from_file_location("scale_bench", path)
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    rows = bench.measure(20, repeat=1)
    assert [name for name, _, _ in rows] == [h.name for h in HOSTILE]
    assert all(small >= 0 and big >= 0 for _, small, big in rows)
