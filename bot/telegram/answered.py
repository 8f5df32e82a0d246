"""One message per question in a private chat: the question as sent, and what it becomes once answered.

The verdict is an edit of the question's own message (bot/telegram/quiz.py): the question again without
its hint, the options the learner chose marked ✅ (right) or ❌ (wrong), then the verdict, the key once,
the explanation, and one row of buttons. Pure: HTML from the bank question and the engine's result; the
sender decides whether the edit fits (one message of at most 4096 characters) or the verdict goes apart.
"""

from __future__ import annotations

from datetime import datetime

from telegram import InlineKeyboardButton, InlineKeyboardMarkup

from bot.banks.model import CHOICE_KINDS, Question
from bot.grading import format_question
from bot.grading.verdict import Verdict
from bot.study.results import AnswerResult
from bot.telegram.render import esc, fits
from bot.telegram.verdicts import verdict_text

__all__ = ["answered_html", "chosen_marks", "one_row", "question_html"]


def question_html(question: Question, lang: str, *, header: str | None = None) -> str:
    """The question as sent: under a session's header (its counter) without the bank's own number."""
    text = esc(format_question(question, lang, numbered=header is None))
    return f"{header}\n{text}" if header else text


def chosen_marks(question: Question, verdict: Verdict | None) -> dict[str, str]:
    """✅ on each chosen option that is in the key, ❌ on each chosen one that is not (choice questions)."""
    if verdict is None or question.kind not in CHOICE_KINDS or not verdict.understood:
        return {}
    key, chosen = question.letters.upper(), verdict.understood.upper()
    return {letter: "✅" if letter.upper() in key else "❌" for letter in question.options if letter.upper() in chosen}


def answered_html(result: AnswerResult, lang: str, now: datetime, *, header: str | None = None) -> str | None:
    """The question's message once answered, or None when it would not fit one message (then the verdict
    goes as a message of its own)."""
    question = result.question
    assert question is not None
    marks = chosen_marks(question, result.verdict)
    shown = esc(format_question(question, lang, numbered=header is None, hint=False, marks=marks))
    lines = [header] if header else []
    lines += [shown, "", verdict_text(result, lang, now, in_session=result.session_id is not None)]
    html = "\n".join(lines)
    return html if fits(html) else None


def one_row(markup: InlineKeyboardMarkup | None) -> InlineKeyboardMarkup | None:
    """Every button of a verdict's keyboard in one row ([下一题] [为什么?] [我的答案应该算对])."""
    if markup is None:
        return None
    buttons: list[InlineKeyboardButton] = [b for row in markup.inline_keyboard for b in row]
    return InlineKeyboardMarkup([buttons]) if buttons else None
