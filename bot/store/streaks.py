"""Streak rows (the record is bot.records.Streak; the rules live in bot.study.streaks)."""

from __future__ import annotations

import aiosqlite

from bot.records import Streak
from bot.store._util import fetch_one

__all__ = ["PUT_SQL", "get", "put_params"]

PUT_SQL = (
    "INSERT INTO streaks (learner_id, current, longest, last_day, freezes, frozen) VALUES (?, ?, ?, ?, ?, ?)"
    " ON CONFLICT DO UPDATE SET current = excluded.current, longest = excluded.longest,"
    " last_day = excluded.last_day, freezes = excluded.freezes, frozen = excluded.frozen"
)


async def get(db: aiosqlite.Connection, learner_id: int) -> Streak:
    row = await fetch_one(
        db, "SELECT current, longest, last_day, freezes, frozen FROM streaks WHERE learner_id = ?", (learner_id,)
    )
    return Streak(*row) if row else Streak()


def put_params(learner_id: int, streak: Streak) -> tuple:
    return (learner_id, streak.current, streak.longest, streak.last_day, streak.freezes, streak.frozen)
