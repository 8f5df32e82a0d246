"""Reports as an admin sees them: open reports grouped by question, resolved one by one or per question."""

from __future__ import annotations

from dataclasses import dataclass

import aiosqlite

from bot.store._util import fetch_all

__all__ = ["FlaggedQuestion", "dismiss", "flagged_questions", "resolve_question"]


@dataclass(frozen=True)
class FlaggedQuestion:
    question: int  # the store's question key
    bank: str
    qid: str
    count: int  # open reports
    report_ids: tuple[int, ...]  # oldest first
    comments: tuple[str, ...]  # the non-empty comments, oldest first


async def flagged_questions(db: aiosqlite.Connection, limit: int = 20) -> list[FlaggedQuestion]:
    """Questions with open reports, the most reported first (then the oldest report first)."""
    rows = await fetch_all(
        db,
        "SELECT r.question, q.bank, q.qid, r.id, r.comment FROM reports r JOIN questions q ON q.id = r.question "
        "WHERE r.resolved = 0 ORDER BY r.id",
    )
    grouped: dict[int, list[tuple[str, str, int, str]]] = {}
    for key, bank, qid, report_id, comment in rows:
        grouped.setdefault(key, []).append((bank, qid, report_id, comment))
    out = [
        FlaggedQuestion(
            key, items[0][0], items[0][1], len(items), tuple(i[2] for i in items), tuple(i[3] for i in items if i[3])
        )
        for key, items in grouped.items()
    ]
    out.sort(key=lambda f: (-f.count, f.report_ids[0]))
    return out[:limit]


async def dismiss(db: aiosqlite.Connection, report_id: int) -> bool:
    """Resolve one open report; False when there is no such open report."""
    cur = await db.execute("UPDATE reports SET resolved = 1 WHERE id = ? AND resolved = 0", (report_id,))
    return cur.rowcount == 1


async def resolve_question(db: aiosqlite.Connection, question: int) -> int:
    """Resolve every open report of a question (its key was fixed); returns how many."""
    cur = await db.execute("UPDATE reports SET resolved = 1 WHERE question = ? AND resolved = 0", (question,))
    return cur.rowcount
