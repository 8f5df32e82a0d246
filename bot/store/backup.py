"""`studybot backup PATH`: an online copy of the SQLite database while the bot keeps writing.

SQLite's backup API copies the pages inside one read transaction, so in WAL mode the copy is a
consistent snapshot and the bot's writers are never blocked. The copy is written to a temporary
file beside PATH and renamed over it only when complete, so PATH never holds half a database.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path

from bot.files import fsync_dir, temporary_beside

__all__ = ["BackupError", "BackupResult", "backup_database", "backup_file"]


class BackupError(Exception):
    """A backup that cannot be made; the message says why in zh and en.

    `code` is the exit status: 2 for a wrong path (the database or PATH's folder is missing), 1 for a
    failure while copying.
    """

    def __init__(self, message: str, code: int = 2) -> None:
        super().__init__(message)
        self.code = code


@dataclass(frozen=True, slots=True)
class BackupResult:
    source: Path
    dest: Path
    pages: int
    page_size: int
    size: int  # bytes of the finished backup file
    seconds: float


def _check_paths(src: Path, dest: Path) -> None:
    if not src.is_file():
        raise BackupError(f"数据库不存在 / database not found: {src}")
    if dest.is_dir():
        raise BackupError(f"目标是一个文件夹，请给出文件名 / PATH is a folder, give a file name: {dest}")
    if not dest.parent.is_dir():
        raise BackupError(f"目标文件夹不存在 / the folder of PATH does not exist: {dest.parent}")
    if dest.exists() and dest.resolve() == src.resolve():
        raise BackupError(f"不能备份到数据库自身 / PATH is the database itself: {dest}")


def backup_file(src: Path, dest: Path) -> BackupResult:
    """Copy the database at `src` to `dest` atomically; safe while other connections write to `src`."""
    src, dest = Path(src), Path(dest)
    _check_paths(src, dest)
    started = time.perf_counter()
    tmp = temporary_beside(dest)
    try:
        # mode=rw: never create an empty database where the real one is missing.
        source = sqlite3.connect(f"{src.resolve().as_uri()}?mode=rw", uri=True, timeout=30)
        try:
            target = sqlite3.connect(tmp)
            try:
                # pages=-1 copies everything in one step, inside one read transaction: a stepwise
                # copy would restart each time a writer commits and might never finish.
                source.backup(target, pages=-1)
                # A self-contained file: no -wal beside the backup is needed to read it.
                target.execute("PRAGMA journal_mode=DELETE")
                check = target.execute("PRAGMA quick_check").fetchone()[0]
                if check != "ok":
                    raise BackupError(f"备份校验失败 / the backup failed its check: {check}", code=1)
                pages = int(target.execute("PRAGMA page_count").fetchone()[0])
                page_size = int(target.execute("PRAGMA page_size").fetchone()[0])
            finally:
                target.close()
        finally:
            source.close()
        with open(tmp, "rb+") as fh:
            os.fsync(fh.fileno())
        os.replace(tmp, dest)
        fsync_dir(dest.parent)
    except (sqlite3.Error, OSError) as exc:  # OSError: a full disk, say; PATH is untouched either way
        raise BackupError(f"备份失败 / backup failed: {src} -> {dest}: {exc}", code=1) from exc
    finally:
        with contextlib.suppress(FileNotFoundError):
            tmp.unlink()
    return BackupResult(src, dest, pages, page_size, dest.stat().st_size, time.perf_counter() - started)


async def backup_database(src: Path, dest: Path) -> BackupResult:
    """The same as `backup_file`, in a worker thread so the event loop keeps serving updates."""
    return await asyncio.to_thread(backup_file, Path(src), Path(dest))
