"""The one database connection: WAL, foreign keys, a busy timeout, and a lock that makes it a single writer."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import aiosqlite

from bot.store.migrations import apply_migrations

__all__ = ["BUSY_TIMEOUT_MS", "Store", "open_sync"]

BUSY_TIMEOUT_MS = 5000

_PRAGMAS = (
    "PRAGMA journal_mode = WAL",
    "PRAGMA synchronous = NORMAL",  # durable across process crashes in WAL mode; fsync at checkpoints
    "PRAGMA foreign_keys = ON",
    f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}",
)


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
        conn.row_factory = None
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

    async def version(self) -> int:
        async with self.read() as db:
            rows = await db.execute_fetchall("SELECT max(version) FROM schema_migrations")
        return int(next(iter(rows))[0] or 0)
