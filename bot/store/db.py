"""The one database connection: WAL, foreign keys, a busy timeout, and a lock that makes it a single writer."""

from __future__ import annotations

import asyncio
import sqlite3
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import TypeVar

import aiosqlite

from bot.store.migrations import apply_migrations

__all__ = ["BUSY_TIMEOUT_MS", "Store", "check_writable", "open_sync", "probe"]

T = TypeVar("T")

BUSY_TIMEOUT_MS = 5000

_PRAGMAS = (
    "PRAGMA journal_mode = WAL",
    "PRAGMA synchronous = NORMAL",  # durable across process crashes in WAL mode; fsync at checkpoints
    "PRAGMA foreign_keys = ON",
    f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}",
)
# A checkpoint copies the WAL into the database and fsyncs it, inside the commit that crosses the
# threshold: milliseconds for that one answer. SQLite's default (1,000 pages) does it every ~100
# answers; 10,000 pages (~40 MB of WAL) makes it ten times rarer. (A background checkpointer on a
# second connection was tried: its fsyncs stalled the writer more often; see docs/benchmarks.md.)
_AUTOCHECKPOINT_PAGES = 10000


def _prepare(conn: sqlite3.Connection) -> None:
    for pragma in _PRAGMAS:
        conn.execute(pragma)


def open_sync(path: Path | str, *, migrate: bool = True, target: int | None = None) -> sqlite3.Connection:
    """A plain sqlite3 connection with the same settings (for migrations, bulk loads and tools)."""
    if str(path) != ":memory:":
        Path(path).parent.mkdir(parents=True, exist_ok=True)
    conn = sqlite3.connect(str(path), isolation_level=None)
    _prepare(conn)
    if migrate:
        apply_migrations(conn, target=target)
    return conn


def probe(path: Path, timeout: float = 5.0) -> None:
    """Open the database for reading and writing, ask it one question and write one row (a read-only or
    full disk answers questions all the same); sqlite3.Error when it cannot.

    mode=rw: a missing file is not created (the health check must not make an empty database)."""
    conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=rw", uri=True, timeout=timeout, isolation_level=None)
    try:
        conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
        _write_probe(conn)
    finally:
        conn.close()


def _write_probe(conn: sqlite3.Connection) -> None:
    conn.execute("BEGIN IMMEDIATE")
    try:
        conn.execute(
            "INSERT INTO health_checks (id, checked_at) VALUES (1, ?) "
            "ON CONFLICT (id) DO UPDATE SET checked_at = excluded.checked_at",
            (int(time.time()),),
        )
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    conn.execute("COMMIT")


def check_writable(path: Path) -> None:
    """Bring the database up to date (created if missing) and write to it, as the bot will at once:
    sqlite3.Error or OSError when it cannot (a read-only or full disk, a folder the bot may not write)."""
    conn = open_sync(path, migrate=True)
    try:
        _write_probe(conn)
    finally:
        conn.close()


class Store:
    """Owns the aiosqlite connection.

    Every statement goes through `read()` or `write()`: both hold one asyncio lock,
    because a transaction on a shared connection would otherwise see (or commit)
    another coroutine's half-done work. `write()` is one BEGIN IMMEDIATE transaction:
    committed when the block ends, rolled back if it raises. The lock is not
    re-entrant: never open `read()`/`write()` inside another.
    """

    def __init__(self, conn: aiosqlite.Connection, path: Path) -> None:
        self._conn = conn
        self._lock = asyncio.Lock()
        self.path = path

    @classmethod
    async def open(cls, path: Path | str, *, migrate: bool = True) -> Store:
        path = Path(path)
        if migrate:
            # Migrate with a short-lived sync connection so schema work never shares the async one.
            await asyncio.to_thread(lambda: open_sync(path, migrate=True).close())
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
        conn = await aiosqlite.connect(str(path), isolation_level=None)
        for pragma in _PRAGMAS:
            await conn.execute(pragma)
        await conn.execute(f"PRAGMA wal_autocheckpoint = {_AUTOCHECKPOINT_PAGES}")
        return cls(conn, path)

    async def close(self) -> None:
        async with self._lock:
            await self._conn.close()

    async def __aenter__(self) -> Store:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    @asynccontextmanager
    async def read(self) -> AsyncIterator[aiosqlite.Connection]:
        async with self._lock:
            yield self._conn

    @asynccontextmanager
    async def write(self) -> AsyncIterator[aiosqlite.Connection]:
        async with self._lock:
            await self._conn.execute("BEGIN IMMEDIATE")
            try:
                yield self._conn
            except BaseException:
                await self._conn.execute("ROLLBACK")
                raise
            await self._conn.execute("COMMIT")

    async def transaction(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        """Run `fn(conn)` inside one BEGIN IMMEDIATE transaction on the connection's own thread.

        One trip to that thread for many statements, where `write()` costs one per statement: the
        hot path of recording an answer uses it. `fn` must be quick and must not touch asyncio.
        """

        def body() -> T:
            conn: sqlite3.Connection = self._conn._conn  # aiosqlite's connection; we run on its thread
            conn.execute("BEGIN IMMEDIATE")
            try:
                result = fn(conn)
            except BaseException:
                conn.execute("ROLLBACK")
                raise
            conn.execute("COMMIT")
            return result

        async with self._lock:
            # aiosqlite runs every call through _execute on its worker thread; we hand it a whole function.
            # Not public API: pyproject.toml pins aiosqlite to the versions this was tested with.
            return await self._conn._execute(body)

    async def version(self) -> int:
        async with self.read() as db:
            rows = await db.execute_fetchall("SELECT max(version) FROM schema_migrations")
        return int(next(iter(rows))[0] or 0)
