"""Reports: a learner flags a question's key as wrong."""

from __future__ import annotations

from dataclasses import dataclass

import aiosqlite

from bot.store._util import fetch_all

__all__ = ["Report", "insert", "open_reports", "resolve"]


@dataclass(frozen=True)
class Report:
    id: int
    learner_id: int
    bank: str
    qid: str
    asked_id: int | None
    comment: str
    created_at: int


async def insert(
    db: aiosqlite.Connection, learner_id: int, question: int, asked_id: int | None, comment: str, now: int
) -> int:
    cur = await db.execute(
        "INSERT INTO reports (learner_id, question, asked_id, comment, created_at) VALUES (?, ?, ?, ?, ?)",
        (learner_id, question, asked_id, comment, now),
    )
    assert cur.lastrowid is not None
    return cur.lastrowid


async def open_reports(db: aiosqlite.Connection, limit: int = 100) -> list[Report]:
    rows = await fetch_all(
        db,
        "SELECT r.id, r.learner_id, q.bank, q.qid, r.asked_id, r.comment, r.created_at FROM reports r "
        "JOIN questions q ON q.id = r.question WHERE r.resolved = 0 ORDER BY r.id LIMIT ?",
        (limit,),
    )
    return [Report(*r) for r in rows]


async def resolve(db: aiosqlite.Connection, report_id: int) -> None:
    await db.execute("UPDATE reports SET resolved = 1 WHERE id = ?", (report_id,))
