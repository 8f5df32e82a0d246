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
