"""Due times of daily pushes across zones, offsets and daylight-saving changes."""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.delivery.schedule import (
    DueSlot,
    decide,
    next_due,
    parse_local_time,
)
from bot.zones import TimeZoneError, parse_time_zone, zone_name

NY = ZoneInfo("America/New_York")
SH = ZoneInfo("Asia/Shanghai")
BERLIN = ZoneInfo("Europe/Berlin")


def utc(*args: int) -> datetime:
    return datetime(*args, tzinfo=UTC)


@pytest.mark.parametrize(
    ("at", "tz", "after", "expected_day", "expected_utc"),
    [
        # Shanghai is UTC+8 all year: 09:00 local is 01:00 UTC.
        (time(9), SH, utc(2026, 11, 30, 0, 0), date(2026, 11, 30), utc(2026, 11, 30, 1, 0)),
        (time(9), SH, utc(2026, 11, 30, 1, 0), date(2026, 12, 1), utc(2026, 12, 1, 1, 0)),
        # 07:00 in Shanghai on Dec 1 is still Nov 30 in UTC.
        (time(7), SH, utc(2026, 11, 30, 22, 0), date(2026, 12, 1), utc(2026, 11, 30, 23, 0)),
        # New York, the day before and the day of the spring-forward change (Mar 8, 2026).
        (time(9), NY, utc(2026, 3, 7, 0, 0), date(2026, 3, 7), utc(2026, 3, 7, 14, 0)),
        (time(9), NY, utc(2026, 3, 7, 14, 0), date(2026, 3, 8), utc(2026, 3, 8, 13, 0)),
        # 02:30 does not exist on Mar 8 in New York: it happens just after the jump, at 03:30 EDT.
        (time(2, 30), NY, utc(2026, 3, 8, 0, 0), date(2026, 3, 8), utc(2026, 3, 8, 7, 30)),
        # 01:30 happens twice on Nov 1: the first one (EDT) counts, and only once.
        (time(1, 30), NY, utc(2026, 11, 1, 4, 0), date(2026, 11, 1), utc(2026, 11, 1, 5, 30)),
        (time(1, 30), NY, utc(2026, 11, 1, 5, 30), date(2026, 11, 2), utc(2026, 11, 2, 6, 30)),
        # Berlin falls back on Oct 25, 2026.
        (time(8), BERLIN, utc(2026, 10, 24, 6, 0), date(2026, 10, 25), utc(2026, 10, 25, 7, 0)),
        # A fixed offset.
        (time(6, 15), parse_time_zone("UTC-03:00"), utc(2026, 1, 1), date(2026, 1, 1), utc(2026, 1, 1, 9, 15)),
    ],
)
def test_next_due(at: time, tz: ZoneInfo, after: datetime, expected_day: date, expected_utc: datetime) -> None:
    assert next_due(at, tz, after) == DueSlot(expected_day, expected_utc)


@given(
    at=st.times().map(lambda t: t.replace(second=0, microsecond=0)),
    zone=st.sampled_from(["America/New_York", "Europe/Berlin", "Asia/Shanghai", "Australia/Lord_Howe"]),
    after=st.datetimes(min_value=datetime(2020, 1, 1), max_value=datetime(2035, 1, 1), timezones=st.just(UTC)),
)
def test_next_due_is_after_and_within_two_days(at: time, zone: str, after: datetime) -> None:
    slot = next_due(at, ZoneInfo(zone), after)
    assert after < slot.due_at <= after + timedelta(days=2)
    # Consecutive slots belong to consecutive local days: never two pushes for one day.
    following = next_due(at, ZoneInfo(zone), slot.due_at)
    assert following.local_date == slot.local_date + timedelta(days=1)


def test_decide_sends_inside_window_and_skips_after() -> None:
    slot = next_due(time(9), SH, utc(2026, 11, 29, 0, 0))  # Nov 29 01:00 UTC
    window = timedelta(hours=3)
    not_yet = decide(slot, time(9), SH, utc(2026, 11, 29, 0, 59), window)
    assert not_yet.send is None and not_yet.skipped is None and not_yet.following == slot
    late = decide(slot, time(9), SH, utc(2026, 11, 29, 3, 59), window)
    assert late.send == slot and late.following.local_date == date(2026, 11, 30)
    too_late = decide(slot, time(9), SH, utc(2026, 11, 29, 4, 1), window)
    assert too_late.send is None and too_late.skipped == slot
    assert too_late.following == DueSlot(date(2026, 11, 30), utc(2026, 11, 30, 1, 0))


def test_decide_after_days_down_sends_todays_push_only() -> None:
    old = next_due(time(9), SH, utc(2026, 11, 25, 0, 0))  # Nov 25
    d = decide(old, time(9), SH, utc(2026, 11, 30, 2, 0), timedelta(hours=3))
    assert d.skipped == old
    assert d.send == DueSlot(date(2026, 11, 30), utc(2026, 11, 30, 1, 0))
    assert d.following.local_date == date(2026, 12, 1)


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Asia/Shanghai", "Asia/Shanghai"),
        ("asia/shanghai", "Asia/Shanghai"),
        ("UTC+8", "UTC+08:00"),
        ("+05:30", "UTC+05:30"),
        ("GMT-3", "UTC-03:00"),
        ("utc", "UTC"),
        ("UTC+0", "UTC"),
    ],
)
def test_parse_time_zone(text: str, name: str) -> None:
    assert zone_name(parse_time_zone(text)) == name


@pytest.mark.parametrize("text", ["Mars/Olympus", "UTC+15", "+8:75", "", "09:00"])
def test_parse_time_zone_rejects(text: str) -> None:
    with pytest.raises(TimeZoneError):
        parse_time_zone(text)


@pytest.mark.parametrize(
    ("text", "value"), [("09:00", time(9)), ("7:05", time(7, 5)), ("21：30", time(21, 30)), ("23.59", time(23, 59))]
)
def test_parse_local_time(text: str, value: time) -> None:
    assert parse_local_time(text) == value


@pytest.mark.parametrize("text", ["24:00", "9", "12:60", "noon", "-1:00", ""])
def test_parse_local_time_rejects(text: str) -> None:
    with pytest.raises(ValueError):
        parse_local_time(text)
