"""Plain results the engine hands to front ends (no Telegram, no SQL)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Literal

from bot.banks.model import Question
from bot.grading.verdict import Verdict
from bot.records import Attempt, Tally
from bot.study.streaks import StreakView

__all__ = [
    "AnswerResult",
    "AnswerStatus",
    "AskedQuestion",
    "Empty",
    "GroupResult",
    "LearnerSettings",
    "Missed",
    "Pick",
    "SettingsError",
    "Stats",
    "TypedAnswer",
    "text",
]

# Every message a learner may see from the engine, in zh and en ({} fields filled by .format).
MESSAGES: dict[str, tuple[str, str]] = {
    "no_questions": (
        "没有符合条件的题目：{filter}。请换一个题库或题型。",
        "No question matches {filter}. Choose another bank or kind.",
    ),
    "no_banks": (
        "还没有题库。请先导入题库（studybot import）。",
        "There are no question banks yet. Import one first (studybot import).",
    ),
    "unknown_bank": ("没有这个题库：{names}。可选：{known}。", "No such bank: {names}. Available: {known}."),
    "unknown_kind": (
        "没有这个题型：{names}。可选：单选、多选、判断、填空、案例。",
        "No such kind: {names}. Choose single, multiple, truefalse, fill or case.",
    ),
    "nothing_due": ("现在没有需要复习的题目。{next}", "Nothing is due for review now. {next}"),
    "next_due": ("下一题复习时间：{when}。", "The next review is due {when}."),
    "only_repeat": (
        "符合条件的只有刚答过的那一题，请放宽筛选。",
        "The only question that matches is the one you just answered; widen the filter.",
    ),
    "unknown_asked": (
        "找不到这道题，它可能已过期。请发 /quiz 开始新题。",
        "That question could not be found; it may have expired. Send /quiz for a new one.",
    ),
    "already_answered": (
        "这道题你已经答过了，答案不会更改。",
        "You already answered this question; it stays as it was.",
    ),
    "closed": ("这道题已经结束作答。", "This question is closed."),
    "not_yours": ("这道题是给另一位学习者的。", "This question was asked to another learner."),
    "elsewhere": (
        "这个按钮不属于这里的题目，答案没有记录。",
        "That button does not belong to a question here; nothing was recorded.",
    ),
    "gone": ("这道题已从题库中移除。", "This question is no longer in its bank."),
    "not_an_answer": ("没有看懂这个回答，请再试一次。", "That reply could not be read as an answer; try again."),
    "bad_language": ("不支持的语言：{value}。可选：zh、en。", "Unsupported language: {value}. Choose zh or en."),
    "bad_tz": (
        "无法识别的时区：{value}。例如 Asia/Shanghai 或 UTC+8。",
        "Unknown time zone: {value}. For example Asia/Shanghai or UTC+8.",
    ),
}


def text(key: str, lang: str, **fields: object) -> str:
    zh, en = MESSAGES[key]
    return (en if lang == "en" else zh).format(**fields)


@dataclass(frozen=True)
class Pick:
    """The next question for a learner."""

    bank_id: str
    question: Question
    key: int  # the store's question key
    reason: Literal["review", "new", "ahead"]  # due card, never seen, or seen and not yet due
    due: int  # review cards due now within the filter (this one included when reason is 'review')


@dataclass(frozen=True)
class Empty:
    """No question to ask; `message(lang)` says why."""

    reason: str
    fields: dict[str, str] = field(default_factory=dict)
    next_due: datetime | None = None

    def message(self, lang: str) -> str:
        if self.reason == "nothing_due":
            when = self.fields.get("when")
            return text("nothing_due", lang, next=text("next_due", lang, when=when) if when else "").strip()
        return text(self.reason, lang, **self.fields)


@dataclass(frozen=True)
class AskedQuestion:
    """An asked question with its bank question, as a front end needs it after a restart."""

    id: int
    chat_id: int
    learner_id: int | None
    bank_id: str
    question: Question | None  # None when the question has left its bank since
    message_id: int | None
    poll_id: str | None
    asked_at: datetime
    closes_at: datetime | None
    closed: bool
    session_id: int | None = None  # a practice session's question (bot/study/sessions.py)
    position: int | None = None  # its number in the session, from 1


AnswerStatus = Literal[
    "recorded",
    "not_an_answer",
    "already_answered",
    "closed",
    "not_yours",
    "unknown",
    "gone",
    "elsewhere",
]


@dataclass(frozen=True)
class AnswerResult:
    status: AnswerStatus
    asked_id: int
    verdict: Verdict | None = None  # set for 'recorded', 'not_an_answer' and 'already_answered' (the first one)
    question: Question | None = None
    bank_id: str | None = None
    streak: StreakView | None = None  # after this answer ('recorded' only)
    review_due: datetime | None = None  # when the card comes back ('recorded' only)
    points: int = 0  # group points won ('recorded' in a group only)
    first_reply: str | None = None  # 'already_answered': what the learner answered then
    session_id: int | None = None  # the question belongs to a practice session (the next follows the answer)
    open_left: int = 0  # 'recorded' in a private chat: the learner's questions still open there

    @property
    def recorded(self) -> bool:
        return self.status == "recorded"

    def message(self, lang: str) -> str:
        """Why nothing was recorded ('' when the answer was recorded: render the verdict instead)."""
        if self.status == "recorded":
            return ""
        if self.status == "not_an_answer" and self.verdict is not None:
            return self.verdict.feedback(lang) or text("not_an_answer", lang)
        return text("unknown_asked" if self.status == "unknown" else self.status, lang)


@dataclass(frozen=True)
class TypedAnswer:
    """A typed answer in a private chat: the question it answered, what became of it, and how many other
    questions stay open for the learner there (the verdict then names its question)."""

    asked: AskedQuestion
    result: AnswerResult
    others_open: int


@dataclass(frozen=True)
class Missed:
    bank_id: str
    question_id: str
    question: Question | None
    misses: int
    attempts: int


@dataclass(frozen=True)
class Stats:
    total: Tally
    by_kind: dict[str, Tally]
    by_bank: dict[str, Tally]
    per_day: dict[date, int]  # answers per local day, for a calendar picture
    correct_per_day: dict[date, int]
    most_missed: list[Missed]
    streak: StreakView


@dataclass(frozen=True)
class GroupResult:
    """A closed group question: who answered, right ones fastest first."""

    asked: AskedQuestion
    right: list[Attempt]
    partial: list[Attempt]
    wrong: list[Attempt]


@dataclass(frozen=True)
class LearnerSettings:
    language: str
    tz: str
    banks: tuple[str, ...] | None  # None: every bank
    kinds: tuple[str, ...] | None  # None: every kind
    poll: bool
    blocked: bool


class SettingsError(ValueError):
    """A setting a learner typed that cannot be used; `message(lang)` explains."""

    def __init__(self, key: str, **fields: str) -> None:
        super().__init__(text(key, "en", **fields))
        self.key = key
        self.fields = fields

    def message(self, lang: str) -> str:
        return text(self.key, lang, **self.fields)
