"""Migrations on real files: from an empty file and from every earlier version, one transaction each."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from bot.store import MIGRATIONS, Store, apply_migrations, current_version, open_sync
from bot.store.migrations import Migration

LATEST = MIGRATIONS[-1].version
VERSIONS = [m.version for m in MIGRATIONS]


def schema(conn: sqlite3.Connection) -> list[tuple[str, str, str]]:
    rows = conn.execute(
        "SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY type, name"
    ).fetchall()
    return [(t, n, " ".join((s or "").split())) for t, n, s in rows]


def seed_v1(conn: sqlite3.Connection) -> None:
    """Rows every version since 1 can hold: a learner, a chat, a question, an asked row, an attempt."""
    conn.execute("INSERT INTO learners (id, name, created_at) VALUES (7, 'Ann', 1)")
    conn.execute("INSERT INTO chats (id, kind, created_at) VALUES (7, 'private', 1)")
    conn.execute("INSERT INTO questions (id, bank, qid, kind) VALUES (1, 'b', 'q1', 'single')")
    conn.execute("INSERT INTO asked (id, chat_id, learner_id, question, asked_at) VALUES (1, 7, 7, 1, 10)")
    conn.execute(
        "INSERT INTO attempts (learner_id, asked_id, question, outcome, score, answered_at, local_day, reply)"
        " VALUES (7, 1, 1, 2, 1.0, 11, 738000, 'A')"
    )


def test_there_is_more_than_one_version_and_they_are_numbered_in_order() -> None:
    # Numbers are handed out to work done in parallel: one may land before the numbers below it.
    assert len(VERSIONS) >= 2
    assert VERSIONS[0] == 1
    assert sorted(set(VERSIONS)) == VERSIONS


async def test_empty_file_migrates_to_latest_with_wal_and_foreign_keys(tmp_path: Path) -> None:
    path = tmp_path / "new.sqlite3"
    async with await Store.open(path) as store:
        assert await store.version() == LATEST
        async with store.read() as db:
            mode = next(iter(await db.execute_fetchall("PRAGMA journal_mode")))[0]
            fks = next(iter(await db.execute_fetchall("PRAGMA foreign_keys")))[0]
            timeout = next(iter(await db.execute_fetchall("PRAGMA busy_timeout")))[0]
            recorded = [r[0] for r in await db.execute_fetchall("SELECT version FROM schema_migrations")]
    assert (mode, fks) == ("wal", 1)
    assert timeout > 0
    assert recorded == VERSIONS


@pytest.mark.parametrize("start", [0, *VERSIONS[:-1]])
async def test_upgrade_from_every_earlier_version(tmp_path: Path, start: int) -> None:
    fresh = open_sync(tmp_path / "fresh.sqlite3")
    expected = schema(fresh)
    fresh.close()

    path = tmp_path / f"v{start}.sqlite3"
    conn = open_sync(path, target=start)
    assert current_version(conn) == start
    if start >= 1:
        seed_v1(conn)
    conn.close()

    async with await Store.open(path) as store:
        assert await store.version() == LATEST
        async with store.read() as db:
            attempts = list(await db.execute_fetchall("SELECT learner_id, asked_id, reply FROM attempts"))
    conn = sqlite3.connect(path)
    assert schema(conn) == expected
    conn.close()
    assert [tuple(a) for a in attempts] == ([(7, 1, "A")] if start >= 1 else [])


def test_reopening_applies_nothing_twice(tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite3"
    open_sync(path).close()
    conn = open_sync(path, migrate=False)
    assert apply_migrations(conn) == []
    assert conn.execute("SELECT count(*) FROM schema_migrations").fetchone()[0] == len(VERSIONS)
    conn.close()


def test_a_version_numbered_below_the_newest_applied_still_runs(tmp_path: Path) -> None:
    """Work numbered 10 that lands after 12 was applied: 10 runs at the next start, then nothing twice."""
    later = Migration(LATEST + 2, "landed first", "CREATE TABLE landed_first (x INTEGER);")
    earlier = Migration(LATEST + 1, "landed second", "CREATE TABLE landed_second (x INTEGER);")
    conn = open_sync(tmp_path / "db.sqlite3")
    assert apply_migrations(conn, migrations=[*MIGRATIONS, later]) == [LATEST + 2]
    assert apply_migrations(conn, migrations=[*MIGRATIONS, earlier, later]) == [LATEST + 1]
    assert apply_migrations(conn, migrations=[*MIGRATIONS, earlier, later]) == []
    tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert {"landed_first", "landed_second"} <= tables
    conn.close()


def test_a_failing_migration_leaves_the_previous_version_whole(tmp_path: Path) -> None:
    broken = [
        *MIGRATIONS,
        Migration(LATEST + 1, "half done", "CREATE TABLE half (x INTEGER);\nINSERT INTO nowhere VALUES (1);"),
    ]
    conn = open_sync(tmp_path / "db.sqlite3")
    with pytest.raises(sqlite3.OperationalError, match="nowhere"):
        apply_migrations(conn, migrations=broken)
    assert current_version(conn) == LATEST
    tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert "half" not in tables
    conn.close()
