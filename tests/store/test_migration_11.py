"""Migration 11 on a database that got 12 first (numbers are handed out to work done in parallel): it
adds its columns and tables to what is there, and upload ids go on from the last one given."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from bot.store import MIGRATIONS, Store, apply_migrations, open_sync
from bot.store import pending_uploads as repo


async def test_migration_11_after_12_keeps_the_waiting_uploads_and_goes_on_from_their_ids(tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite3"
    conn = open_sync(path, migrate=False)
    apply_migrations(conn, migrations=[m for m in MIGRATIONS if m.version != 11])
    conn.execute(
        "INSERT INTO pending_uploads (id, admin_id, chat_id, bank_id, file_name, bank, created_at, review, revision) "
        "VALUES (7, 1, 1, 'law', 'law.txt', '{}', 100, '{\"lines\": {}}', 2)"
    )
    assert apply_migrations(conn) == [11]
    conn.close()
    async with await Store.open(path) as store, store.write() as db:
        old = await repo.get(db, 7)
        new = await repo.add(db, admin_id=1, chat_id=1, bank_id="b", file_name="b.txt", bank_json="{}", now=200)
    assert old is not None and (old.review, old.revision, old.digest) == ('{"lines": {}}', 2, "")
    assert new.id == 8 and new.digest == repo.digest_of("{}")
    check = sqlite3.connect(path)
    tables = {r[0] for r in check.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    check.close()
    assert {"dead_updates", "health_checks", "upload_ids", "confirmed_imports"} <= tables
