"""Subscriptions: a daily push (or an evening reminder) for a chat at a local time."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable

import aiosqlite

from bot.records import Subscription
from bot.store._util import dump_list, fetch_all, fetch_one, load_list

__all__ = [
    "Subscription",
    "count_due",
    "deactivate",
    "deactivate_chats",
    "due_after",
    "get",
    "subscribe",
]

_COLS = "id, chat_id, learner_id, kind, minute, tz, count, banks, kinds, active, next_due, updated_at"


def _row(row: tuple) -> Subscription:
    return Subscription(
        row[0],
        row[1],
        row[2],
        row[3],
        row[4],
        row[5],
        row[6],
        load_list(row[7]),
        load_list(row[8]),
        bool(row[9]),
        row[10],
        row[11],
    )


async def subscribe(
    db: aiosqlite.Connection,
    *,
    chat_id: int,
    learner_id: int | None,
    minute: int,
    tz: str,
    now: int,
    next_due: int | None,
    count: int = 1,
    banks: Iterable[str] | None = None,
    kinds: Iterable[str] | None = None,
    kind: str = "daily",
) -> Subscription:
    """Create or replace the chat's subscription of this kind, and switch it on."""
    row = await fetch_one(
        db,
        "INSERT INTO subscriptions (chat_id, learner_id, kind, minute, tz, count, banks, kinds, active, next_due,"
        " updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?) ON CONFLICT (chat_id, kind) DO UPDATE SET"
        " learner_id = excluded.learner_id, minute = excluded.minute, tz = excluded.tz, count = excluded.count,"
        " banks = excluded.banks, kinds = excluded.kinds, active = 1, next_due = excluded.next_due,"
        f" updated_at = excluded.updated_at RETURNING {_COLS}",
        (chat_id, learner_id, kind, minute, tz, count, dump_list(banks), dump_list(kinds), next_due, now),
    )
    assert row is not None
    return _row(row)


async def get(db: aiosqlite.Connection, chat_id: int, kind: str = "daily") -> Subscription | None:
    row = await fetch_one(db, f"SELECT {_COLS} FROM subscriptions WHERE chat_id = ? AND kind = ?", (chat_id, kind))
    return _row(row) if row else None


async def deactivate(db: aiosqlite.Connection, chat_id: int, kind: str | None = None, *, now: int) -> int:
    """Switch off the chat's subscriptions (one kind, or all: a 403 stops them all); returns how many."""
    if kind is None:
        cur = await db.execute(
            "UPDATE subscriptions SET active = 0, updated_at = ? WHERE chat_id = ? AND active = 1", (now, chat_id)
        )
    else:
        cur = await db.execute(
            "UPDATE subscriptions SET active = 0, updated_at = ? WHERE chat_id = ? AND kind = ? AND active = 1",
            (now, chat_id, kind),
        )
    return cur.rowcount


async def due_after(
    db: aiosqlite.Connection, now: int, after: tuple[int, int] | None, limit: int = 1000
) -> list[Subscription]:
    """The next page of due subscriptions in (next_due, id) order after `after` (keyset paging: rows left
    due, e.g. waiting for a retry, do not hide the ones behind them)."""
    last_due, last_id = after if after is not None else (-(2**63), -(2**63))
    rows = await fetch_all(
        db,
        f"SELECT {_COLS} FROM subscriptions WHERE active = 1 AND next_due <= ? AND (next_due, id) > (?, ?)"
        " ORDER BY next_due, id LIMIT ?",
        (now, last_due, last_id, limit),
    )
    return [_row(r) for r in rows]


async def count_due(db: aiosqlite.Connection, now: int) -> int:
    """How many active subscriptions are due (for progress logs; reads the partial index only)."""
    row = await fetch_one(db, "SELECT count(*) FROM subscriptions WHERE active = 1 AND next_due <= ?", (now,))
    return int(row[0]) if row else 0


def deactivate_chats(conn: sqlite3.Connection, chat_ids: Iterable[int], now: int) -> int:
    """Switch off every subscription of these chats (blocked, deactivated, not found); plain sqlite3."""
    total = 0
    for chat_id in chat_ids:
        cur = conn.execute(
            "UPDATE subscriptions SET active = 0, updated_at = ? WHERE chat_id = ? AND active = 1", (now, chat_id)
        )
        total += cur.rowcount
    return total
