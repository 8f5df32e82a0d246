"""Practice sessions: N questions asked one at a time, the next after each answer, a summary at the end.

A daily push of N questions is one (the first question is the push; the others follow the learner's
answers), and so is `/quiz 10 [timer 30]`. Everything lives in SQLite (bot/store/sessions.py), so a
session survives a restart: the learner's next answer brings the next question.

Exactly once: moving a session from question k to k+1 is a compare-and-set on its position, in the same
transaction that records question k+1; ending it sets `finished_at` once. So one answer, one time-out or
one replay asks the next question at most once, and the summary comes once. A question recorded and never
sent (a crash between the two, a push that failed) is `pending` and sent on the next occasion.
"""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Literal, Protocol

from bot.banks.model import Kind, Question
from bot.records import Learner
from bot.store import asked as asked_repo
from bot.store import cards as cards_repo
from bot.store import chats as chats_repo
from bot.store import learners as learners_repo
from bot.store import sessions as sessions_repo
from bot.store import streaks as streaks_repo
from bot.store.db import Store
from bot.store.sessions import SessionRow, SessionTally
from bot.study.days import local_day
from bot.study.results import AskedQuestion, Empty, Pick
from bot.study.streaks import StreakView, view

__all__ = [
    "MAX_QUESTIONS",
    "Asking",
    "PushOpening",
    "PushStart",
    "Session",
    "SessionStep",
    "SessionSummary",
    "Sessions",
]

log = logging.getLogger(__name__)

MAX_QUESTIONS = 50  # the most questions a session (or a daily push) holds

SessionKind = Literal["push", "quiz"]


@dataclass(frozen=True)
class Session:
    id: int
    chat_id: int
    learner_id: int
    kind: SessionKind
    total: int
    position: int  # the number of the question asked last (0: none yet)
    seconds: int | None  # time limit per question
    poll: bool
    banks: tuple[str, ...] | None
    kinds: tuple[str, ...] | None
    finished: bool
    only: tuple[int, ...] | None = None  # a session of given questions (a round's mistakes again), in order


@dataclass(frozen=True)
class SessionStep:
    """A question of a session to send: recorded already (its asked id), not yet shown."""

    session: Session
    asked_id: int
    pick: Pick
    position: int


@dataclass(frozen=True)
class SessionSummary:
    """A session that has just ended: what the learner made of it."""

    session: Session
    tally: SessionTally
    streak: StreakView
    last_asked: int | None  # the asked id of its last question
    mistakes: int = 0  # questions answered not fully right (what [复习错题 N] asks again)


@dataclass(frozen=True)
class PushStart:
    """A daily push of `total` questions to a learner's private chat (`origin`: its subscription and day)."""

    chat_id: int
    learner_id: int
    total: int
    banks: tuple[str, ...] | None
    kinds: tuple[str, ...] | None
    origin: str


@dataclass(frozen=True)
class PushOpening:
    """A push's session opened: its first question recorded (or recorded before and never shown) to send
    now; Empty when not one question can be asked; None when its question is out already."""

    language: str | None  # the learner's
    poll: bool  # the learner asked for quiz polls
    step: SessionStep | Empty | None


def _session(row: SessionRow) -> Session:
    kind: SessionKind = "push" if row.kind == "push" else "quiz"
    return Session(
        row.id,
        row.chat_id,
        row.learner_id,
        kind,
        row.total,
        row.position,
        row.seconds,
        row.poll,
        row.banks,
        row.kinds,
        row.finished_at is not None,
        row.only,
    )


