"""Disputed verdicts (migration 10): "my answer should count", an admin's decision on each reply, the
regrade an accepted reply makes, and who is told. The rules live in bot/study/disputes.py; the plain
functions here take `db`, the *_SQL statements run inside `Store.transaction` (one trip, one transaction).
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass

import aiosqlite

from bot.store._util import fetch_all, fetch_one

__all__ = [
    "SCORE_DELTA_SQL",
    "AttemptRow",
    "DecisionRow",
    "DisputeRow",
    "NoticeRow",
    "add_notices",
    "attempt_of",
    "claim_notice",
    "decide",
    "decision",
    "dispute_of",
    "get",
    "insert",
    "last_decision",
    "open_rows",
    "question_attempts",
    "question_names",
    "regrade",
    "release_notice",
    "replay_rows",
    "reply_counts",
    "set_regraded",
    "waiting_notices",
]

_DISPUTE_COLS = "d.id, d.learner_id, l.name, d.asked_id, d.question, d.reply, d.reply_key, d.created_at, d.decision_id"


@dataclass(frozen=True)
class DisputeRow:
    id: int
    learner_id: int
    learner_name: str
    asked_id: int
    question: int  # the store's question key
    reply: str
    reply_key: str
    created_at: int
    decision_id: int | None  # None while open


@dataclass(frozen=True)
class DecisionRow:
    id: int
    question: int
    reply_key: str
    reply: str
    accepted: bool
    decided_by: int
    decided_at: int
    regraded: int


_DISPUTE_SQL = f"SELECT {_DISPUTE_COLS} FROM disputes d JOIN learners l ON l.id = d.learner_id"
_DECISION_COLS = "id, question, reply_key, reply, accepted, decided_by, decided_at, regraded"


def _dispute(row: tuple | None) -> DisputeRow | None:  # type: ignore[type-arg]
    return None if row is None else DisputeRow(*row)


def _decision(row: tuple | None) -> DecisionRow | None:  # type: ignore[type-arg]
    if row is None:
        return None
    return DecisionRow(row[0], row[1], row[2], row[3], bool(row[4]), row[5], row[6], row[7])


async def attempt_of(db: aiosqlite.Connection, learner_id: int, asked_id: int) -> tuple[int, str, int] | None:
    """(question key, reply, outcome code) of the learner's attempt at an asked question, or None."""
    row = await fetch_one(
        db,
        "SELECT question, reply, outcome FROM attempts WHERE learner_id = ? AND asked_id = ?",
        (learner_id, asked_id),
    )
    return None if row is None else (int(row[0]), str(row[1]), int(row[2]))


async def dispute_of(db: aiosqlite.Connection, learner_id: int, asked_id: int) -> DisputeRow | None:
    return _dispute(
        await fetch_one(db, f"{_DISPUTE_SQL} WHERE d.learner_id = ? AND d.asked_id = ?", (learner_id, asked_id))
    )


async def get(db: aiosqlite.Connection, dispute_id: int) -> DisputeRow | None:
    return _dispute(await fetch_one(db, f"{_DISPUTE_SQL} WHERE d.id = ?", (dispute_id,)))


async def decision(db: aiosqlite.Connection, decision_id: int) -> DecisionRow | None:
    return _decision(
        await fetch_one(db, f"SELECT {_DECISION_COLS} FROM dispute_decisions WHERE id = ?", (decision_id,))
    )


async def question_names(db: aiosqlite.Connection, question: int) -> tuple[str, str]:
    """(bank, question id) of a question key, also of a question no longer in its bank."""
    row = await fetch_one(db, "SELECT bank, qid FROM questions WHERE id = ?", (question,))
    return ("", "") if row is None else (str(row[0]), str(row[1]))


async def last_decision(db: aiosqlite.Connection, question: int, reply_key: str) -> DecisionRow | None:
    """The latest decision on this reply to this question, if a teacher made one."""
    return _decision(
        await fetch_one(
            db,
            f"SELECT {_DECISION_COLS} FROM dispute_decisions WHERE question = ? AND reply_key = ? "
            "ORDER BY id DESC LIMIT 1",
            (question, reply_key),
        )
    )


