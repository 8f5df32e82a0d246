"""Practice sessions in a private chat: a daily push of N questions and `/quiz 10 [timer 30]`.

One question at a time under a header (`☀️ 今日练习 1/3`), the next after each answer, a one-line summary
at the end. The session itself is the engine's (bot/study/sessions.py, in SQLite: it survives a restart);
here it is shown. Time limits are kept by `tick_timeouts`, run every second by the application's job
queue and reading the engine's clock, so tests move the clock and call it instead of sleeping.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from telegram import Bot, InlineKeyboardButton, InlineKeyboardMarkup
from telegram.constants import ParseMode
from telegram.error import BadRequest, TelegramError

from bot.banks.model import Question
from bot.grading import format_question
from bot.study.results import AskedQuestion
from bot.study.sessions import Session, SessionStep, SessionSummary
from bot.telegram.answered import question_html
from bot.telegram.asking import retire_question, send_question
from bot.telegram.callbacks import CallbackCodec
from bot.telegram.question_view import next_keyboard
from bot.telegram.render import esc
from bot.telegram.sending import chunks, send_html
from bot.telegram.texts import t
from bot.telegram.transport import post_unread

if TYPE_CHECKING:
    from bot.delivery.subscriptions import Subscriptions
    from bot.study.engine import StudyEngine
    from bot.telegram.context import BotApplication, CustomContext

__all__ = [
    "TIMER_SECONDS",
    "expire",
    "expire_if_due",
    "go_on",
    "header_of",
    "header_text",
    "poll_counter",
    "question_label",
    "register",
    "resume",
    "send_next",
    "send_step",
    "summary_text",
    "tick_timeouts",
]

log = logging.getLogger(__name__)

TIMER_SECONDS = 1.0  # how often the job queue looks for questions whose time is up


def question_label(question: Question, lang: str, *, position: int | None = None) -> str:
    """`第 3 题 · 判断题` / `Question 3 · True/false`: which question a verdict is about (a session's
    question by its place in the session, never by the bank's own number)."""
    n = position if position is not None else question.number
    return t("answer_label", lang, n=n, kind=t(f"label_{question.kind}", lang))


def _flavour(session: Session) -> str:
    """Which texts a session's counter and summary take: a push's, a round's, or a round of mistakes'."""
    return "mistakes" if session.only is not None else "push" if session.kind == "push" else "quiz"


def poll_counter(session: Session, position: int, lang: str) -> str:
    """A session's counter before a poll's question (`📝 3/10`): a poll has no header message."""
    key = f"session_counter_{_flavour(session)}"
    return t(key, lang, n=position, total=session.total)


async def header_of(engine: StudyEngine, asked: AskedQuestion, lang: str) -> str | None:
    """The header a session's question was sent under (None for a question of no session)."""
    if asked.session_id is None or asked.position is None:
        return None
    session = await engine.sessions.get(asked.session_id)
    return header_text(session, asked.position, lang) if session is not None else None


def header_text(session: Session, position: int, lang: str) -> str:
    key = f"session_header_{_flavour(session)}"
    text = t(key, lang, n=position, total=session.total)
    if session.seconds:
        text += t("session_header_timer", lang, s=session.seconds)
    return text


def summary_text(summary: SessionSummary, lang: str) -> str:
    """One line: right answers of those answered, the score (partial credit as its score, said so where it
    makes the score differ from the count), time-outs apart (never counted), the streak."""
    tally, session = summary.tally, summary.session
    if tally.answered:
        key = f"session_summary_{_flavour(session)}"
        percent = round(100 * tally.score / tally.answered)
        text = t(key, lang, right=tally.correct, total=tally.answered, percent=percent)
        if tally.partial:
            text += t("session_summary_partial", lang)
    else:
        text = t("session_summary_none", lang)
    if tally.timed_out:
        text += t("session_summary_timeouts", lang, n=tally.timed_out)
    if summary.streak.current > 0:
        text += t("session_summary_streak", lang, days=summary.streak.current)
    return text


async def send_step(
    bot: Bot, engine: StudyEngine, codec: CallbackCodec, step: SessionStep, lang: str, **kwargs: Any
) -> int | None:
    """Send a session's question under its header; the id of the message that shows it. ``kwargs``: a
    push's (push, claim, allow_paid_broadcast)."""
    session = step.session
    asked_id = await send_question(
        bot,
        engine,
        codec,
        session.chat_id,
        session.learner_id,
        step.pick,
        lang,
        poll=session.poll,
        open_seconds=session.seconds,
        asked_id=step.asked_id,
        header=header_text(session, step.position, lang),
        counter=poll_counter(session, step.position, lang),
        **kwargs,
    )
    asked = await engine.get_asked(asked_id)
    return asked.message_id if asked is not None else None


async def send_next(
    bot: Bot,
    engine: StudyEngine,
    codec: CallbackCodec,
    nxt: SessionStep | SessionSummary | None,
    lang: str,
    subscriptions: Subscriptions | None = None,
) -> None:
    """The session's next question, or its summary: [复习错题 N] (its mistakes again, a session of their own)
    where there were any, [再来一轮 N] (another round like it, not after a round of mistakes) and, after a
    /quiz round, [下一题] (one more question) and, for a learner without the daily push, [订阅每日]."""
    if isinstance(nxt, SessionStep):
        await send_step(bot, engine, codec, nxt, lang)
    elif isinstance(nxt, SessionSummary):
        session = nxt.session
        again = InlineKeyboardButton(
            t("btn_again", lang, n=session.total), callback_data=codec.encode("again", session.id)
        )
        row = [again] if session.only is None else []
        if nxt.mistakes:
            mistakes = t("btn_mistakes", lang, n=nxt.mistakes)
            row.insert(0, InlineKeyboardButton(mistakes, callback_data=codec.encode("mistakes", session.id)))
        if session.kind == "quiz" and session.only is None and nxt.last_asked is not None:
            carry = (list(session.kinds or ()), list(session.banks or ()), session.poll)
            row += next_keyboard(codec, lang, nxt.last_asked, carry=carry).inline_keyboard[0]
        rows = [row] if row else []
        if session.kind == "quiz" and session.only is None and subscriptions is not None:
            daily = await subscriptions.get(session.chat_id, "daily")
            if daily is None or not daily.active:  # a habit one tap away: the daily screen, as a new message
                rows.append(
                    [
                        InlineKeyboardButton(
                            t("btn_subscribe_daily", lang), callback_data=codec.encode("menu", "subscribe")
                        )
                    ]
                )
        markup: InlineKeyboardMarkup | None = InlineKeyboardMarkup(rows) if rows else None
        await send_html(bot, session.chat_id, summary_text(nxt, lang), reply_markup=markup)


async def go_on(context: CustomContext, asked_id: int, lang: str) -> None:
    """A session's question was answered: the next one, or the summary (nothing for other questions)."""
    nxt = await context.engine.sessions.after(asked_id)
    await send_next(context.bot, context.engine, context.codec, nxt, lang, context.subscriptions)


async def resume(context: CustomContext, chat_id: int, user_id: int, lang: str) -> bool:
    """A session that waits on nothing (its question never shown, or closed without a next one: the bot
    stopped in between) goes on now; False if there is none."""
    nxt = await context.engine.sessions.resume(chat_id, user_id)
    if nxt is None:
        return False
    await send_next(context.bot, context.engine, context.codec, nxt, lang, context.subscriptions)
    return True


async def expire(app: BotApplication, asked: AskedQuestion) -> bool:
    """A session question whose time is up: closed (once), said so in its own message (its buttons go with
    the edit; a poll is stopped), the next one sent."""
    data = app.bot_data
    engine, codec = data.engine, data.codec
    if engine is None or codec is None or not await engine.sessions.time_out(asked.id):
        return False
    learner = asked.learner_id if asked.learner_id is not None else asked.chat_id
    lang = await data.languages.of_learner(engine, learner)
    if asked.question is not None:
        poll = asked.poll_id is not None
        if poll or not await _timeout_in_place(app, asked, lang):
            if not poll:
                label = question_label(asked.question, lang, position=asked.position)
                sent: list[int] = []
                await send_html(app.bot, asked.chat_id, t("session_timeout", lang, label=label), sent=sent)
                await engine.attach_message(asked.id, None, parts=sent)  # a reply to it is about that question
            await retire_question(app.bot, asked.chat_id, asked.message_id, asked.question, poll)
    await send_next(app.bot, engine, codec, await engine.sessions.after(asked), lang, data.subscriptions)
    return True


async def _timeout_in_place(app: BotApplication, asked: AskedQuestion, lang: str) -> bool:
    """The question's own message says its time ran out, without its buttons; False when it cannot."""
    engine = app.bot_data.engine
    assert engine is not None and asked.question is not None
    if asked.message_id is None:
        return False
    header = await header_of(engine, asked, lang)
    if len(chunks(question_html(asked.question, lang, header=header))) > 1:
        return False
    shown = esc(format_question(asked.question, lang, numbered=header is None, hint=False))
    html = "\n".join([*([header] if header else []), shown, "", t("session_timeout_here", lang)])
    try:
        await post_unread(
            app.bot,
            "editMessageText",
            chat_id=asked.chat_id,
            message_id=asked.message_id,
            text=html,
            parse_mode=ParseMode.HTML,
        )
    except BadRequest as exc:  # deleted, or too old to edit: said in a message of its own
        log.info("time-out of question message %s in %s not written into it: %s", asked.message_id, asked.chat_id, exc)
        return False
    return True


async def expire_if_due(context: CustomContext, asked: AskedQuestion) -> bool:
    """An answer found its session question closed: if its time ran out and the timer has not said so yet,
    say it now and go on (True); False otherwise (the usual refusal stands)."""
    if asked.session_id is None or asked.closes_at is None or asked.closes_at > context.clock():
        return False
    return await expire(context.application, asked)  # type: ignore[arg-type]


async def tick_timeouts(app: BotApplication) -> int:
    """Close every session question whose time is up (by the engine's clock); how many this call closed."""
    engine = app.bot_data.engine
    if engine is None:
        return 0
    closed = 0
    for asked in await engine.sessions.due_timeouts():
        try:
            closed += await expire(app, asked)
        except TelegramError as exc:  # the learner blocked the bot, or Telegram failed: the next tick goes on
            log.warning("time-out of session question %s in %s: %s", asked.id, asked.chat_id, exc)
    return closed


async def _timer_job(context: CustomContext) -> None:
    await tick_timeouts(context.application)  # type: ignore[arg-type]


def register(app: BotApplication) -> None:
    """The time limits' timer, on the application's job queue (started and stopped with the application)."""
    if app.job_queue is not None:
        app.job_queue.run_repeating(
            _timer_job,
            interval=TIMER_SECONDS,
            first=TIMER_SECONDS,
            name="session-timers",
            # A run missed on a busy machine is no warning: the next one sees everything due by then.
            job_kwargs={"misfire_grace_time": None, "coalesce": True, "max_instances": 1},
        )
