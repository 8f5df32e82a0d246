"""Group study chats: /quiz for everyone, private verdicts, a live count, /reveal, the result, /top.

In a group or supergroup one question is open at a time. Members answer with the buttons (or by
replying to the question for fill and case questions, or in a quiz poll); each member once. The
verdict goes to the member alone (the callback answer); the group sees only a live count, edited at
most every few seconds, and at the close one result message: the answer, the explanation, who was
right (fastest first) and who was not, and a "next question" button.

A question closes after STUDYBOT_GROUP_OPEN_SECONDS, or earlier on /reveal by the member who asked or
a chat admin. The closer looks for due questions on a timer and once at start-up, so a question left
open by a restart is still revealed. What the group quiz may post is decided by `GroupBudget` (see
bot/telegram/group_budget.py): spam of commands or buttons never turns into a flood of messages, and
the bot's rate limiter stays the last line of defence, not the first.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

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
from telegram.constants import ChatType, ParseMode, PollType
from telegram.error import TelegramError
from telegram.ext import (
    Application,
    ApplicationHandlerStop,
    CallbackQueryHandler,
    CommandHandler,
    MessageHandler,
    filters,
)

from bot.banks.model import Kind
from bot.store.group_answers import answer_count
from bot.study.kinds import parse_filter
from bot.study.results import AnswerResult, AskedQuestion, Empty, Pick
from bot.telegram import quiz
from bot.telegram.callbacks import Callback, CallbackCodec, Rejected
from bot.telegram.common import CODEC, ENGINE, SETTINGS, Context, codec_of, engine_of
from bot.telegram.group_budget import GroupBudget, GroupTuning
from bot.telegram.group_budget import Kind as MessageKind
from bot.telegram.group_render import (
    PERIODS,
    board_text,
    footer,
    parse_period,
    question_chunks,
    result_text,
    typed,
    verdict_alert,
)
from bot.telegram.render import esc, split_message
from bot.telegram.texts import Lang, t

if TYPE_CHECKING:
    from bot.study.engine import StudyEngine

__all__ = [
    "GROUPS",
    "GROUP_KINDS",
    "GroupQuiz",
    "quiz_command",
    "register",
    "reveal_command",
    "top_command",
]

log = logging.getLogger(__name__)

GROUPS = "group_quiz"  # bot_data key of the GroupQuiz
GROUP_KINDS = (Kind.single, Kind.multiple, Kind.true_false)  # what buttons can answer
FIRST = -1  # handler group: before the private-chat handlers of quiz.py, which it stops for group chats
MINE = frozenset({"quiz", "reveal", "top"})  # group commands paced here (the others by the command guard)
_ADMIN = {ChatMember.ADMINISTRATOR, ChatMember.OWNER}
_QUIZ_ACTIONS = frozenset({"answer", "toggle", "submit", "next"})


def _group(chat: Any) -> bool:
    return chat is not None and chat.type in (ChatType.GROUP, ChatType.SUPERGROUP)


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


@dataclass(frozen=True)
class Asked:
    """How /quiz (or "next question") went: posted, still open, too fast, or nothing to ask."""

    status: str  # posted, open, slow, empty
    asked: AskedQuestion | None = None
    asked_id: int | None = None
    wait: float = 0.0
    empty: Empty | None = None


class GroupQuiz:
    """The group quiz of one application: budget, open questions, and the closer's timer."""

    def __init__(self, app: Application, tuning: GroupTuning | None = None) -> None:  # type: ignore[type-arg]
        self.app = app
        self.budget = GroupBudget(tuning)
        self.live: dict[int, _Live] = {}
        self.filters: dict[int, tuple[list[str], list[str], bool]] = {}  # chat -> last /quiz filter
        self._chat_locks: dict[int, asyncio.Lock] = {}
        self._admins: dict[tuple[int, int], tuple[bool, float]] = {}
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
        return self.app.bot_data.get(ENGINE)

    @property
    def codec(self) -> CallbackCodec:
        return self.app.bot_data[CODEC]

    def _now(self) -> float:
        return self.budget.clock()

    def _open_seconds(self) -> int:
        return int(self.app.bot_data[SETTINGS].group_open_seconds)

    # ----- sending ---------------------------------------------------------------------------------

    async def _send(self, chat_id: int, kind: MessageKind, text: str, *, reply_to: int | None = None,
                    markup: InlineKeyboardMarkup | None = None) -> Message | None:
        """Send (HTML, split when long) if the budget allows a ``kind`` message now; None when not sent."""
        if not self.budget.allow(chat_id, kind):
            log.info("group %s: %s not sent (the group's message budget is spent)", chat_id, kind)
            return None
        chunks = split_message(text)
        last: Message | None = None
        for i, chunk in enumerate(chunks):
            if i:
                self.budget.allow(chat_id, "result")  # a continuation is part of a message already allowed
            reply = ReplyParameters(reply_to, allow_sending_without_reply=True) if reply_to and not i else None
            last = await self.bot.send_message(chat_id, chunk, parse_mode=ParseMode.HTML, reply_parameters=reply,
                                               reply_markup=markup if i == len(chunks) - 1 else None)
        return last

    async def notice(self, chat_id: int, text: str, reply_to: int | None = None) -> None:
        """A short reminder or refusal: at most a couple a minute per group, else nothing is said."""
        await self._send(chat_id, "notice", text, reply_to=reply_to)

    # ----- asking ------------------------------------------------------------------------------------

    def _chat_lock(self, chat_id: int) -> asyncio.Lock:
        lock = self._chat_locks.get(chat_id)
        if lock is None:
            lock = self._chat_locks[chat_id] = asyncio.Lock()
        return lock

    async def ask(self, chat_id: int, asker: int | None, lang: Lang, *, kinds: Sequence[str] = (),
                  banks: Sequence[str] = (), poll: bool = False) -> Asked:
        """Post the next question in the group unless one is open or questions come too fast."""
        engine = self.engine
        assert engine is not None
        async with self._chat_lock(chat_id):
            current = await engine.latest_open_asked(chat_id)
            if current is not None and current.closes_at is not None and current.closes_at <= engine.clock():
                await self.close(current.id)  # its time is up: the closer's next tick would do it anyway
                current = await engine.latest_open_asked(chat_id)
            if current is not None:
                return Asked("open", asked=current)
            if not self.budget.allow(chat_id, "question"):
                return Asked("slow", wait=self.budget.asks_wait(chat_id))
            pick = await engine.next_question(chat_id, banks=list(banks) or None,
                                              kinds=list(kinds) or [str(k) for k in GROUP_KINDS])
            if isinstance(pick, Empty):
                return Asked("empty", empty=pick)
            asked_id = await self.post(chat_id, asker, pick, lang, poll=poll)
            return Asked("posted", asked_id=asked_id)

    async def post(self, chat_id: int, asker: int | None, pick: Pick, lang: Lang, *, poll: bool = False) -> int:
        """Record the question, then send it with its footer (or as a quiz poll); returns the asked id."""
        engine = self.engine
        assert engine is not None
        seconds = self._open_seconds()
        question = pick.question
        asked_id = await engine.ask(chat_id, asker, pick, open_seconds=seconds)
        try:
            shape = quiz.poll_shape(question, lang) if poll else None
            if shape is not None:
                # No open_period: the closer stops the poll, so Telegram and the database close together.
                msg = await self.bot.send_poll(
                    chat_id, shape.question, shape.options, is_anonymous=False, type=PollType.QUIZ,
                    allows_multiple_answers=shape.multiple or None, correct_option_ids=shape.correct,
                    explanation=shape.explanation,
                )
                await engine.attach_message(asked_id, msg.message_id, msg.poll.id if msg.poll else None)
                self.live[asked_id] = _Live(asked_id, chat_id, msg.message_id, lang, seconds, None, None, self._now())
                return asked_id
            chunks = question_chunks(question, lang)
            markup = quiz.question_keyboard(self.codec, asked_id, question, lang)
            last: Message | None = None
            for i, chunk in enumerate(chunks):
                final = i == len(chunks) - 1
                if i:
                    self.budget.allow(chat_id, "result")  # a long question's continuation (counted, never refused)
                text = f"{chunk}\n\n{footer(question, lang, seconds)}" if final else chunk
                last = await self.bot.send_message(chat_id, text, parse_mode=ParseMode.HTML,
                                                   reply_markup=markup if final else None)
        except TelegramError:
            await engine.close_question(asked_id)  # never shown: it must not be revealed later
            raise
        message_id = last.message_id if last else None
        await engine.attach_message(asked_id, message_id)
        self.live[asked_id] = _Live(asked_id, chat_id, message_id, lang, seconds, chunks[-1], markup, self._now())
        return asked_id

    # ----- the live count ----------------------------------------------------------------------------

    async def _live_for(self, asked: AskedQuestion) -> _Live | None:
        live = self.live.get(asked.id)
        if live is not None or asked.question is None or asked.closed:
            return live
        # After a restart (or a question the push scheduler sent): rebuild what the edit needs.
        lang = await group_lang(self.engine, asked.chat_id, asked.learner_id)
        chunks = question_chunks(asked.question, lang)
        poll = asked.poll_id is not None
        usable = not poll and len(chunks) == 1  # a long question's last part may be cut elsewhere
        seconds = self._open_seconds()
        if asked.closes_at is not None:
            seconds = max(1, round((asked.closes_at - asked.asked_at).total_seconds()))
        markup = None if poll else quiz.question_keyboard(self.codec, asked.id, asked.question, lang)
        live = _Live(asked.id, asked.chat_id, asked.message_id, lang, seconds, chunks[-1] if usable else None,
                     markup, self._now())
        self.live[asked.id] = live
        return live

    async def counted(self, asked: AskedQuestion) -> None:
        """A member's answer was recorded: the count under the question follows, in one coalesced edit."""
        live = await self._live_for(asked)
        if live is None or live.chunk is None or live.message_id is None or live.pending or live.closed:
            return
        live.pending = True
        self._spawn(self._edit_count(live))

    def _spawn(self, job: Awaitable[None]) -> None:
        task: asyncio.Task[None] = asyncio.ensure_future(job)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _edit_count(self, live: _Live) -> None:
        engine = self.engine
        try:
            while not live.closed and engine is not None:
                await asyncio.sleep(self.budget.edit_delay(live.last_edit))
                if live.closed:
                    return
                async with engine.store.read() as db:
                    count = await answer_count(db, live.asked_id)
                if count == live.shown:
                    return
                if not self.budget.allow(live.chat_id, "edit"):
                    live.last_edit = self._now()  # the group is busy: the count waits, the result must not
                    continue
                async with live.lock:
                    if live.closed:
                        return
                    question = (await engine.get_asked(live.asked_id))
                    if question is None or question.question is None:
                        return
                    text = f"{live.chunk}\n\n{footer(question.question, live.lang, live.seconds, count)}"
                    live.last_edit = self._now()
                    await self.bot.edit_message_text(text, live.chat_id, live.message_id, parse_mode=ParseMode.HTML,
                                                     reply_markup=live.markup)
                    live.shown = count
        except TelegramError as exc:  # deleted, or the group is gone: the count is not worth more
            log.info("live count of question %s not updated: %s", live.asked_id, exc)
        finally:
            live.pending = False

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
        lang = live.lang if live is not None else await group_lang(engine, asked.chat_id, asked.learner_id)
        count = len(result.right) + len(result.partial) + len(result.wrong)
        lock = live.lock if live is not None else asyncio.Lock()
        async with lock:
            if live is not None:
                live.closed = True
            await self._retire(asked, live, lang, count)
        markup = InlineKeyboardMarkup([[InlineKeyboardButton(
            t("btn_next", lang), callback_data=self.codec.encode("next", f"g{asked_id}"))]])
        try:
            await self._send(asked.chat_id, "result", result_text(result, lang), reply_to=asked.message_id,
                             markup=markup)
        except TelegramError as exc:
            log.warning("result of group question %s not posted in %s: %s", asked_id, asked.chat_id, exc)
        return True

    async def _retire(self, asked: AskedQuestion, live: _Live | None, lang: Lang, count: int) -> None:
        """Take the buttons off the closed question (or stop its poll): one edit, when the budget has room."""
        if asked.message_id is None or asked.question is None or not self.budget.allow(asked.chat_id, "retire"):
            return
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
        if engine is None:
            return 0
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
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)

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
        key, now = (chat.id, user.id), self._now()
        cached = self._admins.get(key)
        if cached is not None and now - cached[1] < self.tuning.admin_cache_seconds:
            return cached[0]
        member = await self.bot.get_chat_member(chat.id, user.id)
        admin = member.status in _ADMIN
        if len(self._admins) > 10_000:
            self._admins.clear()
        self._admins[key] = (admin, now)
        return admin


