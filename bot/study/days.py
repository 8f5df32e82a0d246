"""Local days (pure): the learner's calendar date in their time zone, as the integer the store keeps.

Time zone names are read by bot.zones (IANA names or UTC offsets), so a learner's zone and a push's
zone are written the same way ('Asia/Shanghai', 'UTC+08:00').
"""

from __future__ import annotations

from datetime import date, datetime, tzinfo
from functools import lru_cache

from bot.zones import TimeZoneError, parse_time_zone, zone_name

__all__ = ["local_date", "local_day", "parse_tz", "tzinfo_for"]


def parse_tz(text: str) -> str | None:
    """The canonical name of a time zone typed by a learner, or None if it is not one."""
    try:
        return zone_name(parse_time_zone(text))
    except TimeZoneError:
        return None


@lru_cache(maxsize=1024)
def tzinfo_for(name: str) -> tzinfo:
    """The tzinfo of a stored zone name (ValueError if unknown)."""
    return parse_time_zone(name)


def local_date(instant: datetime, tz: str) -> date:
    """The calendar date at `instant` (timezone-aware) in zone `tz`."""
    return instant.astimezone(tzinfo_for(tz)).date()


def local_day(instant: datetime, tz: str) -> int:
    """The local date as stored: date.toordinal(), so consecutive days differ by exactly 1 (DST or not)."""
    return local_date(instant, tz).toordinal()
