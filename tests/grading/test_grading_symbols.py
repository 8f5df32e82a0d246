"""Keys made of symbols (a Morse code, an arrow, ±): read mark by mark, look-alikes and widths folded, spaces
between groups dropped; another sequence is another code, wrong, and never a reply the bot cannot read."""

from __future__ import annotations

import pytest

from bot.banks.model import Kind, Question
from bot.grading import grade
from bot.grading.verdict import Outcome


def _fill(prompt: str, answer: list[str]) -> Question:
    return Question(id="m", kind=Kind.fill, number=1, prompt=prompt, answer=answer)


LETTER_Q = _fill("字母Q的莫尔斯电码（点“·”、划“—”）是___。", ["——·—", "--.-"])
NEXT_STEP = _fill("流程图里，从一个步骤指向下一个步骤的箭头符号是___。", ["→"])
TOLERANCE = _fill("测量结果 9.8 ___ 0.1 m/s² 中，表示误差范围的符号读作“正负”，写作___。", ["±"])
DASH_MARK = _fill("中文的破折号写作___。", ["——"])
AT_LEAST = _fill("“x 不小于 3”用符号写作 x ___ 3。", ["≥"])
PARALLEL = _fill("两条直线 AB 与 CD 平行，记作 AB ___ CD。", ["∥"])
TIMES = _fill("在算式 6 ___ 7 = 42 的空里填上运算符号。", ["×"])


@pytest.mark.parametrize(
    ("question", "reply"),
    [
        (LETTER_Q, "--.-"),
        (LETTER_Q, "——·—"),
        (LETTER_Q, "－－・－"),
        (LETTER_Q, "— — • –"),
        (LETTER_Q, "__._"),
        (LETTER_Q, "两划一点一划"),
        (LETTER_Q, "嗒嗒滴嗒"),
        (LETTER_Q, "dah dah dit dah"),
        (NEXT_STEP, "->"),
        (NEXT_STEP, "⟶"),
        (TOLERANCE, "+-"),
        (TOLERANCE, "+/-"),
        (DASH_MARK, "——"),
        (AT_LEAST, ">="),
        (AT_LEAST, "≧"),
        (PARALLEL, "//"),
        (TIMES, "*"),
        (TIMES, "x"),
    ],
)
def test_the_same_marks_typed_otherwise_are_the_key(question: Question, reply: str) -> None:
    assert grade(question, reply).outcome is Outcome.correct


@pytest.mark.parametrize(
    ("question", "reply"),
    [
        (LETTER_Q, "-.--"),  # Y
        (LETTER_Q, "--.."),  # Z
        (LETTER_Q, "--."),  # G: a mark short
        (LETTER_Q, "一划一点两划"),
        (LETTER_Q, "..."),
        (LETTER_Q, "Q"),
        (NEXT_STEP, "<-"),
        (NEXT_STEP, "⇒"),
        (TOLERANCE, "∓"),
        (DASH_MARK, "--"),  # the very mark is asked: a hyphen pair is not it
        (AT_LEAST, "<="),
        (AT_LEAST, ">"),
        (PARALLEL, "⊥"),
        (TIMES, "+"),
    ],
)
def test_another_sequence_of_marks_is_wrong_not_unread(question: Question, reply: str) -> None:
    verdict = grade(question, reply)
    assert verdict.outcome is Outcome.wrong and verdict.score == 0.0
    assert verdict.understood is not None


def test_an_empty_reply_to_a_key_of_marks_is_still_asked_for() -> None:
    assert grade(LETTER_Q, "  ").understood is None