# ----- helpers -------------------------------------------------------------------------------------------


async def group_lang(engine: StudyEngine | None, chat_id: int, member_id: int | None,
                     fallback: Lang = "zh") -> Lang:
    """The group's language if it chose one, else that of the member who asked, else ``fallback``."""
    if engine is None:
        return fallback
    chat = await engine.chat(chat_id)
    if chat is not None and chat.language in ("zh", "en"):
        return "en" if chat.language == "en" else "zh"
    if member_id is not None:
        learner = await engine.learner(member_id)
        if learner is not None:
            return "en" if learner.language == "en" else "zh"
    return fallback


def runtime(context: Context) -> GroupQuiz:
    return context.application.bot_data[GROUPS]


def _seconds_left(engine: StudyEngine, asked: AskedQuestion) -> int:
    if asked.closes_at is None:
        return 0
    return max(1, int((asked.closes_at - engine.clock()).total_seconds()))


async def _tell(context: Context, chat_id: int, member_lang: Lang, outcome: Asked) -> None:
    """Say why no question was posted: one notice, within the group's notice budget."""
    engine, groups = engine_of(context), runtime(context)
    assert engine is not None
    if outcome.status == "open" and outcome.asked is not None:
        await groups.notice(chat_id, t("group_still_open", member_lang, seconds=_seconds_left(engine, outcome.asked)),
                            reply_to=outcome.asked.message_id)
    elif outcome.status == "slow":
        await groups.notice(chat_id, t("group_slow_down", member_lang, seconds=max(1, round(outcome.wait))))
    elif outcome.status == "empty" and outcome.empty is not None:
        await groups.notice(chat_id, esc(outcome.empty.message(member_lang)))


