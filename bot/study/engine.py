"""StudyEngine: what every front end calls. Next question, asked questions, answers recorded once,
review cards (FSRS), streaks, group scores, stats, reports and settings.

No Telegram here. Time comes from `clock()` (a timezone-aware datetime) and randomness
from `rng`, both passed in, so tests pin them.
"""

from __future__ import annotations

import logging
import random
import sqlite3
from collections.abc import Awaitable, Callable, Collection, Iterable, Sequence
from datetime import UTC, date, datetime, timedelta
from types import EllipsisType
from typing import Any

from fsrs import Card, Rating, Scheduler

from bot.banks.model import Bank, Kind, Question
from bot.grading import ConceptIndex, grade
from bot.grading.verdict import Outcome, Verdict
from bot.locale import LANGUAGES, language_of
from bot.records import Chat, ConfirmedImport, Learner, PendingUpload, ScoreRow, Tally
from bot.store import asked as asked_repo
from bot.store import attempts as attempts_repo
from bot.store import cards as cards_repo
from bot.store import chats as chats_repo
from bot.store import group_answers, report_admin
from bot.store import learners as learners_repo
from bot.store import pending_uploads as pending_repo
from bot.store import questions as questions_repo
from bot.store import reports as reports_repo
from bot.store import scores as scores_repo
from bot.store import streaks as streaks_repo
from bot.store.attempts import OUTCOME_CODES
from bot.store.db import Store
from bot.study.days import local_day, parse_tz, tzinfo_for
from bot.study.kinds import parse_kind
from bot.study.results import (
    AnswerResult,
    AskedQuestion,
    Empty,
    GroupResult,
    LearnerSettings,
    Missed,
    Pick,
    SettingsError,
    Stats,
    TypedAnswer,
)
from bot.study.sessions import Sessions
from bot.study.streaks import StreakView, record_day, view, view_after

__all__ = ["RATINGS", "Judge", "StudyEngine"]

log = logging.getLogger(__name__)

# A second opinion on a reply the rules read as an answer, asked before the answer is recorded:
# (bank id, question, reply, the rules' verdict, the learner's local day) -> a verdict that replaces the
# rules' one, or None (the rules' verdict stands). The chat front end passes model help here.
Judge = Callable[[str, Question, str, Verdict, int], Awaitable[Verdict | None]]

RATINGS = {Outcome.wrong: Rating.Again, Outcome.partial: Rating.Hard, Outcome.correct: Rating.Good}
UPLOAD_KEEP_SECONDS = 7 * 86400  # an upload's preview can be confirmed for a week


def _ts(moment: datetime) -> int:
    return int(moment.timestamp())


def _dt(ts: int | None) -> datetime | None:
    return None if ts is None else datetime.fromtimestamp(ts, UTC)


# A new learner's first questions are of these kinds (answered by a tap, short), not a long case first.
FIRST_KINDS = frozenset({Kind.single, Kind.multiple, Kind.true_false})


def _same_text(question: Question) -> str:
    """A question's words, spacing and case aside: the same question copied into two banks."""
    return f"{question.kind}:" + " ".join(question.prompt.split()).casefold()


