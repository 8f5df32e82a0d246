"""Group tallies for the group's /stats picture: answers per chat-local day and results per kind."""

from __future__ import annotations

import aiosqlite

from bot.records import Tally
from bot.store._util import fetch_all

__all__ = ["group_per_day", "group_tallies"]


async def group_per_day(db: aiosqlite.Connection, chat_id: int) -> list[tuple[int, int, int]]:
    """(chat-local day ordinal, answers, correct) for each day the group's members answered."""
    return await fetch_all(
        db,
        "SELECT local_day, sum(answered), sum(correct) FROM scores WHERE chat_id = ? "
        "GROUP BY local_day ORDER BY local_day",
        (chat_id,),
    )


async def group_tallies(db: aiosqlite.Connection, chat_id: int) -> list[tuple[str, Tally]]:
    """(kind, tally) over every member's answers to questions asked in the chat."""
    rows = await fetch_all(
        db,
        "SELECT q.kind, count(*), sum(a.outcome = 2), sum(a.outcome = 1), sum(a.outcome = 0), sum(a.score) "
        "FROM asked k JOIN attempts a ON a.asked_id = k.id JOIN questions q ON q.id = a.question "
        "WHERE k.chat_id = ? GROUP BY q.kind",
        (chat_id,),
    )
    return [(r[0], Tally(r[1], r[2], r[3], r[4], float(r[5]))) for r in rows]
