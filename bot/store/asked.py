"""AskedRow questions: what was put to a chat, so a reply or a button press after a restart finds it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import aiosqlite

from bot.store._util import fetch_all, fetch_one

__all__ = [
    "ADD_MESSAGE_SQL",
    "ATTACH_SQL",
    "CLOSE_EARLIER_SQL",
    "CLOSE_SQL",
    "INSERT_SQL",
    "OPEN_SHOWN_SQL",
    "AnswerContext",
    "AskedRow",
    "answer_context",
    "attach_message",
    "by_message",
    "by_poll",
    "close",
    "due_closings",
    "get",
    "insert",
    "latest_open",
    "open_in_chat",
    "replied_context",
    "selection",
    "set_selection",
    "typed_answer_context",
]

CLOSE_SQL = "UPDATE asked SET closed = 1 WHERE id = ? AND closed = 0"
# The same question asked again in a private chat (a review after a missed-question button): the earlier
# copy closes unanswered, so one question is never open twice nor counted twice.
CLOSE_EARLIER_SQL = "UPDATE asked SET closed = 1 WHERE chat_id = ? AND learner_id = ? AND question = ? AND closed = 0"
_COLS = "id, chat_id, learner_id, question, message_id, asked_at, closes_at, closed, poll_id, session_id, position"
_N = 11  # columns in _COLS


@dataclass(frozen=True)
class AskedRow:
    """An asked question as stored (the engine turns it into a `bot.study.results.AskedQuestion`)."""

    id: int
    chat_id: int
    learner_id: int | None  # private: the learner; group: who asked
    question: int  # key into `questions`
    message_id: int | None
    asked_at: int
    closes_at: int | None
    closed: bool
    poll_id: str | None
    session_id: int | None = None  # a practice session's question (bot/store/sessions.py)
    position: int | None = None  # its number in the session, from 1


INSERT_SQL = (
    "INSERT INTO asked (chat_id, learner_id, question, message_id, asked_at, closes_at, session_id, position)"
    " VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
)


def _row(row: tuple) -> AskedRow:
    return AskedRow(row[0], row[1], row[2], row[3], row[4], row[5], row[6], bool(row[7]), row[8], row[9], row[10])


async def insert(
    db: aiosqlite.Connection,
    chat_id: int,
    learner_id: int | None,
    question: int,
    asked_at: int,
    *,
    message_id: int | None = None,
    closes_at: int | None = None,
    session: tuple[int, int] | None = None,
) -> int:
    """A question put to a chat; `session`: (session id, position) of a practice session's question."""
    session_id, position = session if session is not None else (None, None)
    cur = await db.execute(
        INSERT_SQL, (chat_id, learner_id, question, message_id, asked_at, closes_at, session_id, position)
    )
    assert cur.lastrowid is not None
    return cur.lastrowid


@dataclass(frozen=True)
class AnswerContext:
    """All an answer needs to know before grading, read in one query."""

    asked: AskedRow
    chat_kind: str
    chat_tz: str | None
    learner_known: bool
    learner_tz: str | None
    answered_reply: str | None  # what this learner answered before (None: no attempt yet)
    # Read with a typed answer (message ?3) only: the learner's open questions shown in the chat; whether a
    # message about this question (its verdict, a time-out) came after the answer was written; whether one
    # came between the question and the answer (the learner's own typed answer to it, a verdict they saw).
    open_shown: int = 0
    noted_after: bool = False
    noted_before: bool = False

    @property
    def answered(self) -> bool:
        """This learner already has an attempt at this asked question."""
        return self.answered_reply is not None


# The learner's open questions shown in a private chat (the answer path reads it in its transaction).
OPEN_SHOWN_SQL = (
    "SELECT count(*) FROM asked WHERE chat_id = ? AND learner_id = ? AND closed = 0 AND message_id IS NOT NULL"
)
_TYPED_COLS = (
    ", (SELECT count(*) FROM asked o WHERE o.chat_id = a.chat_id AND o.learner_id = ?1 AND o.closed = 0"
    " AND o.message_id IS NOT NULL),"
    " EXISTS (SELECT 1 FROM asked_messages m WHERE m.chat_id = a.chat_id AND m.message_id > ?3 AND m.asked_id = a.id),"
    " EXISTS (SELECT 1 FROM asked_messages m WHERE m.chat_id = a.chat_id AND m.message_id > a.message_id"
    " AND m.message_id < ?3 AND m.asked_id = a.id)"
)


