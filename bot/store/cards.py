"""Review cards: FSRS state per learner and question, stored as compact columns."""

from __future__ import annotations

from datetime import UTC, datetime

import aiosqlite
from fsrs import Card, State

from bot.records import Streak
from bot.store._util import fetch_all

__all__ = [
    "CARDS_OF_SQL",
    "CARD_AND_STREAK_SQL",
    "PUT_SQL",
    "card_and_streak",
    "learner_cards",
    "put_params",
]


CARD_AND_STREAK_SQL = (
    "SELECT c.due, c.state, c.step, c.stability, c.difficulty, c.last_review, c.lapses,"
    " s.current, s.longest, s.last_day, s.freezes, s.frozen FROM (SELECT 1)"
    " LEFT JOIN cards c ON c.learner_id = ?1 AND c.question = ?2 LEFT JOIN streaks s ON s.learner_id = ?1"
)
CARDS_OF_SQL = "SELECT question, due FROM cards WHERE learner_id = ? ORDER BY due"
PUT_SQL = (
    "INSERT INTO cards (learner_id, question, due, state, step, stability, difficulty, last_review, lapses)"
    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO UPDATE SET due = excluded.due, state = excluded.state,"
    " step = excluded.step, stability = excluded.stability, difficulty = excluded.difficulty,"
    " last_review = excluded.last_review, lapses = excluded.lapses"
)


def _ts(value: datetime | None) -> int | None:
    return None if value is None else int(value.timestamp())


def _dt(value: int | None) -> datetime | None:
    return None if value is None else datetime.fromtimestamp(value, UTC)


def card_and_streak(question: int, row: tuple) -> tuple[tuple[Card, int] | None, Streak]:
    """Decode a CARD_AND_STREAK_SQL row."""
    streak = Streak(*row[7:]) if row[7] is not None else Streak()
    if row[0] is None:
        return None, streak
    return (_card(question, row), row[6]), streak


def _card(question: int, row: tuple) -> Card:
    # card_id is given: without it fsrs reads the wall clock and sleeps 1 ms.
    return Card(
        card_id=question,
        state=State(row[1]),
        step=row[2],
        stability=row[3],
        difficulty=row[4],
        due=_dt(row[0]),
        last_review=_dt(row[5]),
    )


def put_params(learner_id: int, question: int, card: Card, lapses: int) -> tuple:
    return (
        learner_id,
        question,
        _ts(card.due),
        int(card.state),
        card.step,
        card.stability,
        card.difficulty,
        _ts(card.last_review),
        lapses,
    )


async def learner_cards(db: aiosqlite.Connection, learner_id: int) -> list[tuple[int, int]]:
    """(question, due) of every card the learner has, soonest due first."""
    return await fetch_all(db, CARDS_OF_SQL, (learner_id,))
