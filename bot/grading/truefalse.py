"""True/false: the words and marks people use for right and wrong, in any case, width or script."""

from __future__ import annotations

import unicodedata

from bot.banks.model import Question
from bot.grading.normalize import clean, strip_answer_prefix
from bot.grading.verdict import Outcome, Verdict

__all__ = ["FALSE_WORDS", "TRUE_WORDS", "grade_true_false", "read_true_false"]

TRUE_WORDS = frozenset(
    {
        "正确", "对", "是", "√", "✓", "✔", "t", "true", "yes", "y", "1", "对的", "是的", "正确的", "right",
        "correct",
    }
)
FALSE_WORDS = frozenset(
    {
        "错误", "不正确", "错", "否", "×", "✗", "✘", "x", "f", "false", "no", "n", "0", "错的", "不对", "不是",
        "wrong", "incorrect",
    }
)
# Trailing marks that do not change the answer: 对。 / yes! / 正确（）
_TRIM = "。.!！~～()（）[]【】 \t\r\n"


def read_true_false(reply: str) -> bool | None:
    """True, False, or None when the reply is neither."""
    text = strip_answer_prefix(clean(reply).strip()).strip(_TRIM)
    text = unicodedata.normalize("NFKC", text)
    if text in TRUE_WORDS:
        return True
    if text in FALSE_WORDS:
        return False
    return None


def _word(value: bool) -> str:
    return "正确" if value else "错误"


def grade_true_false(question: Question, reply: str) -> Verdict:
    key = bool(question.answer)
    expected = _word(key)
    value = read_true_false(reply)
    if value is None:
        return Verdict(
            outcome=Outcome.wrong,
            score=0.0,
            understood=None,
            expected=expected,
            feedback_zh="请回复「正确」或「错误」（也可以用 对/错、√/×、T/F、1/0）。",
            feedback_en="Please reply true or false (or T/F, yes/no, 1/0, 正确/错误, √/×).",
        )
    right = value == key
    return Verdict(
        outcome=Outcome.correct if right else Outcome.wrong,
        score=1.0 if right else 0.0,
        understood=_word(value),
        expected=expected,
        feedback_zh="回答正确。" if right else f"这个说法{'正确' if key else '是错误的'}。",
        feedback_en="Right." if right else f"The statement is {'true' if key else 'false'}.",
    )
