"""Deliveries: the rows that make pushes and announcements exactly-once.

A push is one row per subscription and local day (`deliveries`), an announcement one row per
announcement and chat (`announcement_deliveries`), each written 'planned' when the request is about to
leave (`claim`, `claim_announcement`) and recorded after (`record`): sent, failed, uncertain or skipped.
At start-up `mark_planned_uncertain` and `mark_announcements_uncertain` turn rows left 'planned' by a
crash into 'uncertain', which are never resent.

The scheduler claims and records in batches with plain sqlite3 functions, run through
`Store.transaction` so a batch is one trip to the database thread.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import aiosqlite

from bot.records import Announcement
from bot.store._util import fetch_all, fetch_one

__all__ = [
    "STATUSES",
    "AnnouncementDelivery",
    "AnnouncementRow",
    "Claim",
    "Delivery",
    "PushRow",
    "SendOutcome",
    "announcement_counts",
    "announcement_recipients",
    "claim",
    "claim_announcement",
    "count_recipients",
    "create_announcement",
    "fail_announcement",
    "finish_announcement",
    "mark_announcements_uncertain",
    "mark_planned_uncertain",
    "open_announcements",
    "record",
    "unclaim",
    "unclaim_announcement",
]

STATUSES = ("planned", "sent", "failed", "uncertain", "skipped")


@dataclass(frozen=True, slots=True)
class PushRow:
    """The key of a daily push's or a reminder's row: its subscription and the local day."""

    subscription_id: int
    local_day: int  # date.toordinal() in the subscription's time zone


@dataclass(frozen=True, slots=True)
class AnnouncementRow:
    """The key of an announcement's row for one chat."""

    announcement_id: int
    chat_id: int


@dataclass(frozen=True)
class Delivery:
    """A push's row as stored."""

    subscription_id: int
    local_day: int
    status: str
    message_id: int | None
    tries: int
    error: str | None


@dataclass(frozen=True)
class AnnouncementDelivery:
    """An announcement's row for one chat as stored."""

    announcement_id: int
    chat_id: int
    status: str
    message_id: int | None
    tries: int
    error: str | None


async def mark_planned_uncertain(db: aiosqlite.Connection, now: int) -> list[Delivery]:
    """After a crash: rows still 'planned' may or may not have been sent; mark them and return them."""
    rows = await fetch_all(
        db,
        "UPDATE deliveries SET status = 'uncertain', updated_at = ? WHERE status = 'planned'"
        " RETURNING subscription_id, local_day, status, message_id, tries, error",
        (now,),
    )
    return [Delivery(*r) for r in rows]


# ----- batches for the scheduler (plain sqlite3, inside Store.transaction) --------------------------------


@dataclass(frozen=True, slots=True)
class Claim:
    """Move a subscription from the slot it was read at to the next one, writing that day's row(s)."""

    subscription_id: int
    seen_next_due: int  # next_due as read: a subscription changed meanwhile (/subscribe) is left alone
    next_due: int
    send_day: int | None  # local day to push now ('planned' row), if any
    skip_day: int | None = None  # local day given up (past the catch-up window): a 'skipped' row
    skip_status: str = "skipped"  # 'failed' when that day's push was tried and never got through
    skip_error: str | None = None


def claim(conn: sqlite3.Connection, claims: Iterable[Claim], now: int) -> list[bool]:
    """For each claim: True when a 'planned' row was written, so the push must be sent now.

    False when the subscription changed since it was read, when the day's row exists already (a push is
    never sent twice for one day), or when there is nothing to send.
    """
    out: list[bool] = []
    for c in claims:
        moved = conn.execute(
            "UPDATE subscriptions SET next_due = ?, updated_at = ? WHERE id = ? AND next_due = ? AND active = 1",
            (c.next_due, now, c.subscription_id, c.seen_next_due),
        ).rowcount
        if not moved:
            out.append(False)
            continue
        insert = (
            "INSERT INTO deliveries (subscription_id, local_day, status, planned_at, updated_at)"
            " VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING"
        )
        if c.skip_day is not None:
            conn.execute(
                "INSERT INTO deliveries (subscription_id, local_day, status, error, planned_at, updated_at)"
                " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
                (c.subscription_id, c.skip_day, c.skip_status, c.skip_error, now, now),
            )
        written = 0
        if c.send_day is not None:
            written = conn.execute(insert, (c.subscription_id, c.send_day, "planned", now, now)).rowcount
        out.append(bool(written))
    return out


def unclaim(conn: sqlite3.Connection, c: Claim, now: int) -> None:
    """Undo `claim` for a push that certainly was not sent: its row goes and its subscription is due again
    (unless it changed meanwhile), so it is tried again, after a restart too."""
    if c.send_day is not None:
        conn.execute(
            "DELETE FROM deliveries WHERE subscription_id = ? AND local_day = ? AND status = 'planned'",
            (c.subscription_id, c.send_day),
        )
    conn.execute(
        "UPDATE subscriptions SET next_due = ?, updated_at = ? WHERE id = ? AND next_due = ?",
        (c.seen_next_due, now, c.subscription_id, c.next_due),
    )


@dataclass(frozen=True, slots=True)
class SendOutcome:
    """What became of one send, for its row (a push's or an announcement's)."""

    row: PushRow | AnnouncementRow
    status: str
    message_id: int | None = None
    error: str | None = None
    tries: int = 1


