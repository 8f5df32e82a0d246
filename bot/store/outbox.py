"""The outbox (migration 6): replies that could not be sent, kept until they go; `Outbox` is the courier's
port to these rows (bot/telegram/courier.py), each call one transaction."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import aiosqlite

from bot.store._util import fetch_all, fetch_one

if TYPE_CHECKING:
    from bot.store.db import Store

__all__ = ["Kept", "Outbox", "add", "delay", "due", "next_try", "remove"]

_COLS = "id, chat_id, text, markup, created_at, tries"


@dataclass(frozen=True, slots=True)
class Kept:
    id: int
    chat_id: int
    text: str  # HTML
    markup: str | None  # reply_markup as JSON
    created_at: int
    tries: int


async def add(
    db: aiosqlite.Connection, chat_id: int, text: str, markup: str | None, now: int, next_try: int, error: str
) -> int:
    row = await fetch_one(
        db,
        "INSERT INTO outbox (chat_id, text, markup, created_at, tries, next_try, error)"
        " VALUES (?, ?, ?, ?, 1, ?, ?) RETURNING id",
        (chat_id, text, markup, now, next_try, error[:300]),
    )
    assert row is not None
    return int(row[0])


async def due(db: aiosqlite.Connection, now: int, limit: int = 50, chat_id: int | None = None) -> list[Kept]:
    """Replies whose time has come, oldest first (all of one chat's when `chat_id` is given)."""
    if chat_id is not None:
        rows = await fetch_all(
            db, f"SELECT {_COLS} FROM outbox WHERE chat_id = ? ORDER BY id LIMIT ?", (chat_id, limit)
        )
    else:
        rows = await fetch_all(db, f"SELECT {_COLS} FROM outbox WHERE next_try <= ? ORDER BY id LIMIT ?", (now, limit))
    return [Kept(*r) for r in rows]


async def next_try(db: aiosqlite.Connection) -> int | None:
    row = await fetch_one(db, "SELECT min(next_try) FROM outbox")
    return None if row is None or row[0] is None else int(row[0])


async def delay(db: aiosqlite.Connection, reply_id: int, next_at: int, error: str) -> None:
    await db.execute(
        "UPDATE outbox SET tries = tries + 1, next_try = ?, error = ? WHERE id = ?", (next_at, error[:300], reply_id)
    )


async def remove(db: aiosqlite.Connection, reply_id: int) -> None:
    await db.execute("DELETE FROM outbox WHERE id = ?", (reply_id,))


class Outbox:
    """Replies kept on one store (see the module docstring)."""

    def __init__(self, store: Store) -> None:
        self._store = store

    async def keep(self, chat_id: int, text: str, markup: str | None, now: int, next_try: int, error: str) -> int:
        async with self._store.write() as db:
            return await add(db, chat_id, text, markup, now, next_try, error)

    async def due(self, now: int, chat_id: int | None = None) -> list[Kept]:
        async with self._store.read() as db:
            return await due(db, now, chat_id=chat_id)

    async def delay(self, reply_id: int, next_at: int, error: str) -> None:
        async with self._store.write() as db:
            await delay(db, reply_id, next_at, error)

    async def remove(self, reply_id: int) -> None:
        async with self._store.write() as db:
            await remove(db, reply_id)

    async def next_try(self) -> int | None:
        async with self._store.read() as db:
            return await next_try(db)
