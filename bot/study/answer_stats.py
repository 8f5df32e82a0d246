"""What learners answered (an answer distribution, as open edX calls it): per question, how many attempts
were right, partly right and wrong, and the most common replies that were not right, with how often.

It is how a teacher finds a missing alternate before anyone disputes. Replies group as grading reads them:
a fill-in or case reply by `reply_key` (bot/grading/accepted.py), a choice or true/false reply by what the
grader understood (`B`, `b.`, `我选B` are one line). Outcomes are the ones recorded: a key fixed later
regrades nothing (an accepted dispute does). Questions no longer in a served bank are left out.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING

from bot.banks.model import CHOICE_KINDS, Kind, Question
from bot.grading import grade
from bot.grading.accepted import reply_key
from bot.store import disputes as disputes_repo
from bot.store.attempts import OUTCOME_CODES

if TYPE_CHECKING:
    from bot.study.engine import StudyEngine

__all__ = ["QuestionAnswers", "ReplyCount", "answer_distribution"]

_RIGHT, _PARTIAL = OUTCOME_CODES["correct"], OUTCOME_CODES["partial"]


@dataclass(frozen=True)
class ReplyCount:
    reply: str  # as most learners wrote it
    key: str  # the reply as grading reads it
    count: int  # attempts with this reply
    learners: int  # learners who gave it
    partial: int  # of the attempts, those graded partly right


@dataclass(frozen=True)
class QuestionAnswers:
    question_key: int
    bank_id: str
    question_id: str
    question: Question
    attempts: int
    correct: int
    partial: int
    wrong: int
    learners: int
    not_right: tuple[ReplyCount, ...]  # the most common replies not graded right, most common first
    distinct_not_right: int  # how many distinct such replies there are in all

    @property
    def accuracy(self) -> float:
        """Share of attempts graded right (0 when none)."""
        return self.correct / self.attempts if self.attempts else 0.0


async def answer_distribution(
    engine: StudyEngine, bank_id: str | None = None, question_id: str | None = None, *, top: int = 5
) -> list[QuestionAnswers]:
    """Every answered question of the served banks (of one bank, or one question), in bank order."""
    async with engine.store.read() as db:
        rows = await disputes_repo.reply_counts(db, bank_id, question_id)
    by_question: dict[int, list[tuple[int, str, int, int]]] = {}
    for key, outcome, reply, learner, count in rows:
        by_question.setdefault(key, []).append((outcome, reply, learner, count))
    order = {
        engine.question_key(b.id, q.id): (b.id, i) for b in engine.banks.values() for i, q in enumerate(b.questions)
    }
    out = []
    for key in sorted((k for k in by_question if k in order), key=order.__getitem__):
        found = engine.question_for(key)
        assert found is not None
        out.append(_tally(key, *found, by_question[key], engine, top))
    return out


def _tally(
    key: int, bank_id: str, question: Question, rows: list[tuple[int, str, int, int]], engine: StudyEngine, top: int
) -> QuestionAnswers:
    outcomes: Counter[int] = Counter()
    learners: set[int] = set()
    groups: dict[str, tuple[Counter[str], set[int], list[int]]] = {}  # key -> (spellings, learners, [n, partial])
    readings: dict[str, str] = {}
    for outcome, reply, learner, count in rows:
        outcomes[outcome] += count
        learners.add(learner)
        if outcome == _RIGHT:
            continue
        if reply not in readings:
            readings[reply] = _read(question, reply, engine)
        spellings, who, counts = groups.setdefault(readings[reply], (Counter(), set(), [0, 0]))
        spellings[reply] += count
        who.add(learner)
        counts[0] += count
        counts[1] += count if outcome == _PARTIAL else 0
    replies = [
        ReplyCount(spellings.most_common(1)[0][0], k, n, len(who), partial)
        for k, (spellings, who, (n, partial)) in groups.items()
    ]
    replies.sort(key=lambda r: (-r.count, -r.learners, r.reply))
    return QuestionAnswers(
        key,
        bank_id,
        question.id,
        question,
        attempts=sum(outcomes.values()),
        correct=outcomes[_RIGHT],
        partial=outcomes[_PARTIAL],
        wrong=outcomes[OUTCOME_CODES["wrong"]],
        learners=len(learners),
        not_right=tuple(replies[:top]),
        distinct_not_right=len(replies),
    )


def _read(question: Question, reply: str, engine: StudyEngine) -> str:
    """What groups a reply with others: the letters or judgement understood (choice, true/false), else
    the reply as grading reads it."""
    if question.kind in CHOICE_KINDS or question.kind is Kind.true_false:
        understood = grade(question, reply, engine.concepts).understood
        if understood:
            return understood
    return reply_key(question, reply)