def record(conn: sqlite3.Connection, outcomes: Iterable[SendOutcome], now: int) -> None:
    """Write the outcomes of finished sends (one transaction for a batch)."""
    for o in outcomes:
        if o.status not in STATUSES:
            raise ValueError(f"unknown delivery status {o.status!r}")
        if isinstance(o.row, AnnouncementRow):
            table, where, key = "announcement_deliveries", "announcement_id = ? AND chat_id = ?", o.row
            params: tuple[int, int] = (key.announcement_id, key.chat_id)
        else:
            table, where = "deliveries", "subscription_id = ? AND local_day = ?"
            params = (o.row.subscription_id, o.row.local_day)
        conn.execute(
            f"UPDATE {table} SET status = ?, message_id = ?, error = ?, tries = ?, updated_at = ? WHERE {where}",
            (o.status, o.message_id, o.error, o.tries, now, *params),
        )


# ----- announcements ---------------------------------------------------------------------------------------


_ANN_COLS = "id, text, by_chat, created_at, finished_at"


async def create_announcement(db: aiosqlite.Connection, text: str, by_chat: int, now: int) -> Announcement:
    row = await fetch_one(
        db,
        f"INSERT INTO announcements (text, by_chat, created_at) VALUES (?, ?, ?) RETURNING {_ANN_COLS}",
        (text, by_chat, now),
    )
    assert row is not None
    return Announcement(*row)


async def open_announcements(db: aiosqlite.Connection) -> list[Announcement]:
    """Announcements with recipients left (resumed after a restart), oldest first."""
    rows = await fetch_all(db, f"SELECT {_ANN_COLS} FROM announcements WHERE finished_at IS NULL ORDER BY id")
    return [Announcement(*r) for r in rows]


_RECIPIENTS = (
    "FROM subscriptions s WHERE s.active = 1 AND NOT EXISTS (SELECT 1 FROM announcement_deliveries d"
    " WHERE d.announcement_id = ? AND d.chat_id = s.chat_id)"
)


async def announcement_recipients(
    db: aiosqlite.Connection, announcement_id: int, after_chat: int | None, limit: int
) -> list[int]:
    """The next page of chats with an active subscription and no row for this announcement yet."""
    rows = await fetch_all(
        db,
        f"SELECT DISTINCT s.chat_id {_RECIPIENTS} AND s.chat_id > ? ORDER BY s.chat_id LIMIT ?",
        (announcement_id, after_chat if after_chat is not None else -(2**63), limit),
    )
    return [r[0] for r in rows]


async def count_recipients(db: aiosqlite.Connection, announcement_id: int) -> int:
    row = await fetch_one(db, f"SELECT count(DISTINCT s.chat_id) {_RECIPIENTS}", (announcement_id,))
    return int(row[0]) if row else 0


def claim_announcement(conn: sqlite3.Connection, announcement_id: int, chat_ids: Sequence[int], now: int) -> list[bool]:
    """Write 'planned' rows before the sends; False for a chat that has its row already."""
    return [
        bool(
            conn.execute(
                "INSERT INTO announcement_deliveries (announcement_id, chat_id, status, planned_at, updated_at)"
                " VALUES (?, ?, 'planned', ?, ?) ON CONFLICT DO NOTHING",
                (announcement_id, chat_id, now, now),
            ).rowcount
        )
        for chat_id in chat_ids
    ]


def unclaim_announcement(conn: sqlite3.Connection, announcement_id: int, chat_id: int) -> None:
    """Undo `claim_announcement` for a send that certainly did not happen: the chat is a recipient again."""
    conn.execute(
        "DELETE FROM announcement_deliveries WHERE announcement_id = ? AND chat_id = ? AND status = 'planned'",
        (announcement_id, chat_id),
    )


def fail_announcement(
    conn: sqlite3.Connection, announcement_id: int, chat_id: int, error: str, tries: int, now: int
) -> None:
    """Give one chat up: a 'failed' row, so the announcement can finish."""
    conn.execute(
        "INSERT INTO announcement_deliveries (announcement_id, chat_id, status, error, tries, planned_at, updated_at)"
        " VALUES (?, ?, 'failed', ?, ?, ?, ?) ON CONFLICT DO NOTHING",
        (announcement_id, chat_id, error, tries, now, now),
    )


async def mark_announcements_uncertain(db: aiosqlite.Connection, now: int) -> list[AnnouncementDelivery]:
    """After a crash: announcement rows still 'planned' become 'uncertain'; returns them."""
    rows = await fetch_all(
        db,
        "UPDATE announcement_deliveries SET status = 'uncertain', updated_at = ? WHERE status = 'planned'"
        " RETURNING announcement_id, chat_id, status, message_id, tries, error",
        (now,),
    )
    return [AnnouncementDelivery(*r) for r in rows]


async def finish_announcement(db: aiosqlite.Connection, announcement_id: int, now: int) -> None:
    await db.execute("UPDATE announcements SET finished_at = ? WHERE id = ?", (now, announcement_id))


async def announcement_counts(db: aiosqlite.Connection, announcement_id: int) -> dict[str, int]:
    rows = await fetch_all(
        db,
        "SELECT status, count(*) FROM announcement_deliveries WHERE announcement_id = ? GROUP BY status",
        (announcement_id,),
    )
    return {status: n for status, n in rows}
