"""How reading time grows with hostile input: each pattern of tests/banks/hostile.py is read at n and at
4n repetitions; the ratio of the times says how it grows (about 4: linear; about 16: quadratic; a line
is marked when it is over 8). A pattern's input is a web page or plain text, read as an upload is read.

    python bench/scale.py              # n = 2,000
    python bench/scale.py --n 500 --only "nested ol" "glued options"
"""

from __future__ import annotations

import argparse
import platform
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.banks.hostile import HOSTILE, read  # noqa: E402


def best(seconds: list[float]) -> float:
    return max(min(seconds), 1e-4)


def measure(n: int, only: list[str] | None = None, repeat: int = 3) -> list[tuple[str, float, float]]:
    """(name, seconds at n, seconds at 4n) for each pattern, the best of `repeat` runs (CPU time)."""
    out = []
    for h in HOSTILE:
        if only and h.name not in only:
            continue
        times = []
        for size in (n, 4 * n):
            runs = []
            for _ in range(repeat):
                started = time.process_time()
                read(h, size)
                runs.append(time.process_time() - started)
            times.append(best(runs))
        out.append((h.name, times[0], times[1]))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=2000)
    parser.add_argument("--only", nargs="*")
    args = parser.parse_args(argv)
    print(f"{platform.processor() or platform.machine()}, Python {platform.python_version()}, n = {args.n:,}")
    print(f"{'pattern':34} {'n':>9} {'4n':>9} {'ratio':>6}")
    for name, small, big in measure(args.n, args.only):
        ratio = big / small
        mark = "  <- grows faster than its input" if ratio > 8 and big > 0.05 else ""
        print(f"{name:34} {small:8.3f}s {big:8.3f}s {ratio:6.1f}{mark}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
