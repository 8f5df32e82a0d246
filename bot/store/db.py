"""The one database connection: WAL, foreign keys, a busy timeout, and a lock that makes it a single writer."""

from __future__ import annotations

import asyncio
import sqlite3
import time
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, TypeVar

import aiosqlite

from bot.store.migrations import apply_migrations

__all__ = ["BUSY_TIMEOUT_MS", "CHECKPOINT_EVERY", "Inline", "Store", "check_writable", "open_sync", "probe"]

T = TypeVar("T")

BUSY_TIMEOUT_MS = 5000

_PRAGMAS = (
    "PRAGMA journal_mode = WAL",
    "PRAGMA synchronous = NORMAL",  # durable across process crashes in WAL mode; fsync at checkpoints
    "PRAGMA foreign_keys = ON",
    f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}",
)
# A checkpoint copies the WAL into the database and fsyncs it: milliseconds. SQLite would run it inside
# the commit that crosses its threshold, which may now be a commit on the event loop's thread (see
# `Store.transaction`), so the bot's connection never checkpoints by itself: the store runs one on the
# connection's own thread after every CHECKPOINT_EVERY commits (about the rhythm of the 10,000-page
# threshold the bot used before). (A background checkpointer on a second connection was tried: its
# fsyncs stalled the writer more often; see docs/benchmarks.md.)
CHECKPOINT_EVERY = 1000
_SQLITE_BUSY, _SQLITE_LOCKED = 5, 6


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

    Every statement goes through `read()`, `quick()`, `write()` or `transaction()`: all hold one
    asyncio lock, because a transaction on a shared connection would otherwise see (or commit)
    another coroutine's half-done work, and because the connection is used from two threads (aiosqlite's
    for `read()` and `write()`, the event loop's for `quick()` and most transactions), never at once.
    `write()` is one BEGIN IMMEDIATE transaction: committed when the block ends, rolled back if it
    raises. The lock is not re-entrant: never open one inside another.
    """

    def __init__(self, conn: aiosqlite.Connection, path: Path) -> None:
        self._conn = conn
        self._lock = asyncio.Lock()
        self.path = path
        self._commits = 0  # since the last checkpoint
        self.hops = 0  # transactions that went to the connection's thread (another writer held the database)

    @classmethod
    async def open(cls, path: Path | str, *, migrate: bool = True) -> Store:
        path = Path(path)
        if migrate:
            # Migrate with a short-lived sync connection so schema work never shares the async one.
            await asyncio.to_thread(lambda: open_sync(path, migrate=True).close())
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
        # check_same_thread=False: short transactions run on the event loop's thread as well (`transaction`);
        # the store's lock keeps the two threads from ever using the connection at once.
        conn = await aiosqlite.connect(str(path), isolation_level=None, check_same_thread=False)
        # Each answer read to its end: a statement left unfinished would keep a later COMMIT from completing.
        for pragma in _PRAGMAS:
            await conn.execute_fetchall(pragma)
        await conn.execute_fetchall("PRAGMA wal_autocheckpoint = 0")  # the store checkpoints (CHECKPOINT_EVERY)
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
            await self._committed()

    @asynccontextmanager
    async def quick(self) -> AsyncIterator[Inline]:
        """`read()` for the few short reads of the busiest path (a typed answer's question): the statements
        run where they are awaited, on the event loop's thread. A hop to the connection's thread and back
        costs about 0.1 ms of CPU, several times such a query (docs/benchmarks.md). Reads only: in WAL mode
        a reader never waits for a writer."""
        async with self._lock:
            yield Inline(self._conn._conn)

    async def transaction(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        """Run `fn(conn)` inside one BEGIN IMMEDIATE transaction; committed when it returns, rolled back if
        it raises.

        One call for many statements, where `write()` costs a trip to the connection's thread per
        statement: the hot paths (an answer recorded, a page of pushes, the update inbox) use it. It runs
        on the event loop's thread, with no hop at all, whenever the database is free at once; when another
        connection holds the write lock (a backup, a command-line tool) it goes to the connection's thread
        and waits there up to the busy timeout, as every other statement does, so the loop never waits for
        a lock. `fn` must be quick and must not touch asyncio.
        """
        async with self._lock:
            conn: sqlite3.Connection = self._conn._conn  # aiosqlite's connection, not in use: we hold the lock
            try:
                result = self._inline(conn, fn)
            except _Busy:
                self.hops += 1
                # aiosqlite runs every call through _execute on its worker thread; we hand it a whole function.
                # Not public API: pyproject.toml pins aiosqlite to the versions this was tested with.
                result = await self._conn._execute(_in_transaction, conn, fn)
            await self._committed()
            return result

    @staticmethod
    def _inline(conn: sqlite3.Connection, fn: Callable[[sqlite3.Connection], T]) -> T:
        conn.execute("PRAGMA busy_timeout = 0").fetchall()  # on this thread, never wait for the lock
        try:
            conn.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError as exc:
            if getattr(exc, "sqlite_errorcode", 0) & 0xFF in (_SQLITE_BUSY, _SQLITE_LOCKED):  # extended codes too
                raise _Busy from exc
            raise
        finally:
            conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}").fetchall()
        return _run(conn, fn)

    async def _committed(self) -> None:
        """Count a commit; every CHECKPOINT_EVERY, checkpoint on the connection's thread (lock held)."""
        self._commits += 1
        if self._commits >= CHECKPOINT_EVERY:
            self._commits = 0
            await self._conn.execute_fetchall("PRAGMA wal_checkpoint(PASSIVE)")

    async def version(self) -> int:
        async with self.read() as db:
            rows = await db.execute_fetchall("SELECT max(version) FROM schema_migrations")
        return int(next(iter(rows))[0] or 0)


class _Busy(Exception):
    """Another connection holds the write lock."""


def _run(conn: sqlite3.Connection, fn: Callable[[sqlite3.Connection], T]) -> T:
    """`fn(conn)` in the transaction just begun: committed, or rolled back when it raises."""
    try:
        result = fn(conn)
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    conn.execute("COMMIT")
    return result


def _in_transaction(conn: sqlite3.Connection, fn: Callable[[sqlite3.Connection], T]) -> T:
    conn.execute("BEGIN IMMEDIATE")
    return _run(conn, fn)


class Inline:
    """The part of aiosqlite's connection the repositories use, run at once on the calling thread
    (`Store.quick`): awaiting it never leaves the event loop's thread."""

    __slots__ = ("_conn",)

    def __init__(self, conn: sqlite3.Connection) -> None:
        self._conn = conn

    async def execute_fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[sqlite3.Row]:
        return self._conn.execute(sql, params).fetchall()

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> sqlite3.Cursor:
        return self._conn.execute(sql, params)