# ----- commands ------------------------------------------------------------------------------------------


async def quiz_command(update: Update, context: Context) -> None:
    """/quiz [kind] [bank] [poll]: in a private chat the learner's own question, in a group one for all."""
    if not _group(update.effective_chat):
        await quiz.quiz_command(update, context)
        return
    user, chat, engine = update.effective_user, update.effective_chat, engine_of(context)
    if user is None or chat is None or engine is None:
        return
    member_lang = await quiz.learner_lang(update, context)
    found = await engine.ensure_chat(chat.id, chat.type, chat.title or "")
    lang = await group_lang(engine, chat.id, user.id, member_lang)
    groups = runtime(context)
    flt = parse_filter(context.args or [], engine.banks)
    if flt.unknown:
        words = ", ".join(w[:40] for w in flt.unknown[:5])
        await groups.notice(chat.id, t("quiz_bad_args", lang, words=esc(words),
                                       banks=esc(", ".join(sorted(engine.banks)) or "-")))
        return
    kinds, banks = [str(k) for k in flt.kinds], list(flt.banks)
    poll = flt.poll or bool(found.poll)
    groups.filters[chat.id] = (kinds, banks, poll)
    outcome = await groups.ask(chat.id, user.id, lang, kinds=kinds, banks=banks, poll=poll)
    if outcome.status != "posted":
        await _tell(context, chat.id, lang, outcome)


