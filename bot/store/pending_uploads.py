"""Uploaded banks waiting for the admin's confirmation, the confirmed ones until they are live, and what a
deleted bank leaves in learners' choices.

Ids are never reused (migration 11 keeps the last one given): a week-old preview's button can never name
another upload, and its digest (of the bank the upload was first read as) must match as well; edits on the
teacher's desk keep it, so the chat's button confirms the draft as edited.
"""

from __future__ import annotations

import hashlib
import json

import aiosqlite

from bot.records import ConfirmedImport, PendingUpload
from bot.store._util import dump_list, fetch_all, fetch_one, load_list

__all__ = [
    "ConfirmedImport",
    "PendingUpload",
    "add",
    "applying",
    "clear_older",
    "confirm",
    "confirmed",
    "digest_of",
    "finish",
    "forget_bank",
    "get",
    "of_admin",
    "put_back",
    "revise",
    "take",
    "unconfirm",
]

_COLS = "id, admin_id, chat_id, bank_id, file_name, bank, created_at, review, revision, digest"
_CONFIRMED = (
    "upload_id, admin_id, chat_id, bank_id, file_name, bank, created_at, review, revision, digest, lang, state, error"
)


def _row(row: tuple) -> PendingUpload:
    return PendingUpload(*row)


def _confirmed(row: tuple) -> ConfirmedImport:
    return ConfirmedImport(PendingUpload(*row[:10]), lang=row[10], state=row[11], error=row[12])


def digest_of(bank_json: str) -> str:
    """What a preview's buttons carry of the bank they show: 10 hex digits of its SHA-256."""
    return hashlib.sha256(bank_json.encode()).hexdigest()[:10]


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
) -> PendingUpload:
    """A new waiting upload, under an id never given before."""
    given = await fetch_one(db, "UPDATE upload_ids SET last = last + 1 WHERE id = 1 RETURNING last", ())
    assert given is not None
    upload = PendingUpload(
        int(given[0]), admin_id, chat_id, bank_id, file_name, bank_json, now, review, 0, digest_of(bank_json)
    )
    await db.execute(f"INSERT INTO pending_uploads ({_COLS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", _values(upload))
    return upload


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
        f"INSERT OR IGNORE INTO pending_uploads ({_COLS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", _values(upload)
    )


def _values(upload: PendingUpload) -> tuple[object, ...]:
    u = upload
    return (
        u.id,
        u.admin_id,
        u.chat_id,
        u.bank_id,
        u.file_name,
        u.bank_json,
        u.created_at,
        u.review,
        u.revision,
        u.digest,
    )


async def clear_older(db: aiosqlite.Connection, before: int) -> int:
    """Forget uploads (waiting, or confirmed and finished) from before `before`; how many were waiting."""
    await db.execute("DELETE FROM confirmed_imports WHERE state != 'applying' AND created_at < ?", (before,))
    cur = await db.execute("DELETE FROM pending_uploads WHERE created_at < ?", (before,))
    return cur.rowcount


async def confirm(
    db: aiosqlite.Connection, upload_id: int, digest: str | None, lang: str, since: int
) -> PendingUpload | None:
    """The waiting upload `upload_id` whose digest is `digest` ('' from a button made before digests, for a
    row from then; None: not checked, for the teacher's desk, which names uploads of a signed-in admin), made
    a confirmed import in the same transaction; None when there is none waiting, it is another upload's
    (the digest differs), or it was made before `since` (expired: it goes)."""
    taken = await take(db, upload_id)
    if taken is None:
        return None
    if digest is not None and taken.digest != digest:
        await put_back(db, taken)  # another upload's button cannot take this one
        return None
    if taken.created_at < since:
        return None
    await db.execute(
        f"INSERT INTO confirmed_imports ({_CONFIRMED}) VALUES ({', '.join('?' * 11)}, 'applying', NULL)",
        (*_values(taken), lang),
    )
    return taken


async def confirmed(db: aiosqlite.Connection, upload_id: int) -> ConfirmedImport | None:
    row = await fetch_one(db, f"SELECT {_CONFIRMED} FROM confirmed_imports WHERE upload_id = ?", (upload_id,))
    return _confirmed(row) if row else None


async def applying(db: aiosqlite.Connection) -> list[ConfirmedImport]:
    """Confirmed imports not finished (the bot stopped while putting them live), oldest first."""
    rows = await fetch_all(
        db, f"SELECT {_CONFIRMED} FROM confirmed_imports WHERE state = 'applying' ORDER BY upload_id"
    )
    return [_confirmed(r) for r in rows]


async def finish(db: aiosqlite.Connection, upload_id: int, *, error: str | None = None) -> None:
    """A confirmed import is live (or failed with `error`); its bank's text is no longer needed."""
    state = "failed" if error else "done"
    await db.execute(
        "UPDATE confirmed_imports SET state = ?, error = ?, bank = '' WHERE upload_id = ?", (state, error, upload_id)
    )


async def unconfirm(db: aiosqlite.Connection, upload: PendingUpload) -> None:
    """A confirmed import that could not be written (the folder, the disk) waits again under its own id."""
    await db.execute("DELETE FROM confirmed_imports WHERE upload_id = ?", (upload.id,))
    await put_back(db, upload)


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
