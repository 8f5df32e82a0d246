"""Bare answers: a message that is only option letters (``B``, ``ac``) or a true/false word (``对``,
``false``), and which open question can take one. A group counts such a message when exactly one open
question takes it; a private chat answers the one question that takes it when the newest cannot."""

from __future__ import annotations

import re

from bot.banks.model import CHOICE_KINDS, Kind
from bot.study.results import AskedQuestion
from bot.telegram.group_render import typed

__all__ = ["looks_like_an_answer", "takes"]

_BARE_LETTERS = re.compile(r"[A-Za-z]{1,8}")
_TRUE_FALSE = frozenset(
    {"对", "错", "正确", "错误", "√", "×", "✓", "✗", "t", "f", "true", "false", "yes", "no", "是", "否", "对的", "错的"}
)


def looks_like_an_answer(text: str) -> bool:
    return bool(_BARE_LETTERS.fullmatch(text)) or text.casefold() in _TRUE_FALSE


def takes(asked: AskedQuestion, text: str) -> bool:
    """This open question can take ``text`` as a bare answer: option letters of its own, or true/false."""
    question = asked.question
    if question is None or typed(question):
        return False
    if question.kind is Kind.true_false:
        return text.casefold() in _TRUE_FALSE
    if question.kind not in CHOICE_KINDS or not _BARE_LETTERS.fullmatch(text):
        return False
    letters = text.upper()
    options = {k.upper() for k in question.options}
    if len(set(letters)) != len(letters) or not set(letters) <= options:
        return False
    return question.kind is Kind.multiple or len(letters) == 1
