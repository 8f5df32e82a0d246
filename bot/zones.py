"""Time zones as learners and admins type them: IANA names or UTC offsets, and the name stored for each.

Pure, and at the bottom of the layers: the engine (a learner's zone), the push scheduler (a
subscription's zone) and the front ends read and write zones the same way (`Asia/Shanghai`,
`UTC+08:00`).
"""

from __future__ import annotations

import re
from datetime import UTC, timedelta, timezone, tzinfo
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

__all__ = ["TimeZoneError", "parse_time_zone", "zone_name"]


class TimeZoneError(ValueError):
    """A time zone argument that is neither an IANA name nor a UTC offset."""


_OFFSET = re.compile(r"^(?:UTC|GMT)?\s*([+-])\s*(\d{1,2})(?::?(\d{2}))?$", re.IGNORECASE)
_ZONES_BY_LOWER: dict[str, str] = {}


def parse_time_zone(text: str) -> tzinfo:
    """An IANA name (any case: `asia/shanghai`) or a UTC offset (`UTC+8`, `+05:30`, `GMT-3`, `UTC`)."""
    raw = text.strip()
    if raw.upper() in {"UTC", "GMT", "Z"}:
        return UTC
    m = _OFFSET.match(raw)
    if m:
        sign, hours, minutes = m.group(1), int(m.group(2)), int(m.group(3) or 0)
        if hours > 14 or minutes >= 60:
            raise TimeZoneError(raw)
        delta = timedelta(hours=hours, minutes=minutes)
        return timezone(-delta if sign == "-" else delta)
    if not _ZONES_BY_LOWER:
        _ZONES_BY_LOWER.update({z.lower(): z for z in available_timezones()})
    name = _ZONES_BY_LOWER.get(raw.lower())
    if name is None:
        raise TimeZoneError(raw)
    try:
        return ZoneInfo(name)
    except ZoneInfoNotFoundError as exc:  # pragma: no cover - listed zones always load
        raise TimeZoneError(raw) from exc


def zone_name(tz: tzinfo) -> str:
    """The name to store for a zone: the IANA key, or `UTC+08:00` for a fixed offset."""
    if isinstance(tz, ZoneInfo):
        return tz.key
    offset = tz.utcoffset(None) or timedelta(0)
    if offset == timedelta(0):
        return "UTC"
    sign = "-" if offset < timedelta(0) else "+"
    minutes = abs(int(offset.total_seconds())) // 60
    return f"UTC{sign}{minutes // 60:02d}:{minutes % 60:02d}"