class Asking(Protocol):
    """What sessions use of the engine that owns them (`StudyEngine`, bot/study/engine.py): its store and
    clock, and how it picks, records and looks up questions. The engine builds its `Sessions` over itself;
    this module does not import the engine."""

    store: Store
    clock: Callable[[], datetime]
    default_tz: str

    async def next_question(
        self,
        learner_id: int,
        banks: Iterable[str] | None = None,
        kinds: Iterable[str | Kind] | None = None,
        review_only: bool = False,
        exclude: Collection[int] = (),
    ) -> Pick | Empty: ...

    async def insert_asked(
        self,
        db: Any,
        chat_id: int,
        learner_id: int | None,
        key: int,
        ts: int,
        message_id: int | None = None,
        open_seconds: int | None = None,
        session: tuple[int, int] | None = None,
    ) -> int: ...

    def choose(
        self,
        learner: Learner | None,
        cards: Sequence[tuple[int, int]],
        ts: int,
        banks: Iterable[str] | None = None,
        kinds: Iterable[str | Kind] | None = None,
        *,
        review_only: bool = False,
        exclude: Collection[int] = (),
    ) -> Pick | Empty: ...

    def insert_asked_sync(
        self,
        conn: sqlite3.Connection,
        chat_id: int,
        learner_id: int,
        key: int,
        ts: int,
        *,
        session: tuple[int, int] | None = None,
    ) -> int: ...

    def question_for(self, key: int) -> tuple[str, Question] | None: ...

    async def get_asked(self, asked_id: int) -> AskedQuestion | None: ...

    def asked_view(self, row: asked_repo.AskedRow | None) -> AskedQuestion | None: ...