class StudyEngine:
    def __init__(
        self,
        store: Store,
        banks: Sequence[Bank],
        concepts: ConceptIndex | None = None,
        *,
        clock: Callable[[], datetime],
        rng: random.Random,
        default_tz: str = "Asia/Shanghai",
        scheduler: Scheduler | None = None,
    ) -> None:
        self.store = store
        self.banks: dict[str, Bank] = {b.id: b for b in banks}
        self.concepts = concepts if concepts is not None else ConceptIndex.from_banks(list(banks))
        self.clock = clock
        self.rng = rng
        self.default_tz = default_tz
        self.report_listeners: list[Callable[[], object]] = []  # called when reports close (tell the reporters)
        # No fuzzing: it draws from the global `random`, which would make schedules untestable.
        self.scheduler = scheduler or Scheduler(enable_fuzzing=False)
        self._keys: dict[tuple[str, str], int] = {}
        self._by_key: dict[int, tuple[str, Question]] = {}
        self._by_object: dict[int, int] = {}  # id(question object) -> key
        self._candidates: dict[tuple[tuple[str, ...], tuple[Kind, ...]], tuple[list[int], frozenset[int]]] = {}
        self._twins: dict[int, tuple[int, ...]] = {}  # key -> the keys of the questions asked in the same words
        self.sessions = Sessions(self)  # practice sessions: a push of N, /quiz 10 (bot/study/sessions.py)

    @classmethod
    async def create(
        cls, store: Store, banks: Sequence[Bank], concepts: ConceptIndex | None = None, **kwargs: Any
    ) -> StudyEngine:
        """Build the engine and register the banks' questions in the store."""
        engine = cls(store, banks, concepts, **kwargs)
        await engine.sync_questions()
        return engine

    async def sync_questions(self) -> None:
        entries = [(b.id, q.id, str(q.kind)) for b in self.banks.values() for q in b.questions]
        async with self.store.write() as db:
            self._keys = await questions_repo.sync(db, entries)
        self._by_key = {}
        self._by_object = {}
        by_text: dict[str, list[int]] = {}
        for bank in self.banks.values():
            for q in bank.questions:
                key = self._keys[(bank.id, q.id)]
                self._by_key[key] = (bank.id, q)
                self._by_object[id(q)] = key
                by_text.setdefault(_same_text(q), []).append(key)
        # Keys of questions asked in the same words in several banks: one of them asked, the others count too.
        self._twins = {k: tuple(keys) for keys in by_text.values() if len(keys) > 1 for k in keys}
        self._candidates.clear()

    # ----- learners, chats, settings -------------------------------------------------------------

    def _now(self) -> tuple[datetime, int]:
        now = self.clock()
        return now, _ts(now)

    async def ensure_learner(
        self, user_id: int, name: str = "", language: str | None = None, tz: str | None = None
    ) -> Learner:
        """Create a learner on first contact (language from a tag like en-US, else zh; zone parsed, else the
        default); later calls only refresh the name."""
        lang = language_of(language)  # Telegram's language_code is an IETF tag ('en-US'): its first part decides
        zone = parse_tz(tz) if tz else None
        _, ts = self._now()
        tz_name = zone or self.default_tz
        return await self.store.transaction(
            lambda conn: learners_repo.upsert_sync(conn, user_id, name, lang, tz_name, ts)
        )

    async def learner(self, user_id: int) -> Learner | None:
        async with self.store.read() as db:
            return await learners_repo.get(db, user_id)

    async def ensure_chat(self, chat_id: int, kind: str, title: str = "") -> Chat:
        _, ts = self._now()
        async with self.store.write() as db:
            return await chats_repo.upsert(db, chat_id, kind, title, ts)

    async def chat(self, chat_id: int) -> Chat | None:
        async with self.store.read() as db:
            return await chats_repo.get(db, chat_id)

    async def set_chat_active(self, chat_id: int, active: bool) -> None:
        async with self.store.write() as db:
            await chats_repo.set_active(db, chat_id, active)

    async def migrate_chat(self, old_id: int, new_id: int) -> Chat | None:
        async with self.store.write() as db:
            return await chats_repo.migrate(db, old_id, new_id)

    async def set_chat_poll(self, chat_id: int, poll: bool) -> Chat | None:
        """A group's choice: its choice and true/false questions as quiz polls, or with buttons."""
        async with self.store.write() as db:
            return await chats_repo.update_settings(db, chat_id, poll=poll)

    async def set_chat_language(self, chat_id: int, language: str) -> Chat | None:
        """A group's language (zh or en), chosen by an admin or taken from the admin who added the bot."""
        if language not in LANGUAGES:
            raise SettingsError("bad_language", value=language)
        async with self.store.write() as db:
            return await chats_repo.update_settings(db, chat_id, language=language)

    async def set_chat_close(self, chat_id: int, minute: int) -> Chat | None:
        """When a group's daily question closes: a local minute of the day (0..1439)."""
        async with self.store.write() as db:
            return await chats_repo.update_settings(db, chat_id, close_minute=minute % 1440)

    async def open_asked(
        self, chat_id: int, *, shown_before: int | None = None, limit: int = 20
    ) -> list[AskedQuestion]:
        """Every question still open in a chat whose time is not up, newest first (at most `limit`);
        `shown_before`: only those shown by a message older than that one."""
        _, ts = self._now()
        async with self.store.quick() as db:
            rows = await asked_repo.open_in_chat(db, chat_id, ts, limit, shown_before=shown_before)
        return [a for a in map(self._asked, rows) if a is not None]

    async def set_blocked(self, user_id: int, blocked: bool) -> None:
        async with self.store.write() as db:
            await learners_repo.set_blocked(db, user_id, blocked)

    async def settings(self, learner_id: int) -> LearnerSettings:
        learner = await self.learner(learner_id)
        if learner is None:
            return LearnerSettings("zh", self.default_tz, None, None, False, False)
        return self._settings(learner)

    @staticmethod
    def _settings(learner: Learner) -> LearnerSettings:
        return LearnerSettings(
            learner.language, learner.tz, learner.banks, learner.kinds, learner.poll, learner.blocked
        )

    async def update_settings(
        self,
        learner_id: int,
        *,
        language: str | None = None,
        tz: str | None = None,
        banks: Iterable[str] | EllipsisType | None = ...,
        kinds: Iterable[str | Kind] | EllipsisType | None = ...,
        poll: bool | None = None,
    ) -> LearnerSettings:
        """Change some settings (banks/kinds: None = all, ... = unchanged); SettingsError names a bad value."""
        if language is not None and language not in LANGUAGES:
            raise SettingsError("bad_language", value=language)
        zone = None
        if tz is not None:
            zone = parse_tz(tz)
            if zone is None:
                raise SettingsError("bad_tz", value=tz)
        bank_ids: tuple[str, ...] | EllipsisType | None = ...
        if banks is not ...:
            bank_ids = None if banks is None else self._check_banks(banks)  # type: ignore[arg-type]
        kind_names: tuple[str, ...] | EllipsisType | None = ...
        if kinds is not ...:
            kind_names = None if kinds is None else tuple(str(k) for k in self._check_kinds(kinds))  # type: ignore[arg-type]
        async with self.store.write() as db:
            learner = await learners_repo.update_settings(
                db, learner_id, language=language, tz=zone, banks=bank_ids, kinds=kind_names, poll=poll
            )
        if learner is None:
            raise LookupError(f"learner {learner_id} is unknown: call ensure_learner first")
        return self._settings(learner)

    def _check_banks(self, banks: Iterable[str]) -> tuple[str, ...]:
        ids = tuple(dict.fromkeys(banks))
        unknown = [b for b in ids if b not in self.banks]
        if unknown:
            raise SettingsError("unknown_bank", names=", ".join(unknown), known=", ".join(self.banks) or "-")
        return ids

    @staticmethod
    def _check_kinds(kinds: Iterable[str | Kind]) -> tuple[Kind, ...]:
        out: list[Kind] = []
        unknown: list[str] = []
        for k in kinds:
            kind = k if isinstance(k, Kind) else parse_kind(k)
            if kind is None:
                unknown.append(str(k))
            elif kind not in out:
                out.append(kind)
        if unknown:
            raise SettingsError("unknown_kind", names=", ".join(unknown))
        return tuple(out)

    # ----- picking -------------------------------------------------------------------------------

    def question_key(self, bank_id: str, question_id: str) -> int | None:
        return self._keys.get((bank_id, question_id))

    def question_for(self, key: int) -> tuple[str, Question] | None:
        return self._by_key.get(key)

    def _candidate_keys(self, banks: tuple[str, ...], kinds: tuple[Kind, ...]) -> tuple[list[int], frozenset[int]]:
        cache_key = (banks, kinds)
        found = self._candidates.get(cache_key)
        if found is None:
            keys = [
                self._keys[(b, q.id)] for b in banks for q in self.banks[b].questions if not kinds or q.kind in kinds
            ]
            found = (keys, frozenset(keys))
            self._candidates[cache_key] = found
        return found

    async def next_question(
        self,
        learner_id: int,
        banks: Iterable[str] | None = None,
        kinds: Iterable[str | Kind] | None = None,
        review_only: bool = False,
        exclude: Collection[int] = (),
    ) -> Pick | Empty:
        """Due review cards first (most overdue first), then never-seen questions at random, then the seen
        question due soonest; never the question asked last, nor one in `exclude` (question keys: what a
        session or a push asked already). Filters default to the learner's settings."""
        _, ts = self._now()
        async with self.store.read() as db:
            learner = await learners_repo.get(db, learner_id)
            cards = await cards_repo.learner_cards(db, learner_id)
        return self.choose(learner, cards, ts, banks, kinds, review_only=review_only, exclude=exclude)

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
    ) -> Pick | Empty:
        """`next_question` on what was read for it: the learner and their (question, due) cards, soonest
        first. No I/O: a page of pushes picks inside the transaction that records them."""
        if not self.banks:
            return Empty("no_banks")
        bank_list = list(banks) if banks is not None else list(learner.banks or ()) if learner else []
        kind_list = list(kinds) if kinds is not None else list(learner.kinds or ()) if learner else []
        try:
            bank_ids = tuple(sorted(self._check_banks(bank_list))) if bank_list else tuple(sorted(self.banks))
            kind_set = tuple(sorted(self._check_kinds(kind_list)))
        except SettingsError as exc:
            return Empty(exc.key, dict(exc.fields))
        keys, key_set = self._candidate_keys(bank_ids, kind_set)
        if not keys:
            what = ", ".join([*bank_ids, *map(str, kind_set)])
            return Empty("no_questions", {"filter": what})
        last = learner.last_question if learner else None
        if exclude:  # what a session asked already, in any bank that asks it in the same words
            excluded = frozenset(exclude).union(*(self._twins.get(k, ()) for k in exclude))
            key_set = key_set - excluded
            keys = [k for k in keys if k in key_set]
        due = [q for q, d in cards if d <= ts and q in key_set and q != last]
        if due:
            return self._pick(due[0], "review", len(due))
        if review_only:
            upcoming = [d for q, d in cards if q in key_set and d > ts]
            when = _dt(min(upcoming)) if upcoming else None
            minutes = max(1, round((min(upcoming) - ts) / 60)) if upcoming else None
            return Empty("nothing_due", {"minutes": str(minutes)} if minutes else {}, when)
        seen = {q for q, _ in cards}
        if not cards and not kind_set:  # a learner's very first questions: the quick kinds, one tap each
            quick = [k for k in keys if self._by_key[k][1].kind in FIRST_KINDS]
            fresh = self._random_unseen(quick, seen, last)
            if fresh is not None:
                return self._pick(fresh, "new", 0)
        fresh = self._random_unseen(keys, seen, last)
        if fresh is not None:
            return self._pick(fresh, "new", 0)
        ahead = next((q for q, _ in cards if q in key_set and q != last), None)
        if ahead is not None:
            return self._pick(ahead, "ahead", 0)
        return Empty("only_repeat")

    def _random_unseen(self, keys: list[int], seen: set[int], last: int | None) -> int | None:
        if not keys:
            return None
        # A few random draws find an unseen question fast while most are unseen; then filter exactly.
        for _ in range(8):
            key = keys[self.rng.randrange(len(keys))]
            if key not in seen and key != last:
                return key
        rest = [k for k in keys if k not in seen and k != last]
        return self.rng.choice(rest) if rest else None

    def _pick(self, key: int, reason: Any, due: int) -> Pick:
        bank_id, question = self._by_key[key]
        return Pick(bank_id, question, key, reason, due)

    # ----- asking --------------------------------------------------------------------------------

    def _key_of(self, question: Pick | Question | int, bank_id: str | None) -> int:
        if isinstance(question, Pick):
            return question.key
        if isinstance(question, int):
            if question not in self._by_key:
                raise LookupError(f"no question with key {question}")
            return question
        if bank_id is not None:
            key = self._keys.get((bank_id, question.id))
        else:
            key = self._by_object.get(id(question))
            if key is None:
                matches = [k for (b, q), k in self._keys.items() if q == question.id and k in self._by_key]
                key = matches[0] if len(matches) == 1 else None
        if key is None:
            raise LookupError(f"question {question.id!r} is not in a loaded bank (pass bank_id)")
        return key

    async def ask(
        self,
        chat_id: int,
        learner_id: int | None,
        question: Pick | Question | int,
        message_id: int | None = None,
        *,
        bank_id: str | None = None,
        open_seconds: int | None = None,
    ) -> int:
        """Record a question put to a chat; returns the asked id (callback data can carry it).

        `learner_id`: the learner in a private chat, who asked in a group, None for a push to a group.
        `open_seconds`: group questions close after it (see due_closings); private ones close on answer.
        """
        key = self._key_of(question, bank_id)
        _, ts = self._now()
        async with self.store.write() as db:
            return await self.insert_asked(db, chat_id, learner_id, key, ts, message_id, open_seconds)

    @staticmethod
    async def insert_asked(
        db: Any,
        chat_id: int,
        learner_id: int | None,
        key: int,
        ts: int,
        message_id: int | None = None,
        open_seconds: int | None = None,
        session: tuple[int, int] | None = None,
    ) -> int:
        """`ask` inside a write the caller holds (a session moves on in the same transaction)."""
        # A chat we never saw: a private one (Telegram: positive id) or a group; ensure_chat refines it.
        await chats_repo.ensure(db, chat_id, "private" if chat_id > 0 or chat_id == learner_id else "group", ts)
        if learner_id is not None and chat_id == learner_id:
            await db.execute(asked_repo.CLOSE_EARLIER_SQL, (chat_id, learner_id, key))
        asked_id = await asked_repo.insert(
            db,
            chat_id,
            learner_id,
            key,
            ts,
            message_id=message_id,
            closes_at=ts + open_seconds if open_seconds else None,
            session=session,
        )
        if learner_id is not None:
            await learners_repo.set_last_question(db, learner_id, key)
        return asked_id

    @staticmethod
    def insert_asked_sync(
        conn: sqlite3.Connection,
        chat_id: int,
        learner_id: int,
        key: int,
        ts: int,
        *,
        session: tuple[int, int] | None = None,
    ) -> int:
        """`insert_asked` for a private chat inside a `Store.transaction` (a page of pushes); the chat's row
        is the caller's."""
        if chat_id == learner_id:
            conn.execute(asked_repo.CLOSE_EARLIER_SQL, (chat_id, learner_id, key))
        session_id, position = session if session is not None else (None, None)
        cur = conn.execute(asked_repo.INSERT_SQL, (chat_id, learner_id, key, None, ts, None, session_id, position))
        conn.execute(learners_repo.SET_LAST_SQL, (key, learner_id))
        assert cur.lastrowid is not None
        return cur.lastrowid

    async def attach_message(
        self, asked_id: int, message_id: int | None, poll_id: str | None = None, *, parts: Sequence[int] = ()
    ) -> None:
        """The message that shows an asked question (its buttons), and every message about it (`parts`: a
        long question is several, then its verdict; a reply to any of them answers it). One trip."""
        ids = list(dict.fromkeys([*parts, *([message_id] if message_id is not None else [])]))

        def write(conn: sqlite3.Connection) -> None:
            if message_id is not None or poll_id is not None:
                conn.execute(asked_repo.ATTACH_SQL, (message_id, poll_id, asked_id))
            conn.executemany(asked_repo.ADD_MESSAGE_SQL, [(m, asked_id) for m in ids])

        await self.store.transaction(write)

    def asked_view(self, row: asked_repo.AskedRow | None) -> AskedQuestion | None:
        """A stored asked row with its bank question (None for None)."""
        return self._asked(row)

    def _asked(self, row: asked_repo.AskedRow | None) -> AskedQuestion | None:
        if row is None:
            return None
        found = self._by_key.get(row.question)
        bank_id, question = found if found else ("", None)
        asked_at = _dt(row.asked_at)
        assert asked_at is not None
        return AskedQuestion(
            row.id,
            row.chat_id,
            row.learner_id,
            bank_id,
            question,
            row.message_id,
            row.poll_id,
            asked_at,
            _dt(row.closes_at),
            row.closed,
            row.session_id,
            row.position,
        )

    async def get_asked(self, asked_id: int) -> AskedQuestion | None:
        async with self.store.quick() as db:
            return self._asked(await asked_repo.get(db, asked_id))

    async def last_answered(self, learner_id: int) -> AskedQuestion | None:
        """The question the learner answered last, anywhere (for /why)."""
        async with self.store.read() as db:
            asked_id = await attempts_repo.last_answered(db, learner_id)
            return None if asked_id is None else self._asked(await asked_repo.get(db, asked_id))

    async def latest_open_asked(self, chat_id: int, learner_id: int | None = None) -> AskedQuestion | None:
        """The newest open question in the chat (asked to/by that learner when given) - for typed answers."""
        async with self.store.quick() as db:
            return self._asked(await asked_repo.latest_open(db, chat_id, learner_id))

    async def asked_by_poll(self, poll_id: str) -> AskedQuestion | None:
        async with self.store.quick() as db:
            return self._asked(await asked_repo.by_poll(db, poll_id))

    async def asked_by_message(self, chat_id: int, message_id: int) -> AskedQuestion | None:
        """The open question carried by a message (a reply to it answers it)."""
        async with self.store.quick() as db:
            return self._asked(await asked_repo.by_message(db, chat_id, message_id))

    async def toggle_option(self, asked_id: int, learner_id: int, letter: str) -> str:
        """Tick or untick one option of a multiple-choice question; returns the ticked letters, sorted."""
        async with self.store.write() as db:
            current = set(await asked_repo.selection(db, asked_id, learner_id))
            current ^= {letter}
            letters = "".join(sorted(current))
            await asked_repo.set_selection(db, asked_id, learner_id, letters)
        return letters

    async def selection(self, asked_id: int, learner_id: int) -> str:
        async with self.store.read() as db:
            return await asked_repo.selection(db, asked_id, learner_id)

    # ----- answering -----------------------------------------------------------------------------

    async def answer(
        self,
        learner_id: int,
        asked_id: int,
        reply: str,
        seconds: float | None = None,
        *,
        place: tuple[int, int | None] | None = None,
        judge: Judge | None = None,
    ) -> AnswerResult:
        """Grade and record once: attempt, card, streak, group score, in one transaction.

        A second answer by the same learner, a closed question, or a reply that is not an answer
        changes nothing; the result's status says which and `message(lang)` explains. `place`: the
        (chat, message) a button was pressed on: an answer counts only from the question's own message
        in its own chat ('elsewhere' otherwise: forged or copied callback data). `judge`: see `Judge`.
        """
        async with self.store.quick() as db:
            ctx = await asked_repo.answer_context(db, asked_id, learner_id)
        if ctx is None:
            return AnswerResult("unknown", asked_id)
        if place is not None and not _same_place(ctx.asked, place):
            return AnswerResult("elsewhere", asked_id)
        return await self._answer(ctx, learner_id, reply, seconds, judge)

    async def answer_latest(
        self,
        chat_id: int,
        learner_id: int,
        reply: str,
        seconds: float | None = None,
        *,
        closed_too: bool = False,
        judge: Judge | None = None,
    ) -> tuple[AskedQuestion, AnswerResult] | None:
        """`answer` for the latest open question asked to the learner in the chat (a typed reply).

        The question is found in the same query that reads what answering needs (one trip fewer on the
        busiest path); None when nothing is open. `closed_too`: the latest question even when answered
        (a typed answer handled again after a crash finds its verdict).
        """
        async with self.store.quick() as db:
            ctx = await asked_repo.latest_answer_context(db, chat_id, learner_id, closed_too=closed_too)
        if ctx is None:
            return None
        asked = self._asked(ctx.asked)
        assert asked is not None
        return asked, await self._answer(ctx, learner_id, reply, seconds, judge)

    async def answer_typed(
        self,
        chat_id: int,
        learner_id: int,
        reply: str,
        message_id: int,
        *,
        reply_to: int | None = None,
        closed_too: bool = False,
        judge: Judge | None = None,
    ) -> TypedAnswer | None:
        """A typed answer in a private chat, graded against the question the learner meant.

        `reply_to`: the message the answer is a Telegram reply to; when it carries a question (or its
        verdict), that question is answered (a closed one says so). Else the newest question shown before
        the answer was written (`message_id`: message ids grow with every message of a private chat) when
        it is open, or when it was closed by a button press (or a time-out) whose verdict came only after
        the answer was written: the learner meant it, so the answer says it was answered already, never
        graded twice nor moved to another question. Else (nothing shown before; or closed and the learner
        knew: their own typed answer to it, or its verdict, came before this one, as when several answers
        are typed in a row) the newest open question shown before the answer. `closed_too`: the newest
        question shown before it, answered or not (a typed answer handled again after a crash finds its
        verdict). None: nothing to answer. The answer's message is recorded as one about its question.
        """
        async with self.store.quick() as db:
            ctx = None
            if reply_to is not None:
                ctx = await asked_repo.replied_context(db, chat_id, reply_to, learner_id)
                if ctx is not None and ctx.asked.learner_id not in (None, learner_id):
                    ctx = None
            if ctx is None:
                ctx = await asked_repo.typed_answer_context(db, chat_id, learner_id, message_id)
                knew = ctx is not None and (ctx.noted_before or not ctx.noted_after)
                if ctx is not None and ctx.asked.closed and not closed_too and knew:
                    ctx = await asked_repo.typed_answer_context(db, chat_id, learner_id, message_id, open_only=True)
        if ctx is None:
            return None
        others = ctx.open_shown - (not ctx.asked.closed)
        asked = self._asked(ctx.asked)
        assert asked is not None
        verdict = await self._answer(ctx, learner_id, reply, None, judge, message_id=message_id)
        return TypedAnswer(asked, verdict, others)

    async def _answer(
        self,
        ctx: asked_repo.AnswerContext,
        learner_id: int,
        reply: str,
        seconds: float | None,
        judge: Judge | None = None,
        message_id: int | None = None,
    ) -> AnswerResult:
        now, ts = self._now()
        asked_id = ctx.asked.id
        if not ctx.learner_known:
            raise LookupError(f"learner {learner_id} is unknown: call ensure_learner first")
        row = ctx.asked
        found = self._by_key.get(row.question)
        if found is None:
            return AnswerResult("gone", asked_id)
        bank_id, question = found
        group = ctx.chat_kind in ("group", "supergroup")
        if not group and row.learner_id is not None and row.learner_id != learner_id:
            return AnswerResult("not_yours", asked_id, question=question, bank_id=bank_id)
        if ctx.answered_reply is not None:  # the verdict again, so a learner who missed it still sees it
            return AnswerResult(
                "already_answered",
                asked_id,
                grade(question, ctx.answered_reply, self.concepts),
                question,
                bank_id,
                first_reply=ctx.answered_reply,
                session_id=row.session_id,
            )
        if row.closed or (row.closes_at is not None and ts >= row.closes_at):
            return AnswerResult("closed", asked_id, question=question, bank_id=bank_id, session_id=row.session_id)

        verdict = grade(question, reply, self.concepts)
        if not verdict.answered:
            return AnswerResult("not_an_answer", asked_id, verdict, question, bank_id)
        if seconds is None:
            seconds = max(0.0, (now - datetime.fromtimestamp(row.asked_at, UTC)).total_seconds())
        learner_tz = ctx.learner_tz or self.default_tz
        day = local_day(now, learner_tz)
        if judge is not None:  # before recording: the score, the card and the streak follow the verdict shown
            verdict = await judge(bank_id, question, reply, verdict, day) or verdict
        points = group_points(verdict.score) if group else 0

        attempt = (
            learner_id,
            asked_id,
            row.question,
            OUTCOME_CODES[str(verdict.outcome)],
            verdict.score,
            ts,
            day,
            round(seconds * 1000),
            reply[:1000],
            asked_id,
        )
        rating = RATINGS[verdict.outcome]
        chat_day = local_day(now, ctx.chat_tz or learner_tz) if group else 0

        def record(conn: sqlite3.Connection) -> tuple[Card, StreakView, int] | None:
            # One transaction, one trip to the connection's thread (see Store.transaction).
            if conn.execute(attempts_repo.INSERT_SQL, attempt).rowcount != 1:
                return None  # answered already, or closed meanwhile
            open_left = 0
            if not group:
                conn.execute(asked_repo.CLOSE_SQL, (asked_id,))  # a private question takes one answer
                if message_id is not None:  # the typed answer: a later one was not meant for this question
                    conn.execute(asked_repo.ADD_MESSAGE_SQL, (message_id, asked_id))
                open_left = conn.execute(asked_repo.OPEN_SHOWN_SQL, (row.chat_id, learner_id)).fetchone()[0]
            both = conn.execute(cards_repo.CARD_AND_STREAK_SQL, (learner_id, row.question)).fetchone()
            found_card, streak = cards_repo.card_and_streak(row.question, both)
            card, lapses = found_card if found_card else (self._new_card(row.question, now), 0)
            card, _ = self.scheduler.review_card(card, rating, now)
            lapses += rating is Rating.Again
            conn.execute(cards_repo.PUT_SQL, cards_repo.put_params(learner_id, row.question, card, lapses))
            after = record_day(streak, day)
            conn.execute(streaks_repo.PUT_SQL, streaks_repo.put_params(learner_id, after))
            if group:
                conn.execute(scores_repo.ADD_SQL, (row.chat_id, chat_day, learner_id, points, int(verdict.correct)))
            return card, view_after(streak, after, day), open_left

        done = await self.store.transaction(record)
        if done is None:
            return await self._refusal(learner_id, asked_id, question, bank_id)
        card, shown, open_left = done
        return AnswerResult(
            "recorded",
            asked_id,
            verdict,
            question,
            bank_id,
            shown,
            card.due,
            points,
            None,
            row.session_id,
            open_left,
        )

    @staticmethod
    def _new_card(key: int, now: datetime) -> Card:
        # card_id is given: without it fsrs reads the wall clock and sleeps 1 ms.
        return Card(card_id=key, due=now)

    async def _refusal(self, learner_id: int, asked_id: int, question: Question, bank_id: str) -> AnswerResult:
        async with self.store.quick() as db:
            first = await attempts_repo.reply_of(db, learner_id, asked_id)
        if first is not None:
            return AnswerResult(
                "already_answered",
                asked_id,
                grade(question, first, self.concepts),
                question,
                bank_id,
                first_reply=first,
            )
        return AnswerResult("closed", asked_id, question=question, bank_id=bank_id)

    # ----- groups --------------------------------------------------------------------------------

    async def answer_count(self, asked_id: int) -> int:
        """Members who answered a group question so far (the live count under it)."""
        async with self.store.read() as db:
            return await group_answers.answer_count(db, asked_id)

    async def due_closings(self) -> list[AskedQuestion]:
        """Group questions whose time is up, including those missed while the bot was down."""
        _, ts = self._now()
        async with self.store.read() as db:
            rows = await asked_repo.due_closings(db, ts)
        return [a for a in map(self._asked, rows) if a is not None]

    async def close_question(self, asked_id: int) -> GroupResult | None:
        """Close a group question and say who was right; None if it was closed already (one closer wins)."""
        async with self.store.write() as db:
            closed_now = await asked_repo.close(db, asked_id)
            row = await asked_repo.get(db, asked_id)
            attempts = await attempts_repo.for_asked(db, asked_id) if closed_now else []
        asked = self._asked(row)
        if not closed_now or asked is None:
            return None

        def fastest(outcome: str) -> list[attempts_repo.Attempt]:
            chosen = [a for a in attempts if a.outcome == outcome]
            return sorted(chosen, key=lambda a: (a.millis if a.millis is not None else 1 << 40, a.answered_at))

        return GroupResult(asked, fastest("correct"), fastest("partial"), fastest("wrong"))

    async def session_board(self, asked_ids: Sequence[int]) -> list[ScoreRow]:
        """The leaderboard of a group's run of questions (`/quiz 5`): points won in those questions alone."""
        async with self.store.read() as db:
            attempts = [a for asked_id in asked_ids for a in await attempts_repo.for_asked(db, asked_id)]
        rows: dict[int, ScoreRow] = {}
        for a in attempts:
            row = rows.get(a.learner_id) or ScoreRow(a.learner_id, a.learner_name, 0, 0, 0)
            rows[a.learner_id] = ScoreRow(
                a.learner_id,
                row.name,
                row.points + group_points(a.score),
                row.correct + (a.outcome == "correct"),
                row.answered + 1,
            )
        return sorted(rows.values(), key=lambda r: (-r.points, -r.correct, r.learner_id))

    async def top(self, chat_id: int, period: str = "all", limit: int = 10) -> list[ScoreRow]:
        """The group leaderboard: period 'today', 'week' (since Monday, local) or 'all'."""
        now, _ = self._now()
        chat = await self.chat(chat_id)
        today = now.astimezone(tzinfo_for((chat.tz if chat else None) or self.default_tz)).date()
        since = {"today": today, "week": today - timedelta(days=today.weekday())}.get(period)
        async with self.store.read() as db:
            return await scores_repo.top(db, chat_id, since.toordinal() if since else None, limit)

    # ----- streaks, stats, reports ---------------------------------------------------------------

    async def local_today(self, learner_id: int) -> int:
        """The learner's local date now, as the store keeps days (a daily cap counts these)."""
        now, _ = self._now()
        async with self.store.read() as db:
            learner = await learners_repo.get(db, learner_id)
        return local_day(now, learner.tz if learner else self.default_tz)

    async def streak(self, learner_id: int) -> StreakView:
        now, _ = self._now()
        async with self.store.read() as db:
            learner = await learners_repo.get(db, learner_id)
            streak = await streaks_repo.get(db, learner_id)
        return view(streak, local_day(now, learner.tz if learner else self.default_tz))

    async def stats(self, learner_id: int, most_missed: int = 10) -> Stats:
        now, _ = self._now()
        async with self.store.read() as db:
            learner = await learners_repo.get(db, learner_id)
            tallies = await attempts_repo.tallies(db, learner_id)
            days = await attempts_repo.per_day(db, learner_id)
            missed = await attempts_repo.missed(db, learner_id, most_missed)
            streak = await streaks_repo.get(db, learner_id)
        by_kind: dict[str, Tally] = {}
        by_bank: dict[str, Tally] = {}
        total = Tally()
        for bank, kind, tally in tallies:
            by_kind[kind] = _add(by_kind.get(kind, Tally()), tally)
            by_bank[bank] = _add(by_bank.get(bank, Tally()), tally)
            total = _add(total, tally)
        most = [Missed(bank, qid, self._question(bank, qid), misses, count) for bank, qid, misses, count in missed]
        today = local_day(now, learner.tz if learner else self.default_tz)
        return Stats(
            total=total,
            by_kind=by_kind,
            by_bank=by_bank,
            per_day={date.fromordinal(d): n for d, n, _ in days},
            correct_per_day={date.fromordinal(d): c for d, _, c in days},
            most_missed=most,
            streak=view(streak, today),
        )

    def _question(self, bank_id: str, qid: str) -> Question | None:
        key = self._keys.get((bank_id, qid))
        found = self._by_key.get(key) if key is not None else None
        return found[1] if found else None

    async def report(self, learner_id: int, target: int | Pick | AskedQuestion | None, comment: str = "") -> int | None:
        """Flag a question's key as wrong: an asked id, a pick, or None for the learner's last question.

        Returns the report id, or None when there is no such question to report."""
        _, ts = self._now()
        async with self.store.write() as db:
            asked_id: int | None = None
            if isinstance(target, Pick):
                key: int | None = target.key
            elif isinstance(target, AskedQuestion | int):
                asked_id = target.id if isinstance(target, AskedQuestion) else target
                row = await asked_repo.get(db, asked_id)
                key = row.question if row else None
            else:
                learner = await learners_repo.get(db, learner_id)
                key = learner.last_question if learner else None
            if key is None:
                return None
            return await reports_repo.insert(db, learner_id, key, asked_id, comment.strip()[:2000], ts)

    # ----- reports, as an admin sees them --------------------------------------------------------

    async def flagged_reports(self, limit: int = 20) -> list[report_admin.FlaggedQuestion]:
        """Questions with open reports, the most reported first."""
        async with self.store.read() as db:
            return await report_admin.flagged_questions(db, limit)

    async def dismiss_report(self, report_id: int) -> bool:
        """Close one open report without changing the key; False when there is no such open report."""
        async with self.store.write() as db:
            done = await report_admin.dismiss(db, report_id)
        if done:
            self._reports_closed()
        return done

    async def resolve_reports(self, bank_id: str, question_id: str, outcome: str = "fixed") -> int:
        """Close every open report of a question (`outcome`: 'fixed', its key changed, or 'dismissed', the
        reports were wrong); how many. Their reporters are told (`report_listeners`)."""
        key = self.question_key(bank_id, question_id)
        if key is None:
            return 0
        async with self.store.write() as db:
            done = await report_admin.resolve_question(db, key, outcome)
        if done:
            self._reports_closed()
        return done

    def _reports_closed(self) -> None:
        for listener in self.report_listeners:
            try:
                listener()
            except Exception:  # a notice sender's failure never undoes the decision
                log.exception("a report listener failed")

    async def untold_reports(self, limit: int = 50) -> list[tuple[int, int, int, str]]:
        """Reporters not yet told how their report closed: (report id, learner, question key, outcome)."""
        async with self.store.read() as db:
            return await report_admin.untold(db, limit)

    async def claim_report_notice(self, learner_id: int, key: int) -> bool:
        """Call right before the notice is sent: False when it was sent already (told once)."""
        async with self.store.write() as db:
            return await report_admin.claim_told(db, learner_id, key)

    # ----- uploads waiting for an admin's confirmation, deleted banks -----------------------------

    async def hold_upload(
        self, admin_id: int, chat_id: int, bank_id: str, file_name: str, bank_json: str, review: str | None = None
    ) -> int:
        """Keep an imported bank until its admin confirms it (uploads held longer than UPLOAD_KEEP go); its id,
        never given before. ``review``: what the import said about the document, for the teacher's desk
        (bot/banks/review.py)."""
        _, ts = self._now()
        async with self.store.write() as db:
            await pending_repo.clear_older(db, ts - UPLOAD_KEEP_SECONDS)
            held = await pending_repo.add(
                db,
                admin_id=admin_id,
                chat_id=chat_id,
                bank_id=bank_id,
                file_name=file_name,
                bank_json=bank_json,
                now=ts,
                review=review,
            )
        return held.id

    async def waiting_uploads(self, admin_id: int) -> list[PendingUpload]:
        """The admin's uploads still waiting for confirmation (not expired), the newest first."""
        _, ts = self._now()
        async with self.store.read() as db:
            return await pending_repo.of_admin(db, admin_id, ts - UPLOAD_KEEP_SECONDS)

    async def revise_upload(self, upload: PendingUpload, bank_json: str, review: str | None) -> int | None:
        """An edit of a waiting upload made on the revision ``upload`` shows: the new revision, or None when
        it was confirmed, cancelled, expired or edited meanwhile (nothing is changed then)."""
        _, ts = self._now()
        if upload.created_at < ts - UPLOAD_KEEP_SECONDS:
            return None
        async with self.store.write() as db:
            return await pending_repo.revise(db, upload.id, upload.revision, bank_json, review)

    async def held_upload(self, upload_id: int) -> PendingUpload | None:
        async with self.store.read() as db:
            return await pending_repo.get(db, upload_id)

    async def take_upload(self, upload_id: int, digest: str | None = None) -> PendingUpload | None:
        """The held upload, no longer held (None when it was taken or cancelled already, has expired, or
        `digest` is not its own: '' for a button from before digests; None: not checked, for the desk)."""
        _, ts = self._now()
        async with self.store.write() as db:
            taken = await pending_repo.take(db, upload_id)
            if taken is not None and digest is not None and taken.digest != digest:
                await pending_repo.put_back(db, taken)
                return None
        return taken if taken is not None and taken.created_at >= ts - UPLOAD_KEEP_SECONDS else None

    async def confirm_upload(self, upload_id: int, digest: str | None, lang: str) -> PendingUpload | None:
        """The held upload, now a confirmed import recorded before it is put live (None as `take_upload`)."""
        _, ts = self._now()
        async with self.store.write() as db:
            return await pending_repo.confirm(db, upload_id, digest, lang, ts - UPLOAD_KEEP_SECONDS)

    async def confirmed_import(self, upload_id: int) -> ConfirmedImport | None:
        async with self.store.read() as db:
            return await pending_repo.confirmed(db, upload_id)

    async def imports_applying(self) -> list[ConfirmedImport]:
        """Confirmed imports the bot stopped before putting live (a restart finishes them)."""
        async with self.store.read() as db:
            return await pending_repo.applying(db)

    async def finish_import(self, upload_id: int, error: str | None = None) -> None:
        async with self.store.write() as db:
            await pending_repo.finish(db, upload_id, error=error)

    async def hold_again(self, upload: PendingUpload) -> None:
        """A confirmed upload that could not be put live waits again under its own id."""
        async with self.store.write() as db:
            await pending_repo.unconfirm(db, upload)

    async def close_reworded(self, old: Bank) -> int:
        """After ``old`` was replaced: close the open questions asked from it whose wording or options the new
        version changed, so an answer to what the learner saw is never graded by another question's key
        (a changed key alone is a fix, and grades by the new key). How many were closed."""
        new = self.banks.get(old.id)
        now = {q.id: q for q in new.questions} if new is not None else {}
        keys = [
            self._keys[(old.id, q.id)]
            for q in old.questions
            if q.id in now
            and (now[q.id].prompt, now[q.id].options, now[q.id].kind) != (q.prompt, q.options, q.kind)
            and (old.id, q.id) in self._keys
        ]
        async with self.store.write() as db:
            return await asked_repo.close_open_of(db, keys)

    async def forget_bank(self, bank_id: str) -> tuple[int, int]:
        """A deleted bank out of learners' and push subscriptions' chosen banks ("every bank" when it was the
        only one); (learners, subscriptions) changed. Their history (answers, review cards) stays."""
        async with self.store.write() as db:
            return await pending_repo.forget_bank(db, bank_id)


def group_points(score: float) -> int:
    """A group answer's points: 10 for a right one, the score's share of 10 for a partial one."""
    return round(score * 10)


def _same_place(row: asked_repo.AskedRow, place: tuple[int, int | None]) -> bool:
    chat_id, message_id = place
    return row.chat_id == chat_id and (row.message_id is None or row.message_id == message_id)


def _add(a: Tally, b: Tally) -> Tally:
    return Tally(a.total + b.total, a.correct + b.correct, a.partial + b.partial, a.wrong + b.wrong, a.score + b.score)


def _next_text(when: datetime | None) -> str:
    return when.strftime("%Y-%m-%d %H:%M") if when else ""
