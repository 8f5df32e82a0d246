"""A group's progress for /stats in a group: its calendar, its streak and its accuracy per kind.

A group's day counts when any member answered a question asked in the group that (chat-local) day;
the streak follows the same rules as a learner's (bot.study.streaks), freezes included.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date

from bot.records import Streak, Tally
from bot.store import chats as chats_repo
from bot.store.group_stats import group_per_day, group_tallies
from bot.study.days import local_date
from bot.study.engine import StudyEngine
from bot.study.streaks import StreakView, record_day, view

__all__ = ["GroupStats", "group_stats", "streak_of_days"]


@dataclass(frozen=True)
class GroupStats:
    today: date  # the chat's local date
    total: Tally
    by_kind: dict[str, Tally]
    per_day: dict[date, int]
    streak: StreakView


def streak_of_days(days: Iterable[int], today: int) -> StreakView:
    """The streak of a sequence of active day ordinals, as of `today` (pure)."""
    streak = Streak()
    for day in sorted(set(days)):
        streak = record_day(streak, day)
    return view(streak, today)


async def group_stats(engine: StudyEngine, chat_id: int) -> GroupStats:
    async with engine.store.read() as db:
        chat = await chats_repo.get(db, chat_id)
        days = await group_per_day(db, chat_id)
        kinds = await group_tallies(db, chat_id)
    today = local_date(engine.clock(), (chat.tz if chat else None) or engine.default_tz)
    total = Tally()
    for _, t in kinds:
        total = Tally(
            total.total + t.total,
            total.correct + t.correct,
            total.partial + t.partial,
            total.wrong + t.wrong,
            total.score + t.score,
        )
    return GroupStats(
        today=today,
        total=total,
        by_kind=dict(kinds),
        per_day={date.fromordinal(d): n for d, n, _ in days if n},
        streak=streak_of_days((d for d, n, _ in days if n), today.toordinal()),
    )