def _context_sql(where: str, typed: bool = False) -> str:
    """One query for what answering needs; `typed`: with the columns a typed answer (message ?3) needs."""
    cols = ", ".join(f"a.{c.strip()}" for c in _COLS.split(","))
    return (
        f"SELECT {cols}, c.kind, c.tz, l.id IS NOT NULL, l.tz,"
        " (SELECT reply FROM attempts t WHERE t.learner_id = ?1 AND t.asked_id = a.id)"
        f"{_TYPED_COLS if typed else ''}"
        f" FROM asked a JOIN chats c ON c.id = a.chat_id LEFT JOIN learners l ON l.id = ?1 WHERE {where}"
    )


_CONTEXT_BY_ID = _context_sql("a.id = ?2")
# The newest open question asked to this learner in this chat (a typed answer), in the same one query.
_CONTEXT_LATEST = _context_sql(
    "a.id = (SELECT id FROM asked WHERE chat_id = ?2 AND learner_id = ?1 AND closed = 0 ORDER BY id DESC LIMIT 1)"
)
# The newest question asked to this learner in this chat, open or not (a typed answer handled again).
_CONTEXT_LAST = _context_sql(
    "a.id = (SELECT id FROM asked WHERE chat_id = ?2 AND learner_id = ?1 ORDER BY id DESC LIMIT 1)"
)


# A typed answer without a Telegram reply: the newest question shown to this learner in this chat BEFORE
# the answer was written (?3: the answer's message id; in a private chat message ids grow with every
# message of either side), open or not; and the newest open one shown before it.
_CONTEXT_SHOWN_BEFORE = _context_sql(
    "a.id = (SELECT id FROM asked WHERE chat_id = ?2 AND learner_id = ?1"
    " AND message_id IS NOT NULL AND message_id < ?3 ORDER BY message_id DESC LIMIT 1)",
    typed=True,
)
_CONTEXT_OPEN_BEFORE = _context_sql(
    "a.id = (SELECT id FROM asked WHERE chat_id = ?2 AND learner_id = ?1 AND closed = 0"
    " AND message_id IS NOT NULL AND message_id < ?3 ORDER BY id DESC LIMIT 1)",
    typed=True,
)
# The question a message carries, open or not (a Telegram reply to it answers it).
_CONTEXT_BY_MESSAGE = _context_sql(
    "a.id = coalesce((SELECT asked_id FROM asked_messages WHERE chat_id = ?2 AND message_id = ?3),"
    " (SELECT id FROM asked WHERE chat_id = ?2 AND message_id = ?3 ORDER BY id DESC LIMIT 1))",
    typed=True,
)


def _context(row: tuple | None) -> AnswerContext | None:  # type: ignore[type-arg]
    if row is None:
        return None
    typed = (int(row[_N + 5]), bool(row[_N + 6]), bool(row[_N + 7])) if len(row) > _N + 5 else (0, False, False)
    return AnswerContext(_row(row[:_N]), row[_N], row[_N + 1], bool(row[_N + 2]), row[_N + 3], row[_N + 4], *typed)


async def answer_context(db: aiosqlite.Connection, asked_id: int, learner_id: int) -> AnswerContext | None:
    return _context(await fetch_one(db, _CONTEXT_BY_ID, (learner_id, asked_id)))


async def latest_answer_context(
    db: aiosqlite.Connection, chat_id: int, learner_id: int, *, closed_too: bool = False
) -> AnswerContext | None:
    """answer_context of the latest open question asked to `learner_id` in `chat_id` (None if there is none);
    `closed_too`: the latest question, answered or not."""
    return _context(await fetch_one(db, _CONTEXT_LAST if closed_too else _CONTEXT_LATEST, (learner_id, chat_id)))


async def typed_answer_context(
    db: aiosqlite.Connection, chat_id: int, learner_id: int, before: int, *, open_only: bool = False
) -> AnswerContext | None:
    """answer_context of the newest question shown to `learner_id` in `chat_id` by a message older than
    message `before`, open or not; `open_only`: the newest open one."""
    sql = _CONTEXT_OPEN_BEFORE if open_only else _CONTEXT_SHOWN_BEFORE
    return _context(await fetch_one(db, sql, (learner_id, chat_id, before)))


async def replied_context(
    db: aiosqlite.Connection, chat_id: int, message_id: int, learner_id: int
) -> AnswerContext | None:
    """answer_context of the question that message `message_id` of `chat_id` carries (None: no question)."""
    return _context(await fetch_one(db, _CONTEXT_BY_MESSAGE, (learner_id, chat_id, message_id)))


# A message about an asked question (it shows it, or its verdict): the chat is the question's.
ADD_MESSAGE_SQL = (
    "INSERT OR REPLACE INTO asked_messages (chat_id, message_id, asked_id)"
    " SELECT chat_id, ?, id FROM asked WHERE id = ?"
)
ATTACH_SQL = "UPDATE asked SET message_id = coalesce(?, message_id), poll_id = coalesce(?, poll_id) WHERE id = ?"


