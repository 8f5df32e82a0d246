"""Attempts: one row per learner per asked question (the primary key is the exactly-once rule)."""

from __future__ import annotations

import aiosqlite

from bot.records import Attempt, Tally
from bot.store._util import fetch_all, fetch_one

__all__ = [
    "INSERT_SQL",
    "OUTCOME_CODES",
    "Attempt",
    "Tally",
    "for_asked",
    "missed",
    "per_day",
    "reply_of",
    "tallies",
]

# Outcome names as stored (one small integer per row).
OUTCOME_CODES = {"wrong": 0, "partial": 1, "correct": 2}
OUTCOME_NAMES = {v: k for k, v in OUTCOME_CODES.items()}


# Inserts only while the asked question is open; the primary key refuses a second answer.
INSERT_SQL = (
    "INSERT INTO attempts (learner_id, asked_id, question, outcome, score, answered_at, local_day, millis, reply)"
    " SELECT ?, ?, ?, ?, ?, ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM asked WHERE id = ? AND closed = 0)"
    " ON CONFLICT DO NOTHING"
)


async def for_asked(db: aiosqlite.Connection, asked_id: int) -> list[Attempt]:
    """Everyone's attempt at one asked question, in the order they answered."""
    rows = await fetch_all(
        db,
        "SELECT a.learner_id, l.name, a.asked_id, a.outcome, a.score, a.answered_at, a.millis, a.reply "
        "FROM attempts a JOIN learners l ON l.id = a.learner_id WHERE a.asked_id = ? "
        "ORDER BY a.answered_at, a.millis",
        (asked_id,),
    )
    return [Attempt(r[0], r[1], r[2], OUTCOME_NAMES[r[3]], r[4], r[5], r[6], r[7]) for r in rows]


async def tallies(db: aiosqlite.Connection, learner_id: int) -> list[tuple[str, str, Tally]]:
    """(bank, kind, tally) for every bank and kind the learner answered."""
    rows = await fetch_all(
        db,
        "SELECT q.bank, q.kind, count(*), sum(a.outcome = 2), sum(a.outcome = 1), sum(a.outcome = 0),"
        " sum(a.score) FROM attempts a JOIN questions q ON q.id = a.question WHERE a.learner_id = ? "
        "GROUP BY q.bank, q.kind",
        (learner_id,),
    )
    return [(r[0], r[1], Tally(r[2], r[3], r[4], r[5], float(r[6]))) for r in rows]


async def per_day(db: aiosqlite.Connection, learner_id: int) -> list[tuple[int, int, int]]:
    """(local day ordinal, answers, correct) for each day the learner answered."""
    return await fetch_all(
        db,
        "SELECT local_day, count(*), sum(outcome = 2) FROM attempts WHERE learner_id = ? "
        "GROUP BY local_day ORDER BY local_day",
        (learner_id,),
    )


async def missed(db: aiosqlite.Connection, learner_id: int, limit: int) -> list[tuple[str, str, int, int]]:
    """(bank, qid, misses, attempts) of the questions answered wrong or partly most often."""
    return await fetch_all(
        db,
        "SELECT q.bank, q.qid, sum(a.outcome < 2) AS misses, count(*) FROM attempts a "
        "JOIN questions q ON q.id = a.question WHERE a.learner_id = ? GROUP BY a.question "
        "HAVING misses > 0 ORDER BY misses DESC, count(*) DESC, q.bank, q.qid LIMIT ?",
        (learner_id, limit),
    )


async def reply_of(db: aiosqlite.Connection, learner_id: int, asked_id: int) -> str | None:
    """What the learner answered to an asked question, or None when they did not."""
    row = await fetch_one(
        db, "SELECT reply FROM attempts WHERE learner_id = ? AND asked_id = ?", (learner_id, asked_id)
    )
    return None if row is None else str(row[0])


async def last_answered(db: aiosqlite.Connection, learner_id: int) -> int | None:
    """The asked id of the learner's latest answer (asked ids grow: the latest asked of those answered)."""
    row = await fetch_one(
        db, "SELECT asked_id FROM attempts WHERE learner_id = ? ORDER BY asked_id DESC LIMIT 1", (learner_id,)
    )
    return None if row is None else int(row[0])
