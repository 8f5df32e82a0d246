"""`studybot import` reads under the bot's limits on uploads (a capped process, the text and questions a
document may yield), and `--no-limits` lifts them."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

from tests.banks.sheet_bombs import shared_string_bomb

ROOT = Path(__file__).resolve().parents[2]


def _import(tmp_path: Path, *args: str) -> tuple[subprocess.CompletedProcess[str], float, float]:
    """`python -m bot import ARGS`: its answer, its seconds and the peak memory of the command (MB)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("STUDYBOT_")}
    env["PYTHONPATH"] = str(ROOT)
    code = (
        "import resource, subprocess, sys; "
        "out = subprocess.run([sys.executable, '-m', 'bot', 'import', *sys.argv[1:]], capture_output=True, text=True); "
        "sys.stdout.write(out.stdout); sys.stderr.write(out.stderr); "
        "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, file=sys.stderr); sys.exit(out.returncode)"
    )
    started = time.monotonic()
    out = subprocess.run(
        [sys.executable, "-c", code, *args], capture_output=True, text=True, env=env, cwd=tmp_path, timeout=300
    )
    *said, peak = out.stderr.rstrip().splitlines()
    out.stderr = "\n".join(said)
    return out, time.monotonic() - started, int(peak) / 1024


def test_the_shared_string_bomb_is_refused_quickly_and_the_command_stays_small(tmp_path: Path) -> None:
    (tmp_path / "bomb.xlsx").write_bytes(shared_string_bomb(11_500_000, rows=10))
    out, seconds, peak_mb = _import(tmp_path, "bomb.xlsx", "--out", "banks")
    assert out.returncode == 1, out.stderr
    assert "5,000,000 characters" in out.stderr and "Traceback" not in out.stderr
    assert seconds < 30 and peak_mb < 400, (seconds, peak_mb)  # it grew past 4 GB
    assert not (tmp_path / "banks").exists()


def _many(n: int) -> str:
    return "".join(f"{i}. 第{i}题是什么？\nA. 甲\nB. 乙\n答案：A\n" for i in range(1, n + 1))


def test_no_limits_lifts_the_bots_limits(tmp_path: Path) -> None:
    (tmp_path / "many.txt").write_text(_many(5_200), encoding="utf-8")
    out, _, _ = _import(tmp_path, "many.txt", "--out", "banks")
    assert out.returncode == 1 and "5,200 questions, over the limit of 5,000" in out.stderr
    assert "--no-limits" in out.stderr
    out, _, _ = _import(tmp_path, "many.txt", "--out", "banks", "--no-limits")
    assert out.returncode == 0, out.stderr
    assert (tmp_path / "banks" / "many.json").exists()
