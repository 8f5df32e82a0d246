"""Attempts: one row per learner per asked question (the primary key is the exactly-once rule)."""

from __future__ import annotations

from dataclasses import dataclass

import aiosqlite

from bot.store._util import fetch_all

__all__ = [
    "INSERT_SQL",
    "OUTCOME_CODES",
    "Attempt",
    "Tally",
    "for_asked",
    "insert",
    "missed",
    "per_day",
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


@dataclass(frozen=True)
class Attempt:
    learner_id: int
    learner_name: str
    asked_id: int
    outcome: str
    score: float
    answered_at: int
    millis: int | None
    reply: str


@dataclass(frozen=True)
class Tally:
    """Counts for one group of attempts (a kind, a bank, or everything)."""

    total: int = 0
    correct: int = 0
    partial: int = 0
    wrong: int = 0
    score: float = 0.0  # sum of scores

    @property
    def accuracy(self) -> float:
        """Share answered fully right (0 when nothing was answered)."""
        return self.correct / self.total if self.total else 0.0

    @property
    def mean_score(self) -> float:
        return self.score / self.total if self.total else 0.0


async def insert(
    db: aiosqlite.Connection,
    *,
    learner_id: int,
    asked_id: int,
    question: int,
    outcome: str,
    score: float,
    answered_at: int,
    local_day: int,
    millis: int | None,
    reply: str,
) -> bool:
    """Record an attempt at an OPEN asked question; False (nothing written) when this learner already
    answered it or it is closed."""
    cur = await db.execute(
        INSERT_SQL,
        (
            learner_id,
            asked_id,
            question,
            OUTCOME_CODES[outcome],
            score,
            answered_at,
            local_day,
            millis,
            reply,
            asked_id,
        ),
    )
    return cur.rowcount == 1


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
