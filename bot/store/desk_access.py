"""The teacher's desk's sign-in links and sessions (bot/study/desk_access.py holds the rules)."""

from __future__ import annotations

from dataclasses import dataclass

import aiosqlite

from bot.store._util import fetch_one

__all__ = ["DeskSession", "add_link", "add_session", "drop_session", "get_session", "link_of", "take_link"]


@dataclass(frozen=True)
class DeskSession:
    admin_id: int
    csrf: str
    via: str  # 'link' (a /panel sign-in link) or 'telegram' (the Mini App's signed initData)
    language: str | None
    created_at: int
    expires_at: int


async def add_link(db: aiosqlite.Connection, nonce: str, admin_id: int, expires_at: int, now: int) -> None:
    await db.execute("DELETE FROM desk_links WHERE expires_at < ?", (now,))
    await db.execute(
        "INSERT INTO desk_links (nonce, admin_id, expires_at) VALUES (?, ?, ?)", (nonce, admin_id, expires_at)
    )


async def link_of(db: aiosqlite.Connection, nonce: str) -> tuple[int, int] | None:
    """(admin id, expiry) of an unused link, left unused."""
    row = await fetch_one(db, "SELECT admin_id, expires_at FROM desk_links WHERE nonce = ?", (nonce,))
    return None if row is None else (int(row[0]), int(row[1]))


async def take_link(db: aiosqlite.Connection, nonce: str) -> tuple[int, int] | None:
    """(admin id, expiry) of an unused link, used up in the same statement: of two uses only one gets it."""
    row = await fetch_one(db, "DELETE FROM desk_links WHERE nonce = ? RETURNING admin_id, expires_at", (nonce,))
    return None if row is None else (int(row[0]), int(row[1]))


async def add_session(db: aiosqlite.Connection, key: str, session: DeskSession) -> None:
    await db.execute("DELETE FROM desk_sessions WHERE expires_at < ?", (session.created_at,))
    await db.execute(
        "INSERT INTO desk_sessions (id, admin_id, csrf, via, language, created_at, expires_at) "
        "VALUES (?, ?, ?, ?, ?, ?, ?)",
        (
            key,
            session.admin_id,
            session.csrf,
            session.via,
            session.language,
            session.created_at,
            session.expires_at,
        ),
    )


async def get_session(db: aiosqlite.Connection, key: str, now: int) -> DeskSession | None:
    row = await fetch_one(
        db,
        "SELECT admin_id, csrf, via, language, created_at, expires_at FROM desk_sessions "
        "WHERE id = ? AND expires_at > ?",
        (key, now),
    )
    return None if row is None else DeskSession(*row)


async def drop_session(db: aiosqlite.Connection, key: str) -> None:
    await db.execute("DELETE FROM desk_sessions WHERE id = ?", (key,))
