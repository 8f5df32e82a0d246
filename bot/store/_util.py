"""Small helpers shared by the repositories."""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Any

import aiosqlite

__all__ = ["dump_list", "fetch_all", "fetch_one", "load_list"]


async def fetch_one(db: aiosqlite.Connection, sql: str, params: Sequence[Any] = ()) -> tuple[Any, ...] | None:
    # execute_fetchall is one trip to the connection's thread; execute + fetchone + close would be three.
    rows = await db.execute_fetchall(sql, params)
    for row in rows:
        return tuple(row)
    return None


async def fetch_all(db: aiosqlite.Connection, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
    return [tuple(r) for r in await db.execute_fetchall(sql, params)]


def dump_list(values: Iterable[str] | None) -> str | None:
    """A list setting as JSON; None (meaning 'all') stays NULL."""
    return None if values is None else json.dumps(list(values), ensure_ascii=False)


def load_list(text: str | None) -> tuple[str, ...] | None:
    return None if text is None else tuple(json.loads(text))
