"""Chats: private chats and groups the bot is in."""

from __future__ import annotations

import aiosqlite

from bot.records import Chat
from bot.store._util import fetch_all, fetch_one

__all__ = ["ENSURE_SQL", "ensure", "get", "groups", "migrate", "set_active", "update_settings", "upsert"]

_COLS = "id, kind, title, active, tz, language, poll, created_at, close_minute"
ENSURE_SQL = "INSERT INTO chats (id, kind, created_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING"


def _row(row: tuple) -> Chat:
    return Chat(row[0], row[1], row[2], bool(row[3]), row[4], row[5], bool(row[6]), row[7], row[8])


async def get(db: aiosqlite.Connection, chat_id: int) -> Chat | None:
    row = await fetch_one(db, f"SELECT {_COLS} FROM chats WHERE id = ?", (chat_id,))
    return _row(row) if row else None


async def groups(db: aiosqlite.Connection) -> list[Chat]:
    """Every group the bot is or was in: those it is in first, then by title."""
    rows = await fetch_all(
        db, f"SELECT {_COLS} FROM chats WHERE kind IN ('group', 'supergroup') ORDER BY active DESC, title, id"
    )
    return [_row(r) for r in rows]


async def upsert(db: aiosqlite.Connection, chat_id: int, kind: str, title: str, now: int) -> Chat:
    """Create the chat or refresh its kind and title (`active` is left to set_active)."""
    row = await fetch_one(
        db,
        f"INSERT INTO chats (id, kind, title, created_at) VALUES (?, ?, ?, ?) ON CONFLICT (id) DO UPDATE "
        f"SET kind = excluded.kind, title = excluded.title RETURNING {_COLS}",
        (chat_id, kind, title, now),
    )
    assert row is not None
    return _row(row)


async def ensure(db: aiosqlite.Connection, chat_id: int, kind: str, now: int) -> None:
    """A row for a chat not seen before (kept as it is when it exists: `upsert` refines it)."""
    await db.execute(ENSURE_SQL, (chat_id, kind, now))


async def set_active(db: aiosqlite.Connection, chat_id: int, active: bool) -> None:
    await db.execute("UPDATE chats SET active = ? WHERE id = ?", (int(active), chat_id))


async def update_settings(
    db: aiosqlite.Connection,
    chat_id: int,
    *,
    tz: str | None = None,
    language: str | None = None,
    poll: bool | None = None,
    close_minute: int | None = None,
) -> Chat | None:
    for column, value in (("tz", tz), ("language", language), ("poll", poll), ("close_minute", close_minute)):
        if value is not None:
            await db.execute(
                f"UPDATE chats SET {column} = ? WHERE id = ?",
                (int(value) if isinstance(value, bool) else value, chat_id),
            )
    return await get(db, chat_id)


async def migrate(db: aiosqlite.Connection, old_id: int, new_id: int) -> Chat | None:
    """A group became a supergroup (migrate_to_chat_id): its questions, pushes and scores follow it."""
    old = await get(db, old_id)
    if old is None:
        return await get(db, new_id)
    if await get(db, new_id) is None:
        # ON UPDATE CASCADE carries asked, subscriptions and scores along.
        await db.execute("UPDATE chats SET id = ?, kind = 'supergroup' WHERE id = ?", (new_id, old_id))
    else:
        for table in ("asked", "subscriptions"):
            await db.execute(f"UPDATE OR IGNORE {table} SET chat_id = ? WHERE chat_id = ?", (new_id, old_id))
        await db.execute(
            "INSERT INTO scores (chat_id, local_day, learner_id, points, correct, answered) "
            "SELECT ?, local_day, learner_id, points, correct, answered FROM scores WHERE chat_id = ? "
            "ON CONFLICT DO UPDATE SET points = points + excluded.points, correct = correct + excluded.correct,"
            " answered = answered + excluded.answered",
            (new_id, old_id),
        )
        await db.execute("DELETE FROM scores WHERE chat_id = ?", (old_id,))
        # A subscription the new chat already has wins; the old one stays, switched off.
        await db.execute("UPDATE subscriptions SET active = 0 WHERE chat_id = ?", (old_id,))
        await db.execute("UPDATE chats SET active = 0 WHERE id = ?", (old_id,))
    return await get(db, new_id)
