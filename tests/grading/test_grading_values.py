"""Numbers, dates, ranges and units: read in any notation, and never forgiven as a typo."""

from __future__ import annotations

import pytest

from bot.grading.fill import Match, match_blank
from bot.grading.quantities import read_value


@pytest.mark.parametrize(
    ("one", "other"),
    [
        ("3.5 L", "三点五升"),
        ("3.5 L", "约3.5L"),
        ("3.5 L", "3.5 dm³"),
        ("3.5 L", "3500 mL"),
        ("1868年1月3日", "1868.1.3"),
        ("1868年1月3日", "1868-01-03"),
        ("1868年1月3日", "1868/1/3"),
        ("1868年1月3日", "1868年1月3号"),
        ("1868年1月3日", "一八六八年一月三日"),
        ("公元前480年", "480 BC"),
        ("公元前480年", "前480年"),
        ("12-20", "12到20"),
        ("12-20", "十二至二十"),
        ("12-20", "大约12～20左右"),
    ],
)
def test_one_value_in_many_notations(one: str, other: str) -> None:
    a, b = read_value(one), read_value(other)
    assert a is not None and b is not None and a.same(b)


@pytest.mark.parametrize(
    ("one", "other"),
    [
        ("3.5 L", "35 L"),
        ("3.5 L", "0.35L"),
        ("3.5 L", "3.5 mL"),
        ("3.5 L", "3.5 m³"),
        ("1868年1月3日", "1868年1月13日"),
        ("1868年1月3日", "1886年1月3日"),
        ("1868年1月3日", "1868年3月1日"),
        ("公元前480年", "公元480年"),
        ("12-20", "12-24"),
        ("12-20", "20"),
    ],
)
def test_another_value_is_another_fact(one: str, other: str) -> None:
    a, b = read_value(one), read_value(other)
    assert a is not None and b is not None and not a.same(b)


@pytest.mark.parametrize("text", ["F1 分数", "5G 网络", "INT8", "第三层", "水平划分"])
def test_names_with_digits_are_no_values(text: str) -> None:
    assert read_value(text) is None


@pytest.mark.parametrize("reply", ["35L", "0.35 L", "3.5mL", "2.5L", "3.6L", "1868年1月13日"])
def test_a_changed_digit_decimal_point_or_unit_is_never_a_typo(reply: str) -> None:
    key = "1868年1月3日" if "年" in reply else "3.5 L"
    assert not match_blank(reply, [key]).ok


def test_a_key_with_a_unit_needs_it_unless_the_prompt_gives_it() -> None:
    assert match_blank("3.5", ["3.5 L"]).match is Match.incomplete
    assert match_blank("12-20次", ["12-20"], after_blank="次/分。").ok
    assert match_blank("每分钟12到20次", ["12-20"], after_blank="次/分").ok
    assert not match_blank("12-20 kg", ["12-20"], after_blank="次/分").ok


def test_a_worked_reply_is_judged_by_its_result() -> None:
    assert match_blank("2 mol × 22.4 L/mol 得到 44.8L", ["44.8 L"]).ok
    assert not match_blank("2 mol × 22.4 L/mol 得到 22.4L", ["44.8 L"]).ok


def test_a_digit_inside_a_name_is_not_forgiven_either() -> None:
    assert match_blank("F1分数", ["F1 分数"]).ok
    assert not match_blank("F2分数", ["F1 分数"]).ok


@pytest.mark.parametrize(
    ("one", "other"),
    [
        ("6300 km", "6,300千米"),
        ("6300千米", "6300公里"),
        ("1/2", "二分之一"),
        ("1/2", "0.5"),
        ("50%", "百分之五十"),
        ("-5", "负五"),
        ("1919年5月4日", "May 4, 1919"),
        ("1919年5月4日", "4th May 1919"),
        ("60-100", "between 60 and 100"),
    ],
)
def test_more_notations_of_one_value(one: str, other: str) -> None:
    a, b = read_value(one), read_value(other)
    assert a is not None and b is not None and a.same(b)


def test_a_name_holding_a_number_is_matched_only_with_that_number() -> None:
    assert match_blank("22.4 L/mol", ["22.4 L/mol"]).ok
    assert not match_blank("224 L/mol", ["22.4 L/mol"]).ok
    assert not match_blank("2.24L/mol", ["22.4 L/mol"]).ok
    assert not match_blank("INT4", ["INT8"]).ok
