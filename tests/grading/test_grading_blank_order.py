"""Several blanks in any order: blanks that are items of one list (`红、___、___`), or whose order the
explanation frees (`顺序不限`); blanks in places of their own keep their order."""

from __future__ import annotations

import pytest

from bot.banks.model import Kind, Question
from bot.grading import grade


def _fill(prompt: str, answer: list[list[str]], explanation: str = "") -> Question:
    return Question(id="f", kind=Kind.fill, number=1, prompt=prompt, answer=answer, explanation=explanation)


PRIMARIES = _fill("光的三原色是红、___、___。", [["绿"], ["蓝"]])
STATES = _fill("The three common states of matter are solid, ___ and ___.", [["liquid"], ["gas"]])
VITAMINS = _fill(
    "人体必需的脂溶性维生素可举出两种：___；___。", [["维生素A"], ["维生素D"]], "如维生素A、维生素D，两空顺序不限。"
)
RIVER = _fill("长江发源于___，最后注入___。", [["青藏高原"], ["东海"]])
SYMBOLS = _fill("铁和铜的元素符号分别是___、___。", [["Fe"], ["Cu"]], "分别为Fe、Cu。")


@pytest.mark.parametrize(
    ("question", "reply"),
    [(PRIMARIES, "蓝、绿"), (PRIMARIES, "蓝 绿"), (STATES, "gas, liquid"), (VITAMINS, "维生素D；维生素A")],
)
def test_blanks_of_one_list_or_freed_by_the_explanation_take_their_answers_in_any_order(
    question: Question, reply: str
) -> None:
    assert grade(question, reply).correct


@pytest.mark.parametrize(
    ("question", "reply"),
    [(RIVER, "东海，青藏高原"), (SYMBOLS, "Cu、Fe"), (PRIMARIES, "蓝、黄"), (PRIMARIES, "红、绿")],
)
def test_blanks_in_places_of_their_own_keep_their_order_and_a_wrong_item_stays_wrong(
    question: Question, reply: str
) -> None:
    assert not grade(question, reply).correct