async def insert(
    db: aiosqlite.Connection, learner_id: int, asked_id: int, question: int, reply: str, reply_key: str, now: int
) -> int | None:
    """A new open dispute; None when this attempt was disputed already (a second press)."""
    row = await fetch_one(
        db,
        "INSERT INTO disputes (learner_id, asked_id, question, reply, reply_key, created_at)"
        " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING RETURNING id",
        (learner_id, asked_id, question, reply, reply_key, now),
    )
    return None if row is None else int(row[0])


async def open_rows(db: aiosqlite.Connection, question: int | None = None) -> list[DisputeRow]:
    """Every open dispute (of one question), oldest first."""
    if question is None:
        rows = await fetch_all(db, f"{_DISPUTE_SQL} WHERE d.decision_id IS NULL ORDER BY d.id")
    else:
        rows = await fetch_all(
            db, f"{_DISPUTE_SQL} WHERE d.decision_id IS NULL AND d.question = ? ORDER BY d.id", (question,)
        )
    return [DisputeRow(*r) for r in rows]


# ----- deciding, inside one transaction -----------------------------------------------------------------


def decide(
    conn: sqlite3.Connection, dispute_id: int, reply: str, accepted: bool, admin_id: int, now: int
) -> tuple[int, dict[int, str]] | None:
    """Close the open group of `dispute_id` (every open dispute of its question with its reply key): the
    decision's id and the learners who disputed with their replies; None when it was decided already (the
    button worked once)."""
    found = conn.execute("SELECT question, reply_key, decision_id FROM disputes WHERE id = ?", (dispute_id,)).fetchone()
    if found is None or found[2] is not None:
        return None
    question, reply_key, _ = found
    decision_id = conn.execute(
        "INSERT INTO dispute_decisions (question, reply_key, reply, accepted, decided_by, decided_at)"
        " VALUES (?, ?, ?, ?, ?, ?) RETURNING id",
        (question, reply_key, reply, int(accepted), admin_id, now),
    ).fetchone()[0]
    learners = conn.execute(
        "UPDATE disputes SET decision_id = ? WHERE question = ? AND reply_key = ? AND decision_id IS NULL"
        " RETURNING learner_id, reply",
        (decision_id, question, reply_key),
    ).fetchall()
    return int(decision_id), {int(r[0]): str(r[1]) for r in learners}


@dataclass(frozen=True)
class AttemptRow:
    """An attempt at a question that was not graded right, with what a regrade needs."""

    learner_id: int
    asked_id: int
    reply: str
    outcome: int
    score: float
    answered_at: int
    chat_id: int
    chat_kind: str
    chat_tz: str | None
    learner_tz: str | None


async def question_attempts(db: aiosqlite.Connection, question: int) -> list[AttemptRow]:
    """Every attempt at a question not graded right (wrong or partial), oldest first."""
    rows = await fetch_all(
        db,
        "SELECT a.learner_id, a.asked_id, a.reply, a.outcome, a.score, a.answered_at, k.chat_id, c.kind, c.tz, l.tz"
        " FROM attempts a JOIN asked k ON k.id = a.asked_id JOIN chats c ON c.id = k.chat_id"
        " JOIN learners l ON l.id = a.learner_id WHERE a.question = ? AND a.outcome < 2"
        " ORDER BY a.answered_at, a.asked_id",
        (question,),
    )
    return [AttemptRow(*r) for r in rows]


def regrade(conn: sqlite3.Connection, attempt: AttemptRow, outcome: int, score: float) -> bool:
    """Record a better grade for an attempt, unless it changed since it was read (compare-and-set)."""
    cur = conn.execute(
        "UPDATE attempts SET outcome = ?, score = ?"
        " WHERE learner_id = ? AND asked_id = ? AND outcome = ? AND score = ?",
        (outcome, score, attempt.learner_id, attempt.asked_id, attempt.outcome, attempt.score),
    )
    return cur.rowcount == 1


