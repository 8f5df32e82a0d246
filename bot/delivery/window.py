"""How long a group's daily question stays open (pure): until the group's closing time or the next push.

A group's daily question is answered over the day, not in a minute: members come by when they can. It
closes at the closing time its admins set (default 22:00 local), or at the next push if that comes
first; a closing time less than an hour after the push is taken on the next day, so a late push is
still open long enough to be answered.
"""

from __future__ import annotations

from datetime import datetime, time, timedelta, tzinfo

from bot.delivery.schedule import next_due

__all__ = ["DEFAULT_CLOSE", "MIN_OPEN", "close_label", "window_close"]

DEFAULT_CLOSE = time(22, 0)
MIN_OPEN = timedelta(hours=1)


def window_close(now: datetime, tz: tzinfo, close: time | None = None, push_at: time | None = None) -> datetime:
    """When a daily question pushed at ``now`` closes: the first ``close`` (local) at least an hour away, or
    the next push at ``push_at`` (local) if that is sooner. Aware datetimes in, UTC out."""
    closing = next_due(close or DEFAULT_CLOSE, tz, now + MIN_OPEN - timedelta(seconds=1)).due_at
    if push_at is not None:
        closing = min(closing, next_due(push_at, tz, now + timedelta(minutes=1)).due_at)
    return closing


def close_label(closes_at: datetime, tz: tzinfo, now: datetime) -> str:
    """The closing time as a member reads it: ``22:00`` today, ``03-03 22:00`` on another day."""
    local = closes_at.astimezone(tz)
    if local.date() == now.astimezone(tz).date():
        return local.strftime("%H:%M")
    return local.strftime("%m-%d %H:%M")
