"""The SQLite store (aiosqlite): connection, numbered migrations, one repository module per concept.

Repositories are modules of functions taking the connection handed out by
`Store.read()` / `Store.write()` (one transaction per `write()` block):

    async with store.write() as db:
        if await deliveries.plan(db, subscription_id, local_day, now):
            ...
"""

from bot.store.db import Store, open_sync
from bot.store.migrations import MIGRATIONS, apply_migrations, current_version

__all__ = ["MIGRATIONS", "Store", "apply_migrations", "current_version", "open_sync"]
