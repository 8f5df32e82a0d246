"""The group quiz's state and actions: posting a question, the live count, closing with the result, and
the members' commands, each answered in its turn.

`GroupQuiz` (one per application, `context.groups`) is what the handlers of bot/telegram/groups.py
call. One question is open per group at a time. Every message to a group is sent in a turn of the
group's plan (bot/telegram/group_budget.py, bot/telegram/group_turns.py): a command, a result or a
notice that does not fit the group's budget now waits for its turn instead of being dropped, the most
urgent first; a command that must wait gets a 👀 reaction. The closer looks for questions whose time is
up every ``tick_seconds`` while the bot runs, the first time right after start-up, so a question left
open by a restart is still revealed.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Coroutine, Sequence
from dataclasses import dataclass, field
from datetime import datetime, time, tzinfo
from typing import TYPE_CHECKING, Any, Protocol

from telegram import (
    Bot,
    CallbackQuery,
    ChatMember,
    InlineKeyboardButton,
    InlineKeyboardMarkup,
    Message,
    ReplyParameters,
    Update,
)
from telegram.constants import ParseMode
from telegram.error import TelegramError

from bot.delivery.outcomes import NotClaimed
from bot.delivery.window import close_label, window_close
from bot.study.kinds import GROUP_KINDS
from bot.study.results import AskedQuestion, Empty, Pick
from bot.telegram.group_budget import GroupBudget, GroupTuning
from bot.telegram.group_budget import Kind as MessageKind
from bot.telegram.group_render import footer, question_chunks, result_text, session_board_text, typed
from bot.telegram.group_turns import GroupTurns, detached
from bot.telegram.next_word import NextWord, encode_next
from bot.telegram.question_view import poll_shape, question_keyboard
from bot.telegram.render import esc
from bot.telegram.sending import send_html, send_quiz_poll
from bot.telegram.texts import Lang, t
from bot.zones import TimeZoneError, parse_time_zone

if TYPE_CHECKING:
    from bot.config import Settings
    from bot.delivery.subscriptions import Subscriptions
    from bot.study.engine import StudyEngine
    from bot.telegram.callbacks import CallbackCodec
    from bot.telegram.language import Languages

__all__ = ["WAITING", "GroupQuiz", "Posting", "Shared"]

log = logging.getLogger(__name__)

WAITING = "👀"  # on a command that waits for the group's budget (a reaction Telegram allows; ⏳ is not one)

_ADMIN = {ChatMember.ADMINISTRATOR, ChatMember.OWNER}
_MEMBER = {ChatMember.MEMBER, ChatMember.RESTRICTED, *_ADMIN}


@dataclass
class _Live:
    """What this process knows about one open group question (rebuilt from the database after a restart)."""

    asked_id: int
    chat_id: int
    message_id: int | None
    lang: Lang
    seconds: int
    chunk: str | None  # the question's last message without its footer (None: no live count: a poll)
    markup: InlineKeyboardMarkup | None
    last_edit: float
    shown: int = 0
    pending: bool = False
    closed: bool = False
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    until: str | None = None  # a daily question: the clock time it closes (else it shows `seconds`)


@dataclass
class _Run:
    """A group's run of questions (`/quiz 5`): the next one follows each result, a board ends it."""

    total: int
    asker: int | None
    lang: Lang
    kinds: list[str]
    banks: list[str]
    poll: bool
    asked: list[int] = field(default_factory=list)


@dataclass(frozen=True)
class Posting:
    """How /quiz (or "next question") went: posted, still open, too fast, or nothing to ask."""

    status: str  # posted, open, slow, empty
    asked: AskedQuestion | None = None
    asked_id: int | None = None
    wait: float = 0.0
    empty: Empty | None = None


class _Holding(Protocol):
    def hold(self, update_id: int) -> None: ...
    def release(self, update_id: int) -> None: ...


class Shared(Protocol):
    """What the group quiz reads of the application's shared data (`BotData`, bot/telegram/context.py,
    which holds the group quiz: so this module names only what it reads, and does not import that one)."""

    monotonic: Callable[[], float]
    sleep: Callable[[float], Awaitable[object]]
    inbox: _Holding | None
    engine: StudyEngine | None
    codec: CallbackCodec | None
    settings: Settings | None
    languages: Languages
    subscriptions: Subscriptions | None