async def reveal_command(update: Update, context: Context) -> None:
    """/reveal: close the open question now (the member who asked, or an admin); a reply picks which."""
    user, chat, message, engine = update.effective_user, update.effective_chat, update.effective_message, \
        engine_of(context)
    if user is None or chat is None or message is None or engine is None:
        return
    member_lang = await quiz.learner_lang(update, context)
    lang = await group_lang(engine, chat.id, user.id, member_lang)
    groups = runtime(context)
    target = None
    if message.reply_to_message is not None:
        target = await engine.asked_by_message(chat.id, message.reply_to_message.message_id)
    if target is None:
        target = await engine.latest_open_asked(chat.id)
    if target is None:
        await groups.notice(chat.id, t("group_nothing_open", lang), reply_to=message.message_id)
        return
    allowed = target.learner_id == user.id or await groups.is_admin(update)
    if not allowed:
        await groups.notice(chat.id, t("group_reveal_refused", lang), reply_to=message.message_id)
        return
    await groups.close(target.id)


async def top_command(update: Update, context: Context) -> None:
    """/top: today, this week and all time; /top today|week|all: one period, longer."""
    user, chat, engine = update.effective_user, update.effective_chat, engine_of(context)
    if user is None or chat is None or engine is None:
        return
    member_lang = await quiz.learner_lang(update, context)
    lang = await group_lang(engine, chat.id, user.id, member_lang)
    groups = runtime(context)
    args = context.args or []
    if args:
        period = parse_period(args[0])
        if period is None:
            await groups.notice(chat.id, t("top_usage", lang, arg=esc(args[0][:40])))
            return
        boards = [(period, await engine.top(chat.id, period, 10))]
    else:
        boards = [(p, await engine.top(chat.id, p, 5)) for p in PERIODS]
    await groups._send(chat.id, "board", board_text(boards, lang))


