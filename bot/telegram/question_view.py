"""What a question looks like in Telegram: its buttons, its "next question" button, its quiz poll.

Pure: builds python-telegram-bot's keyboards and the shape of a poll from a bank question; the features
that send (bot/telegram/quiz.py, bot/telegram/group_quiz.py) decide when.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from telegram import InlineKeyboardButton, InlineKeyboardMarkup

from bot.banks.model import CHOICE_KINDS, Kind, Question
from bot.telegram.callbacks import CallbackCodec
from bot.telegram.next_word import encode_next
from bot.telegram.texts import t

__all__ = [
    "MAX_POLL_QUESTION",
    "TF_REPLY",
    "KeyboardPlan",
    "PollShape",
    "keyboard_json",
    "keyboard_plan",
    "next_keyboard",
    "poll_question",
    "poll_reply",
    "poll_shape",
    "question_keyboard",
    "units",
]

MAX_POLL_QUESTION = 300
MAX_POLL_OPTION = 100
MAX_POLL_EXPLANATION = 200
MAX_POLL_EXPLANATION_LINES = 2  # line feeds
BUTTON_TEXT = 40  # characters of option text on a button (the full text is in the message)
# True/false buttons carry digits: option letters never are, so a "T" or "F" option stays a letter.
TF_REPLY = {"1": "对", "0": "错"}


def units(text: str) -> int:
    """Length as Telegram counts it (UTF-16 code units)."""
    return len(text.encode("utf-16-le")) // 2


def poll_question(question: Question, counter: str | None = None) -> str:
    """A poll's question: a session's counter (`📝 3/10`) or else the bank's number, then the prompt."""
    prompt = question.prompt.strip()
    return f"{counter} {prompt}" if counter else f"{question.number}. {prompt}"


def _button_label(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= BUTTON_TEXT else text[: BUTTON_TEXT - 1] + "…"


def _tf_labels(lang: str) -> tuple[str, str]:
    return t("btn_true", lang), t("btn_false", lang)


# A keyboard as data: rows of (label, action, fields of its callback data without the asked id).
KeyboardPlan = list[list[tuple[str, str, tuple[str, ...]]]]


def keyboard_plan(question: Question, lang: str, ticked: str = "") -> KeyboardPlan | None:
    """The buttons of choice and true/false questions (None for fill and case: those are typed), without
    the asked id their callback data carries: the same for every learner asked this question."""
    if question.kind is Kind.true_false:
        yes, no = _tf_labels(lang)
        return [[(yes, "answer", ("1",)), (no, "answer", ("0",))]]
    if question.kind not in CHOICE_KINDS:
        return None
    multiple = question.kind is Kind.multiple
    rows: KeyboardPlan = []
    for letter, text in question.options.items():
        mark = "☑ " if multiple and letter in ticked else ""
        rows.append([(_button_label(f"{letter}. {mark}{text}"), "toggle" if multiple else "answer", (letter,))])
    if multiple:
        rows.append([(t("btn_submit", lang), "submit", ())])
    return rows


def keyboard_json(plan: KeyboardPlan, codec: CallbackCodec, asked_id: int) -> dict[str, object]:
    """A plan's reply_markup for one asked question, as the Bot API reads it."""
    return {
        "inline_keyboard": [
            [{"text": label, "callback_data": codec.encode(action, asked_id, *fields)} for label, action, fields in row]
            for row in plan
        ]
    }


def question_keyboard(
    codec: CallbackCodec, asked_id: int, question: Question, lang: str, ticked: str = ""
) -> InlineKeyboardMarkup | None:
    """Buttons for choice and true/false questions (None for fill and case: those are typed)."""
    plan = keyboard_plan(question, lang, ticked)
    if plan is None:
        return None
    return InlineKeyboardMarkup(
        [
            [
                InlineKeyboardButton(label, callback_data=codec.encode(action, asked_id, *fields))
                for label, action, fields in row
            ]
            for row in plan
        ]
    )


def next_keyboard(
    codec: CallbackCodec,
    lang: str,
    asked_id: int,
    *,
    review: bool = False,
    carry: tuple[list[str], list[str], bool] | None = None,
) -> InlineKeyboardMarkup:
    """The "next question" button under a verdict; it remembers which question it follows (and ``carry``,
    the /quiz filter, when it fits: a press after a restart keeps it; bot/telegram/next_word.py)."""
    label = t("btn_next_review" if review else "btn_next", lang)
    word = encode_next("r" if review else "q", asked_id, *(carry or (None,)))
    return InlineKeyboardMarkup([[InlineKeyboardButton(label, callback_data=codec.encode("next", word))]])


@dataclass(frozen=True)
class PollShape:
    """A question as a native quiz poll."""

    question: str
    options: list[str]
    replies: list[str]  # what each option means as a typed answer: its letter, or 对/错
    correct: list[int]
    multiple: bool
    explanation: str | None  # None when there is none or it is too long for the poll
    long_explanation: bool  # there is one, but only the verdict message can carry it


def poll_shape(question: Question, lang: str, *, counter: str | None = None) -> PollShape | None:
    """The quiz poll for a choice or true/false question, or None when it does not fit Telegram's limits.
    ``counter``: a session's (`📝 3/10`) in place of the bank's own number (a poll has no header message)."""
    if question.kind is Kind.true_false:
        options = list(_tf_labels(lang))
        letters = ["对", "错"]
        correct = [0 if question.answer is True else 1]
    elif question.kind in CHOICE_KINDS:
        letters = list(question.options)
        options = [" ".join(f"{k}. {v}".split()) for k, v in question.options.items()]
        key = question.letters.upper()
        correct = [i for i, k in enumerate(letters) if k.upper() in key]
        if not correct or (question.kind is Kind.single and len(correct) != 1):
            return None
    else:
        return None
    text = poll_question(question, counter)
    if not 1 <= units(text) <= MAX_POLL_QUESTION or not 2 <= len(options) <= 12:
        return None
    if any(not 1 <= units(o) <= MAX_POLL_OPTION for o in options):
        return None
    expl = (question.explanation or "").strip()
    fits = units(expl) <= MAX_POLL_EXPLANATION and expl.count("\n") <= MAX_POLL_EXPLANATION_LINES
    return PollShape(
        text,
        options,
        letters,
        correct,
        question.kind is Kind.multiple,
        expl if expl and fits else None,
        bool(expl) and not fits,
    )


def poll_reply(shape: PollShape, option_ids: Sequence[int]) -> str | None:
    """What a vote means as a typed answer (letters, or 对/错); None for a retracted or impossible vote."""
    if not option_ids or any(not 0 <= i < len(shape.replies) for i in option_ids):
        return None
    return "".join(shape.replies[i] for i in sorted(set(option_ids)))
