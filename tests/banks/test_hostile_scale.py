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
SECONDS = 60.0  # of CPU time at the full size: the quadratic forms took hours
# Ten times the input costs about ten times the CPU when reading is linear and a hundred times when it is
# quadratic; the growth is read, not a budget the machine's load would decide.
GROWTH = 30.0


def _cpu(hostile: object, repetitions: int) -> float:
    started = time.process_time()
    read(hostile, repetitions)  # type: ignore[arg-type]
    return time.process_time() - started


@pytest.mark.parametrize("name", list(ONCE_QUADRATIC))
def test_a_pattern_once_read_in_quadratic_time_reads_a_hundred_times_bigger_within_seconds(name: str) -> None:
    hostile = next(h for h in HOSTILE if h.name == name)
    size = ONCE_QUADRATIC[name]
    small = _cpu(hostile, size // 10)
    big = _cpu(hostile, size)
    assert big < SECONDS
    assert big < GROWTH * max(small, 0.05), f"{name}: {small:.2f} s at {size // 10}, {big:.2f} s at {size}"


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
