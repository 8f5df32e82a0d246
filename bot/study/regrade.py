"""Regrading the recorded attempts with one reply after a teacher accepted it, and what follows from them.

What an attempt changes, and how a regrade keeps each consistent (docs/grading.md, "My answer should
count"):
- the attempt's outcome and score: graded again by the live key; only a better grade is written, so a
  regrade never takes anything away;
- the review card (FSRS): rebuilt by replaying the learner's attempts at the question in the order they
  were answered, each rated by its outcome as it stands now, so the card is what it would be had the
  answer been graded right when it was given (later reviews included);
- a group answer's points and right answers on the chat-local day it was given (`/top` sums them);
- the streak: nothing, since a day counts by any answer, right or not (bot/study/streaks.py); stats,
  most-missed and the answer distribution are read from the attempts and follow by themselves.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

from fsrs import Card, Rating, Scheduler

from bot.banks.model import Question
from bot.grading import ConceptIndex, grade
from bot.grading.accepted import reply_key
from bot.store import cards as cards_repo
from bot.store import disputes as disputes_repo
from bot.store.attempts import OUTCOME_CODES
from bot.store.disputes import AttemptRow
from bot.study.days import local_day
from bot.study.engine import group_points

__all__ = ["Regrade", "apply_regrades", "plan_regrades", "replay_card"]

_RATING_OF = {
    OUTCOME_CODES["wrong"]: Rating.Again,
    OUTCOME_CODES["partial"]: Rating.Hard,
    OUTCOME_CODES["correct"]: Rating.Good,
}
_GROUP_CHATS = ("group", "supergroup")


@dataclass(frozen=True)
class Regrade:
    attempt: AttemptRow  # as it was read
    outcome: int  # the new outcome code
    score: float

    @property
    def credited(self) -> bool:
        return self.outcome == OUTCOME_CODES["correct"]


def plan_regrades(
    attempts: Sequence[AttemptRow], question: Question, key: str, concepts: ConceptIndex | None
) -> list[Regrade]:
    """The attempts whose reply is `key` (as `reply_key` reads it) that the live key grades better."""
    plans: list[Regrade] = []
    graded: dict[str, tuple[int, float]] = {}
    for attempt in attempts:
        if reply_key(question, attempt.reply) != key:
            continue
        if attempt.reply not in graded:
            verdict = grade(question, attempt.reply, concepts)
            graded[attempt.reply] = (OUTCOME_CODES[str(verdict.outcome)], verdict.score)
        outcome, score = graded[attempt.reply]
        if score > attempt.score:
            plans.append(Regrade(attempt, outcome, score))
    return plans


def replay_card(scheduler: Scheduler, question: int, reviews: Sequence[tuple[int, int]]) -> tuple[Card, int]:
    """A card and its lapses rebuilt from (outcome code, answered_at) reviews in order, as the answer path
    built it: a new card due at the first answer, then each review at its time."""
    first = datetime.fromtimestamp(reviews[0][1], UTC)
    card = Card(card_id=question, due=first)  # card_id given: fsrs would read the wall clock for one
    lapses = 0
    for outcome, at in reviews:
        rating = _RATING_OF[outcome]
        card, _ = scheduler.review_card(card, rating, datetime.fromtimestamp(at, UTC))
        lapses += rating is Rating.Again
    return card, lapses


def apply_regrades(
    conn: sqlite3.Connection,
    plans: Sequence[Regrade],
    question: int,
    *,
    scheduler: Scheduler,
    default_tz: str,
) -> list[Regrade]:
    """Write the planned regrades inside the caller's transaction (each a compare-and-set: an attempt
    changed since it was read is left alone), their group points, and every touched card replayed.
    Returns the regrades written."""
    done = [p for p in plans if disputes_repo.regrade(conn, p.attempt, p.outcome, p.score)]
    for p in done:
        a = p.attempt
        if a.chat_kind in _GROUP_CHATS:
            at = datetime.fromtimestamp(a.answered_at, UTC)
            day = local_day(at, a.chat_tz or a.learner_tz or default_tz)
            gained = group_points(p.score) - group_points(a.score)
            right = int(p.credited) - int(a.outcome == OUTCOME_CODES["correct"])
            conn.execute(disputes_repo.SCORE_DELTA_SQL, (a.chat_id, day, a.learner_id, gained, right))
    for learner in sorted({p.attempt.learner_id for p in done}):
        card, lapses = replay_card(scheduler, question, disputes_repo.replay_rows(conn, learner, question))
        conn.execute(cards_repo.PUT_SQL, cards_repo.put_params(learner, question, card, lapses))
    return done
