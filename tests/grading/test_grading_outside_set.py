"""bench/grading_heldout.py judges an outside set (a bank and its replies given on the command line) the way
the held-out sets here are judged, and counts each kind of disagreement apart: a right answer refused, a
wrong one credited, and credit above what a teacher gives (full marks for a partial answer)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

BANK = {
    "id": "outside-astronomy",
    "title": "天文（自编）",
    "source": "written for this test",
    "questions": [
        {"id": "fill-1", "kind": "fill", "number": 1, "prompt": "离太阳最近的行星是___________。", "answer": ["水星"]},
        {"id": "fill-2", "kind": "fill", "number": 2, "prompt": "木星有一颗卫星叫___________。", "answer": ["木卫一"]},
    ],
}
ROWS = [
    {"bank": "outside-astronomy", "q": "fill-1", "reply": "水星", "expect": "correct"},  # agreed
    {"bank": "outside-astronomy", "q": "fill-1", "reply": "金星", "expect": "wrong"},  # agreed
    {"bank": "outside-astronomy", "q": "fill-1", "reply": "金星", "expect": "correct"},  # refused
    {"bank": "outside-astronomy", "q": "fill-1", "reply": "水星", "expect": "wrong"},  # accepted wrongly
    {"bank": "outside-astronomy", "q": "fill-2", "reply": "木卫一", "expect": "partial"},  # over-credited
    {"bank": "outside-astronomy", "q": "fill-2", "reply": "木卫一", "expect": "correct", "score": [0, 0.5]},  # over
]


def test_an_outside_set_is_judged_and_each_disagreement_counted(tmp_path: Path) -> None:
    bank = tmp_path / "bank.json"
    bank.write_text(json.dumps(BANK, ensure_ascii=False), encoding="utf-8")
    replies = tmp_path / "replies.jsonl"
    replies.write_text("\n".join(json.dumps(r, ensure_ascii=False) for r in ROWS) + "\n", encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "bench/grading_heldout.py", "--bank", str(bank), "--replies", str(replies), "--list"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    header = lines[0].split()
    total = dict(zip(header[1:], next(line for line in lines if line.startswith("all")).split()[1:], strict=True))
    assert total == {
        "replies": "6",
        "agreed": "2",
        "refused": "1",
        "accepted": "1",
        "over": "2",
        "other": "0",
        "limits": "0",
    }
    assert "agreement 2/6 = 33.3%" in done.stdout
    assert sum(line.startswith("[over]") for line in lines) == 2


def test_a_bank_without_its_replies_is_refused() -> None:
    done = subprocess.run(
        [sys.executable, "bench/grading_heldout.py", "--bank", "nothing.json"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 2 and "needs both --bank and --replies" in done.stderr
