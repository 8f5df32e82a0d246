"""What model help keeps in SQLite: judgements and explanations already paid for, requests per learner and
day, and the learners who opted out of model grading (tables of migration "model help")."""

from __future__ import annotations

from dataclasses import dataclass

import aiosqlite

from bot.store._util import fetch_one

__all__ = [
    "CachedAnswer",
    "JudgementKey",
    "get_explanation",
    "get_judgement",
    "grading_allowed",
    "put_explanation",
    "put_judgement",
    "requests_on",
    "set_grading_allowed",
    "take_request",
]

# Usage rows older than this many days are dropped when the learner's next request is counted.
_KEEP_DAYS = 7


@dataclass(frozen=True, slots=True)
class JudgementKey:
    bank: str
    qid: str
    version: str  # a hash of the question's content
    reply_hash: str
    lang: str


@dataclass(frozen=True, slots=True)
class CachedAnswer:
    """A model's answer kept: `ok` with its payload (JSON or text), or `invalid` (answered, unusable)."""

    ok: bool
    payload: str | None
    model: str


async def get_judgement(db: aiosqlite.Connection, key: JudgementKey) -> CachedAnswer | None:
    row = await fetch_one(
        db,
        "SELECT status, result, model FROM ai_judgements"
        " WHERE bank = ? AND qid = ? AND version = ? AND reply_hash = ? AND lang = ?",
        (key.bank, key.qid, key.version, key.reply_hash, key.lang),
    )
    return None if row is None else CachedAnswer(row[0] == "ok", row[1], row[2])


async def put_judgement(db: aiosqlite.Connection, key: JudgementKey, result: str | None, model: str, now: int) -> None:
    """Keep a judgement (`result` None: the model answered with something unusable)."""
    await db.execute(
        "INSERT OR REPLACE INTO ai_judgements (bank, qid, version, reply_hash, lang, status, result, model,"
        " created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (
            key.bank,
            key.qid,
            key.version,
            key.reply_hash,
            key.lang,
            "ok" if result is not None else "invalid",
            result,
            model,
            now,
        ),
    )


async def get_explanation(
    db: aiosqlite.Connection, bank: str, qid: str, version: str, lang: str
) -> CachedAnswer | None:
    row = await fetch_one(
        db,
        "SELECT status, text, model FROM ai_explanations WHERE bank = ? AND qid = ? AND version = ? AND lang = ?",
        (bank, qid, version, lang),
    )
    return None if row is None else CachedAnswer(row[0] == "ok", row[1], row[2])


async def put_explanation(
    db: aiosqlite.Connection, bank: str, qid: str, version: str, lang: str, text: str | None, model: str, now: int
) -> None:
    await db.execute(
        "INSERT OR REPLACE INTO ai_explanations (bank, qid, version, lang, status, text, model, created_at)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        (bank, qid, version, lang, "ok" if text is not None else "invalid", text, model, now),
    )


async def take_request(db: aiosqlite.Connection, learner_id: int, local_day: int, cap: int) -> bool:
    """Count one model request for the learner today; False (and nothing counted) when `cap` is reached."""
    if cap <= 0:
        return False
    old = local_day - _KEEP_DAYS
    await db.execute("DELETE FROM ai_usage WHERE learner_id = ? AND local_day < ?", (learner_id, old))
    cursor = await db.execute(
        "INSERT INTO ai_usage (learner_id, local_day, calls) VALUES (?, ?, 1)"
        " ON CONFLICT (learner_id, local_day) DO UPDATE SET calls = calls + 1 WHERE calls < ?",
        (learner_id, local_day, cap),
    )
    return cursor.rowcount == 1


async def requests_on(db: aiosqlite.Connection, learner_id: int, local_day: int) -> int:
    row = await fetch_one(
        db, "SELECT calls FROM ai_usage WHERE learner_id = ? AND local_day = ?", (learner_id, local_day)
    )
    return int(row[0]) if row else 0


async def grading_allowed(db: aiosqlite.Connection, learner_id: int) -> bool:
    """False once the learner opted out of model grading."""
    return await fetch_one(db, "SELECT 1 FROM ai_opt_out WHERE learner_id = ?", (learner_id,)) is None


async def set_grading_allowed(db: aiosqlite.Connection, learner_id: int, allowed: bool, now: int) -> None:
    if allowed:
        await db.execute("DELETE FROM ai_opt_out WHERE learner_id = ?", (learner_id,))
    else:
        await db.execute(
            "INSERT INTO ai_opt_out (learner_id, since) VALUES (?, ?) ON CONFLICT DO NOTHING", (learner_id, now)
        )