async def get(db: aiosqlite.Connection, asked_id: int) -> AskedRow | None:
    row = await fetch_one(db, f"SELECT {_COLS} FROM asked WHERE id = ?", (asked_id,))
    return _row(row) if row else None


async def attach_message(
    db: aiosqlite.Connection, asked_id: int, message_id: int | None, poll_id: str | None = None
) -> None:
    await db.execute(ATTACH_SQL, (message_id, poll_id, asked_id))


async def by_poll(db: aiosqlite.Connection, poll_id: str) -> AskedRow | None:
    row = await fetch_one(db, f"SELECT {_COLS} FROM asked WHERE poll_id = ?", (poll_id,))
    return _row(row) if row else None


async def by_message(db: aiosqlite.Connection, chat_id: int, message_id: int) -> AskedRow | None:
    """The OPEN question a message carries (group members answer fill questions by replying to it)."""
    row = await fetch_one(
        db,
        f"SELECT {_COLS} FROM asked WHERE chat_id = ? AND message_id = ? AND closed = 0 ORDER BY id DESC LIMIT 1",
        (chat_id, message_id),
    )
    return _row(row) if row else None


async def latest_open(db: aiosqlite.Connection, chat_id: int, learner_id: int | None) -> AskedRow | None:
    """The newest open question in a chat (for that learner when one is given)."""
    if learner_id is None:
        row = await fetch_one(
            db,
            f"SELECT {_COLS} FROM asked WHERE chat_id = ? AND closed = 0 ORDER BY id DESC LIMIT 1",
            (chat_id,),
        )
    else:
        row = await fetch_one(
            db,
            f"SELECT {_COLS} FROM asked WHERE chat_id = ? AND learner_id = ? AND closed = 0 ORDER BY id DESC LIMIT 1",
            (chat_id, learner_id),
        )
    return _row(row) if row else None


async def open_in_chat(
    db: aiosqlite.Connection, chat_id: int, now: int, limit: int = 20, *, shown_before: int | None = None
) -> list[AskedRow]:
    """Open questions in a chat whose time is not up (a group's daily question beside a /quiz), newest first;
    `shown_before`: only those shown by a message older than that one."""
    shown = "" if shown_before is None else " AND message_id IS NOT NULL AND message_id < ?"
    rows = await fetch_all(
        db,
        f"SELECT {_COLS} FROM asked WHERE chat_id = ? AND closed = 0 AND (closes_at IS NULL OR closes_at > ?)"
        f"{shown} ORDER BY id DESC LIMIT ?",
        (chat_id, now, limit) if shown_before is None else (chat_id, now, shown_before, limit),
    )
    return [_row(r) for r in rows]


async def close(db: aiosqlite.Connection, asked_id: int) -> bool:
    """Close an open question; False when it was closed already (so only one closer acts)."""
    cur = await db.execute(CLOSE_SQL, (asked_id,))
    return cur.rowcount == 1


async def close_open_of(db: aiosqlite.Connection, question_keys: Sequence[int]) -> int:
    """Close every open question asked of these questions (their text changed under them); how many."""
    if not question_keys:
        return 0
    marks = ", ".join("?" * len(question_keys))
    cur = await db.execute(f"UPDATE asked SET closed = 1 WHERE closed = 0 AND question IN ({marks})", question_keys)
    return cur.rowcount


async def due_closings(db: aiosqlite.Connection, now: int, *, sessions: bool = False) -> list[AskedRow]:
    """Open group questions whose time is up (also those missed while the bot was down); `sessions`: the
    timed questions of practice sessions instead (bot/store/sessions.py), which the group closer leaves."""
    which = "IS NOT NULL" if sessions else "IS NULL"
    rows = await fetch_all(
        db,
        f"SELECT {_COLS} FROM asked WHERE closed = 0 AND closes_at IS NOT NULL AND closes_at <= ?"
        f" AND session_id {which} ORDER BY closes_at",
        (now,),
    )
    return [_row(r) for r in rows]


async def selection(db: aiosqlite.Connection, asked_id: int, learner_id: int) -> str:
    row = await fetch_one(
        db, "SELECT letters FROM selections WHERE asked_id = ? AND learner_id = ?", (asked_id, learner_id)
    )
    return row[0] if row else ""


async def set_selection(db: aiosqlite.Connection, asked_id: int, learner_id: int, letters: str) -> None:
    await db.execute(
        "INSERT INTO selections (asked_id, learner_id, letters) VALUES (?, ?, ?) "
        "ON CONFLICT DO UPDATE SET letters = excluded.letters",
        (asked_id, learner_id, letters),
    )
