"""Practice sessions: a daily push of N questions or `/quiz 10`, asked one at a time (bot/study/sessions.py)."""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass

import aiosqlite

from bot.store._util import dump_list, fetch_all, fetch_one, load_list
from bot.store.asked import AskedRow
from bot.store.asked import get as asked_get

__all__ = [
    "ADVANCE_SQL",
    "SessionRow",
    "SessionTally",
    "advance",
    "by_origin",
    "close_running",
    "close_running_sync",
    "current",
    "finish",
    "finish_sync",
    "get",
    "insert",
    "insert_sync",
    "last_asked",
    "mistakes",
    "pending",
    "pending_sync",
    "question_keys",
    "running",
    "tally",
    "unask",
]

_COLS = (
    "id, chat_id, learner_id, kind, total, position, banks, kinds, poll, seconds, origin, started_at, finished_at,"
    " only_keys"
)


@dataclass(frozen=True)
class SessionRow:
    id: int
    chat_id: int
    learner_id: int
    kind: str  # 'push' or 'quiz'
    total: int
    position: int  # the number of the question asked last (0: none yet)
    banks: tuple[str, ...] | None
    kinds: tuple[str, ...] | None
    poll: bool
    seconds: int | None  # time limit per question
    origin: str | None
    started_at: int
    finished_at: int | None
    only: tuple[int, ...] | None = None  # the questions it asks, in order (None: any the filters allow)


def _row(r: tuple) -> SessionRow:  # type: ignore[type-arg]
    return SessionRow(
        r[0],
        r[1],
        r[2],
        r[3],
        r[4],
        r[5],
        load_list(r[6]),
        load_list(r[7]),
        bool(r[8]),
        r[9],
        r[10],
        r[11],
        r[12],
        None if r[13] is None else tuple(int(k) for k in json.loads(r[13])),
    )


_INSERT_SQL = (
    "INSERT INTO sessions (chat_id, learner_id, kind, total, banks, kinds, poll, seconds, origin, started_at,"
    " only_keys)"
    f" VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (origin) DO NOTHING RETURNING {_COLS}"
)
_BY_ORIGIN_SQL = f"SELECT {_COLS} FROM sessions WHERE origin = ?"


def _insert_params(
    chat_id: int,
    learner_id: int,
    kind: str,
    total: int,
    now: int,
    banks: tuple[str, ...] | None,
    kinds: tuple[str, ...] | None,
    poll: bool,
    seconds: int | None,
    origin: str | None,
    only: tuple[int, ...] | None = None,
) -> tuple:  # type: ignore[type-arg]
    keys = None if only is None else json.dumps(list(only))
    return (chat_id, learner_id, kind, total, dump_list(banks), dump_list(kinds), int(poll), seconds, origin, now, keys)


async def insert(
    db: aiosqlite.Connection,
    chat_id: int,
    learner_id: int,
    kind: str,
    total: int,
    now: int,
    *,
    banks: tuple[str, ...] | None = None,
    kinds: tuple[str, ...] | None = None,
    poll: bool = False,
    seconds: int | None = None,
    origin: str | None = None,
    only: tuple[int, ...] | None = None,
) -> SessionRow:
    """A new session; with an `origin` that exists already, that session (a push tried again)."""
    params = _insert_params(chat_id, learner_id, kind, total, now, banks, kinds, poll, seconds, origin, only)
    row = await fetch_one(db, _INSERT_SQL, params)
    if row is None and origin is not None:
        found = await by_origin(db, origin)
        assert found is not None
        return found
    assert row is not None
    return _row(row)


def insert_sync(
    conn: sqlite3.Connection,
    chat_id: int,
    learner_id: int,
    kind: str,
    total: int,
    now: int,
    *,
    banks: tuple[str, ...] | None = None,
    kinds: tuple[str, ...] | None = None,
    poll: bool = False,
    origin: str | None = None,
) -> SessionRow:
    """`insert` inside a `Store.transaction` (a page of pushes starts its sessions in one)."""
    params = _insert_params(chat_id, learner_id, kind, total, now, banks, kinds, poll, None, origin)
    row = conn.execute(_INSERT_SQL, params).fetchone()
    if row is None and origin is not None:
        row = conn.execute(_BY_ORIGIN_SQL, (origin,)).fetchone()
    assert row is not None
    return _row(tuple(row))


