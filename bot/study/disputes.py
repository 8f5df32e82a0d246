""" "My answer should count": a learner disputes the verdict on a fill-in or case answer, an admin decides.

Every front end calls the same `Disputes` (the Telegram bot, the teacher's web pages); results are plain
objects, texts are the front end's. Replies are grouped by `reply_key` (bot/grading/accepted.py): one
line per reply in the admin's list, one decision for all who gave it.

- `file`: the learner's [我的答案应该算对]. Nothing is credited: the attempt stays as graded until a
  teacher decides. Once per attempt; a reply a teacher declined before is answered at once.
- `open_disputes`: the open ones, grouped by question, each distinct reply with its count.
- `accept`: the reply becomes an accepted answer in the bank file (bot/study/accepting.py, written
  whole by BankAdmin, live at once), every recorded attempt at the question with the same reply is
  regraded (bot/study/regrade.py), and each learner credited is told once.
- `reject`: closed; each learner who disputed is told, with the key.
- `waiting_notices` / `claim_notice`: what the front end that speaks to learners sends (claimed right
  before it leaves: a learner is never told twice); `listeners` are called after each decision so it
  sends them at once, whichever front end decided.
- `answer_distribution`: what learners answered (bot/study/answer_stats.py).

Decisions run one at a time (a lock), each in one transaction whose compare-and-set on the open group
makes a button work once, also after a restart. A crash after the bank file was written and before the
transaction leaves the dispute open with the reply accepted in the file: deciding again finishes it.
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Literal

from bot.banks.key_fix import KeyFixError, describe_key
from bot.banks.model import Question
from bot.grading import grade
from bot.grading.accepted import reply_key
from bot.store import disputes as disputes_repo
from bot.store.attempts import OUTCOME_CODES
from bot.store.disputes import DisputeRow
from bot.study.accepting import ACCEPTABLE_KINDS, with_reply
from bot.study.answer_stats import QuestionAnswers, answer_distribution
from bot.study.bank_admin import BankAdmin
from bot.study.engine import StudyEngine
from bot.study.regrade import apply_regrades, plan_regrades

__all__ = [
    "Decision",
    "DecisionStatus",
    "DisputedQuestion",
    "DisputedReply",
    "Disputes",
    "FileStatus",
    "Filed",
    "Notice",
]

log = logging.getLogger("bot.admin")

FileStatus = Literal["filed", "already", "right", "not_disputable", "no_attempt", "gone", "declined"]
DecisionStatus = Literal["accepted", "rejected", "decided", "unknown", "gone", "unfit", "unwritable"]


@dataclass(frozen=True)
class Filed:
    """What became of a learner's [我的答案应该算对].

    `filed`: open now; `already`: this attempt was disputed before (`accepted` says how it was decided,
    None while open); `right`: the attempt was graded right; `not_disputable`: not a fill-in or case
    question; `no_attempt`: the learner did not answer it; `gone`: the question left its bank;
    `declined`: a teacher declined this very reply to this question before (`key`: the key)."""

    status: FileStatus
    dispute_id: int | None = None
    bank_id: str = ""
    question: Question | None = None
    reply: str = ""
    accepted: bool | None = None
    key: str = ""


@dataclass(frozen=True)
class DisputedReply:
    dispute_id: int  # what `accept` and `reject` take: the oldest open dispute of this reply
    reply: str  # as most of them wrote it
    reply_key: str
    count: int  # open disputes with this reply
    learners: tuple[int, ...]
    since: datetime  # the first of them
    credited_now: bool  # the key as it is now credits it already (a /fixkey meanwhile): accepting regrades


@dataclass(frozen=True)
class DisputedQuestion:
    question_key: int
    bank_id: str
    question_id: str
    question: Question | None  # None when it left its bank
    count: int  # open disputes
    replies: tuple[DisputedReply, ...]  # most disputed first


@dataclass(frozen=True)
class Decision:
    """What a decision did. `accepted` / `rejected`: done now; `decided`: decided before (`accepted`
    says how); `unknown`: no such dispute; `gone`: the question left its bank (it can still be
    rejected); `unfit`: the reply cannot be made an accepted answer (a blank left empty: `/fixkey`
    instead); `unwritable`: the bank file could not be written (`error.message(lang)`; nothing changed)."""

    status: DecisionStatus
    dispute_id: int
    bank_id: str = ""
    question_id: str = ""
    question: Question | None = None
    reply: str = ""
    accepted: bool | None = None
    written: bool = False  # the bank file changed (False: its key credited the reply already)
    regraded: int = 0  # attempts regraded
    learners: tuple[int, ...] = ()  # learners to be told
    key: str = ""  # the question's key as it is now, described for people
    error: KeyFixError | None = field(default=None, compare=False)


@dataclass(frozen=True)
class Notice:
    """A learner to tell about a decision on their reply."""

    decision_id: int
    learner_id: int
    language: str
    accepted: bool
    bank_id: str
    bank_title: str
    question: Question | None
    reply: str
    key: str  # the key, described (for a declined reply)


def _most_written(rows: list[DisputeRow]) -> str:
    """The spelling most of them used (the first one written, on a tie)."""
    counts = Counter(r.reply for r in rows)
    return max(rows, key=lambda r: (counts[r.reply], -r.id)).reply


class Disputes:
    def __init__(self, shelf: BankAdmin) -> None:
        self.shelf = shelf
        self._lock = asyncio.Lock()
        self.listeners: list[Callable[[], object]] = []  # called after each decision (send the notices)

    @property
    def engine(self) -> StudyEngine:
        return self.shelf.engine

    def _now(self) -> int:
        return int(self.engine.clock().timestamp())

    # ----- the learner --------------------------------------------------------------------------------

    async def file(self, learner_id: int, asked_id: int) -> Filed:
        """The learner says their answer to an asked question should count (see `Filed`)."""
        engine = self.engine
        async with self._lock:
            async with engine.store.read() as db:
                attempt = await disputes_repo.attempt_of(db, learner_id, asked_id)
                existing = await disputes_repo.dispute_of(db, learner_id, asked_id)
                decided = (
                    await disputes_repo.decision(db, existing.decision_id)
                    if existing and existing.decision_id
                    else None
                )
            if attempt is None:
                return Filed("no_attempt")
            key, reply, outcome = attempt
            found = engine.question_for(key)
            if found is None:
                return Filed("gone", reply=reply)
            bank_id, question = found
            base = {"bank_id": bank_id, "question": question, "reply": reply, "key": describe_key(question)}
            if question.kind not in ACCEPTABLE_KINDS:
                return Filed("not_disputable", **base)
            if existing is not None:
                return Filed("already", existing.id, accepted=decided.accepted if decided else None, **base)
            if outcome == OUTCOME_CODES["correct"]:
                return Filed("right", **base)
            rkey = reply_key(question, reply)
            async with engine.store.write() as db:
                last = await disputes_repo.last_decision(db, key, rkey)
                if last is not None and not last.accepted and not grade(question, reply, engine.concepts).correct:
                    return Filed("declined", accepted=False, **base)
                dispute_id = await disputes_repo.insert(db, learner_id, asked_id, key, reply, rkey, self._now())
        if dispute_id is None:
            return Filed("already", **base)
        log.info("learner %d disputes the verdict on %s/%s: %r", learner_id, bank_id, question.id, reply[:80])
        return Filed("filed", dispute_id, **base)

    # ----- the admin ----------------------------------------------------------------------------------

    async def open_disputes(self, limit: int = 20, *, bank_id: str | None = None) -> list[DisputedQuestion]:
        """Open disputes grouped by question (the most disputed first), each distinct reply with its count."""
        engine = self.engine
        async with engine.store.read() as db:
            rows = await disputes_repo.open_rows(db)
        by_question: dict[int, list[DisputeRow]] = {}
        for row in rows:
            by_question.setdefault(row.question, []).append(row)
        out: list[DisputedQuestion] = []
        for key, items in by_question.items():
            found = engine.question_for(key)
            if bank_id is not None and (found is None or found[0] != bank_id):
                continue
            question = found[1] if found else None
            by_reply: dict[str, list[DisputeRow]] = {}
            for row in items:
                by_reply.setdefault(row.reply_key, []).append(row)
            replies = [self._reply_group(question, group) for group in by_reply.values()]
            replies.sort(key=lambda r: (-r.count, r.dispute_id))
            bank, qid = (found[0], found[1].id) if found else await self._names(key)
            out.append(DisputedQuestion(key, bank, qid, question, len(items), tuple(replies)))
        out.sort(key=lambda q: (-q.count, q.replies[0].dispute_id))
        return out[:limit]

    def _reply_group(self, question: Question | None, rows: list[DisputeRow]) -> DisputedReply:
        reply = _most_written(rows)
        credited = question is not None and grade(question, reply, self.engine.concepts).correct
        return DisputedReply(
            dispute_id=min(r.id for r in rows),
            reply=reply,
            reply_key=rows[0].reply_key,
            count=len(rows),
            learners=tuple(sorted({r.learner_id for r in rows})),
            since=datetime.fromtimestamp(min(r.created_at for r in rows), UTC),
            credited_now=credited,
        )

    async def _names(self, key: int) -> tuple[str, str]:
        async with self.engine.store.read() as db:
            return await disputes_repo.question_names(db, key)

    async def _open(self, dispute_id: int) -> tuple[DisputeRow, str] | Decision:
        """The dispute and the reply its open group shows (as most of them wrote it); else the answer when it
        cannot be decided now (decided before, or no such dispute)."""
        async with self.engine.store.read() as db:
            row = await disputes_repo.get(db, dispute_id)
            done = await disputes_repo.decision(db, row.decision_id) if row and row.decision_id else None
            group = await disputes_repo.open_rows(db, row.question) if row and not done else []
        if row is None:
            return Decision("unknown", dispute_id)
        if done is not None:
            found = self.engine.question_for(row.question)
            bank, question = found if found else ("", None)
            qid = question.id if question else ""
            return Decision("decided", dispute_id, bank, qid, question, done.reply, done.accepted)
        return row, _most_written([r for r in group if r.reply_key == row.reply_key] or [row])

    async def _after_race(self, dispute_id: int) -> Decision:
        """Decided meanwhile (by another front end): how."""
        found = await self._open(dispute_id)
        return found if isinstance(found, Decision) else Decision("unknown", dispute_id)

    async def accept(self, dispute_id: int, admin_id: int) -> Decision:
        """Accept the reply of `dispute_id` (and of every open dispute with the same reply to its question)."""
        engine = self.engine
        async with self._lock:
            opened = await self._open(dispute_id)
            if isinstance(opened, Decision):
                return opened
            row, reply = opened
            found = engine.question_for(row.question)
            if found is None:
                return Decision("gone", dispute_id, reply=reply)
            bank_id, question = found
            try:
                changed = await self.shelf.change_question(
                    bank_id, question.id, lambda q: with_reply(q, reply, engine.concepts)
                )
            except KeyFixError as exc:
                return Decision("unwritable", dispute_id, bank_id, question.id, question, reply, error=exc)
            if changed is None:
                return Decision("unfit", dispute_id, bank_id, question.id, question, reply, key=describe_key(question))
            live, written = changed
            async with engine.store.read() as db:
                attempts = await disputes_repo.question_attempts(db, row.question)
            plans = plan_regrades(attempts, live, row.reply_key, engine.concepts)
            now = self._now()

            def record(conn: sqlite3.Connection) -> tuple[list[int], int] | None:
                decided = disputes_repo.decide(conn, dispute_id, reply, True, admin_id, now)
                if decided is None:
                    return None
                decision_id, disputers = decided
                done = apply_regrades(
                    conn, plans, row.question, scheduler=engine.scheduler, default_tz=engine.default_tz
                )
                told = {p.attempt.learner_id: p.attempt.reply for p in done if p.credited} | disputers
                disputes_repo.add_notices(conn, decision_id, told)
                disputes_repo.set_regraded(conn, decision_id, len(done))
                return sorted(told), len(done)

            recorded = await engine.store.transaction(record)
        if recorded is None:
            return await self._after_race(dispute_id)
        told, regraded = recorded
        log.info(
            "admin %d accepted %r for %s/%s: bank file %s, %d attempts regraded, %d learners to tell",
            admin_id,
            reply[:80],
            bank_id,
            question.id,
            "written" if written else "unchanged",
            regraded,
            len(told),
        )
        self._decided()
        if written:  # the key now credits the reply: reports of the question are fixed, their reporters told
            await engine.resolve_reports(bank_id, question.id, "fixed")
        return Decision(
            "accepted",
            dispute_id,
            bank_id,
            question.id,
            live,
            reply,
            True,
            written,
            regraded,
            tuple(told),
            describe_key(live),
        )

    async def reject(self, dispute_id: int, admin_id: int) -> Decision:
        """Decline the reply of `dispute_id` (and of every open dispute with the same reply to its question)."""
        engine = self.engine
        async with self._lock:
            opened = await self._open(dispute_id)
            if isinstance(opened, Decision):
                return opened
            row, reply = opened
            now = self._now()

            def record(conn: sqlite3.Connection) -> list[int] | None:
                decided = disputes_repo.decide(conn, dispute_id, reply, False, admin_id, now)
                if decided is None:
                    return None
                decision_id, disputers = decided
                disputes_repo.add_notices(conn, decision_id, disputers)
                return sorted(disputers)

            told = await engine.store.transaction(record)
        if told is None:
            return await self._after_race(dispute_id)
        found = engine.question_for(row.question)
        bank_id, question = found if found else ("", None)
        qid = question.id if question else ""
        log.info("admin %d declined %r for %s/%s: %d learners to tell", admin_id, reply[:80], bank_id, qid, len(told))
        self._decided()
        key = describe_key(question) if question else ""
        return Decision("rejected", dispute_id, bank_id, qid, question, reply, False, learners=tuple(told), key=key)

    def _decided(self) -> None:
        for listener in self.listeners:
            try:
                listener()
            except Exception:  # a front end's wake-up must not undo a decision made
                log.exception("a dispute listener failed")

    # ----- telling learners ---------------------------------------------------------------------------

    async def waiting_notices(self, limit: int = 50) -> list[Notice]:
        """Learners not yet told of a decision on their reply, oldest decision first."""
        engine = self.engine
        async with engine.store.read() as db:
            rows = await disputes_repo.waiting_notices(db, limit)
        out = []
        for r in rows:
            found = engine.question_for(r.question)
            bank_id, question = found if found else ("", None)
            bank = engine.banks.get(bank_id)
            out.append(
                Notice(
                    r.decision_id,
                    r.learner_id,
                    r.language,
                    r.accepted,
                    bank_id,
                    bank.title if bank else bank_id,
                    question,
                    r.reply,
                    describe_key(question) if question else "",
                )
            )
        return out

    async def claim_notice(self, notice: Notice) -> bool:
        """Call right before the notice is sent: False when it was sent already (never twice)."""
        async with self.engine.store.write() as db:
            return await disputes_repo.claim_notice(db, notice.decision_id, notice.learner_id, self._now())

    async def release_notice(self, notice: Notice) -> None:
        """The notice certainly did not leave (refused before sending): it waits for the next round."""
        async with self.engine.store.write() as db:
            await disputes_repo.release_notice(db, notice.decision_id, notice.learner_id)

    # ----- what learners answered ---------------------------------------------------------------------

    async def answer_distribution(
        self, bank_id: str | None = None, question_id: str | None = None, *, top: int = 5
    ) -> list[QuestionAnswers]:
        """Per question answered: attempts, right, partial, wrong, and the `top` most common replies not
        graded right with how often (bot/study/answer_stats.py)."""
        return await answer_distribution(self.engine, bank_id, question_id, top=top)
