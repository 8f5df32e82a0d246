"""Streak rules (pure): a day counts when the learner answers at least one question that local day.

A missed day breaks the streak unless a freeze is held; freezes are used
automatically, one per missed day. One freeze is earned for every 7 days in a
row, at most MAX_FREEZES held. Days are `date.toordinal()` numbers of the
learner's local date, so a daylight-saving change (a 23- or 25-hour day) is
still exactly one day.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from bot.records import Streak

__all__ = [
    "DAYS_PER_FREEZE",
    "MAX_FREEZES",
    "MILESTONES",
    "StreakView",
    "next_milestone",
    "record_day",
    "view",
    "view_after",
]

MAX_FREEZES = 2
DAYS_PER_FREEZE = 7
MILESTONES = (7, 30, 100, 365)  # streaks worth a celebration


@dataclass(frozen=True)
class StreakView:
    """The streak as of today, for display (nothing is written to read it)."""

    current: int
    longest: int
    freezes: int
    today_done: bool
    at_risk: bool  # a streak is running and today has no answer yet
    # What the answer that made this view changed (`view_after`; a plain `view` says nothing of it):
    freeze_earned: bool = False  # it earned a freeze
    first_freeze: bool = False  # ... the learner's first ever (no streak of 7 days before)
    milestone: int | None = None  # it made the streak reach one of MILESTONES
    changed: bool = False  # it was the day's first answer: the streak's number moved (or began)


def record_day(streak: Streak, day: int) -> Streak:
    """The streak after an answer on local day `day`."""
    last = streak.last_day
    if last is not None and day <= last:
        return streak  # same day again (or a time zone change moved the date back)
    freezes, frozen = streak.freezes, streak.frozen
    missed = 0 if last is None else day - last - 1
    if last is None:
        current = 1
    elif missed == 0:
        current = streak.current + 1
    elif missed <= freezes:
        freezes -= missed
        frozen += missed
        current = streak.current + 1
    else:
        current = 1  # broken; freezes too few to bridge the gap are kept for later
    if current % DAYS_PER_FREEZE == 0:
        freezes = min(MAX_FREEZES, freezes + 1)
    return replace(
        streak, current=current, longest=max(streak.longest, current), last_day=day, freezes=freezes, frozen=frozen
    )


def view(streak: Streak, today: int) -> StreakView:
    last = streak.last_day
    if last is None:
        return StreakView(0, streak.longest, streak.freezes, False, False)
    missed = today - last - 1
    alive = missed <= streak.freezes
    current = streak.current if alive else 0
    done = today <= last
    return StreakView(current, streak.longest, streak.freezes, done, current > 0 and not done)


def view_after(before: Streak, after: Streak, day: int) -> StreakView:
    """The view after an answer on `day` turned `before` into `after`, with what that answer earned."""
    plain = view(after, day)
    new_day = after.last_day != before.last_day
    earned = new_day and after.current % DAYS_PER_FREEZE == 0 and after.freezes > before.freezes
    return replace(
        plain,
        freeze_earned=earned,
        first_freeze=earned and before.longest < DAYS_PER_FREEZE,
        milestone=after.current if new_day and after.current in MILESTONES else None,
        changed=new_day,
    )


def next_milestone(current: int) -> int | None:
    """The next milestone above `current` days (None past the last)."""
    return next((m for m in MILESTONES if m > current), None)