async def get(db: aiosqlite.Connection, session_id: int) -> SessionRow | None:
    row = await fetch_one(db, f"SELECT {_COLS} FROM sessions WHERE id = ?", (session_id,))
    return _row(row) if row else None


async def by_origin(db: aiosqlite.Connection, origin: str) -> SessionRow | None:
    row = await fetch_one(db, _BY_ORIGIN_SQL, (origin,))
    return _row(row) if row else None


# Move a session from question ?3 to ?1 = ?3 + 1; no row changed when someone else did (compare-and-set).
ADVANCE_SQL = (
    "UPDATE sessions SET position = ? WHERE id = ? AND position = ? AND finished_at IS NULL AND position < total"
)


async def advance(db: aiosqlite.Connection, session_id: int, after: int) -> bool:
    """Move the session from question `after` to the next; False when someone else did (compare-and-set)."""
    cur = await db.execute(ADVANCE_SQL, (after + 1, session_id, after))
    return cur.rowcount == 1


_FINISH_SQL = "UPDATE sessions SET finished_at = ? WHERE id = ? AND finished_at IS NULL"


async def finish(db: aiosqlite.Connection, session_id: int, now: int) -> bool:
    """End a session; False when it had ended already (one summary only)."""
    cur = await db.execute(_FINISH_SQL, (now, session_id))
    return cur.rowcount == 1


def finish_sync(conn: sqlite3.Connection, session_id: int, now: int) -> bool:
    """`finish` inside a `Store.transaction`."""
    return conn.execute(_FINISH_SQL, (now, session_id)).rowcount == 1


_RUNNING_OTHERS = (
    "SELECT id FROM sessions WHERE chat_id = ? AND learner_id = ? AND kind = ? AND finished_at IS NULL AND id != ?"
)
_CLOSE_RUNNING_ASKED_SQL = f"UPDATE asked SET closed = 1 WHERE closed = 0 AND session_id IN ({_RUNNING_OTHERS})"
_FINISH_RUNNING_SQL = f"UPDATE sessions SET finished_at = ? WHERE id IN ({_RUNNING_OTHERS})"


async def close_running(db: aiosqlite.Connection, chat_id: int, learner_id: int, kind: str, keep: int, now: int) -> int:
    """End the other running sessions of a kind in a chat, their open questions closed unanswered (not wrong:
    no attempt is written); returns how many questions were closed."""
    params = (chat_id, learner_id, kind, keep)
    cur = await db.execute(_CLOSE_RUNNING_ASKED_SQL, params)
    await db.execute(_FINISH_RUNNING_SQL, (now, *params))
    return cur.rowcount


def close_running_sync(conn: sqlite3.Connection, chat_id: int, learner_id: int, kind: str, keep: int, now: int) -> int:
    """`close_running` inside a `Store.transaction` (recorded with a push's outcome)."""
    params = (chat_id, learner_id, kind, keep)
    closed = conn.execute(_CLOSE_RUNNING_ASKED_SQL, params).rowcount
    conn.execute(_FINISH_RUNNING_SQL, (now, *params))
    return closed


_PENDING_SQL = (
    "SELECT id, question FROM asked WHERE session_id = ? AND position = ? AND closed = 0 AND message_id IS NULL"
    " ORDER BY id DESC LIMIT 1"
)


async def pending(db: aiosqlite.Connection, session_id: int, position: int) -> tuple[int, int] | None:
    """(asked id, question key) of the session's question at `position` when it is open and was never shown
    (its send failed, or the bot stopped between asking and sending)."""
    return await fetch_one(db, _PENDING_SQL, (session_id, position))  # type: ignore[return-value]


