"""Streaks by the learner's local day: across midnight in several zones, across DST, with freezes."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from engine_helpers import Clock
from hypothesis import given
from hypothesis import strategies as st

from bot.records import Streak
from bot.study.days import local_day
from bot.study.engine import StudyEngine
from bot.study.streaks import MAX_FREEZES, record_day, view


def run(days: list[int]) -> Streak:
    streak = Streak()
    for day in days:
        streak = record_day(streak, day)
    return streak


def test_consecutive_days_count_and_the_same_day_counts_once() -> None:
    assert run([10, 10, 11, 12, 12]).current == 3


def test_a_gap_without_freezes_breaks_the_streak_but_keeps_the_longest() -> None:
    streak = run([1, 2, 3, 5])
    assert (streak.current, streak.longest) == (1, 3)


def test_seven_days_in_a_row_earn_a_freeze_that_bridges_a_missed_day() -> None:
    streak = run(list(range(1, 8)))
    assert streak.freezes == 1
    bridged = record_day(streak, 9)  # day 8 missed
    assert (bridged.current, bridged.freezes, bridged.frozen) == (8, 0, 1)
    broken = record_day(bridged, 11)
    assert broken.current == 1 and broken.longest == 8


def test_freezes_are_capped_and_a_gap_too_long_keeps_them() -> None:
    streak = run(list(range(1, 29)))  # 28 days: four earned, two held
    assert streak.freezes == MAX_FREEZES
    bridged = record_day(streak, 31)  # two missed days, two freezes
    assert (bridged.current, bridged.freezes) == (29, 0)
    held = record_day(run(list(range(1, 8))), 12)  # four missed, one freeze: broken, freeze kept
    assert (held.current, held.freezes) == (1, 1)


def test_view_shows_a_broken_streak_as_zero_without_writing() -> None:
    streak = run([1, 2, 3])
    assert view(streak, 3).today_done and not view(streak, 3).at_risk
    assert view(streak, 4).current == 3 and view(streak, 4).at_risk
    assert view(streak, 5).current == 0 and view(streak, 5).longest == 3


@given(st.lists(st.integers(min_value=0, max_value=60), max_size=40))
def test_longest_is_never_below_current_and_freezes_stay_in_range(days: list[int]) -> None:
    streak = run(sorted(days))
    assert 0 <= streak.freezes <= MAX_FREEZES
    assert streak.longest >= streak.current
    assert streak.current <= len(set(days)) + streak.frozen


async def answer_at(engine: StudyEngine, clock: Clock, learner: int, moment: datetime) -> int:
    clock.now = moment.astimezone(UTC)
    asked = await engine.ask(learner, learner, 1)  # question key 1: law/s1
    result = await engine.answer(learner, asked, "B")
    assert result.status == "recorded" and result.streak is not None
    return result.streak.current


@pytest.mark.parametrize("zone", ["Asia/Shanghai", "America/New_York", "Pacific/Auckland", "Asia/Kolkata"])
async def test_midnight_is_the_learners_midnight(engine: StudyEngine, clock: Clock, zone: str) -> None:
    tz = ZoneInfo(zone)
    await engine.ensure_learner(9, "Zed", tz=zone)
    assert await answer_at(engine, clock, 9, datetime(2024, 5, 6, 23, 50, tzinfo=tz)) == 1
    assert await answer_at(engine, clock, 9, datetime(2024, 5, 7, 0, 10, tzinfo=tz)) == 2  # 20 minutes later
    assert await answer_at(engine, clock, 9, datetime(2024, 5, 7, 23, 59, tzinfo=tz)) == 2  # same local day
    streak = await engine.streak(9)
    assert (streak.current, streak.today_done) == (2, True)
    clock.now = datetime(2024, 5, 8, 0, 1, tzinfo=tz).astimezone(UTC)
    assert (await engine.streak(9)).at_risk
    clock.now = datetime(2024, 5, 9, 0, 1, tzinfo=tz).astimezone(UTC)
    assert (await engine.streak(9)).current == 0


async def test_a_day_in_utc_is_not_a_day_for_the_learner(engine: StudyEngine, clock: Clock) -> None:
    # 15:30 and 16:30 UTC are different UTC hours but straddle midnight in Shanghai: two local days.
    await engine.ensure_learner(8, "Yu", tz="Asia/Shanghai")
    assert await answer_at(engine, clock, 8, datetime(2024, 5, 6, 15, 30, tzinfo=UTC)) == 1
    assert await answer_at(engine, clock, 8, datetime(2024, 5, 6, 16, 30, tzinfo=UTC)) == 2
    # And 00:30 to 23:30 UTC on one date is still one UTC day but two days in New York.
    await engine.ensure_learner(7, "Xi", tz="America/New_York")
    assert await answer_at(engine, clock, 7, datetime(2024, 5, 10, 0, 30, tzinfo=UTC)) == 1
    assert await answer_at(engine, clock, 7, datetime(2024, 5, 10, 23, 30, tzinfo=UTC)) == 2


@pytest.mark.parametrize(
    ("zone", "change"),
    [
        ("America/New_York", datetime(2024, 3, 10)),
        ("Europe/Berlin", datetime(2024, 10, 27)),
        ("Australia/Sydney", datetime(2024, 4, 7)),
    ],
)
async def test_a_daylight_saving_change_is_still_one_day(
    engine: StudyEngine, clock: Clock, zone: str, change: datetime
) -> None:
    tz = ZoneInfo(zone)
    await engine.ensure_learner(6, "Wu", tz=zone)
    start = (change - timedelta(days=2)).replace(tzinfo=tz)
    # Late every evening, and once just after midnight and once late on the day of the change itself.
    moments = [start.replace(hour=23, minute=30) + timedelta(days=i) for i in range(5)]
    moments.insert(2, change.replace(hour=0, minute=30, tzinfo=tz))
    streaks = [await answer_at(engine, clock, 6, m) for m in moments]
    assert streaks == [1, 2, 3, 3, 4, 5]
    # The 23- or 25-hour day has exactly one local day number.
    day = local_day(change.replace(hour=12, tzinfo=tz), zone)
    assert local_day(change.replace(hour=0, minute=30, tzinfo=tz), zone) == day
    assert local_day(change.replace(hour=23, minute=30, tzinfo=tz), zone) == day


async def test_a_freeze_earned_through_the_engine_saves_a_missed_day(engine: StudyEngine, clock: Clock) -> None:
    tz = ZoneInfo("Asia/Shanghai")
    base = datetime(2024, 6, 1, 20, 0, tzinfo=tz)
    for i in range(7):
        await answer_at(engine, clock, 1, base + timedelta(days=i))
    assert (await engine.streak(1)).freezes == 1
    assert await answer_at(engine, clock, 1, base + timedelta(days=8)) == 8  # day 7 missed, frozen
    view_now = await engine.streak(1)
    assert (view_now.current, view_now.longest, view_now.freezes) == (8, 8, 0)
