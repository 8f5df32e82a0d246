"""True/false: more ways to say false, and a right judgement given with a reason that misstates the
explanation earns half."""

from __future__ import annotations

import pytest

from bot.banks.model import Kind, Question
from bot.grading import grade
from bot.grading.truefalse import misstated, read_true_false


@pytest.mark.parametrize(
    "reply",
    [
        *("错误的", "不正确的", "not true", "Not true.", "untrue", "not correct", "that is false"),
        *("the statement is false", "this is wrong", "it's not true", "错误的说法", "不正确的说法"),
    ],
)
def test_more_ways_to_say_false(reply: str) -> None:
    assert read_true_false(reply) is False


@pytest.mark.parametrize("reply", ["完全正确", "this is correct", "the statement is true", "正确的说法"])
def test_more_ways_to_say_true(reply: str) -> None:
    assert read_true_false(reply) is True


def _false(prompt: str, explanation: str) -> Question:
    return Question(id="t", kind=Kind.true_false, number=1, prompt=prompt, answer=False, explanation=explanation)


STATEMENT = _false("水在标准大气压下的沸点是 90 ℃。", "标准大气压下纯水的沸点是 100 ℃；高原上气压低，沸点低于 100 ℃。")
SOLID = _false("三角形的内角和是 360 度。", "三角形的内角和等于180度，四边形的内角和等于360度。")


def test_a_reason_restating_the_explanation_with_a_sibling_swapped_in_earns_half() -> None:
    verdict = grade(SOLID, "错，五边形的内角和等于360度")
    assert verdict.outcome == "partial" and verdict.score == 0.5
    assert "理由有误" in verdict.feedback_zh


@pytest.mark.parametrize(
    "reply",
    ["错，四边形的内角和等于360度", "错，三角形内角和是180度", "错", "错，应该是180度", "不对，是四边形的"],
)
def test_a_true_or_short_reason_keeps_full_marks(reply: str) -> None:
    assert grade(SOLID, reply).correct


def test_a_unit_written_another_way_is_no_misstatement() -> None:
    assert misstated("标准大气压下纯水的沸点是 100 摄氏度", STATEMENT.explanation or "") is None
    assert grade(STATEMENT, "错，标准大气压下纯水的沸点是100摄氏度").correct


# A right judgement whose reason keeps the claim's error, names another thing for an identity the explanation
# states, or another kind of a thing it names: half, never full marks.
PENGUIN = _false("企鹅生活在北极，不属于鸟类。", "企鹅属于鸟类，主要生活在南半球和南极。")
BAT = _false("蝙蝠是鸟类，能在夜间飞行。", "蝙蝠不是鸟类而是哺乳动物，能在夜间飞行。")
PEAK = _false("世界上最高的山峰是乔戈里峰。", "珠穆朗玛峰是世界最高峰，乔戈里峰是第二高峰。")
MAIZE = _false("玉米主要靠昆虫授粉。", "玉米是风媒花，主要靠风力授粉。")
RAIN = _false("云中没有水汽时，撒催化剂也能降雨。", "降雨需要充足的水汽，催化剂只能促使已有的水汽凝结降雨。")


@pytest.mark.parametrize(
    ("question", "reply"),
    [
        (PENGUIN, "错，企鹅不属于鸟类，它是哺乳动物"),
        (PENGUIN, "错误。企鹅生活在南极，但不属于鸟类"),
        (BAT, "错，蝙蝠是鸟类，但它白天飞"),
        (PEAK, "错，世界最高峰是勃朗峰"),
        (PEAK, "错误。最高峰为勃朗峰"),
        (MAIZE, "错，玉米靠人工授粉"),
        (RAIN, "错，只能靠人工降雨"),
    ],
)
def test_a_right_judgement_with_a_false_reason_earns_half(question: Question, reply: str) -> None:
    verdict = grade(question, reply)
    assert verdict.outcome == "partial" and verdict.score == 0.5


@pytest.mark.parametrize(
    ("question", "reply"),
    [
        (PENGUIN, "错，企鹅属于鸟类"),
        (PENGUIN, "错，企鹅是鸟类，生活在南极"),
        (BAT, "错，蝙蝠是哺乳动物，不是鸟类"),
        (PEAK, "错，世界最高峰是珠峰"),
        (PEAK, "错，珠穆朗玛峰才是世界最高峰"),
        (PEAK, "错，乔戈里峰是第二高峰"),
        (MAIZE, "错，玉米靠风力授粉"),
        (MAIZE, "错，玉米不靠人工授粉，靠风"),
        (RAIN, "错，降雨需要充足的水汽"),
    ],
)
def test_a_right_judgement_with_the_explanations_fact_keeps_full_marks(question: Question, reply: str) -> None:
    assert grade(question, reply).correct


def test_a_copula_for_another_is_no_misstatement() -> None:
    six = _false("一周有六个工作日，分别是周一到周六。", "我国一周的工作日为周一、周二、周三、周四、周五。")
    assert grade(six, "错误，工作日是周一周二周三周四周五").correct