def pending_sync(conn: sqlite3.Connection, session_id: int, position: int) -> tuple[int, int] | None:
    """`pending` inside a `Store.transaction`."""
    row = conn.execute(_PENDING_SQL, (session_id, position)).fetchone()
    return (int(row[0]), int(row[1])) if row else None


async def unask(db: aiosqlite.Connection, asked_id: int) -> None:
    """Take back a question that was certainly never sent (the push was not to go after all)."""
    row = await fetch_one(db, "SELECT session_id, position FROM asked WHERE id = ?", (asked_id,))
    await db.execute("DELETE FROM selections WHERE asked_id = ?", (asked_id,))
    await db.execute("DELETE FROM asked_messages WHERE asked_id = ?", (asked_id,))
    await db.execute(
        "DELETE FROM asked WHERE id = ? AND NOT EXISTS (SELECT 1 FROM attempts WHERE asked_id = ?)",
        (asked_id, asked_id),
    )
    if row is not None and row[0] is not None:
        await db.execute("UPDATE sessions SET position = ? WHERE id = ? AND position = ?", (row[1] - 1, row[0], row[1]))


async def running(db: aiosqlite.Connection, chat_id: int, learner_id: int) -> list[SessionRow]:
    """The learner's sessions in the chat that have not ended, newest first."""
    rows = await fetch_all(
        db,
        f"SELECT {_COLS} FROM sessions WHERE chat_id = ? AND learner_id = ? AND finished_at IS NULL ORDER BY id DESC",
        (chat_id, learner_id),
    )
    return [_row(r) for r in rows]


async def current(db: aiosqlite.Connection, session_id: int, position: int) -> AskedRow | None:
    """The session's question at `position` (its current one)."""
    row = await fetch_one(
        db,
        "SELECT id FROM asked WHERE session_id = ? AND position = ? ORDER BY id DESC LIMIT 1",
        (session_id, position),
    )
    return await asked_get(db, row[0]) if row else None


async def last_asked(db: aiosqlite.Connection, session_id: int) -> int | None:
    row = await fetch_one(db, "SELECT max(id) FROM asked WHERE session_id = ?", (session_id,))
    return row[0] if row else None


async def mistakes(db: aiosqlite.Connection, session_id: int, learner_id: int) -> list[int]:
    """The questions of a session the learner answered not fully right, in the order they were asked."""
    rows = await fetch_all(
        db,
        "SELECT a.question FROM asked a JOIN attempts t ON t.asked_id = a.id AND t.learner_id = ?"
        " WHERE a.session_id = ? AND t.outcome < 2 ORDER BY a.position",
        (learner_id, session_id),
    )
    return list(dict.fromkeys(r[0] for r in rows))


async def question_keys(db: aiosqlite.Connection, session_id: int) -> list[int]:
    """The questions a session asked so far (none is asked twice in a session)."""
    return [r[0] for r in await fetch_all(db, "SELECT question FROM asked WHERE session_id = ?", (session_id,))]


@dataclass(frozen=True)
class SessionTally:
    asked: int
    answered: int
    correct: int
    partial: int
    score: float  # the sum of the answers' scores (partial credit counts as its score)
    timed_out: int  # questions whose time ran out unanswered


async def tally(db: aiosqlite.Connection, session_id: int, learner_id: int) -> SessionTally:
    row = await fetch_one(
        db,
        "SELECT count(*), count(t.asked_id), coalesce(sum(t.outcome = 2), 0), coalesce(sum(t.outcome = 1), 0),"
        " coalesce(sum(t.score), 0), coalesce(sum(t.asked_id IS NULL AND a.closes_at IS NOT NULL AND a.closed = 1), 0)"
        " FROM asked a LEFT JOIN attempts t ON t.asked_id = a.id AND t.learner_id = ?"
        " WHERE a.session_id = ? AND a.message_id IS NOT NULL",
        (learner_id, session_id),
    )
    assert row is not None
    return SessionTally(int(row[0]), int(row[1]), int(row[2]), int(row[3]), float(row[4]), int(row[5]))
