"""`studybot run` on a database it cannot write (a read-only or full disk) exits 2 with one sentence."""

from __future__ import annotations

import os
import resource
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from bot.store.db import open_sync

ROOT = Path(__file__).resolve().parents[1]


def _env(db: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("STUDYBOT_")}
    env.update(STUDYBOT_TOKEN="123456:ABCDEF", STUDYBOT_DB=str(db), STUDYBOT_API_URL="http://127.0.0.1:9/bot")
    env["PYTHONPATH"] = str(ROOT)
    return env


def _run(argv: list[str], db: Path, **kwargs: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run(argv, capture_output=True, text=True, env=_env(db), timeout=60, **kwargs)  # type: ignore[call-overload]


def _read_only(tmp_path: Path) -> subprocess.CompletedProcess[str]:
    """The bot started on a database in a folder it cannot write: as an ordinary user, a folder and file
    without write permission; as root (which permission bits do not stop), a read-only file system."""
    bot = [sys.executable, "-m", "bot", "run"]
    if os.geteuid() != 0:
        folder = tmp_path / "ro"
        folder.mkdir()
        db = folder / "studybot.sqlite3"
        open_sync(db).close()
        db.chmod(0o444)
        folder.chmod(0o555)
        try:
            return _run(bot, db, cwd=tmp_path)
        finally:
            folder.chmod(0o755)
    assert shutil.which("unshare"), "as root, this test needs unshare(1) to mount a read-only file system"
    folder = tmp_path / "ro"
    folder.mkdir()
    db = folder / "studybot.sqlite3"
    seed = tmp_path / "seed.sqlite3"
    open_sync(seed).close()
    script = (
        f"mount -t tmpfs tmpfs {shlex.quote(str(folder))} && cp {shlex.quote(str(seed))} {shlex.quote(str(db))} && "
        f"mount -o remount,ro {shlex.quote(str(folder))} && exec {shlex.join(bot)}"
    )
    return _run(["unshare", "-m", "sh", "-c", script], db, cwd=tmp_path)


def _full(tmp_path: Path) -> subprocess.CompletedProcess[str]:
    """The bot started where no file may grow (RLIMIT_FSIZE: what a full disk does to a write, EFBIG)."""
    db = tmp_path / "studybot.sqlite3"
    open_sync(db).close()

    def no_room() -> None:  # a file may not grow past 1 KB: the first write to the log of changes fails
        resource.setrlimit(resource.RLIMIT_FSIZE, (1024, 1024))

    return _run([sys.executable, "-m", "bot", "run"], db, cwd=tmp_path, preexec_fn=no_room)


@pytest.mark.parametrize("fault", [_read_only, _full], ids=["read-only", "full"])
def test_start_up_on_an_unwritable_database_exits_2_with_one_sentence(tmp_path: Path, fault: object) -> None:
    out = fault(tmp_path)  # type: ignore[operator]
    said = out.stderr.strip()
    assert out.returncode == 2, said
    assert len(said.splitlines()) == 1, said
    assert "cannot be written" in said and "studybot.sqlite3" in said
    assert "Traceback" not in said and "cannot reach the Bot API" not in said