# A regraded group answer's points and right answers, on the chat-local day it was given.
SCORE_DELTA_SQL = (
    "INSERT INTO scores (chat_id, local_day, learner_id, points, correct, answered) VALUES (?, ?, ?, ?, ?, 0)"
    " ON CONFLICT DO UPDATE SET points = points + excluded.points, correct = correct + excluded.correct"
)


def replay_rows(conn: sqlite3.Connection, learner_id: int, question: int) -> list[tuple[int, int]]:
    """(outcome code, answered_at) of every attempt of a learner at a question, in the order answered: the
    reviews its card was built from."""
    return conn.execute(
        "SELECT outcome, answered_at FROM attempts WHERE learner_id = ? AND question = ?"
        " ORDER BY answered_at, asked_id",
        (learner_id, question),
    ).fetchall()


def set_regraded(conn: sqlite3.Connection, decision_id: int, count: int) -> None:
    conn.execute("UPDATE dispute_decisions SET regraded = ? WHERE id = ?", (count, decision_id))


def add_notices(conn: sqlite3.Connection, decision_id: int, learners: dict[int, str]) -> None:
    """Learners to tell of a decision, each with their own reply (once per learner and decision)."""
    conn.executemany(
        "INSERT OR IGNORE INTO dispute_notices (decision_id, learner_id, reply) VALUES (?, ?, ?)",
        [(decision_id, learner, reply) for learner, reply in sorted(learners.items())],
    )


# ----- telling learners -----------------------------------------------------------------------------


@dataclass(frozen=True)
class NoticeRow:
    decision_id: int
    learner_id: int
    language: str
    question: int
    reply: str  # the reply as the learner wrote it (their disputed or regraded attempt)
    accepted: bool


async def waiting_notices(db: aiosqlite.Connection, limit: int = 50) -> list[NoticeRow]:
    """Notices not sent yet, oldest decision first."""
    rows = await fetch_all(
        db,
        "SELECT n.decision_id, n.learner_id, l.language, d.question, n.reply, d.accepted"
        " FROM dispute_notices n JOIN dispute_decisions d ON d.id = n.decision_id"
        " JOIN learners l ON l.id = n.learner_id"
        " WHERE n.sent_at IS NULL ORDER BY n.decision_id, n.learner_id LIMIT ?",
        (limit,),
    )
    return [NoticeRow(r[0], r[1], r[2], r[3], r[4], bool(r[5])) for r in rows]


async def claim_notice(db: aiosqlite.Connection, decision_id: int, learner_id: int, now: int) -> bool:
    """Mark a notice as sent right before it leaves; False when it was claimed already (told once)."""
    cur = await db.execute(
        "UPDATE dispute_notices SET sent_at = ? WHERE decision_id = ? AND learner_id = ? AND sent_at IS NULL",
        (now, decision_id, learner_id),
    )
    return cur.rowcount == 1


async def release_notice(db: aiosqlite.Connection, decision_id: int, learner_id: int) -> None:
    """A notice that certainly did not leave (refused before it was sent) waits again."""
    await db.execute(
        "UPDATE dispute_notices SET sent_at = NULL WHERE decision_id = ? AND learner_id = ?", (decision_id, learner_id)
    )


# ----- what learners answered -------------------------------------------------------------------------


async def reply_counts(
    db: aiosqlite.Connection, bank: str | None = None, qid: str | None = None
) -> list[tuple[int, int, str, int, int]]:
    """(question key, outcome code, reply, learner, attempts) over every attempt, of one bank or question."""
    where, params = "", ()  # type: tuple[str, tuple[str, ...]]
    if bank is not None and qid is not None:
        where, params = " WHERE q.bank = ? AND q.qid = ?", (bank, qid)
    elif bank is not None:
        where, params = " WHERE q.bank = ?", (bank,)
    return await fetch_all(
        db,
        "SELECT a.question, a.outcome, a.reply, a.learner_id, count(*) FROM attempts a"
        f" JOIN questions q ON q.id = a.question{where} GROUP BY a.question, a.outcome, a.reply, a.learner_id",
        params,
    )
