"""A group's daily question window (pure): the closing time at least an hour away, or the next push."""

from __future__ import annotations

from datetime import UTC, datetime, time
from zoneinfo import ZoneInfo

from bot.delivery.window import close_label, window_close

SHANGHAI = ZoneInfo("Asia/Shanghai")


def _local(day: int, hour: int, minute: int = 0) -> datetime:
    return datetime(2026, 3, day, hour, minute, tzinfo=SHANGHAI)


def test_a_morning_push_is_open_until_22_local() -> None:
    closes = window_close(_local(7, 9), SHANGHAI, None, time(9, 0))
    assert closes == _local(7, 22) and closes.tzinfo is UTC
    assert close_label(closes, SHANGHAI, _local(7, 9)) == "22:00"


def test_the_admins_closing_time_and_the_next_push_whichever_first() -> None:
    assert window_close(_local(7, 9), SHANGHAI, time(18, 30), time(9, 0)) == _local(7, 18, 30)
    # 21:50 push: 22:00 is too near, tomorrow's 22:00 comes after tomorrow's push
    assert window_close(_local(7, 21, 50), SHANGHAI, None, time(21, 50)) == _local(8, 21, 50)
    # 22:30 push: tomorrow's 22:00 comes first
    closes = window_close(_local(7, 22, 30), SHANGHAI, None, time(22, 30))
    assert closes == _local(8, 22) and close_label(closes, SHANGHAI, _local(7, 22, 30)) == "03-08 22:00"
    # no push known (a question asked by hand): the closing time alone
    assert window_close(_local(7, 9), SHANGHAI, None, None) == _local(7, 22)
