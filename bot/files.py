"""Files written whole or not at all: a temporary file in the same folder, flushed, fsynced, renamed.

A bank file (or a backup) overwritten in place is truncated first; a full disk or a crash in the middle
then leaves half a file where a good one was, and the bot cannot start. Written here, the old file stays
as it was until the new one is complete on disk, and a failure leaves no temporary file behind.
"""

from __future__ import annotations

import contextlib
import errno
import os
import sqlite3
import tempfile
from pathlib import Path

__all__ = ["fsync_dir", "storage_fault", "temporary_beside", "write_atomically"]

# SQLite's result codes of a database that cannot be written now, whatever was asked: read-only, full,
# failing, locked by another process, or its file unopenable (the volume gone)
_SQLITE_FAULTS = ("SQLITE_READONLY", "SQLITE_FULL", "SQLITE_IOERR", "SQLITE_BUSY", "SQLITE_LOCKED", "SQLITE_CANTOPEN")
_SQLITE_WORDS = ("readonly", "read-only", "disk is full", "disk i/o error", "database is locked", "unable to open")
_OS_FAULTS = frozenset({errno.ENOSPC, errno.EROFS, errno.EIO, errno.EDQUOT})


def storage_fault(exc: BaseException | None) -> bool:
    """Whether `exc` (or what caused it) is the disk's fault rather than ours: a read-only or full disk, an
    I/O error, a database locked by another process. The learner is told to try again later."""
    seen = 0
    while exc is not None and seen < 10:
        if isinstance(exc, sqlite3.OperationalError):
            name = getattr(exc, "sqlite_errorname", "") or ""
            if name.startswith(_SQLITE_FAULTS) or any(w in str(exc).lower() for w in _SQLITE_WORDS):
                return True
        elif isinstance(exc, OSError) and exc.errno in _OS_FAULTS:
            return True
        exc, seen = exc.__cause__ or exc.__context__, seen + 1
    return False


def fsync_dir(folder: Path) -> None:
    """Make a rename in `folder` durable; not every platform can open a folder, which is fine to skip."""
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def temporary_beside(path: Path) -> Path:
    """An empty temporary file in `path`'s folder (same file system: the rename is atomic)."""
    fd, name = tempfile.mkstemp(prefix=f".{path.name[:60]}.", suffix=".tmp", dir=path.parent)  # short: any name fits
    os.close(fd)
    return Path(name)


def write_atomically(path: Path, data: str | bytes, encoding: str = "utf-8") -> Path:
    """Replace `path` with `data`: the old content or the new one, never a mix (OSError on failure)."""
    path = Path(path)
    raw = data.encode(encoding) if isinstance(data, str) else data
    tmp = temporary_beside(path)
    try:
        with open(tmp, "wb") as fh:
            fh.write(raw)
            fh.flush()
            os.fsync(fh.fileno())
        if path.exists():  # keep the old file's permissions (a bank folder shared with a group, say)
            with contextlib.suppress(OSError):
                os.chmod(tmp, path.stat().st_mode & 0o7777)
        else:
            with contextlib.suppress(OSError):
                os.chmod(tmp, 0o666 & ~_umask())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise
    fsync_dir(path.parent)
    return path


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
