"""Uploaded banks waiting for the admin's confirmation, and what a deleted bank leaves in learners' choices."""

from __future__ import annotations

import json

import aiosqlite

from bot.records import PendingUpload
from bot.store._util import dump_list, fetch_all, fetch_one, load_list

__all__ = ["PendingUpload", "add", "clear_older", "forget_bank", "get", "of_admin", "put_back", "revise", "take"]

_COLS = "id, admin_id, chat_id, bank_id, file_name, bank, created_at, review, revision"


def _row(row: tuple) -> PendingUpload:
    return PendingUpload(*row)


async def add(
    db: aiosqlite.Connection,
    *,
    admin_id: int,
    chat_id: int,
    bank_id: str,
    file_name: str,
    bank_json: str,
    now: int,
    review: str | None = None,
) -> int:
    row = await fetch_one(
        db,
        "INSERT INTO pending_uploads (admin_id, chat_id, bank_id, file_name, bank, created_at, review) "
        "VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id",
        (admin_id, chat_id, bank_id, file_name, bank_json, now, review),
    )
    assert row is not None
    return int(row[0])


async def get(db: aiosqlite.Connection, upload_id: int) -> PendingUpload | None:
    row = await fetch_one(db, f"SELECT {_COLS} FROM pending_uploads WHERE id = ?", (upload_id,))
    return _row(row) if row else None


async def of_admin(db: aiosqlite.Connection, admin_id: int, since: int) -> list[PendingUpload]:
    """The admin's uploads still waiting (created at `since` or later), the newest first."""
    rows = await fetch_all(
        db,
        f"SELECT {_COLS} FROM pending_uploads WHERE admin_id = ? AND created_at >= ? ORDER BY id DESC",
        (admin_id, since),
    )
    return [_row(r) for r in rows]


async def revise(
    db: aiosqlite.Connection, upload_id: int, revision: int, bank_json: str, review: str | None
) -> int | None:
    """Replace the waiting bank (and its review) if it is still at `revision`: the new revision, else None
    (taken, cancelled, or edited meanwhile)."""
    row = await fetch_one(
        db,
        "UPDATE pending_uploads SET bank = ?, review = ?, revision = revision + 1 "
        "WHERE id = ? AND revision = ? RETURNING revision",
        (bank_json, review, upload_id, revision),
    )
    return None if row is None else int(row[0])


async def take(db: aiosqlite.Connection, upload_id: int) -> PendingUpload | None:
    """The pending upload, removed in the same statement: of two presses, only one gets it."""
    row = await fetch_one(db, f"DELETE FROM pending_uploads WHERE id = ? RETURNING {_COLS}", (upload_id,))
    return _row(row) if row else None


async def put_back(db: aiosqlite.Connection, upload: PendingUpload) -> None:
    """A taken upload that could not be installed, waiting again under its own id."""
    await db.execute(
        f"INSERT OR IGNORE INTO pending_uploads ({_COLS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (
            upload.id,
            upload.admin_id,
            upload.chat_id,
            upload.bank_id,
            upload.file_name,
            upload.bank_json,
            upload.created_at,
            upload.review,
            upload.revision,
        ),
    )


async def clear_older(db: aiosqlite.Connection, before: int) -> int:
    cur = await db.execute("DELETE FROM pending_uploads WHERE created_at < ?", (before,))
    return cur.rowcount


async def forget_bank(db: aiosqlite.Connection, bank_id: str) -> tuple[int, int]:
    """Take a deleted bank out of learners' chosen banks and out of push subscriptions' banks. A choice
    left empty becomes "every bank" (NULL). Returns (learners, subscriptions) changed."""
    changed = []
    for table in ("learners", "subscriptions"):
        # The JSON list holds the id in quotes: the LIKE narrows the rows, the check below is exact.
        pattern = json.dumps(bank_id, ensure_ascii=False)
        rows = await fetch_all(db, f"SELECT id, banks FROM {table} WHERE banks LIKE ?", (f"%{pattern}%",))
        count = 0
        for row_id, text in rows:
            banks = load_list(text) or ()
            if bank_id not in banks:
                continue
            rest = [b for b in banks if b != bank_id]
            await db.execute(f"UPDATE {table} SET banks = ? WHERE id = ?", (dump_list(rest or None), row_id))
            count += 1
        changed.append(count)
    return changed[0], changed[1]
