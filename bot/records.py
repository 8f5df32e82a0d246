"""Plain records shared across the layers: the store reads and writes them, the engine computes with them,
the front ends show them. No behaviour beyond a derived property, no imports from the rest of the bot.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = [
    "Announcement",
    "Attempt",
    "Chat",
    "Learner",
    "PendingUpload",
    "ScoreRow",
    "Streak",
    "Subscription",
    "Tally",
]


@dataclass(frozen=True)
class Learner:
    """A Telegram user who practises, with their settings."""

    id: int
    name: str
    language: str
    tz: str
    blocked: bool
    banks: tuple[str, ...] | None  # None: every bank
    kinds: tuple[str, ...] | None  # None: every kind
    poll: bool
    last_question: int | None
    created_at: int


@dataclass(frozen=True)
class Chat:
    """A private chat or a group the bot is in."""

    id: int
    kind: str  # private, group, supergroup, channel
    title: str
    active: bool
    tz: str | None
    language: str | None
    poll: bool
    created_at: int
    close_minute: int | None = None  # a group's daily question closes at this local minute (None: the default)

    @property
    def is_group(self) -> bool:
        return self.kind in ("group", "supergroup")


@dataclass(frozen=True)
class Subscription:
    """A daily push (or an evening reminder) for a chat at a local time."""

    id: int
    chat_id: int
    learner_id: int | None
    kind: str  # 'daily' or 'remind'
    minute: int  # local time as minutes after midnight
    tz: str
    count: int
    banks: tuple[str, ...] | None
    kinds: tuple[str, ...] | None
    active: bool
    next_due: int | None  # epoch seconds
    updated_at: int

    @property
    def hhmm(self) -> str:
        return f"{self.minute // 60:02d}:{self.minute % 60:02d}"


@dataclass(frozen=True)
class Streak:
    """A learner's run of study days as stored (the rules live in bot.study.streaks)."""

    current: int = 0
    longest: int = 0
    last_day: int | None = None
    freezes: int = 0  # held now
    frozen: int = 0  # used so far


@dataclass(frozen=True)
class Attempt:
    """One member's recorded answer to an asked question, with their name (a group's result)."""

    learner_id: int
    learner_name: str
    asked_id: int
    outcome: str
    score: float
    answered_at: int
    millis: int | None
    reply: str


@dataclass(frozen=True)
class Tally:
    """Counts for one group of attempts (a kind, a bank, or everything)."""

    total: int = 0
    correct: int = 0
    partial: int = 0
    wrong: int = 0
    score: float = 0.0  # sum of scores

    @property
    def accuracy(self) -> float:
        """Share answered fully right (0 when nothing was answered)."""
        return self.correct / self.total if self.total else 0.0

    @property
    def mean_score(self) -> float:
        return self.score / self.total if self.total else 0.0


@dataclass(frozen=True)
class ScoreRow:
    """One member's line of a group leaderboard."""

    learner_id: int
    name: str
    points: int
    correct: int
    answered: int


@dataclass(frozen=True)
class Announcement:
    """A message from an admin to every active subscriber (/announce)."""

    id: int
    text: str
    by_chat: int
    created_at: int
    finished_at: int | None


@dataclass(frozen=True)
class PendingUpload:
    """A bank an admin sent as a document, imported and previewed, waiting for the admin's confirmation."""

    id: int
    admin_id: int
    chat_id: int
    bank_id: str  # the bank it becomes (or replaces)
    file_name: str
    bank_json: str  # the imported bank as its file would hold it
    created_at: int  # epoch seconds
    review: str | None = None  # what the import said about the document, as JSON (bot/banks/review.py)
    revision: int = 0  # edits made on the teacher's desk so far
