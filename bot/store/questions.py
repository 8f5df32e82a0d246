"""Question keys: each (bank id, question id) gets a small integer the other tables use."""

from __future__ import annotations

from collections.abc import Iterable

import aiosqlite

from bot.store._util import fetch_all

__all__ = ["sync"]


async def sync(db: aiosqlite.Connection, entries: Iterable[tuple[str, str, str]]) -> dict[tuple[str, str], int]:
    """Register (bank, qid, kind) triples; returns the key of every question known, old ones included.

    Rows are never deleted: attempts and cards of a question removed from a bank keep their key.
    """
    await db.executemany(
        "INSERT INTO questions (bank, qid, kind) VALUES (?, ?, ?) "
        "ON CONFLICT (bank, qid) DO UPDATE SET kind = excluded.kind WHERE kind != excluded.kind",
        list(entries),
    )
    rows = await fetch_all(db, "SELECT bank, qid, id FROM questions")
    return {(bank, qid): key for bank, qid, key in rows}