class _Application(Protocol):
    @property
    def bot(self) -> Bot: ...

    @property
    def bot_data(self) -> Shared: ...

    async def process_update(self, update: object) -> None: ...


@dataclass(eq=False)
class _Queued:
    """A member's command waiting for its turn in a group."""

    update_id: int
    member: int | None
    task: asyncio.Task[None] | None = None
    started: bool = False  # its turn came: it is being answered
    superseded: bool = False  # the same member's newer command took its place (the queue was full)


class GroupQuiz:
    """The group quiz of one application: budget, open questions, and the closer's timer."""

    def __init__(self, app: _Application, tuning: GroupTuning | None = None) -> None:
        self.app = app
        self.budget = GroupBudget(tuning, clock=app.bot_data.monotonic)
        self.turns = GroupTurns(self.budget, sleep=app.bot_data.sleep)
        self._queued: dict[int, list[_Queued]] = {}  # chat -> its members' commands waiting or being answered
        self._admitted: set[int] = set()  # updates whose turn came: the guard lets them through
        self.live: dict[int, _Live] = {}
        self.filters: dict[int, tuple[list[str], list[str], bool]] = {}  # chat -> last /quiz filter
        self.runs: dict[int, _Run] = {}  # chat -> its run of questions under way (memory only)
        self._chat_locks: dict[int, asyncio.Lock] = {}
        self._statuses: dict[tuple[int, int], tuple[str, float]] = {}  # getChatMember answers, when
        self._members: set[tuple[int, int]] = set()  # (chat, user) seen writing in the group
        self._tasks: set[asyncio.Task[None]] = set()
        self._closer: asyncio.Task[None] | None = None
        self._wake = asyncio.Event()
        self._stopping = False

    @property
    def tuning(self) -> GroupTuning:
        return self.budget.tuning

    @property
    def bot(self) -> Bot:
        return self.app.bot

    @property
    def engine(self) -> StudyEngine | None:
        return self.app.bot_data.engine

    @property
    def codec(self) -> CallbackCodec:
        codec = self.app.bot_data.codec
        assert codec is not None
        return codec

    def _now(self) -> float:
        return self.budget.clock()

    def _open_seconds(self) -> int:
        settings = self.app.bot_data.settings
        assert settings is not None
        return int(settings.group_open_seconds)

    async def _lang(self, chat_id: int, member_id: int | None, fallback: Lang = "zh") -> Lang:
        engine = self.engine
        if engine is None:
            return fallback
        return await self.app.bot_data.languages.of_group(engine, chat_id, member_id, fallback)

    # ----- sending ---------------------------------------------------------------------------------

    async def send(
        self,
        chat_id: int,
        kind: MessageKind,
        text: str,
        *,
        reply_to: int | None = None,
        markup: InlineKeyboardMarkup | None = None,
    ) -> Message | None:
        """Send (HTML, split when long) in a ``kind`` turn: the one this task holds, else one it waits for.
        Without ``reply_to`` the answer to a command replies to the command."""
        async with self.turns.turn(chat_id, kind) as ticket:
            assert ticket is not None
            reply_to = reply_to if reply_to is not None else ticket.quote
            return await send_html(self.bot, chat_id, text, reply_to=reply_to, reply_markup=markup)

    async def notice(self, chat_id: int, text: str, reply_to: int | None = None) -> None:
        """A short reminder or refusal: at once inside a command's turn or when the group has room, else as
        soon as it has (in the background: the group's other updates do not wait for it)."""
        async with self.turns.turn(chat_id, "notice", wait=False) as ticket:
            if ticket is not None:
                await self.send(chat_id, "notice", text, reply_to=reply_to)
                return
        self._spawn(self._notice_later(chat_id, text, reply_to))

    async def _notice_later(self, chat_id: int, text: str, reply_to: int | None) -> None:
        try:
            await self.send(chat_id, "notice", text, reply_to=reply_to)
        except TelegramError as exc:
            log.info("notice not sent in group %s: %s", chat_id, exc)

    # ----- asking ------------------------------------------------------------------------------------

    def _chat_lock(self, chat_id: int) -> asyncio.Lock:
        lock = self._chat_locks.get(chat_id)
        if lock is None:
            lock = self._chat_locks[chat_id] = asyncio.Lock()
        return lock

    async def ask(
        self,
        chat_id: int,
        asker: int | None,
        lang: Lang,
        *,
        kinds: Sequence[str] = (),
        banks: Sequence[str] = (),
        poll: bool = False,
        header: str | None = None,
    ) -> Posting:
        """Post the next question in the group unless one is open or questions come too fast. While a run is
        under way, whoever asks gets the run's next question (its filter, its header, its asker)."""
        engine = self.engine
        assert engine is not None
        async with self._chat_lock(chat_id):
            current = await engine.latest_open_asked(chat_id)
            if current is not None and current.closes_at is not None and current.closes_at <= engine.clock():
                await self.close(current.id)  # its time is up: the closer's next tick would do it anyway
            # The day's question (asked by nobody: a push) stays open for hours beside /quiz questions.
            current = next((a for a in await engine.open_asked(chat_id) if a.learner_id is not None), None)
            if current is not None:
                return Posting("open", asked=current)
            wait = self.budget.asks_wait(chat_id)
            if wait > 0:
                return Posting("slow", wait=wait)
            run = self.runs.get(chat_id)
            if run is not None and len(run.asked) < run.total:
                asker, lang, kinds, banks, poll = run.asker, run.lang, run.kinds, run.banks, run.poll
                header = self._header(run)
            else:
                run = None
            pick = await engine.next_question(
                chat_id, banks=list(banks) or None, kinds=list(kinds) or [str(k) for k in GROUP_KINDS]
            )
            if isinstance(pick, Empty):
                return Posting("empty", empty=pick)
            self.budget.asked(chat_id)
            asked_id = await self.post(chat_id, asker, pick, lang, poll=poll, header=header)
            if run is not None:
                run.asked.append(asked_id)
            return Posting("posted", asked_id=asked_id)

    # ----- a run of questions (`/quiz 5`) -------------------------------------------------------------

    async def start_run(
        self,
        chat_id: int,
        asker: int,
        lang: Lang,
        total: int,
        *,
        kinds: Sequence[str],
        banks: Sequence[str],
        poll: bool,
    ) -> Posting:
        """Post the first of ``total`` questions; each result brings the next, and a board ends the run. A run
        already under way goes on instead (this asks its next question, if none is open)."""
        if chat_id in self.runs:
            return await self.ask(chat_id, asker, lang, kinds=kinds, banks=banks, poll=poll)
        run = self.runs[chat_id] = _Run(total, asker, lang, list(kinds), list(banks), poll)
        outcome = await self.ask(chat_id, asker, lang, kinds=kinds, banks=banks, poll=poll)
        if not run.asked and self.runs.get(chat_id) is run:
            del self.runs[chat_id]
        return outcome

    def _header(self, run: _Run) -> str:
        return t("group_session_header", run.lang, i=len(run.asked) + 1, n=run.total)

    async def _run_on(self, chat_id: int, run: _Run) -> None:
        """After a result of the run: its next question when the group's plan has a turn for it (however
        long that takes), or (the last one, or none to be had) its board."""
        engine = self.engine
        assert engine is not None
        while len(run.asked) < run.total and self.runs.get(chat_id) is run:
            try:
                async with self.turns.turn(chat_id, "question"):
                    outcome = await self.ask(
                        chat_id,
                        run.asker,
                        run.lang,
                        kinds=run.kinds,
                        banks=run.banks,
                        poll=run.poll,
                        header=self._header(run),
                    )
            except TelegramError as exc:  # the bot was removed, the group is gone: the run ends here
                log.warning("run of questions in group %s stopped: %s", chat_id, exc)
                break
            if outcome.status == "posted":  # ask() counted it in the run
                return
            if outcome.status == "open" and outcome.asked is not None:  # someone asked first: the run's next
                if outcome.asked.id not in run.asked:
                    run.asked.append(outcome.asked.id)
                return
            if outcome.status != "slow":  # nothing more to ask
                break
            # "slow": another question took the minute's last place meanwhile; the next turn waits for it
        if self.runs.get(chat_id) is run:
            del self.runs[chat_id]
        board = session_board_text(await engine.session_board(run.asked), len(run.asked), run.lang)
        try:
            await self.send(chat_id, "result", board)
        except TelegramError as exc:
            log.warning("board of the run in group %s not posted: %s", chat_id, exc)

    async def post(
        self,
        chat_id: int,
        asker: int | None,
        pick: Pick,
        lang: Lang,
        *,
        poll: bool = False,
        closes_at: datetime | None = None,
        header: str | None = None,
        **extra: Any,
    ) -> int:
        """Record the question, then send it with its footer (or as a quiz poll); returns the asked id.

        ``closes_at``: a daily question's end (its footer shows the clock time), else it is open for the
        configured seconds; ``extra`` goes with the sends (a push's rate-limit claim)."""
        engine = self.engine
        assert engine is not None
        seconds, until = self._open_seconds(), None
        if closes_at is not None:
            now = engine.clock()
            seconds = max(60, int((closes_at - now).total_seconds()))
            until = close_label(closes_at, await self.zone(chat_id), now)
        question = pick.question
        async with self.turns.turn(chat_id, "push") as ticket:  # a /quiz or a run's question holds its turn
            quote = ticket.quote if ticket is not None else None  # posted for a /quiz: it replies to it
            asked_id = await engine.ask(chat_id, asker, pick, open_seconds=seconds)
            try:
                shape = poll_shape(question, lang) if poll else None
                if shape is not None:
                    # No open_period: the closer stops the poll, so Telegram and the database close together.
                    if quote is not None:
                        extra["reply_parameters"] = ReplyParameters(quote, allow_sending_without_reply=True)
                    msg = await send_quiz_poll(self.bot, chat_id, shape, **extra)
                    await engine.attach_message(asked_id, msg.message_id, msg.poll.id if msg.poll else None)
                    live = _Live(asked_id, chat_id, msg.message_id, lang, seconds, None, None, self._now(), until=until)
                    self.live[asked_id] = live
                    return asked_id
                chunks = question_chunks(question, lang, header)
                markup = question_keyboard(self.codec, asked_id, question, lang)
                last: Message | None = None
                for i, chunk in enumerate(chunks):
                    final = i == len(chunks) - 1
                    text = f"{chunk}\n\n{footer(question, lang, seconds, until=until)}" if final else chunk
                    keyboard = markup if final else None
                    last = await send_html(self.bot, chat_id, text, reply_markup=keyboard, reply_to=quote, **extra)
                    quote = None  # the first part replies
            except (TelegramError, NotClaimed):
                await engine.close_question(asked_id)  # never shown: it must not be revealed later
                raise
        message_id = last.message_id if last else None
        await engine.attach_message(asked_id, message_id)
        live = _Live(asked_id, chat_id, message_id, lang, seconds, chunks[-1], markup, self._now(), until=until)
        self.live[asked_id] = live
        return asked_id

    # ----- the daily question ------------------------------------------------------------------------

    async def zone(self, chat_id: int) -> tzinfo:
        """The group's time zone: its own, else its daily subscription's, else the bot's default."""
        engine, data = self.engine, self.app.bot_data
        chat = await engine.chat(chat_id) if engine is not None else None
        name = chat.tz if chat is not None and chat.tz else None
        if name is None and data.subscriptions is not None:
            sub = await data.subscriptions.get(chat_id, "daily")
            name = sub.tz if sub is not None else None
        try:
            return parse_time_zone(name or (data.settings.tz if data.settings is not None else "UTC"))
        except TimeZoneError:
            return parse_time_zone("UTC")

    async def daily_close(self, chat_id: int) -> datetime:
        """When a daily question pushed now closes: the group's closing time, or the next push if sooner."""
        engine, data = self.engine, self.app.bot_data
        assert engine is not None
        chat = await engine.chat(chat_id)
        close = None
        if chat is not None and chat.close_minute is not None:
            close = time(chat.close_minute // 60, chat.close_minute % 60)
        sub = await data.subscriptions.get(chat_id, "daily") if data.subscriptions is not None else None
        push_at = time(sub.minute // 60, sub.minute % 60) if sub is not None else None
        return window_close(engine.clock(), await self.zone(chat_id), close, push_at)

    async def close_daily(self, chat_id: int) -> int:
        """Close the group's open daily questions (the next push is starting, at their closing time or after it);
        returns how many."""
        engine = self.engine
        assert engine is not None
        due = [a for a in await engine.due_closings() if a.chat_id == chat_id]
        still_open = reversed(await engine.open_asked(chat_id))
        closed = 0
        for asked in [*due, *still_open]:
            if asked.learner_id is None:
                closed += await self.close(asked.id)
        return closed

    async def react(self, chat_id: int, message_id: int, emoji: str = "👍") -> None:
        """Acknowledge a member's message with a reaction (no message: the group's budget is not spent)."""
        try:
            await self.bot.set_message_reaction(chat_id, message_id, emoji)
        except TelegramError as exc:  # reactions switched off in the group, the message deleted...
            log.info("could not react to message %s in %s: %s", message_id, chat_id, exc)

    # ----- the live count ----------------------------------------------------------------------------

    async def _live_for(self, asked: AskedQuestion) -> _Live | None:
        live = self.live.get(asked.id)
        if live is not None or asked.question is None or asked.closed:
            return live
        # After a restart: rebuild what the edit needs.
        engine = self.engine
        lang = await self._lang(asked.chat_id, asked.learner_id)
        chunks = question_chunks(asked.question, lang)
        poll = asked.poll_id is not None
        usable = not poll and len(chunks) == 1  # a long question's last part may be cut elsewhere
        seconds, until = self._open_seconds(), None
        if asked.closes_at is not None:
            seconds = max(1, round((asked.closes_at - asked.asked_at).total_seconds()))
            if asked.learner_id is None and engine is not None:  # a daily question: open until a clock time
                until = close_label(asked.closes_at, await self.zone(asked.chat_id), asked.asked_at)
        markup = None if poll else question_keyboard(self.codec, asked.id, asked.question, lang)
        live = _Live(
            asked.id,
            asked.chat_id,
            asked.message_id,
            lang,
            seconds,
            chunks[-1] if usable else None,
            markup,
            self._now(),
            until=until,
        )
        return self.live.setdefault(asked.id, live)  # another update of the same question may have been first

    async def counted(self, asked: AskedQuestion) -> None:
        """A member's answer was recorded: the count under the question follows, in one coalesced edit."""
        live = await self._live_for(asked)
        if live is None or live.chunk is None or live.message_id is None or live.pending or live.closed:
            return
        live.pending = True
        self._spawn(self._edit_count(live))

    async def counted_by_id(self, asked_id: int) -> None:
        """`counted` for a question known by its id (a member's press was recorded)."""
        engine = self.engine
        asked = await engine.get_asked(asked_id) if engine is not None else None
        if asked is not None:
            await self.counted(asked)

    def _spawn(self, job: Coroutine[Any, Any, None]) -> asyncio.Task[None]:
        """A background job of the group quiz (holding no turn of the task that starts it)."""
        task: asyncio.Task[None] = detached(job)
        self._tasks.add(task)
        task.add_done_callback(self._finished)
        return task

    def _finished(self, task: asyncio.Task[None]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("a group job failed", exc_info=task.exception())

    async def _edit_count(self, live: _Live) -> None:
        """The count under the question, edited at most every ``edit_seconds`` and only in an "edit" turn:
        the last of the group's plan, so results, notices and answers to commands go first."""
        engine, every = self.engine, self.tuning.edit_seconds
        try:
            while not live.closed and engine is not None:
                async with self.turns.turn(live.chat_id, "edit", not_before=live.last_edit + every), live.lock:
                    count = await engine.answer_count(live.asked_id) if not live.closed else live.shown
                    question = await engine.get_asked(live.asked_id) if count != live.shown else None
                    if question is None or question.question is None:
                        return  # closed meanwhile, or nothing new to show: the turn goes back unused
                    shown = footer(question.question, live.lang, live.seconds, count, until=live.until)
                    text = f"{live.chunk}\n\n{shown}"
                    live.last_edit = self._now()
                    await self.bot.edit_message_text(
                        text, live.chat_id, live.message_id, parse_mode=ParseMode.HTML, reply_markup=live.markup
                    )
                    live.shown = count
        except TelegramError as exc:  # deleted, or the group is gone: the count is not worth more
            log.info("live count of question %s not updated: %s", live.asked_id, exc)
        finally:
            live.pending = False

    async def press_next(self, query: CallbackQuery, word: NextWord, lang: Lang) -> None:
        """ "Next question" under a group's result: by anyone, one open question at a time."""
        engine, chat = self.engine, query.message.chat if query.message is not None else None
        assert engine is not None and chat is not None
        if word.carried:  # the filter of the /quiz before the result: it survives a restart
            kinds, banks, poll = list(word.kinds), list(word.banks), word.poll
            self.filters[chat.id] = (kinds, banks, poll)  # and the next result's button carries it on
        else:
            kinds, banks, poll = self.filters.get(chat.id, ([], [], False))
        if not poll:
            found = await engine.chat(chat.id)
            poll = bool(found and found.poll)  # the group's /settings poll
        glang = await self._lang(chat.id, query.from_user.id, lang)
        async with self.turns.turn(chat.id, "question", wait=False) as ticket:
            if ticket is None:  # the group's minute is full (or its questions a minute): the press says so
                await query.answer(t("group_toast_slow", lang))
                return
            outcome = await self.ask(chat.id, query.from_user.id, glang, kinds=kinds, banks=banks, poll=poll)
        if outcome.status == "posted":
            await query.answer()
        elif outcome.status == "open":
            await query.answer(t("group_toast_open", lang))
        elif outcome.status == "slow":
            await query.answer(t("group_toast_slow", lang))
        else:
            await query.answer((outcome.empty.message(lang) if outcome.empty else t("callback_invalid", lang))[:200])

    async def tell(self, chat_id: int, member_lang: Lang, outcome: Posting) -> None:
        """Say why no question was posted: one notice, within the group's notice budget."""
        engine = self.engine
        assert engine is not None
        if outcome.status == "open" and outcome.asked is not None:
            left = outcome.asked.closes_at
            seconds = 0 if left is None else max(1, int((left - engine.clock()).total_seconds()))
            await self.notice(
                chat_id, t("group_still_open", member_lang, seconds=seconds), reply_to=outcome.asked.message_id
            )
        elif outcome.status == "slow":
            await self.notice(chat_id, t("group_slow_down", member_lang, seconds=max(1, round(outcome.wait))))
        elif outcome.status == "empty" and outcome.empty is not None:
            await self.notice(chat_id, esc(outcome.empty.message(member_lang)))

    # ----- closing -----------------------------------------------------------------------------------

    async def close(self, asked_id: int) -> bool:
        """Close one question and post its result; False when someone else closed it first."""
        engine = self.engine
        if engine is None:
            return False
        result = await engine.close_question(asked_id)
        if result is None:
            return False
        asked = result.asked
        live = self.live.pop(asked_id, None)
        lang = live.lang if live is not None else await self._lang(asked.chat_id, asked.learner_id)
        count = len(result.right) + len(result.partial) + len(result.wrong)
        if live is not None:
            async with live.lock:  # an edit of the count under way finishes first; none follows
                live.closed = True
        # The button carries the group's last /quiz filter, so a press after a restart keeps it.
        kinds, banks, poll = self.filters.get(asked.chat_id, ([], [], False))
        markup = InlineKeyboardMarkup(
            [
                [
                    InlineKeyboardButton(
                        t("btn_next", lang),
                        callback_data=self.codec.encode("next", encode_next("g", asked_id, kinds, banks, poll)),
                    )
                ]
            ]
        )
        try:
            await self.send(
                asked.chat_id, "result", result_text(result, lang), reply_to=asked.message_id, markup=markup
            )
        except TelegramError as exc:
            log.warning("result of group question %s not posted in %s: %s", asked_id, asked.chat_id, exc)
        self._spawn(self._retire(asked, live, lang, count))  # after the result, in a turn of its own
        run = self.runs.get(asked.chat_id)
        if run is not None and run.asked and run.asked[-1] == asked_id:
            self._spawn(self._run_on(asked.chat_id, run))  # not here: `ask` may hold the chat's lock
        return True

    async def _retire(self, asked: AskedQuestion, live: _Live | None, lang: Lang, count: int) -> None:
        """Take the buttons off the closed question (or stop its poll): one edit, in its turn."""
        if asked.message_id is None or asked.question is None:
            return
        async with self.turns.turn(asked.chat_id, "retire"):
            await self._retire_now(asked, live, lang, count)

    async def _retire_now(self, asked: AskedQuestion, live: _Live | None, lang: Lang, count: int) -> None:
        assert asked.message_id is not None and asked.question is not None
        try:
            if asked.poll_id is not None:
                await self.bot.stop_poll(asked.chat_id, asked.message_id)
                return
            chunk = live.chunk if live is not None else None
            if chunk is None:
                chunks = question_chunks(asked.question, lang)
                if len(chunks) != 1:
                    if not typed(asked.question):
                        await self.bot.edit_message_reply_markup(asked.chat_id, asked.message_id, reply_markup=None)
                    return
                chunk = chunks[0]
            text = f"{chunk}\n\n{footer(asked.question, lang, 0, count, closed=True)}"
            await self.bot.edit_message_text(text, asked.chat_id, asked.message_id, parse_mode=ParseMode.HTML)
        except TelegramError as exc:  # deleted, too old, already closed: the result says it all anyway
            log.info("could not retire group question %s: %s", asked.id, exc)

    async def tick(self) -> int:
        """Close every group question whose time is up; returns how many this call closed."""
        engine = self.engine
        if engine is None or self._stopping:
            return 0  # not open, or stopping: a result must not be half sent as the bot shuts down
        closed = 0
        for asked in await engine.due_closings():
            try:
                closed += await self.close(asked.id)
            except Exception:  # one bad question must not stop the others from closing
                log.exception("closing group question %s failed", asked.id)
        return closed

    async def _run(self) -> None:
        while not self._stopping:
            try:
                await self.tick()
            except Exception:
                log.exception("group closer tick failed")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), self.tuning.tick_seconds)
            self._wake.clear()

    def start(self) -> None:
        """Start the closer (its first tick closes what was due while the bot was down)."""
        if self._closer is None:
            self._stopping = False
            self._closer = asyncio.ensure_future(self._run())

    def wake(self) -> None:
        self._wake.set()

    async def stop(self) -> None:
        """Finish the closing in progress (a closed question gets its result), then stop."""
        self._stopping = True
        self._wake.set()
        closer, self._closer = self._closer, None
        if closer is not None:
            try:
                await asyncio.wait_for(closer, 10)
            except TimeoutError:
                log.warning("the group closer did not stop in time")
        for task in list(self._tasks):  # commands still waiting stay unhandled in the inbox: answered after a restart
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        await self.turns.close()

    # ----- members' commands -------------------------------------------------------------------------

    def admitted(self, update: Update) -> bool:
        """The command's turn has come: its handler answers it now (the guard lets it through)."""
        return update.update_id in self._admitted

    def queued(self, chat_id: int | None = None) -> int:
        """Commands waiting for their turn or being answered (in one group, or in all)."""
        if chat_id is not None:
            return len(self._queued.get(chat_id, ()))
        return sum(len(q) for q in self._queued.values())

    async def command(self, update: Update) -> None:
        """A member's command in a group: answered now when the group has room for it, else it waits for its
        turn in the group's queue (a 👀 on it says so) and is answered then; never dropped. Waiting, it is
        held in the update inbox, so a restart answers it too."""
        message, chat = update.effective_message, update.effective_chat
        assert message is not None and chat is not None
        async with self.turns.turn(chat.id, "command", quote=message.message_id, wait=False) as ticket:
            if ticket is not None:
                await self._answer(update)
                return
        member = message.from_user.id if message.from_user is not None else None
        waiting = self._queued.setdefault(chat.id, [])
        if len(waiting) >= self.tuning.queue_most:  # a flood: the member's newest replaces their oldest waiting
            older = next((q for q in waiting if q.member == member and not q.started), None)
            if older is not None and older.task is not None:
                older.superseded = True
                older.task.cancel()
                log.info("group %s: a waiting command of %s replaced by their newer one", chat.id, member)
        inbox = self.app.bot_data.inbox
        if inbox is not None:
            inbox.hold(update.update_id)
        queued = _Queued(update.update_id, member)
        waiting.append(queued)
        queued.task = self._spawn(self._later(update, queued))

    async def _later(self, update: Update, queued: _Queued) -> None:
        message, chat = update.effective_message, update.effective_chat
        assert message is not None and chat is not None
        answered = False

        async def waiting() -> None:
            await self.react(chat.id, message.message_id, WAITING)

        try:
            turn = self.turns.turn(chat.id, "command", member=queued.member, quote=message.message_id, on_wait=waiting)
            async with turn:
                queued.started = True
                await self._answer(update)
            answered = True
        except asyncio.CancelledError:
            answered = queued.superseded  # replaced: done with; the bot stopping: kept for the restart
            raise
        finally:
            waiting_here = self._queued.get(chat.id, [])
            if queued in waiting_here:
                waiting_here.remove(queued)
            if not waiting_here:
                self._queued.pop(chat.id, None)
            inbox = self.app.bot_data.inbox
            if answered and inbox is not None:
                inbox.release(update.update_id)

    async def _answer(self, update: Update) -> None:
        """The command's handlers, in the turn this task holds (the same update again, let through)."""
        self._admitted.add(update.update_id)
        try:
            await self.app.process_update(update)
        finally:
            self._admitted.discard(update.update_id)

    # ----- admins ------------------------------------------------------------------------------------

    async def is_admin(self, update: Update) -> bool:
        """getChatMember says administrator or creator (cached a minute); an anonymous admin posts as the chat."""
        chat, user, message = update.effective_chat, update.effective_user, update.effective_message
        if chat is None:
            return False
        if message is not None and message.sender_chat is not None and message.sender_chat.id == chat.id:
            return True
        if user is None:
            return False
        return await self._status(chat.id, user.id) in _ADMIN

    async def _status(self, chat_id: int, user_id: int) -> str:
        """The member's status by getChatMember (cached a minute); 'left' for anyone who is not in the group."""
        key, now = (chat_id, user_id), self._now()
        cached = self._statuses.get(key)
        if cached is not None and now - cached[1] < self.tuning.admin_cache_seconds:
            return cached[0]
        member = await self.bot.get_chat_member(chat_id, user_id)
        status = member.status
        if status == ChatMember.RESTRICTED and not getattr(member, "is_member", False):
            status = ChatMember.LEFT
        if len(self._statuses) > 10_000:
            self._statuses.clear()
        self._statuses[key] = (status, now)
        return status

    # ----- members -----------------------------------------------------------------------------------

    def seen(self, chat_id: int, user_id: int, member: bool = True) -> None:
        """A message from `user_id` in the group shows they are a member (a 'left' service message: no more)."""
        if len(self._members) > 100_000:
            self._members.clear()
        if member:
            self._members.add((chat_id, user_id))
        else:
            self._members.discard((chat_id, user_id))
            self._statuses.pop((chat_id, user_id), None)

    async def is_member(self, chat_id: int, user_id: int) -> bool:
        """Seen writing in the group, or a member by getChatMember (cached): only members' answers count.

        A public group's buttons can be pressed, and its polls voted in, by people who only look at it."""
        if (chat_id, user_id) in self._members:
            return True
        try:
            status = await self._status(chat_id, user_id)
        except TelegramError as exc:  # cannot check now: not counted (the member may press again)
            log.info("could not check whether %s is in group %s: %s", user_id, chat_id, exc)
            return False
        if status in _MEMBER:
            self.seen(chat_id, user_id)
            return True
        return False
