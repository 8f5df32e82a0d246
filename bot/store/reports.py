"""Reports: a learner flags a question's key as wrong."""

from __future__ import annotations

import aiosqlite

__all__ = ["insert"]


async def insert(
    db: aiosqlite.Connection, learner_id: int, question: int, asked_id: int | None, comment: str, now: int
) -> int:
    cur = await db.execute(
        "INSERT INTO reports (learner_id, question, asked_id, comment, created_at) VALUES (?, ?, ?, ?, ?)",
        (learner_id, question, asked_id, comment, now),
    )
    assert cur.lastrowid is not None
    return cur.lastrowid
