"""Review cards: FSRS state per learner and question, stored as compact columns."""

from __future__ import annotations

from datetime import UTC, datetime

import aiosqlite
from fsrs import Card, State

from bot.store._util import fetch_all, fetch_one

__all__ = ["due_count", "get", "learner_cards", "put"]


def _ts(value: datetime | None) -> int | None:
    return None if value is None else int(value.timestamp())


def _dt(value: int | None) -> datetime | None:
    return None if value is None else datetime.fromtimestamp(value, UTC)


async def get(db: aiosqlite.Connection, learner_id: int, question: int) -> tuple[Card, int] | None:
    """The card and its lapse count, or None for a question the learner never answered."""
    row = await fetch_one(
        db,
        "SELECT due, state, step, stability, difficulty, last_review, lapses FROM cards "
        "WHERE learner_id = ? AND question = ?",
        (learner_id, question),
    )
    if row is None:
        return None
    # card_id is given: without it fsrs reads the wall clock and sleeps 1 ms.
    card = Card(card_id=question, state=State(row[1]), step=row[2], stability=row[3], difficulty=row[4],
                due=_dt(row[0]), last_review=_dt(row[5]))
    return card, row[6]


async def put(db: aiosqlite.Connection, learner_id: int, question: int, card: Card, lapses: int) -> None:
    await db.execute(
        "INSERT INTO cards (learner_id, question, due, state, step, stability, difficulty, last_review, lapses)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO UPDATE SET due = excluded.due,"
        " state = excluded.state, step = excluded.step, stability = excluded.stability,"
        " difficulty = excluded.difficulty, last_review = excluded.last_review, lapses = excluded.lapses",
        (learner_id, question, _ts(card.due), int(card.state), card.step, card.stability, card.difficulty,
         _ts(card.last_review), lapses),
    )


async def learner_cards(db: aiosqlite.Connection, learner_id: int) -> list[tuple[int, int]]:
    """(question, due) of every card the learner has, soonest due first."""
    return await fetch_all(
        db, "SELECT question, due FROM cards WHERE learner_id = ? ORDER BY due", (learner_id,)
    )


async def due_count(db: aiosqlite.Connection, learner_id: int, now: int) -> int:
    row = await fetch_one(db, "SELECT count(*) FROM cards WHERE learner_id = ? AND due <= ?", (learner_id, now))
    return int(row[0]) if row else 0
