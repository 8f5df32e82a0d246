"""Streak rows (the rules live in bot.study.streaks)."""

from __future__ import annotations

import aiosqlite

from bot.store._util import fetch_one
from bot.study.streaks import Streak

__all__ = ["get", "put"]


async def get(db: aiosqlite.Connection, learner_id: int) -> Streak:
    row = await fetch_one(
        db, "SELECT current, longest, last_day, freezes, frozen FROM streaks WHERE learner_id = ?", (learner_id,)
    )
    return Streak(*row) if row else Streak()


async def put(db: aiosqlite.Connection, learner_id: int, streak: Streak) -> None:
    await db.execute(
        "INSERT INTO streaks (learner_id, current, longest, last_day, freezes, frozen) VALUES (?, ?, ?, ?, ?, ?)"
        " ON CONFLICT DO UPDATE SET current = excluded.current, longest = excluded.longest,"
        " last_day = excluded.last_day, freezes = excluded.freezes, frozen = excluded.frozen",
        (learner_id, streak.current, streak.longest, streak.last_day, streak.freezes, streak.frozen),
    )
