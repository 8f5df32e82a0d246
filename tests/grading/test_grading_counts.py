"""A count said with a quantifier phrase: the bound the prompt asks for (`两个以上` for `至少___个`), or a pair
word (`一对` for two); never a different number, and never a bound the prompt does not ask for."""

from __future__ import annotations

import pytest

from bot.banks.model import Kind, Question
from bot.grading import grade
from bot.grading.verdict import Outcome


def _fill(prompt: str, answer: list[str]) -> Question:
    return Question(id="c", kind=Kind.fill, number=1, prompt=prompt, answer=answer)


ACUTE = _fill("任意一个三角形的三个内角中，至少有___个是锐角。", ["两", "2"])
TRIPOD = _fill("A stool stands steadily on the floor only with at least ___ legs.", ["3", "three"])
ORBITAL = _fill("按泡利不相容原理，一个原子轨道中最多容纳___个电子。", ["2", "两"])
EARS = _fill("正常人的头部两侧共有___只耳朵。", ["两", "2"])
WATER = _fill("一个水分子中含有___个氢原子。", ["两", "2"])
SEX_CHROMOSOMES = _fill("人的体细胞中有___对性染色体。", ["一", "1"])


@pytest.mark.parametrize(
    ("question", "reply"),
    [
        (ACUTE, "两个以上"),
        (ACUTE, "至少两个"),
        (ACUTE, "2个或以上"),
        (ACUTE, "不少于2个"),
        (ACUTE, "两个及两个以上"),
        (ACUTE, "2个或者2个以上"),
        (ACUTE, "至少要有两个"),
        (TRIPOD, "3 or more"),
        (TRIPOD, "at least 3"),
        (ORBITAL, "最多两个"),
        (ORBITAL, "2个以内"),
        (EARS, "一对"),
        (EARS, "一双"),
    ],
)
def test_the_key_said_with_the_bound_asked_or_as_a_pair_is_right(question: Question, reply: str) -> None:
    assert grade(question, reply).outcome is Outcome.correct


@pytest.mark.parametrize(
    ("question", "reply"),
    [
        (ACUTE, "三个以上"),
        (ACUTE, "一个以上"),
        (ACUTE, "两个以下"),  # the other bound
        (ACUTE, "两个或三个以上"),  # the number said again is another
        (TRIPOD, "4 or more"),
        (ORBITAL, "两个以上"),  # the prompt asks for the most
        (ORBITAL, "最多三个"),
        (EARS, "两对"),  # four
        (WATER, "两个以上"),  # the prompt asks for a number, no bound
        (WATER, "至少两个"),
        (SEX_CHROMOSOMES, "两对"),
    ],
)
def test_another_number_or_a_bound_not_asked_for_earns_nothing(question: Question, reply: str) -> None:
    verdict = grade(question, reply)
    assert verdict.outcome is Outcome.wrong and verdict.score == 0.0


def test_a_pair_word_where_the_prompt_counts_pairs_is_one_pair_not_two() -> None:
    assert grade(SEX_CHROMOSOMES, "一对").outcome is Outcome.correct


def test_a_bound_elsewhere_in_the_prompt_is_not_asked_of_the_blank() -> None:
    runners = _fill("每天至少锻炼1小时的学生占全班的___%。", ["30"])
    assert grade(runners, "30以上").outcome is not Outcome.correct
