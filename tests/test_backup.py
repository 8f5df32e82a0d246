"""`studybot backup`: an online copy while writes go on, atomic, with clear refusals."""

from __future__ import annotations

import asyncio
import hashlib
import sqlite3
from argparse import Namespace
from pathlib import Path

import aiosqlite
import pytest

from bot.cli import main
from bot.cli.backup import cmd_backup
from bot.store.backup import BackupError, backup_database, backup_file

PREFILL = 4000


def payload(i: int) -> bytes:
    # 1 KiB derived from the id, so a torn or mixed-up row shows.
    return hashlib.sha256(str(i).encode()).digest() * 32


def make_db(path: Path, rows: int = PREFILL) -> None:
    con = sqlite3.connect(path)
    con.execute("PRAGMA journal_mode=WAL")
    con.execute("CREATE TABLE item (id INTEGER PRIMARY KEY, body BLOB NOT NULL)")
    con.execute("CREATE TABLE tally (n INTEGER NOT NULL)")
    con.executemany("INSERT INTO item VALUES (?, ?)", ((i, payload(i)) for i in range(1, rows + 1)))
    con.execute("INSERT INTO tally VALUES (?)", (rows,))
    con.commit()
    con.close()


def check_copy(path: Path) -> int:
    """Assert the copy is sound and a consistent prefix of the writes; return its row count."""
    con = sqlite3.connect(path)
    try:
        assert con.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        ids = [row[0] for row in con.execute("SELECT id FROM item ORDER BY id")]
        assert ids == list(range(1, len(ids) + 1)), "rows are not a prefix of the writes"
        # The tally is updated in the same transaction as each insert: equal only in a consistent snapshot.
        assert con.execute("SELECT n FROM tally").fetchone()[0] == len(ids)
        for i, body in con.execute("SELECT id, body FROM item"):
            assert body == payload(i)
        return len(ids)
    finally:
        con.close()


async def test_backup_while_a_writer_inserts(tmp_path: Path) -> None:
    src, dest = tmp_path / "live.sqlite3", tmp_path / "copy.sqlite3"
    make_db(src)
    backup_running = asyncio.Event()
    stop = asyncio.Event()
    during: list[int] = []  # ids committed while the backup was running
    committed = [PREFILL]
    progress = asyncio.Event()

    async def writer() -> int:
        async with aiosqlite.connect(src) as db:
            await db.execute("PRAGMA busy_timeout=5000")
            i = PREFILL
            while not stop.is_set():
                i += 1
                await db.execute("INSERT INTO item VALUES (?, ?)", (i, payload(i)))
                await db.execute("UPDATE tally SET n = ?", (i,))
                await db.commit()
                committed[0] = i
                progress.set()
                if backup_running.is_set():
                    during.append(i)
                await asyncio.sleep(0)
            return i

    async def writes(n: int) -> None:
        """Until the writer has committed ``n`` more rows: counted, not timed."""
        target = committed[0] + n
        while committed[0] < target:
            progress.clear()
            await progress.wait()

    task = asyncio.create_task(writer())
    await writes(20)  # the writer is well under way
    backup_running.set()
    result = await backup_database(src, dest)
    backup_running.clear()
    await writes(5)  # and goes on after the backup
    stop.set()
    last = await task

    copied = check_copy(dest)
    assert PREFILL <= copied < last
    assert during, "no write happened while the backup ran, so the test proved nothing"
    assert result.dest == dest and result.size == dest.stat().st_size
    assert result.pages * result.page_size == result.size
    # The copy stands alone: no -wal file is needed beside it, and no temporary file is left.
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(("copy", ".copy"))) == ["copy.sqlite3"]
    # The live database is untouched and complete.
    con = sqlite3.connect(src)
    assert con.execute("SELECT count(*) FROM item").fetchone()[0] == last
    con.close()


def test_backup_replaces_an_older_copy_atomically(tmp_path: Path) -> None:
    src, dest = tmp_path / "live.sqlite3", tmp_path / "copy.sqlite3"
    make_db(src, rows=10)
    dest.write_bytes(b"an old backup")
    backup_file(src, dest)
    assert check_copy(dest) == 10


def test_cli_prints_what_was_copied(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys) -> None:
    src, dest = tmp_path / "live.sqlite3", tmp_path / "out.sqlite3"
    make_db(src, rows=50)
    monkeypatch.setenv("STUDYBOT_DB", str(src))
    assert main(["backup", str(dest)]) == 0
    out = capsys.readouterr().out
    pages = sqlite3.connect(dest).execute("PRAGMA page_count").fetchone()[0]
    assert f"{pages} pages" in out and str(dest) in out
    assert check_copy(dest) == 50


def test_missing_database_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys) -> None:
    monkeypatch.setenv("STUDYBOT_DB", str(tmp_path / "absent.sqlite3"))
    assert cmd_backup(Namespace(path=str(tmp_path / "out.sqlite3"))) == 2
    err = capsys.readouterr().err
    assert "database not found" in err and "absent.sqlite3" in err
    # Neither the database nor the backup was created by trying.
    assert list(tmp_path.iterdir()) == []


def test_missing_folder_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys) -> None:
    src = tmp_path / "live.sqlite3"
    make_db(src, rows=1)
    monkeypatch.setenv("STUDYBOT_DB", str(src))
    assert cmd_backup(Namespace(path=str(tmp_path / "nowhere" / "out.sqlite3"))) == 2
    assert "folder of PATH does not exist" in capsys.readouterr().err


@pytest.mark.parametrize("target", ["folder", "self"])
def test_bad_targets_are_refused(tmp_path: Path, target: str) -> None:
    src = tmp_path / "live.sqlite3"
    make_db(src, rows=1)
    dest = tmp_path if target == "folder" else src
    with pytest.raises(BackupError) as info:
        backup_file(src, dest)
    assert info.value.code == 2
    assert check_copy(src) == 1
