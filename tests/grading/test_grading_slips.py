"""Slips no count of edits forgives, each with its guard: a one-character key typed by its sound (`默` for `墨`)
and the spoken 儿 after a key (`灯笼儿`)."""

from __future__ import annotations

import pytest

from bot.banks.model import Kind, Question
from bot.grading import ConceptIndex, grade
from bot.grading.verdict import Outcome


def _fill(prompt: str, answer: list[str], explanation: str = "") -> Question:
    return Question(id="s", kind=Kind.fill, number=1, prompt=prompt, answer=answer, explanation=explanation)


INK = _fill("古人写毛笔字用的黑色颜料是___，以松烟或油烟和胶制成。", ["墨"])
INK_TAUGHT = _fill("古人写毛笔字用的黑色颜料是___。", ["墨"], "是“墨”，不要写成“默”。")
SNAKE = _fill("成语“画蛇添___”比喻做多余的事，反而坏事。", ["足"])
SEASONS = _fill("温带地区一年有___个季节。", ["四"])
LANTERN = _fill("元宵节孩子们手里提着的纸扎照明玩具叫___。", ["灯笼"])
FRESHMEN = _fill("每年九月刚入学的一年级学生称为___。", ["新生"])
TERRACOTTA = _fill("秦始皇陵出土的大批陶制士兵和战马俗称___。", ["兵马俑"])


@pytest.mark.parametrize(
    ("question", "reply"),
    [(INK, "默"), (LANTERN, "灯笼儿")],
)
def test_a_slip_the_guards_allow_is_the_key_written_otherwise(question: Question, reply: str) -> None:
    verdict = grade(question, reply)
    assert verdict.outcome is Outcome.correct


@pytest.mark.parametrize(
    ("question", "reply"),
    [
        (INK_TAUGHT, "默"),  # the explanation tells the two apart
        (SNAKE, "族"),  # the character an idiom asks for
        (SEASONS, "寺"),  # a number is never a slip
        (FRESHMEN, "新生儿"),  # the dictionary holds it: a newborn, no freshman
        (TERRACOTTA, "兵马你"),  # a shared component is no likeness of shape
    ],
)
def test_a_slip_past_its_guard_is_not_credited(question: Question, reply: str) -> None:
    assert grade(question, reply).outcome is not Outcome.correct


def test_a_character_that_another_key_of_the_banks_is_is_no_slip() -> None:
    concepts = ConceptIndex(["墨", "默", "黑色颜料"])
    assert grade(INK, "默", concepts).outcome is not Outcome.correct
    assert grade(INK, "墨", concepts).outcome is Outcome.correct


DELTA = _fill("河流入海处泥沙堆积成的扇形平原叫___。", ["三角洲"])
MOTION = _fill("F=ma 是牛顿___定律的表达式。", ["第二"])


@pytest.mark.parametrize(("question", "reply"), [(DELTA, "sanjiaozhou"), (MOTION, "dier")])
def test_a_key_with_a_numeral_in_it_typed_in_pinyin_is_read_by_its_sound(question: Question, reply: str) -> None:
    assert grade(question, reply).outcome is Outcome.correct


@pytest.mark.parametrize(("question", "reply"), [(DELTA, "sijiaozhou"), (MOTION, "disan")])
def test_another_numeral_in_pinyin_is_another_answer(question: Question, reply: str) -> None:
    assert grade(question, reply).outcome is Outcome.wrong
