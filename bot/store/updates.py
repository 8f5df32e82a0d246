"""The update inbox's rows (migration 5): updates kept from the moment they are fetched until handled.

Plain sqlite3 functions for `Store.transaction`, and `UpdateLog`, which runs them for the inbox
(bot/telegram/inbox.py): a batch of new updates and of handled ones in one transaction.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.store.db import Store

__all__ = ["UpdateLog", "Waiting", "mark_handled", "prune", "recent_ids", "record", "waiting"]


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
        self, new: list[tuple[int, str]], handled: list[int], now: int, prune_before: int | None = None
    ) -> None:
        """New updates, then the handled ones (an update may be handled before it is written), in one go."""

        def batch(conn: sqlite3.Connection) -> None:
            record(conn, new, now)
            mark_handled(conn, handled, now)
            if prune_before is not None:
                prune(conn, prune_before)

        await self._store.transaction(batch)
