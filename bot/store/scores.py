"""Group scores: points per chat, local day and member, summed for the leaderboard."""

from __future__ import annotations

import aiosqlite

from bot.records import ScoreRow
from bot.store._util import fetch_all

__all__ = ["ADD_SQL", "top"]

ADD_SQL = (
    "INSERT INTO scores (chat_id, local_day, learner_id, points, correct, answered) VALUES (?, ?, ?, ?, ?, 1)"
    " ON CONFLICT DO UPDATE SET points = points + excluded.points, correct = correct + excluded.correct,"
    " answered = answered + 1"
)


async def top(db: aiosqlite.Connection, chat_id: int, since_day: int | None = None, limit: int = 10) -> list[ScoreRow]:
    """The leaderboard from `since_day` (a local day ordinal) on, or of all time."""
    rows = await fetch_all(
        db,
        "SELECT s.learner_id, l.name, sum(s.points) AS p, sum(s.correct), sum(s.answered) FROM scores s "
        "JOIN learners l ON l.id = s.learner_id WHERE s.chat_id = ? AND s.local_day >= ? "
        "GROUP BY s.learner_id ORDER BY p DESC, sum(s.correct) DESC, s.learner_id LIMIT ?",
        (chat_id, since_day if since_day is not None else -1, limit),
    )
    return [ScoreRow(*r) for r in rows]
