"""`python -m bot.health`: the container's health check."""

from __future__ import annotations

import os
import sqlite3
import time
from pathlib import Path

import pytest

from bot.health import check_database, find_bot_process, heartbeat_path, main
from bot.store.db import open_sync


def fake_proc(root: Path, processes: dict[int, list[str]]) -> Path:
    for pid, argv in processes.items():
        (root / str(pid)).mkdir(parents=True)
        (root / str(pid) / "cmdline").write_bytes(b"\0".join(a.encode() for a in argv) + b"\0")
    (root / "self").mkdir(exist_ok=True)  # /proc holds non-pid entries too
    return root


def make_db(path: Path) -> Path:
    open_sync(path).close()  # the bot's database, as it makes it
    return path


def test_database_checks(tmp_path: Path) -> None:
    assert check_database(make_db(tmp_path / "ok.sqlite3")) is None
    missing = tmp_path / "missing.sqlite3"
    assert "database not found" in (check_database(missing) or "")
    assert not missing.exists()  # the check never creates a database
    junk = tmp_path / "junk.sqlite3"
    junk.write_bytes(b"not a database" * 100)
    assert "does not open" in (check_database(junk) or "")


def test_a_database_that_answers_but_takes_no_write_is_unhealthy(tmp_path: Path) -> None:
    db = make_db(tmp_path / "full.sqlite3")
    locker = sqlite3.connect(db, isolation_level=None)
    locker.execute("BEGIN EXCLUSIVE")  # another process holds the write lock: no write gets through
    try:
        problem = check_database(db, timeout=0.2)
    finally:
        locker.execute("ROLLBACK")
        locker.close()
    assert "cannot be written" in (problem or "")
    assert check_database(db) is None


def test_finds_the_bot_process(tmp_path: Path) -> None:
    proc = fake_proc(
        tmp_path / "proc",
        {
            1: ["/app/.venv/bin/python", "/app/.venv/bin/studybot", "run"],
            7: ["/bin/sh", "-c", "python -m bot.health"],
        },
    )
    assert find_bot_process(proc) == 1
    assert find_bot_process(fake_proc(tmp_path / "p2", {3: ["python", "-m", "bot", "run", "--webhook", "x"]})) == 3
    assert find_bot_process(fake_proc(tmp_path / "p3", {4: ["studybot", "backup", "run"]})) is None


def test_main_reports_health(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys) -> None:
    db = make_db(tmp_path / "bot.sqlite3")
    monkeypatch.setenv("STUDYBOT_DB", str(db))
    running = fake_proc(tmp_path / "proc", {1: ["studybot", "run"]})
    stopped = fake_proc(tmp_path / "proc2", {1: ["sleep", "9"]})
    beat = heartbeat_path(db)
    assert main([], proc=running) == 1  # running, but its loop never beat: still starting, or stuck
    assert "no heartbeat yet" in capsys.readouterr().out
    beat.write_text("1\n")
    assert main([], proc=running) == 0
    assert "healthy" in capsys.readouterr().out
    old = time.time() - 120
    os.utime(beat, (old, old))  # the event loop stopped turning two minutes ago
    assert main([], proc=running) == 1
    assert "has not run for 120 s (stuck)" in capsys.readouterr().out
    assert main(["--stale", "300"], proc=running) == 0
    capsys.readouterr()
    assert main([], proc=stopped) == 1
    assert "no `studybot run` process" in capsys.readouterr().out
    assert main(["--no-process"], proc=stopped) == 0
    monkeypatch.setenv("STUDYBOT_DB", str(tmp_path / "gone.sqlite3"))
    assert main([], proc=running) == 1
    assert "database not found" in capsys.readouterr().out
