"""The update inbox's rows (migration 5): updates kept from the moment they are fetched until handled.

Plain sqlite3 functions for `Store.transaction`: the inbox writes a batch of new updates and of handled
ones in one transaction.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable
from dataclasses import dataclass

__all__ = ["Waiting", "mark_handled", "prune", "recent_ids", "record", "waiting"]


@dataclass(frozen=True, slots=True)
class Waiting:
    """An update fetched before the last stop and not handled: handed out again at start-up."""

    update_id: int
    body: str
    replays: int  # how often it was handed out again before (a crash while handling it each time)


def record(conn: sqlite3.Connection, rows: Iterable[tuple[int, str]], now: int) -> None:
    """Keep new updates (update_id, JSON body); one seen before is left as it is."""
    conn.executemany(
        "INSERT INTO updates (update_id, body, received_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
        [(update_id, body, now) for update_id, body in rows],
    )


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