class Sessions:
    """The engine's sessions (``engine.sessions``): started, moved on, timed out, summed up."""

    def __init__(self, engine: Asking) -> None:
        self.engine = engine

    def _ts(self) -> int:
        return int(self.engine.clock().timestamp())

    async def start(
        self,
        chat_id: int,
        learner_id: int,
        kind: SessionKind,
        total: int,
        *,
        banks: tuple[str, ...] | None = None,
        kinds: tuple[str, ...] | None = None,
        poll: bool = False,
        seconds: int | None = None,
        origin: str | None = None,
        only: tuple[int, ...] | None = None,
    ) -> Session:
        """A new session (a push's `origin` names its subscription and day: the same push tried again gets
        the same session). A new /quiz session ends the learner's earlier one here, its open question
        closed unanswered."""
        total = max(1, min(MAX_QUESTIONS, total))
        ts = self._ts()
        async with self.engine.store.write() as db:
            await chats_repo.ensure(db, chat_id, "private", ts)
            row = await sessions_repo.insert(
                db,
                chat_id,
                learner_id,
                kind,
                total,
                ts,
                banks=banks,
                kinds=kinds,
                poll=poll,
                seconds=seconds,
                origin=origin,
                only=only,
            )
            if kind == "quiz":
                await sessions_repo.close_running(db, chat_id, learner_id, "quiz", row.id, ts)
        return _session(row)

    async def open_pushes(self, starts: Sequence[PushStart]) -> list[PushOpening]:
        """Start the sessions of a page of daily pushes and record each one's first question, all in one
        transaction: what `start` then `step` (or `pending`, for a push tried again) do for one push."""
        engine = self.engine
        ts = self._ts()

        def write(conn: sqlite3.Connection) -> list[PushOpening]:
            return [self._open_push(conn, start, ts) for start in starts]

        return await engine.store.transaction(write)

    def _open_push(self, conn: sqlite3.Connection, start: PushStart, ts: int) -> PushOpening:
        engine = self.engine
        found = conn.execute(learners_repo.GET_SQL, (start.learner_id,)).fetchone()
        learner = learners_repo.learner_of(tuple(found)) if found else None
        poll = bool(learner and learner.poll)
        language = learner.language if learner else None
        conn.execute(chats_repo.ENSURE_SQL, (start.chat_id, "private", ts))
        total = max(1, min(MAX_QUESTIONS, start.total))
        row = sessions_repo.insert_sync(
            conn,
            start.chat_id,
            start.learner_id,
            "push",
            total,
            ts,
            banks=start.banks,
            kinds=start.kinds,
            poll=poll,
            origin=start.origin,
        )
        session = _session(row)
        if session.finished:
            return PushOpening(language, poll, None)
        if session.position:  # the same push tried again: the question it recorded, if still unsent
            pending = sessions_repo.pending_sync(conn, session.id, session.position)
            hit = engine.question_for(pending[1]) if pending else None
            if pending is None or hit is None:
                return PushOpening(language, poll, None)
            step = SessionStep(session, pending[0], Pick(hit[0], hit[1], pending[1], "new", 0), session.position)
            return PushOpening(language, poll, step)
        cards = conn.execute(cards_repo.CARDS_OF_SQL, (start.learner_id,)).fetchall()
        pick = engine.choose(learner, cards, ts, session.banks, session.kinds)
        if not isinstance(pick, Pick):
            sessions_repo.finish_sync(conn, session.id, ts)
            return PushOpening(language, poll, pick)
        if conn.execute(sessions_repo.ADVANCE_SQL, (1, session.id, 0)).rowcount != 1:
            return PushOpening(language, poll, None)
        asked_id = engine.insert_asked_sync(
            conn, start.chat_id, start.learner_id, pick.key, ts, session=(session.id, 1)
        )
        return PushOpening(language, poll, SessionStep(session, asked_id, pick, 1))

    def shown(
        self, step: SessionStep, message_ids: Sequence[int], poll_id: str | None = None
    ) -> Callable[[sqlite3.Connection], None]:
        """What a push's first question being out writes, for the caller to run in its own transaction
        (with the push's outcome): the messages that show it, and the end of the learner's earlier push
        sessions (their unanswered questions closed, not counted as wrong)."""
        session, ts = step.session, self._ts()
        shown_by = message_ids[-1] if message_ids else None

        def write(conn: sqlite3.Connection) -> None:
            if shown_by is not None or poll_id is not None:
                conn.execute(asked_repo.ATTACH_SQL, (shown_by, poll_id, step.asked_id))
            conn.executemany(asked_repo.ADD_MESSAGE_SQL, [(m, step.asked_id) for m in dict.fromkeys(message_ids)])
            closed = sessions_repo.close_running_sync(
                conn, session.chat_id, session.learner_id, session.kind, session.id, ts
            )
            if closed:
                log.info("push to chat %d: %d unanswered questions of earlier pushes closed", session.chat_id, closed)

        return write

    async def get(self, session_id: int) -> Session | None:
        async with self.engine.store.read() as db:
            row = await sessions_repo.get(db, session_id)
        return _session(row) if row else None

    async def close_earlier(self, session: Session) -> int:
        """The session has begun: the learner's earlier sessions of its kind in the chat end, their open
        questions closed unanswered (not counted as wrong: no attempt is written). How many were closed."""
        async with self.engine.store.write() as db:
            return await sessions_repo.close_running(
                db, session.chat_id, session.learner_id, session.kind, session.id, self._ts()
            )

    async def step(self, session: Session, after: int) -> SessionStep | SessionSummary | Empty | None:
        """After question `after` (0: at the start): the next question, recorded; or the summary when the
        session is done (or no question is left to ask); None when someone else moved it on already.
        Empty: not one question could be asked (the session is ended, without a summary)."""
        engine = self.engine
        async with engine.store.read() as db:
            row = await sessions_repo.get(db, session.id)
            asked_keys = await sessions_repo.question_keys(db, session.id)
        if row is None or row.finished_at is not None or row.position != after:
            return None
        session = _session(row)
        if after < session.total:
            pick = (
                self._given(session, asked_keys)
                if session.only is not None
                else await engine.next_question(
                    session.learner_id, banks=session.banks, kinds=session.kinds, exclude=asked_keys
                )
            )
            if isinstance(pick, Pick):
                ts = self._ts()
                async with engine.store.write() as db:
                    if not await sessions_repo.advance(db, session.id, after):
                        return None
                    asked_id = await engine.insert_asked(
                        db,
                        session.chat_id,
                        session.learner_id,
                        pick.key,
                        ts,
                        open_seconds=session.seconds,
                        session=(session.id, after + 1),
                    )
                return SessionStep(session, asked_id, pick, after + 1)
            if after == 0:
                async with engine.store.write() as db:
                    await sessions_repo.finish(db, session.id, self._ts())
                return pick
        return await self.finish(session)

    def _given(self, session: Session, asked: Collection[int]) -> Pick | Empty:
        """A session of given questions: the next of them not asked yet and still in its bank."""
        for key in session.only or ():
            hit = self.engine.question_for(key) if key not in asked else None
            if hit is not None:
                return Pick(hit[0], hit[1], key, "review", 0)
        return Empty("only_repeat")

    async def mistakes_of(self, session_id: int, learner_id: int) -> list[int]:
        """The questions of a finished session the learner answered not fully right, as asked."""
        async with self.engine.store.read() as db:
            return await sessions_repo.mistakes(db, session_id, learner_id)

    async def finish(self, session: Session) -> SessionSummary | None:
        """End the session and sum it up; None when it had ended already (the summary goes once)."""
        ts = self._ts()
        async with self.engine.store.write() as db:
            if not await sessions_repo.finish(db, session.id, ts):
                return None
        async with self.engine.store.read() as db:
            tally = await sessions_repo.tally(db, session.id, session.learner_id)
            streak = await streaks_repo.get(db, session.learner_id)
            learner = await learners_repo.get(db, session.learner_id)
            last_id = await sessions_repo.last_asked(db, session.id)
            missed = await sessions_repo.mistakes(db, session.id, session.learner_id)
        tz = learner.tz if learner is not None else self.engine.default_tz
        today = local_day(self.engine.clock(), tz)
        return SessionSummary(session, tally, view(streak, today), last_id, len(missed))

    async def pending(self, session: Session) -> SessionStep | None:
        """The session's current question when it was recorded and never shown (to send it now)."""
        async with self.engine.store.read() as db:
            row = await sessions_repo.get(db, session.id)
            if row is None or row.finished_at is not None or row.position == 0:
                return None
            found = await sessions_repo.pending(db, session.id, row.position)
        if found is None:
            return None
        asked_id, key = found
        hit = self.engine.question_for(key)
        if hit is None:
            return None
        bank_id, question = hit
        return SessionStep(_session(row), asked_id, Pick(bank_id, question, key, "new", 0), row.position)

    async def after(self, asked: AskedQuestion | int) -> SessionStep | SessionSummary | None:
        """A session's question was answered (or timed out): its next question, or its summary; None when
        it belongs to no session or the session went on already. A next question recorded but never shown
        (the bot stopped in between) is handed out again."""
        if isinstance(asked, int):
            found = await self.engine.get_asked(asked)
            if found is None:
                return None
            asked = found
        if asked.session_id is None or asked.position is None:
            return None
        session = await self.get(asked.session_id)
        if session is None or session.finished:
            return None
        if session.position == asked.position:
            stepped = await self.step(session, asked.position)
            return None if isinstance(stepped, Empty) else stepped
        if session.position == asked.position + 1:
            return await self.pending(session)
        return None

    async def resume(self, chat_id: int, learner_id: int) -> SessionStep | SessionSummary | None:
        """A running session of the learner's that waits on nothing: its current question was recorded and
        never shown (the bot stopped in between), or is closed without the next one asked (a time-out whose
        notice failed): what to send now. None when every running session has its question out."""
        async with self.engine.store.read() as db:
            rows = await sessions_repo.running(db, chat_id, learner_id)
            current = [await sessions_repo.current(db, row.id, row.position) for row in rows]
        for row, asked in zip(rows, current, strict=True):
            if asked is None:
                continue
            if not asked.closed and asked.message_id is None:
                return await self.pending(_session(row))
            if asked.closed:
                found = await self.after(asked.id)
                if found is not None:
                    return found
        return None

    async def running_round(self, chat_id: int, learner_id: int) -> Session | None:
        """The learner's /quiz round under way in the chat (the newest), or None."""
        async with self.engine.store.read() as db:
            rows = await sessions_repo.running(db, chat_id, learner_id)
        return next((_session(row) for row in rows if row.kind == "quiz"), None)

    async def unask(self, asked_id: int) -> None:
        """Take back a session question that was certainly never sent (its push was not to go)."""
        async with self.engine.store.write() as db:
            await sessions_repo.unask(db, asked_id)

    async def due_timeouts(self) -> list[AskedQuestion]:
        """Session questions whose time limit has passed unanswered (also while the bot was down)."""
        async with self.engine.store.read() as db:
            rows = await asked_repo.due_closings(db, self._ts(), sessions=True)
        return [a for a in (self.engine.asked_view(r) for r in rows) if a is not None]

    async def time_out(self, asked_id: int) -> bool:
        """Close a question whose time is up; False when it was closed already (answered or timed out)."""
        async with self.engine.store.write() as db:
            return await asked_repo.close(db, asked_id)
