"""Bank files are written whole or not at all: a write that fails half way (a full disk) leaves the old
file as it was. The failing writes are real: a child process with a file-size limit (RLIMIT_FSIZE), so the
kernel refuses the write past the limit (EFBIG) just as a full disk refuses it (ENOSPC)."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from bot.banks.model import load_bank, load_banks_serving
from bot.files import write_atomically

ROOT = Path(__file__).resolve().parent.parent
SEED = ROOT / "data" / "banks" / "finetuning-2025.json"

# Runs in a child: `setup` (before the limit), then `action` with writes limited to LIMIT bytes a file.
CHILD = """
import asyncio, random, resource, signal, sys
from datetime import UTC, datetime
from pathlib import Path
from bot.banks.model import load_bank, load_banks, save_bank
from bot.banks.key_fix import KeyFixError
folder = Path(sys.argv[1])
limit = int(sys.argv[2])
signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # refused writes raise OSError instead of killing the process
{body}
"""

UPLOAD = """
bank = load_bank(folder / "finetuning-2025.json")
bigger = bank.model_copy(update={"title": bank.title + " " + "x" * 50_000})
resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
try:
    save_bank(bigger, folder)
except OSError as exc:
    print("refused:", exc.strerror)
"""

FIXKEY = """
from bot.store import Store
from bot.study.engine import StudyEngine
from bot.study.bank_admin import BankAdmin

async def main():
    store = await Store.open(folder.parent / "db.sqlite3")
    engine = await StudyEngine.create(store, load_banks(folder), clock=lambda: datetime.now(UTC),
                                      rng=random.Random(1))
    question = next(q for q in engine.banks["finetuning-2025"].questions if q.kind == "single")
    other = next(letter for letter in question.options if letter != question.letters)
    resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
    try:
        await BankAdmin(engine, folder).fix_key("finetuning-2025", question.id, other)
    except KeyFixError as exc:
        print("refused:", exc.message("en"))
    await store.close()

asyncio.run(main())
"""


def _run(tmp_path: Path, body: str, limit: int) -> tuple[Path, str]:
    folder = tmp_path / "banks"
    folder.mkdir()
    (folder / SEED.name).write_bytes(SEED.read_bytes())
    done = subprocess.run(
        [sys.executable, "-c", CHILD.format(body=textwrap.dedent(body)), str(folder), str(limit)],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=tmp_path,
        env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"},
    )
    assert done.returncode == 0, done.stderr
    return folder, done.stdout


@pytest.mark.parametrize("body", [UPLOAD, FIXKEY], ids=["upload", "fixkey"])
def test_a_write_refused_half_way_leaves_the_bank_file_as_it_was(tmp_path: Path, body: str) -> None:
    folder, out = _run(tmp_path, body, limit=SEED.stat().st_size // 2)
    assert "refused:" in out and "File too large" in out
    assert (folder / SEED.name).read_bytes() == SEED.read_bytes()  # untouched, still valid JSON
    assert [p.name for p in folder.iterdir()] == [SEED.name]  # no temporary file left behind


def test_write_atomically_replaces_whole_and_keeps_the_mode(tmp_path: Path) -> None:
    target = tmp_path / "b.json"
    target.write_text("old")
    target.chmod(0o640)
    write_atomically(target, json.dumps({"a": "新"}, ensure_ascii=False))
    assert json.loads(target.read_text(encoding="utf-8")) == {"a": "新"}
    assert target.stat().st_mode & 0o777 == 0o640
    assert [p.name for p in tmp_path.iterdir()] == ["b.json"]


def test_an_unreadable_bank_file_is_reported_and_the_others_served(tmp_path: Path) -> None:
    (tmp_path / SEED.name).write_bytes(SEED.read_bytes())
    (tmp_path / "broken.json").write_bytes(SEED.read_bytes()[:5000])  # half a file
    (tmp_path / "wrong.json").write_text('{"id": "w"}', encoding="utf-8")
    banks, problems = load_banks_serving(tmp_path)
    assert [b.id for b in banks] == [load_bank(SEED).id]
    assert sorted(p.name for p, _ in problems) == ["broken.json", "wrong.json"]
    assert all(why for _, why in problems)
