"""The update inbox's rows (migration 5): updates kept from the moment they are fetched until handled,
and the dead letters (migration 11): updates that could not be stored or read, kept with their error.

Plain sqlite3 functions for `Store.transaction`, and `UpdateLog`, which runs them for the inbox
(bot/telegram/inbox.py): a batch of new updates, handled ones and dead letters in one transaction.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.store.db import Store

__all__ = [
    "DEAD_KEEP",
    "UpdateLog",
    "Waiting",
    "bury",
    "dead_letters",
    "mark_handled",
    "prune",
    "recent_ids",
    "record",
    "waiting",
]

DEAD_KEEP = 1000  # dead letters kept (the newest): enough to see what went wrong, never a growing table
# What one row can fail on, whatever the disk: a value SQLite cannot take (an id that is no integer, text
# that is no UTF-8). Anything else (sqlite3.OperationalError: read-only, full, locked) is the database's.
_ROW_FAULTS = (sqlite3.IntegrityError, sqlite3.InterfaceError, sqlite3.ProgrammingError, ValueError, OverflowError)


@dataclass(frozen=True, slots=True)
class Waiting:
    """An update fetched before the last stop and not handled: handed out again at start-up."""

    update_id: int
    body: str
    replays: int  # how often it was handed out again before (a crash while handling it each time)


_RECORD = "INSERT INTO updates (update_id, body, received_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING"


def record(conn: sqlite3.Connection, rows: list[tuple[int, str]], now: int) -> list[tuple[int, str, str]]:
    """Keep new updates (update_id, JSON body); one seen before is left as it is. A row SQLite cannot take
    is not kept: returned as (update_id, body, error) for the dead letters, the others are kept all the same."""
    try:
        conn.executemany(_RECORD, [(update_id, body, now) for update_id, body in rows])
        return []
    except _ROW_FAULTS:
        pass
    failed = []
    for update_id, body in rows:  # one at a time: the rows before the bad one are in already (no conflict)
        try:
            conn.execute(_RECORD, (update_id, body, now))
        except _ROW_FAULTS as exc:
            failed.append((update_id, body, f"cannot be stored ({type(exc).__name__}: {exc})"[:500]))
    return failed


def bury(conn: sqlite3.Connection, rows: Iterable[tuple[int | None, str, str]], now: int) -> None:
    """Keep updates that cannot be handled (update_id or None, body, error) as dead letters; the oldest go
    beyond DEAD_KEEP. Bodies and errors come ASCII-escaped (bot/telegram/update_check.py): always storable."""
    rows = list(rows)
    if not rows:
        return
    conn.executemany(
        "INSERT INTO dead_updates (update_id, body, error, received_at) VALUES (?, ?, ?, ?)",
        [(update_id if isinstance(update_id, int) else None, body, error, now) for update_id, body, error in rows],
    )
    conn.execute(
        "DELETE FROM dead_updates WHERE id <= (SELECT id FROM dead_updates ORDER BY id DESC LIMIT 1 OFFSET ?)",
        (DEAD_KEEP,),
    )


def dead_letters(conn: sqlite3.Connection) -> list[tuple[int | None, str, str]]:
    """The dead letters, oldest first: (update_id, body, error)."""
    return [tuple(row) for row in conn.execute("SELECT update_id, body, error FROM dead_updates ORDER BY id")]


def mark_handled(conn: sqlite3.Connection, update_ids: Iterable[int], now: int) -> None:
    conn.executemany(
        "UPDATE updates SET handled_at = ?, body = NULL WHERE update_id = ? AND handled_at IS NULL",
        [(now, update_id) for update_id in update_ids],
    )


def waiting(conn: sqlite3.Connection) -> list[Waiting]:
    """Updates not handled yet, oldest first; each counts one more replay."""
    rows = conn.execute(
        "UPDATE updates SET replays = replays + 1 WHERE handled_at IS NULL RETURNING update_id, body, replays - 1"
    ).fetchall()
    return sorted((Waiting(i, body, n) for i, body, n in rows), key=lambda w: w.update_id)


def recent_ids(conn: sqlite3.Connection, since: int) -> list[int]:
    """Ids of updates received since `since`: Telegram may send these again after a crash."""
    return [row[0] for row in conn.execute("SELECT update_id FROM updates WHERE received_at >= ?", (since,))]


def prune(conn: sqlite3.Connection, before: int) -> int:
    """Forget updates handled before `before`; returns how many."""
    return conn.execute("DELETE FROM updates WHERE handled_at IS NOT NULL AND handled_at < ?", (before,)).rowcount


class UpdateLog:
    """The inbox's rows on one store, each call one transaction (the update inbox's port to the database)."""

    def __init__(self, store: Store) -> None:
        self._store = store

    async def open(self, now: int, keep_seconds: int) -> tuple[list[Waiting], list[int]]:
        """Prune what was handled long ago; the updates left unhandled, and the ids seen lately."""

        def load(conn: sqlite3.Connection) -> tuple[list[Waiting], list[int]]:
            prune(conn, now - keep_seconds)
            return waiting(conn), recent_ids(conn, now - keep_seconds)

        return await self._store.transaction(load)

    async def write(
        self,
        new: list[tuple[int, str]],
        handled: list[int],
        now: int,
        prune_before: int | None = None,
        dead: list[tuple[int | None, str, str]] | None = None,
    ) -> list[tuple[int, str, str]]:
        """New updates, then the handled ones (an update may be handled before it is written), and dead
        letters, in one go; the new updates SQLite could not take, kept as dead letters instead."""

        def batch(conn: sqlite3.Connection) -> list[tuple[int, str, str]]:
            failed = record(conn, new, now)
            escaped = [(i, body.encode("ascii", "backslashreplace").decode(), error) for i, body, error in failed]
            bury(conn, [*(dead or []), *escaped], now)
            mark_handled(conn, handled, now)
            if prune_before is not None:
                prune(conn, prune_before)
            return failed

        return await self._store.transaction(batch)
