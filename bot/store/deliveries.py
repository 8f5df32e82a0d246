"""Deliveries: the record that makes pushes exactly-once.

Write `plan` BEFORE sending; it returns False when the row for that subscription
and local day exists already (the primary key refuses a second one), and then the
push must not be sent. After the send, `mark` it sent or failed. At start-up,
`mark_planned_uncertain` turns rows left 'planned' by a crash into 'uncertain',
which are never resent.
"""

from __future__ import annotations

from dataclasses import dataclass

import aiosqlite

from bot.store._util import fetch_all, fetch_one

__all__ = ["STATUSES", "Delivery", "counts", "get", "mark", "mark_planned_uncertain", "plan"]

STATUSES = ("planned", "sent", "failed", "uncertain", "skipped")
_COLS = "subscription_id, local_day, status, message_id, tries, error, planned_at, updated_at"


@dataclass(frozen=True)
class Delivery:
    subscription_id: int
    local_day: int  # date.toordinal() in the subscription's time zone
    status: str
    message_id: int | None
    tries: int
    error: str | None
    planned_at: int
    updated_at: int


async def plan(
    db: aiosqlite.Connection, subscription_id: int, local_day: int, now: int, status: str = "planned"
) -> bool:
    """Claim the push for that day; False if it was claimed before (nothing is written then)."""
    cur = await db.execute(
        "INSERT INTO deliveries (subscription_id, local_day, status, planned_at, updated_at) "
        "VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
        (subscription_id, local_day, status, now, now),
    )
    return cur.rowcount == 1


async def mark(
    db: aiosqlite.Connection, subscription_id: int, local_day: int, status: str, now: int,
    *, message_id: int | None = None, error: str | None = None, tries: int | None = None,
) -> None:
    if status not in STATUSES:
        raise ValueError(f"unknown delivery status {status!r}")
    await db.execute(
        "UPDATE deliveries SET status = ?, message_id = coalesce(?, message_id), error = ?,"
        " tries = coalesce(?, tries + 1), updated_at = ? WHERE subscription_id = ? AND local_day = ?",
        (status, message_id, error, tries, now, subscription_id, local_day),
    )


async def get(db: aiosqlite.Connection, subscription_id: int, local_day: int) -> Delivery | None:
    row = await fetch_one(
        db, f"SELECT {_COLS} FROM deliveries WHERE subscription_id = ? AND local_day = ?",
        (subscription_id, local_day),
    )
    return Delivery(*row) if row else None


async def mark_planned_uncertain(db: aiosqlite.Connection, now: int) -> list[Delivery]:
    """After a crash: rows still 'planned' may or may not have been sent; mark them and return them."""
    rows = await fetch_all(
        db,
        f"UPDATE deliveries SET status = 'uncertain', updated_at = ? WHERE status = 'planned' RETURNING {_COLS}",
        (now,),
    )
    return [Delivery(*r) for r in rows]


async def counts(db: aiosqlite.Connection, local_day: int | None = None) -> dict[str, int]:
    """Deliveries per status (of one local day, or all)."""
    if local_day is None:
        rows = await fetch_all(db, "SELECT status, count(*) FROM deliveries GROUP BY status")
    else:
        rows = await fetch_all(
            db, "SELECT status, count(*) FROM deliveries WHERE local_day = ? GROUP BY status", (local_day,)
        )
    return {status: n for status, n in rows}
