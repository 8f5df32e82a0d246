"""Learners: one row per Telegram user, with their settings."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable
from types import EllipsisType

import aiosqlite

from bot.records import Learner
from bot.store._util import dump_list, fetch_one, load_list

__all__ = [
    "GET_SQL",
    "SET_LAST_SQL",
    "get",
    "learner_of",
    "set_blocked",
    "set_last_question",
    "update_settings",
    "upsert",
    "upsert_sync",
]

_COLS = "id, name, language, tz, blocked, banks, kinds, poll, last_question, created_at"
GET_SQL = f"SELECT {_COLS} FROM learners WHERE id = ?"
SET_LAST_SQL = "UPDATE learners SET last_question = ? WHERE id = ?"


def learner_of(row: tuple) -> Learner:
    """A GET_SQL row (read inside a `Store.transaction`)."""
    return _row(row)


def _row(row: tuple) -> Learner:
    return Learner(
        id=row[0],
        name=row[1],
        language=row[2],
        tz=row[3],
        blocked=bool(row[4]),
        banks=load_list(row[5]),
        kinds=load_list(row[6]),
        poll=bool(row[7]),
        last_question=row[8],
        created_at=row[9],
    )


async def get(db: aiosqlite.Connection, learner_id: int) -> Learner | None:
    row = await fetch_one(db, GET_SQL, (learner_id,))
    return _row(row) if row else None


_UPSERT_SQL = (
    f"INSERT INTO learners (id, name, language, tz, created_at) VALUES (?, ?, ?, ?, ?) "
    f"ON CONFLICT (id) DO UPDATE SET name = excluded.name RETURNING {_COLS}"
)


async def upsert(db: aiosqlite.Connection, learner_id: int, name: str, language: str, tz: str, now: int) -> Learner:
    """Create the learner, or refresh the name of one we know (their chosen settings are kept)."""
    row = await fetch_one(db, _UPSERT_SQL, (learner_id, name, language, tz, now))
    assert row is not None
    return _row(row)


def upsert_sync(conn: sqlite3.Connection, learner_id: int, name: str, language: str, tz: str, now: int) -> Learner:
    """`upsert` inside a `Store.transaction` (a learner's first update since start-up: one call)."""
    row = conn.execute(_UPSERT_SQL, (learner_id, name, language, tz, now)).fetchone()
    assert row is not None
    return _row(tuple(row))


async def update_settings(
    db: aiosqlite.Connection,
    learner_id: int,
    *,
    language: str | None = None,
    tz: str | None = None,
    banks: Iterable[str] | EllipsisType | None = ...,
    kinds: Iterable[str] | EllipsisType | None = ...,
    poll: bool | None = None,
) -> Learner | None:
    """Change the given settings; for banks and kinds, None means 'all' and ... means 'unchanged'."""
    sets: list[str] = []
    params: list[object] = []
    for column, value in (("language", language), ("tz", tz), ("poll", poll)):
        if value is not None:
            sets.append(f"{column} = ?")
            params.append(int(value) if isinstance(value, bool) else value)
    for column, value in (("banks", banks), ("kinds", kinds)):
        if value is not ...:
            sets.append(f"{column} = ?")
            params.append(dump_list(value))  # type: ignore[arg-type]
    if sets:
        await db.execute(f"UPDATE learners SET {', '.join(sets)} WHERE id = ?", (*params, learner_id))
    return await get(db, learner_id)


async def set_blocked(db: aiosqlite.Connection, learner_id: int, blocked: bool) -> None:
    await db.execute("UPDATE learners SET blocked = ? WHERE id = ?", (int(blocked), learner_id))


async def set_last_question(db: aiosqlite.Connection, learner_id: int, question: int) -> None:
    await db.execute(SET_LAST_SQL, (question, learner_id))