# ----- buttons and replies -----------------------------------------------------------------------------


async def on_group_button(update: Update, context: Context) -> None:
    """Buttons on group messages. Private chats fall through to quiz.py's handler (a later group)."""
    query = update.callback_query
    if query is None or query.message is None or not _group(query.message.chat):
        return
    decoded = codec_of(context).decode(query.data)
    if not isinstance(decoded, Rejected) and decoded.action not in _QUIZ_ACTIONS:
        return  # another feature's button: its own handler answers it
    lang = await quiz.learner_lang(update, context)
    if isinstance(decoded, Rejected) or engine_of(context) is None:
        await query.answer(t("callback_invalid", lang))
    elif decoded.action == "next":
        await _press_next(update, context, query, decoded, lang)
    elif decoded.action == "toggle":
        await _press_toggle(context, query, decoded, lang)
    else:
        await _press_answer(context, query, decoded, lang)
    raise ApplicationHandlerStop  # answered here: quiz.py's private-chat rules do not apply


async def _recorded(context: Context, asked_id: int) -> None:
    engine = engine_of(context)
    assert engine is not None
    asked = await engine.get_asked(asked_id)
    if asked is not None:
        await runtime(context).counted(asked)


async def _press_answer(context: Context, query: CallbackQuery, cb: Callback, lang: Lang) -> None:
    engine = engine_of(context)
    assert engine is not None and cb.asked_id is not None
    if cb.action == "submit":
        reply = await engine.selection(cb.asked_id, query.from_user.id)
        if not reply:
            await query.answer(t("toast_pick_first", lang))
            return
    else:
        reply = quiz.TF_REPLY.get(cb.fields[1], cb.fields[1])
    result = await engine.answer(query.from_user.id, cb.asked_id, reply)
    text, alert = verdict_alert(result, lang)
    await query.answer(text, show_alert=alert)
    if result.recorded:
        await _recorded(context, cb.asked_id)


async def _press_toggle(context: Context, query: CallbackQuery, cb: Callback, lang: Lang) -> None:
    engine = engine_of(context)
    assert engine is not None and cb.asked_id is not None
    asked = await engine.get_asked(cb.asked_id)
    letter = cb.fields[1]
    status = None
    if asked is None:
        status = "unknown"
    elif asked.question is None:
        status = "gone"
    elif asked.closed or (asked.closes_at is not None and asked.closes_at <= engine.clock()):
        status = "closed"
    if status is not None:
        await query.answer(AnswerResult(status, cb.asked_id).message(lang)[:200])  # type: ignore[arg-type]
        return
    assert asked is not None and asked.question is not None
    if asked.question.kind is not Kind.multiple or letter not in asked.question.options:
        await query.answer(t("callback_invalid", lang))
        return
    # Each member's ticks are their own (kept in the database); the shared keyboard is never edited.
    ticked = await engine.toggle_option(asked.id, query.from_user.id, letter)
    await query.answer(t("toast_selected", lang, letters=ticked) if ticked else t("toast_cleared", lang))


