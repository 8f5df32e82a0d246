"""What one answer earned (pure): a freeze (the first ever, or another), a milestone; nothing twice a day."""

from __future__ import annotations

from bot.records import Streak
from bot.study.streaks import MILESTONES, next_milestone, record_day, view_after


def _answer_days(days: list[int]) -> list[tuple[int, object]]:
    streak, seen = Streak(), []
    for day in days:
        after = record_day(streak, day)
        seen.append((day, view_after(streak, after, day)))
        streak = after
    return seen


def test_the_seventh_day_earns_the_first_freeze_and_a_milestone_once() -> None:
    events = _answer_days([1, 2, 3, 4, 5, 6, 7, 7])
    (_, sixth), (_, seventh), (_, again) = events[5], events[6], events[7]
    assert not sixth.freeze_earned and sixth.milestone is None
    assert seventh.freeze_earned and seventh.first_freeze and seventh.milestone == 7
    assert not again.freeze_earned and again.milestone is None  # a second answer that day earns nothing


def test_later_freezes_are_not_the_first_and_thirty_days_is_a_milestone() -> None:
    events = dict(_answer_days(list(range(1, 31))))
    assert events[14].freeze_earned and not events[14].first_freeze
    assert events[30].milestone == 30 and not events[29].milestone
    # after a broken streak, the first freeze of the new one is not the learner's first
    streak = Streak(current=3, longest=9, last_day=100, freezes=0)
    for day in range(110, 117):
        after = record_day(streak, day)
        shown = view_after(streak, after, day)
        streak = after
    assert shown.current == 7 and shown.freeze_earned and not shown.first_freeze


def test_the_next_milestone() -> None:
    assert [next_milestone(n) for n in (0, 6, 7, 29, 100, MILESTONES[-1])] == [7, 7, 30, 30, 365, None]
