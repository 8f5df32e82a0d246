"""What a learner can act on next, for /stats: the reviews due, and the questions missed most.

Reads the cards (bot/store/cards.py) and the engine's stats; questions no longer in any bank are left
out, as the picker leaves them out.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from bot.store import cards as cards_repo
from bot.study.engine import StudyEngine
from bot.study.results import Pick

__all__ = ["Reviews", "missed_pick", "reviews_due"]

SOON = timedelta(days=7)


@dataclass(frozen=True)
class Reviews:
    due_now: int  # review cards due now
    due_soon: int  # more falling due within the next 7 days


async def reviews_due(engine: StudyEngine, learner_id: int) -> Reviews:
    now = engine.clock()
    soon = int((now + SOON).timestamp())
    async with engine.store.read() as db:
        cards = await cards_repo.learner_cards(db, learner_id)
    dues = [due for key, due in cards if engine.question_for(key) is not None]
    now_ts = int(now.timestamp())
    return Reviews(sum(due <= now_ts for due in dues), sum(now_ts < due <= soon for due in dues))


async def missed_pick(engine: StudyEngine, learner_id: int, among: int = 10) -> Pick | None:
    """The most-missed question to practise again (not the one just asked); None when nothing was missed."""
    stats = await engine.stats(learner_id, most_missed=among)
    learner = await engine.learner(learner_id)
    last = learner.last_question if learner is not None else None
    for missed in stats.most_missed:
        key = engine.question_key(missed.bank_id, missed.question_id)
        found = engine.question_for(key) if key is not None else None
        if key is None or found is None:
            continue
        if key != last or missed is stats.most_missed[-1]:
            return Pick(found[0], found[1], key, "review", 0)
    return None
