"""Plain results the engine hands to front ends (no Telegram, no SQL)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Literal

from bot.banks.model import Question
from bot.grading.verdict import Verdict
from bot.locale.catalogs import texts
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


def text(key: str, lang: str, **fields: object) -> str:
    """A message the engine gives a learner: the catalogs' study_* messages (bot/locale)."""
    return texts()(f"study_{key}", lang, **fields)


@dataclass(frozen=True)
class Pick:
    """The next question for a learner."""

    bank_id: str
    question: Question
    key: int  # the store's question key
    reason: Literal["review", "new", "ahead"]  # due card, never seen, or seen and not yet due
    due: int  # review cards due now within the filter (this one included when reason is 'review')


def _relative(minutes: int, lang: str) -> str:
    """In how long, in words (`3 小时后`, `in 2 days`): a learner reads no timestamp."""
    if minutes < 60:
        return texts()("in_minutes", lang, n=minutes)
    if minutes < 24 * 60:
        return texts()("in_hours", lang, n=round(minutes / 60))
    return texts()("in_days", lang, n=round(minutes / (24 * 60)))


@dataclass(frozen=True)
class Empty:
    """No question to ask; `message(lang)` says why."""

    reason: str
    fields: dict[str, str] = field(default_factory=dict)
    next_due: datetime | None = None

    def message(self, lang: str) -> str:
        if self.reason == "nothing_due":
            minutes = self.fields.get("minutes")
            when = _relative(int(minutes), lang) if minutes else ""
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
