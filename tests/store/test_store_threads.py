"""Where the store runs its statements: short transactions and quick reads on the event loop's thread, a
transaction that finds the database locked by another connection on the connection's own thread (the loop
never waits for a lock), and the store's own checkpoints. A real SQLite file, a second real connection."""

from __future__ import annotations

import asyncio
import sqlite3
import threading
from collections.abc import AsyncIterator, Callable
from pathlib import Path

import pytest

from bot.store import Store, asked, chats, learners, questions
from bot.store import db as store_db

NOW = 1_700_000_000


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[Store]:
    s = await Store.open(tmp_path / "db.sqlite3")
    async with s.write() as db:  # one learner with her private chat, one question
        await learners.upsert(db, 1, "Ann", "zh", "Asia/Shanghai", NOW)
        await chats.upsert(db, 1, "private", "", NOW)
        await questions.sync(db, [("b", "q1", "single")])
    yield s
    await s.close()


def _count(conn: sqlite3.Connection) -> int:
    return int(conn.execute("SELECT count(*) FROM learners").fetchone()[0])


def _adding(learner_id: int, seen: list[int]) -> Callable[[sqlite3.Connection], int]:
    """A transaction that adds a learner, notes the thread it ran on and counts the learners."""

    def add(conn: sqlite3.Connection) -> int:
        seen.append(threading.get_ident())
        conn.execute("INSERT INTO learners (id, name, created_at) VALUES (?, 'x', 0)", (learner_id,))
        return _count(conn)

    return add


async def test_a_transaction_and_a_quick_read_run_on_the_loops_thread(store: Store) -> None:
    here = threading.get_ident()
    seen: list[int] = []
    assert await store.transaction(_adding(2, seen)) == 2
    assert seen == [here] and store.hops == 0
    async with store.quick() as db:
        key = (await db.execute_fetchall("SELECT id FROM questions"))[0][0]
        asked_id = await asked.insert(db, 1, 1, key, NOW)  # `execute` as the repositories use it
        assert (await asked.latest_open(db, 1, 1)).id == asked_id  # type: ignore[union-attr]


async def test_a_transaction_that_finds_the_database_locked_waits_on_the_connections_thread(
    store: Store, tmp_path: Path
) -> None:
    other = sqlite3.connect(tmp_path / "db.sqlite3", isolation_level=None)  # a command-line tool, a backup
    other.execute("BEGIN IMMEDIATE")
    other.execute("INSERT INTO learners (id, name, created_at) VALUES (3, 'Cy', 0)")
    here = threading.get_ident()
    seen: list[int] = []
    task = asyncio.ensure_future(store.transaction(_adding(2, seen)))
    ticks = 0
    while not seen:  # the loop goes on while the transaction waits for the lock
        await asyncio.sleep(0.01)
        ticks += 1
        if ticks == 20:
            other.execute("COMMIT")
    assert await task == 3  # Cy's row came first: the transaction waited for it, then wrote
    assert seen != [here] and store.hops == 1 and ticks >= 20
    other.close()
    assert await store.transaction(_count) == 3  # and the next one is back on the loop's thread
    assert store.hops == 1


async def test_the_store_checkpoints_on_the_connections_thread_every_so_many_commits(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(store_db, "CHECKPOINT_EVERY", 5)
    here = threading.get_ident()
    checkpoints: list[int] = []

    def traced(statement: str) -> None:
        if "wal_checkpoint" in statement:
            checkpoints.append(threading.get_ident())

    store._conn._conn.set_trace_callback(traced)  # the statements the store's connection runs
    for n in range(10, 22):
        await store.transaction(_adding(n, []))
    # 12 commits (after the fixture's own): the counter was at 1 (the fixture's write), so two checkpoints,
    # neither on the loop's thread (a checkpoint copies and fsyncs: the loop must not wait for it).
    assert len(checkpoints) == 2 and here not in checkpoints
    assert await store.transaction(lambda conn: conn.execute("PRAGMA wal_autocheckpoint").fetchone()[0]) == 0
