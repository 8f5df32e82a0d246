"""Pure rules of pushes: command arguments, the spacing of starts (what a send error means: see
tests/telegram/test_failures.py, beside the transport)."""

from __future__ import annotations

import itertools
from datetime import UTC, time, timedelta, timezone
from zoneinfo import ZoneInfo

import pytest

from bot.delivery.arguments import ArgumentError, parse_remind, parse_subscribe
from bot.delivery.spacing import Spacer


def test_subscribe_arguments_in_any_order_with_defaults() -> None:
    assert parse_subscribe([]) == parse_subscribe(["09:00"])
    got = parse_subscribe(["3", "asia/shanghai", "7：05"])
    assert (got.at, got.tz, got.count) == (time(7, 5), ZoneInfo("Asia/Shanghai"), 3)
    got = parse_subscribe(["UTC+5:30", "21.15"])
    assert (got.at, got.tz, got.count) == (time(21, 15), timezone(timedelta(hours=5, minutes=30)), 1)
    assert parse_subscribe(["UTC"]).tz is UTC


@pytest.mark.parametrize(
    ("args", "problem", "arg"),
    [
        (["24:00"], "hour", "24:00"),
        (["9:75"], "minute", "9:75"),
        (["Mars/Base"], "zone", "Mars/Base"),
        (["0"], "bad_count", "0"),
        (["51"], "bad_count", "51"),
        (["9:00", "10:00"], "twice", "10:00"),
        (["UTC", "Asia/Tokyo"], "twice", "Asia/Tokyo"),
        (["UTC+15"], "offset", "UTC+15"),
    ],
)
def test_bad_subscribe_arguments_name_the_word_at_fault(args: list[str], problem: str, arg: str) -> None:
    with pytest.raises(ArgumentError) as caught:
        parse_subscribe(args)
    assert (caught.value.problem, caught.value.arg) == (problem, arg)


def test_remind_arguments() -> None:
    assert parse_remind(["off"]).at is None and parse_remind(["关闭"]).at is None
    assert parse_remind(["20:30", "Europe/Paris"]).tz == ZoneInfo("Europe/Paris")
    for bad, problem in ((["Europe/Paris"], "missing_time"), (["20:30", "3"], "time"), ([], "missing_time")):
        with pytest.raises(ArgumentError) as caught:
            parse_remind(bad)
        assert caught.value.problem == problem


class VirtualTime:
    """A clock that moves only when someone sleeps on it: the spacer's schedule, exactly."""

    def __init__(self) -> None:
        self.now = 100.0
        self.slept: list[float] = []

    def __call__(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.slept.append(seconds)
        self.now += seconds


async def test_the_spacer_hands_out_even_start_times_and_waits_out_a_pause() -> None:
    clock = VirtualTime()
    paused = {"until": 0.0}
    spacer = Spacer(50, paused_until=lambda: paused["until"], clock=clock, sleep=clock.sleep)
    starts = []
    for _ in range(6):
        await spacer()
        starts.append(clock())
    # 20 ms apart, not a burst (the first wait is half an interval: a schedule that starts from idle)
    assert [round(b - a, 6) for a, b in itertools.pairwise(starts)] == [0.01, 0.02, 0.02, 0.02, 0.02]
    paused["until"] = clock() + 0.1
    before = clock()
    await spacer()
    assert round(clock() - before, 6) == 0.1  # none while paused
    clock.now += 1.0  # a late caller (an oversleeping event loop) ...
    late = clock()
    await spacer()
    await spacer()
    assert clock() - late == pytest.approx(0.01)  # ... catches up half an interval, never a burst
