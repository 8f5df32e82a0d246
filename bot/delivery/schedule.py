"""When a daily push is due: local wall-clock times in IANA zones or UTC offsets, safe across DST.

Pure functions; the scheduler stores each subscription's next due instant (UTC) so that finding the
due subscriptions is one indexed query, and calls `next_due` again after each delivery.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta, tzinfo

__all__ = [
    "Decision",
    "DueSlot",
    "decide",
    "local_instant",
    "next_due",
    "parse_local_time",
]


_TIME = re.compile(r"^(\d{1,2})[:：.](\d{2})$")


def parse_local_time(text: str) -> time:
    """`HH:MM` (also `H:MM`, full-width colon, `HH.MM`), 00:00-23:59."""
    m = _TIME.match(text.strip())
    if not m:
        raise ValueError(text)
    hour, minute = int(m.group(1)), int(m.group(2))
    if hour > 23 or minute > 59:
        raise ValueError(text)
    return time(hour, minute)


def local_instant(day: date, at: time, tz: tzinfo) -> datetime:
    """The UTC instant of wall-clock `at` on `day` in `tz`.

    A time skipped by a DST jump (02:30 on a spring-forward night) happens at the same offset from the
    jump, i.e. just after it; a repeated time (autumn) happens at its first occurrence.
    """
    naive = datetime.combine(day, at)
    first = naive.replace(tzinfo=tz, fold=0)
    # A wall time that does not exist round-trips to a different wall time; zoneinfo then resolves
    # fold=0 with the offset before the jump, which lands after the jump in UTC: what we want.
    return first.astimezone(UTC)


@dataclass(frozen=True, slots=True)
class DueSlot:
    local_date: date  # the learner's day this push belongs to (the delivery row's key)
    due_at: datetime  # UTC


def next_due(at: time, tz: tzinfo, after: datetime) -> DueSlot:
    """The first slot strictly after `after` (an aware datetime) for a daily push at local time `at`."""
    local_day = after.astimezone(tz).date()
    for offset in (-1, 0, 1, 2):
        day = local_day + timedelta(days=offset)
        instant = local_instant(day, at, tz)
        if instant > after:
            return DueSlot(day, instant)
    raise AssertionError("unreachable: a daily time recurs within two days")  # pragma: no cover


@dataclass(frozen=True, slots=True)
class Decision:
    """What to do with a subscription whose stored slot has come."""

    send: DueSlot | None  # the slot to push now, or None when it is past the catch-up window
    skipped: DueSlot | None  # the slot given up (logged by the caller), if any
    following: DueSlot  # the slot to store as the subscription's next one


def decide(slot: DueSlot, at: time, tz: tzinfo, now: datetime, catchup: timedelta) -> Decision:
    """Send a slot that is due and not older than the catch-up window; skip an older one.

    After a skip the next slot is the first one inside the window, so a bot that was down for days
    still sends today's push if today's is recent enough.
    """
    if slot.due_at > now:
        return Decision(send=None, skipped=None, following=slot)
    if now - slot.due_at <= catchup:
        return Decision(send=slot, skipped=None, following=next_due(at, tz, slot.due_at))
    following = next_due(at, tz, now - catchup)
    if following.due_at <= now:  # a later slot is still inside the window: send that one instead
        return Decision(send=following, skipped=slot, following=next_due(at, tz, following.due_at))
    return Decision(send=None, skipped=slot, following=following)
