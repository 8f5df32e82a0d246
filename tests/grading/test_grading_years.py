"""A blank that asks for a year answered with the full date or the year spoken short (`六九年`), and a value's
part and a name's part given in the other order: the year judged, never another year."""

from __future__ import annotations

import pytest

from bot.banks.model import Kind, Question
from bot.grading import grade
from bot.grading.verdict import Outcome


def _fill(prompt: str, answer: list[str] | list[list[str]]) -> Question:
    return Question(id="y", kind=Kind.fill, number=1, prompt=prompt, answer=answer)


MOON = _fill("人类第一次登上月球是在___年。", ["1969"])
DECLARATION = _fill("美国《独立宣言》由___执笔起草，于___年发表。", [["杰斐逊", "托马斯·杰斐逊"], ["1776"]])
ENROLLED = _fill("今年这所学校的报名人数为___人。", ["1985"])


@pytest.mark.parametrize(
    ("question", "reply"),
    [
        (MOON, "1969年7月20日"),
        (MOON, "1969.7.20"),
        (MOON, "六九年"),
        (MOON, "'69"),
        (DECLARATION, "杰斐逊 1776年7月4日"),
        (DECLARATION, "杰斐逊，七六年"),
        (DECLARATION, "1776年7月4日 杰斐逊"),
        (DECLARATION, "1776 托马斯·杰斐逊"),
    ],
)
def test_the_year_asked_said_with_its_date_or_short_is_right(question: Question, reply: str) -> None:
    assert grade(question, reply).outcome is Outcome.correct


@pytest.mark.parametrize(
    "reply",
    ["1968年7月20日", "1969年的前一年", "六八年", "六十九年", "'96"],
)
def test_another_year_is_wrong(reply: str) -> None:
    assert grade(MOON, reply).outcome is Outcome.wrong


@pytest.mark.parametrize(("reply", "score"), [("1777 杰斐逊", 0.5), ("富兰克林 1776年7月4日", 0.5)])
def test_one_part_right_in_either_order_is_half(reply: str, score: float) -> None:
    assert grade(DECLARATION, reply).score == score


@pytest.mark.parametrize("reply", ["1985年3月1日", "八五年"])
def test_a_date_for_a_number_that_is_no_year_earns_nothing(reply: str) -> None:
    assert grade(ENROLLED, reply).score == 0.0


@pytest.mark.parametrize("prompt", ["这座古城至今已有___年历史。", "这棵古树大约种于___年前。"])
def test_a_count_of_years_is_no_year_asked(prompt: str) -> None:
    assert grade(_fill(prompt, ["1970"]), "1970年4月24日").score == 0.0
