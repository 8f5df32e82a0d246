"""Reports as an admin sees them: open reports grouped by question, resolved one by one or per question."""

from __future__ import annotations

from dataclasses import dataclass

import aiosqlite

from bot.store._util import fetch_all

__all__ = ["FlaggedQuestion", "claim_told", "dismiss", "flagged_questions", "resolve_question", "untold"]


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
    cur = await db.execute(
        "UPDATE reports SET resolved = 1, outcome = 'dismissed' WHERE id = ? AND resolved = 0", (report_id,)
    )
    return cur.rowcount == 1


async def resolve_question(db: aiosqlite.Connection, question: int, outcome: str = "fixed") -> int:
    """Resolve every open report of a question (`outcome`: its key was fixed, or the reports dismissed)."""
    cur = await db.execute(
        "UPDATE reports SET resolved = 1, outcome = ? WHERE question = ? AND resolved = 0", (outcome, question)
    )
    return cur.rowcount


async def untold(db: aiosqlite.Connection, limit: int = 50) -> list[tuple[int, int, int, str]]:
    """Closed reports whose reporter was not told yet: (report id, learner, question key, outcome). One per
    learner and question: two reports of the same question by one learner are one notice."""
    rows = await fetch_all(
        db,
        "SELECT min(id), learner_id, question, outcome FROM reports WHERE resolved = 1 AND told = 0"
        " AND outcome IS NOT NULL GROUP BY learner_id, question, outcome ORDER BY min(id) LIMIT ?",
        (limit,),
    )
    return [(int(r[0]), int(r[1]), int(r[2]), str(r[3])) for r in rows]


async def claim_told(db: aiosqlite.Connection, learner_id: int, question: int) -> bool:
    """Mark the learner's closed reports of a question told; False when someone else did (told once)."""
    cur = await db.execute(
        "UPDATE reports SET told = 1 WHERE learner_id = ? AND question = ? AND resolved = 1 AND told = 0",
        (learner_id, question),
    )
    return cur.rowcount > 0
