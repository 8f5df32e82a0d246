"""Pure rules of pushes: command arguments, the spacing of starts (what a send error means: see
tests/telegram/test_failures.py, beside the transport)."""

from __future__ import annotations

import asyncio
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
        (["24:00"], "bad_time", "24:00"),
        (["9:75"], "bad_time", "9:75"),
        (["Mars/Base"], "bad_zone", "Mars/Base"),
        (["0"], "bad_count", "0"),
        (["51"], "bad_count", "51"),
        (["9:00", "10:00"], "twice", "10:00"),
        (["UTC", "Asia/Tokyo"], "twice", "Asia/Tokyo"),
        (["UTC+15"], "bad_zone", "UTC+15"),
    ],
)
def test_bad_subscribe_arguments_name_the_word_at_fault(args: list[str], problem: str, arg: str) -> None:
    with pytest.raises(ArgumentError) as caught:
        parse_subscribe(args)
    assert (caught.value.problem, caught.value.arg) == (problem, arg)


def test_remind_arguments() -> None:
    assert parse_remind(["off"]).at is None and parse_remind(["关闭"]).at is None
    assert parse_remind(["20:30", "Europe/Paris"]).tz == ZoneInfo("Europe/Paris")
    for bad, problem in ((["Europe/Paris"], "missing_time"), (["20:30", "3"], "bad_time"), ([], "missing_time")):
        with pytest.raises(ArgumentError) as caught:
            parse_remind(bad)
        assert caught.value.problem == problem


async def test_the_spacer_hands_out_even_start_times_and_waits_out_a_pause() -> None:
    loop = asyncio.get_running_loop()
    paused = {"until": 0.0}
    spacer = Spacer(50, paused_until=lambda: paused["until"], clock=loop.time)
    starts = []
    for _ in range(6):
        await spacer()
        starts.append(loop.time())
    gaps = [b - a for a, b in itertools.pairwise(starts)]
    assert all(g >= 0.019 for g in gaps[1:]) and sum(gaps) < 0.2  # 20 ms apart, not a burst, no drift
    paused["until"] = loop.time() + 0.1
    before = loop.time()
    await spacer()
    assert loop.time() - before >= 0.099