async def _press_next(update: Update, context: Context, query: CallbackQuery, cb: Callback, lang: Lang) -> None:
    word = cb.fields[0]
    chat = query.message.chat if query.message is not None else None
    if chat is None or word[:1] != "g" or not word[1:].isdigit():
        await query.answer(t("callback_invalid", lang))
        return
    engine, groups = engine_of(context), runtime(context)
    kinds, banks, poll = groups.filters.get(chat.id, ([], [], False))
    glang = await group_lang(engine, chat.id, query.from_user.id, lang)
    outcome = await groups.ask(chat.id, query.from_user.id, glang, kinds=kinds, banks=banks, poll=poll)
    if outcome.status == "posted":
        await query.answer()
    elif outcome.status == "open":
        await query.answer(t("group_toast_open", lang))
    elif outcome.status == "slow":
        await query.answer(t("group_toast_slow", lang))
    else:
        await query.answer((outcome.empty.message(lang) if outcome.empty else t("callback_invalid", lang))[:200])


async def on_group_reply(update: Update, context: Context) -> None:
    """A reply to a group question answers it (fill and case; any kind works): graded silently, once."""
    message, user, engine = update.message, update.effective_user, engine_of(context)
    if message is None or user is None or engine is None or message.text is None:
        return
    replied = message.reply_to_message
    if replied is None or replied.from_user is None or replied.from_user.id != context.bot.id:
        return
    asked = await engine.asked_by_message(message.chat_id, replied.message_id)
    if asked is None:
        return
    await quiz.learner_lang(update, context)  # the member exists as a learner before the answer
    result = await engine.answer(user.id, asked.id, message.text[:4000])
    if result.recorded:
        await runtime(context).counted(asked)


async def guard_commands(update: Update, context: Context) -> None:
    """Other features' commands in a group: a few a minute are answered, the rest are dropped unanswered.

    Every command in a group may make a message; members spamming /help or /stats must not spend the
    group's 20 messages a minute. The group quiz's own commands have finer rules (GroupQuiz)."""
    message, chat = update.message, update.effective_chat
    if message is None or chat is None or not message.text:
        return
    word = message.text.split(maxsplit=1)[0][1:]
    name, _, addressee = word.partition("@")
    if addressee and addressee.lower() != (context.bot.username or "").lower():
        return  # for another bot
    name = name.lower()
    if name in MINE or not _known_command(context, name):
        return
    if not runtime(context).budget.allow(chat.id, "other"):
        log.info("group %s: /%s dropped (too many commands this minute)", chat.id, name)
        raise ApplicationHandlerStop


def _known_command(context: Context, name: str) -> bool:
    for handlers in context.application.handlers.values():
        for handler in handlers:
            if isinstance(handler, CommandHandler) and name in handler.commands:
                return True
    return False


# ----- life with the application ------------------------------------------------------------------------


def _chain(first: Callable[[Any], Awaitable[None]] | None,
           then: Callable[[Any], Awaitable[None]]) -> Callable[[Any], Awaitable[None]]:
    async def both(app: Any) -> None:
        if first is not None:
            await first(app)
        await then(app)

    return both


async def _start(app: Application) -> None:  # type: ignore[type-arg]
    if ENGINE in app.bot_data:
        app.bot_data[GROUPS].start()


async def _stop(app: Application) -> None:  # type: ignore[type-arg]
    await app.bot_data[GROUPS].stop()


def register(app: Application) -> None:  # type: ignore[type-arg]
    """Handlers for group buttons, replies and the command guard; the closer runs while the bot runs."""
    app.bot_data[GROUPS] = GroupQuiz(app)
    groups_only = filters.ChatType.GROUPS & filters.UpdateType.MESSAGE
    app.add_handler(CallbackQueryHandler(on_group_button), group=FIRST)
    app.add_handler(MessageHandler(groups_only & filters.COMMAND, guard_commands), group=FIRST)
    app.add_handler(MessageHandler(groups_only & filters.REPLY & filters.TEXT & ~filters.COMMAND, on_group_reply),
                    group=FIRST)
    app.post_init = _chain(app.post_init, _start)
    app.post_stop = _chain(_stop, app.post_stop) if app.post_stop else _stop
    previous_shutdown = app.post_shutdown

    async def shutdown(application: Any) -> None:
        await _stop(application)  # before the store closes
        if previous_shutdown is not None:
            await previous_shutdown(application)

    app.post_shutdown = shutdown
