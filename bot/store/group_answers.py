"""Members' answers to a group's questions: the live count under a question, and a week's answers."""

from __future__ import annotations

from dataclasses import dataclass

import aiosqlite

from bot.store._util import fetch_all, fetch_one
from bot.store.attempts import OUTCOME_NAMES

__all__ = ["GroupAnswer", "answer_count", "answers_since"]


@dataclass(frozen=True)
class GroupAnswer:
    asked_id: int
    question: int  # the store's question key
    learner_id: int
    learner_name: str
    outcome: str  # wrong, partial, correct
    reply: str
    answered_at: int


async def answer_count(db: aiosqlite.Connection, asked_id: int) -> int:
    """Recorded answers to one asked question (the attempts primary key makes it one per member)."""
    row = await fetch_one(db, "SELECT count(*) FROM attempts WHERE asked_id = ?", (asked_id,))
    return int(row[0]) if row else 0


async def answers_since(db: aiosqlite.Connection, chat_id: int, since: int, limit: int = 500) -> list[GroupAnswer]:
    """Members' answers to questions asked in the chat from `since` (epoch seconds) on, the newest first."""
    rows = await fetch_all(
        db,
        "SELECT a.asked_id, a.question, a.learner_id, l.name, a.outcome, a.reply, a.answered_at "
        "FROM asked k JOIN attempts a ON a.asked_id = k.id JOIN learners l ON l.id = a.learner_id "
        "WHERE k.chat_id = ? AND a.answered_at >= ? ORDER BY a.answered_at DESC, a.asked_id DESC LIMIT ?",
        (chat_id, since, limit),
    )
    return [GroupAnswer(r[0], r[1], r[2], r[3], OUTCOME_NAMES[r[4]], r[5], r[6]) for r in rows]
