"""Times and places as people write them (bot/zones.py), and what the reply names when one cannot be read."""

from __future__ import annotations

from datetime import time

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.delivery.arguments import ArgumentError, parse_remind, parse_subscribe
from bot.zones import MENU_ZONES, PLACES, ReadError, TimeZoneError, parse_clock, parse_time_zone, zone_name

TIMES = [
    ("7:30", time(7, 30)),
    ("07:30", time(7, 30)),
    ("7:30am", time(7, 30)),
    ("7:30 AM", time(7, 30)),
    ("7:30 p.m.", time(19, 30)),
    ("9pm", time(21, 0)),
    ("12am", time(0, 0)),
    ("12pm", time(12, 0)),
    ("noon", time(12, 0)),
    ("21h", time(21, 0)),
    ("21:00", time(21, 0)),
    ("21：00", time(21, 0)),
    ("21.15", time(21, 15)),
    ("早上7点", time(7, 0)),
    ("晚上9点半", time(21, 30)),
    ("晚上9:30", time(21, 30)),
    ("下午3点15", time(15, 15)),
    ("下午3点15分", time(15, 15)),
    ("21点", time(21, 0)),
    ("晚上21点", time(21, 0)),
    ("七点一刻", time(7, 15)),
    ("晚上九点半", time(21, 30)),
    ("二十一点", time(21, 0)),
    ("两点三刻", time(2, 45)),
    ("中午12点", time(12, 0)),
    ("中午1点", time(13, 0)),
    ("凌晨12点", time(0, 0)),
    ("８点", time(8, 0)),  # full-width digits
]


@pytest.mark.parametrize(("text", "value"), TIMES)
def test_times_as_people_write_them(text: str, value: time) -> None:
    assert parse_clock(text) == value


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("25点", "hour"),
        ("24:00", "hour"),
        ("晚上25点", "hour"),
        ("7:75", "minute"),
        ("13pm", "hour12"),
        ("0am", "hour12"),
        ("9", "time"),  # a bare number is a count, not a time
        ("soon", "time"),
        ("", "time"),
    ],
)
def test_unreadable_times_name_the_problem(text: str, problem: str) -> None:
    with pytest.raises(ReadError) as caught:
        parse_clock(text)
    assert caught.value.problem == problem


ZONES = [
    ("北京", "Asia/Shanghai"),
    ("上海", "Asia/Shanghai"),
    ("北京时间", "Asia/Shanghai"),
    ("香港", "Asia/Hong_Kong"),
    ("台北", "Asia/Taipei"),
    ("东京", "Asia/Tokyo"),
    ("London", "Europe/London"),
    ("london", "Europe/London"),
    ("New York", "America/New_York"),
    ("new-york", "America/New_York"),
    ("Tokyo", "Asia/Tokyo"),
    ("Paris", "Europe/Paris"),
    ("Berlin", "Europe/Berlin"),
    ("Sydney", "Australia/Sydney"),
    ("EST", "America/New_York"),
    ("Pacific Standard Time", "America/Los_Angeles"),
    ("UTC+8", "UTC+08:00"),
    ("UTC+08:00", "UTC+08:00"),
    ("GMT-5", "UTC-05:00"),
    ("+05:30", "UTC+05:30"),
    ("东八区", "UTC+08:00"),
    ("西五区", "UTC-05:00"),
    ("utc", "UTC"),
    ("Asia/Shanghai", "Asia/Shanghai"),
    ("asia/shanghai", "Asia/Shanghai"),
    ("Europe/Berlin", "Europe/Berlin"),
]


@pytest.mark.parametrize(("text", "name"), ZONES)
def test_places_and_zones_as_people_write_them(text: str, name: str) -> None:
    assert zone_name(parse_time_zone(text)) == name


@pytest.mark.parametrize(
    ("text", "problem"), [("火星", "zone"), ("Mars/Base", "zone"), ("UTC+15", "offset"), ("GMT-13", "offset")]
)
def test_unknown_zones_name_the_problem(text: str, problem: str) -> None:
    with pytest.raises(TimeZoneError) as caught:
        parse_time_zone(text)
    assert caught.value.problem == problem


def test_every_place_and_menu_zone_loads() -> None:
    for place, name in PLACES.items():
        assert zone_name(parse_time_zone(place)) == name, place
    assert {zone_name(parse_time_zone(name)) for name, _, _ in MENU_ZONES} == {name for name, _, _ in MENU_ZONES}


@pytest.mark.parametrize(
    ("args", "at", "zone", "count"),
    [
        (["早上7点"], time(7), None, 1),
        (["7:30", "am", "New", "York"], time(7, 30), "America/New_York", 1),
        (["3", "晚上9点半", "北京"], time(21, 30), "Asia/Shanghai", 3),
        (["Los", "Angeles", "9pm", "5"], time(21), "America/Los_Angeles", 5),
        (["UTC+8", "21点"], time(21), "UTC+08:00", 1),
    ],
)
def test_subscribe_arguments_of_several_words(args: list[str], at: time, zone: str | None, count: int) -> None:
    got = parse_subscribe(args)
    assert (got.at, zone_name(got.tz) if got.tz else None, got.count) == (at, zone, count)


@pytest.mark.parametrize(
    ("args", "problem", "arg"),
    [
        (["25点"], "hour", "25点"),
        (["7:30", "火星"], "zone", "火星"),  # after a time, an unknown word is taken for a place
        (["blah"], "unread", "blah"),
        (["9pm", "21:00"], "twice", "21:00"),
    ],
)
def test_subscribe_names_the_actual_problem(args: list[str], problem: str, arg: str) -> None:
    with pytest.raises(ArgumentError) as caught:
        parse_subscribe(args)
    assert (caught.value.problem, caught.value.arg) == (problem, arg)


def test_remind_takes_natural_times() -> None:
    assert parse_remind(["晚上8点半"]).at == time(20, 30)
    assert parse_remind(["9pm", "London"]).tz is not None


_TYPED = "零〇一二两三四五六七八九十廿百点时分半刻早上晚下午中东西区:：.+-0123456789apmh UTCGMT/²٣"


@given(st.text(alphabet=_TYPED, max_size=12))
def test_anything_typed_is_read_or_refused_with_a_problem(typed: str) -> None:
    for parse in (parse_subscribe, parse_remind):
        try:
            parse(typed.split())
        except ArgumentError as exc:
            assert exc.problem
