"""How many members answered a group question so far (the live count under the question)."""

from __future__ import annotations

import aiosqlite

from bot.store._util import fetch_one

__all__ = ["answer_count"]


async def answer_count(db: aiosqlite.Connection, asked_id: int) -> int:
    """Recorded answers to one asked question (the attempts primary key makes it one per member)."""
    row = await fetch_one(db, "SELECT count(*) FROM attempts WHERE asked_id = ?", (asked_id,))
    return int(row[0]) if row else 0
