"""Asking and answering: /quiz, /review, button presses, typed answers, quiz poll votes, verdicts.

Questions reach a private chat through `send_question` (bot/telegram/asking.py; the push scheduler and
practice sessions use it too): the asked row is recorded first, so every button points at a database row
and works after a restart. A typed answer goes to the question meant (`StudyEngine.answer_typed`: the one
a Telegram reply is about, else the latest open one shown before it); `/quiz 10 [timer 30]` starts a
practice session (bot/telegram/practice.py), whose next question follows each verdict. The presses of a
question's buttons (answer, toggle, submit, next) come here from private chats and groups alike
(bot/telegram/presses.py); a group's own rules (members only, a verdict in a toast, the live
count, one open question at a time) are the group quiz's (bot/telegram/group_quiz.py).
"""

from __future__ import annotations

import logging
from datetime import datetime
from typing import Any

from telegram import (
    CallbackQuery,
    InlineKeyboardButton,
    InlineKeyboardMarkup,
    MaybeInaccessibleMessage,
    Message,
    Update,
)
from telegram.constants import ChatType, ParseMode
from telegram.error import BadRequest, TelegramError
from telegram.ext import Application, MessageHandler, PollAnswerHandler, filters

from bot.banks.model import Kind
from bot.delivery.outcomes import Failure
from bot.grading import format_verdict
from bot.study.kinds import parse_filter
from bot.study.practice_args import MAX_SECONDS, MIN_SECONDS, parse_practice
from bot.study.results import AnswerResult, AskedQuestion, Empty
from bot.study.sessions import MAX_QUESTIONS, Session
from bot.telegram import practice
from bot.telegram.answered import answered_html, one_row, question_html
from bot.telegram.asking import retire_question, send_question
from bot.telegram.bare_answers import looks_like_an_answer, takes
from bot.telegram.callbacks import Callback
from bot.telegram.context import CustomContext
from bot.telegram.disputes import with_dispute
from bot.telegram.empty_states import empty_markup
from bot.telegram.failures import classify
from bot.telegram.group_render import verdict_alert
from bot.telegram.model_help import case_judge, with_why
from bot.telegram.next_word import decode_next
from bot.telegram.ordering import PerChatUpdateProcessor
from bot.telegram.presses import PRESSES
from bot.telegram.question_view import TF_REPLY, next_keyboard, poll_reply, poll_shape, question_keyboard
from bot.telegram.render import esc
from bot.telegram.sending import chunks, send_html
from bot.telegram.transport import post_unread
from bot.telegram.verdicts import verdict_text

__all__ = [
    "deliver_result",
    "is_group",
    "register",
    "send_question",
    "verdict_text",
]

log = logging.getLogger(__name__)

# user_data keys: the filter of the learner's last /quiz, reused by the "next question" button, and
# the asked id of the last question /review sent (its verdict offers the next review). Memory only, but
# the "next" button carries the filter too (bot/telegram/next_word.py): a press after a restart keeps it.
FILTER = "quiz_filter"
REVIEWING = "reviewing"
ROUND_ASKED = "round_asked"  # a /quiz N typed while a round was under way, until [继续] or [重新开始] is pressed


def is_group(chat: Any) -> bool:
    return chat is not None and chat.type in (ChatType.GROUP, ChatType.SUPERGROUP)


# ----- verdicts (their layout: bot/telegram/verdicts.py) ---------------------------------------------


def _refusal_text(result: AnswerResult, lang: str) -> str:
    if result.status == "not_an_answer" and result.question is not None and result.verdict is not None:
        return esc(format_verdict(result.question, result.verdict, lang))
    if result.status == "already_answered":  # with the first answer's verdict line: what stands
        return esc(repeated_verdict(result, lang))
    return esc(result.message(lang))


def _labelled(label: str | None, text: str) -> str:
    """The verdict under the question's label (`第 3 题 · 判断题`) when the learner has several open."""
    return f"{label}\n{text}" if label else text


async def deliver_result(
    context: CustomContext,
    chat_id: int,
    result: AnswerResult,
    lang: str,
    *,
    message_id: int | None,
    poll: bool,
    review: bool = False,
    retire: bool = True,
    with_explanation: bool = True,
    repeat: bool = False,
    label: str | None = None,
) -> None:
    """Tell a learner in a private chat what became of their answer.

    ``repeat``: an answer recorded before (its verdict may have been lost with a crash) gets its verdict
    again. ``label``: the question's name, above the verdict. A verdict that cannot be sent for a while is
    kept and sent later (bot/telegram/courier.py). A practice session's question is followed by the
    session's next question, or its summary (bot/telegram/practice.py)."""
    if not result.recorded and not (repeat and result.status == "already_answered" and result.verdict):
        await send_html(context.bot, chat_id, _labelled(label, _refusal_text(result, lang)))
        return
    if poll and result.session_id is not None and not with_explanation:
        # The poll itself showed right or wrong, the key and its explanation: the next question follows.
        await practice.go_on(context, result.asked_id, lang)
        return
    markup = _verdict_markup(context, result, lang, review)
    if not poll and message_id is not None and await _edit_in_place(context, chat_id, message_id, result, lang, markup):
        # Written before the verdict came: the messages waiting now (not after what follows). Only for a
        # press: after a typed answer, the next typed one shows the learner knew it was answered.
        pressed = context.current_update is not None and context.current_update.callback_query is not None
        waiting = _waiting_now(context, chat_id) if pressed else None
        following = None
        if result.session_id is not None:
            await practice.go_on(context, result.asked_id, lang)
            nxt = await context.engine.latest_open_asked(chat_id)
            following = nxt.message_id if nxt is not None and nxt.id != result.asked_id else None
        if pressed:
            _mark_verdict(context, chat_id, message_id, waiting, following)
        return
    in_session = result.session_id is not None
    text = _labelled(
        label, verdict_text(result, lang, context.clock(), with_explanation=with_explanation, in_session=in_session)
    )
    # Recorded only when the learner has another question open (or a session goes on): else a typed answer
    # racing this verdict has no other question to land on, and the busiest path keeps its trips.
    noted = result.asked_id if result.session_id is not None or result.open_left else None
    await _send_or_keep(context, chat_id, text, markup, noted)
    if retire:  # after the verdict, not beside it: a chat told to wait (429) gets one request at a time
        await retire_question(context.bot, chat_id, message_id, result.question, poll)
    if result.session_id is not None:
        await practice.go_on(context, result.asked_id, lang)


def _verdict_markup(
    context: CustomContext, result: AnswerResult, lang: str, review: bool
) -> InlineKeyboardMarkup | None:
    """One row: [下一题] (none in a session: the next question comes by itself), [为什么?] with model help,
    [我的答案应该算对] under a wrong fill-in or case."""
    markup: InlineKeyboardMarkup | None = None
    if result.session_id is None:
        review = review or _reviewing(context, result.asked_id)
        carry = None if review or context.user_data is None else context.user_data.get(FILTER)
        markup = next_keyboard(context.codec, lang, result.asked_id, review=review, carry=carry)
    markup = with_why(context, markup, result, lang)
    return one_row(with_dispute(context.codec, markup, result, lang))


async def _edit_in_place(
    context: CustomContext,
    chat_id: int,
    message_id: int,
    result: AnswerResult,
    lang: str,
    markup: InlineKeyboardMarkup | None,
) -> bool:
    """The verdict written into the question's own message (one message per question). False when it
    cannot be: the question took more than one message, the whole would not fit one, or the message is
    gone (deleted, too old to edit); then the verdict goes as a message of its own."""
    asked = await context.engine.get_asked(result.asked_id)
    if asked is None or asked.message_id != message_id or result.question is None:
        return False
    header = await practice.header_of(context.engine, asked, lang)
    if len(chunks(question_html(result.question, lang, header=header))) > 1:
        return False
    html = answered_html(result, lang, context.clock(), header=header)
    if html is None:
        return False
    try:
        await post_unread(
            context.bot,
            "editMessageText",
            chat_id=chat_id,
            message_id=message_id,
            text=html,
            parse_mode=ParseMode.HTML,
            reply_markup=markup,
        )
    except BadRequest as exc:
        if "not modified" in str(exc).lower():  # written there already (an update handled again after a crash)
            return True
        log.info("the verdict could not be written into question message %s in %s: %s", message_id, chat_id, exc)
        return False
    except TelegramError as exc:
        failure = classify(exc).failure
        if failure is Failure.uncertain:  # it may have been made: kept for later it could come twice
            log.warning("the verdict's edit in chat %d may or may not have been made (%s)", chat_id, exc)
            return True
        if failure is not Failure.retry:
            raise
        # Later, as a message of its own (the verdict alone: the question stands above it in the chat).
        text = verdict_text(result, lang, context.clock(), in_session=result.session_id is not None)
        await context.courier.keep(chat_id, text, markup, exc)
    return True


def _waiting_now(context: CustomContext, chat_id: int) -> int | None:
    processor = context.application.update_processor
    return processor.newest_waiting_message(chat_id) if isinstance(processor, PerChatUpdateProcessor) else None


def _mark_verdict(
    context: CustomContext, chat_id: int, message_id: int, waiting: int | None, following: int | None
) -> None:
    """An edit in place has no message id of its own to tell which typed answers were written before it
    came: the messages of the chat waiting now were (bot/telegram/ordering.py), and so was every message
    older than the question that follows it (``following``: a session's next, sent right after). Memory
    only: after a restart such a race is judged as if the verdict had been seen."""
    if following is not None:
        waiting = max(waiting or 0, following - 1)
    marks = context.bot_data.verdict_marks
    if waiting is None or waiting <= message_id:
        marks.pop(chat_id, None)
        return
    if len(marks) > 10_000:
        marks.clear()
    marks[chat_id] = (message_id, waiting)


def _written_before_verdict(context: CustomContext, chat_id: int, message_id: int) -> int | None:
    """The question message a typed answer was meant for when it was written before that question's
    verdict, written into it, reached the learner (see `_mark_verdict`); None otherwise."""
    mark = context.bot_data.verdict_marks.get(chat_id)
    if mark is None or not mark[0] < message_id <= mark[1]:
        return None
    return mark[0]


async def _send_or_keep(
    context: CustomContext, chat_id: int, text: str, markup: InlineKeyboardMarkup | None, asked_id: int | None
) -> None:
    """Send a verdict; with ``asked_id`` it is recorded as a message about its question (a typed answer
    written before it came was meant for that question, not for another one open; a reply to it is about
    that question)."""
    sent: list[int] = []
    try:
        await send_html(context.bot, chat_id, text, reply_markup=markup, unread=True, sent=sent)
    except TelegramError as exc:
        failure = classify(exc).failure
        if failure is Failure.uncertain:  # it may have arrived: sent again it could come twice
            log.warning("the verdict to chat %d may or may not have arrived (%s): not sent again", chat_id, exc)
            return
        if failure is not Failure.retry:
            raise
        await context.courier.keep(chat_id, text, markup, exc)
    if sent and asked_id is not None:
        await context.engine.attach_message(asked_id, None, parts=sent)


def is_replay(context: CustomContext, update: Update | None) -> bool:
    """An update handed out again after a crash (its first handling may have been cut short)."""
    inbox = context.bot_data.inbox
    return inbox is not None and update is not None and update.update_id in inbox.replayed


async def toast(query: CallbackQuery, text: str | None = None, *, show_alert: bool = False) -> None:
    """Answer a button press; a failure is logged and changes nothing (the verdict message still goes)."""
    try:
        await query.answer(text, show_alert=show_alert)
    except TelegramError as exc:
        log.info("could not answer a button press: %s", exc)


def repeated_verdict(result: AnswerResult, lang: str) -> str:
    """ "Already answered", with the verdict of that first answer when there is one (at most 200 characters)."""
    text = result.message(lang)
    if result.status == "already_answered" and result.question is not None and result.verdict is not None:
        text += "\n" + format_verdict(result.question, result.verdict, lang).splitlines()[0]
    return text[:200]


# ----- commands ----------------------------------------------------------------------------------


async def quiz_command(update: Update, context: CustomContext) -> None:
    """/quiz [kind] [bank] [poll] in a private chat (in a group: bot/telegram/groups.py)."""
    user, chat = update.effective_user, update.effective_chat
    if user is None or chat is None:
        return
    engine, lang = context.engine, await context.lang()
    practice_args = parse_practice(context.args or [])
    if practice_args.problem is not None:
        await context.reply(
            context.texts(
                f"practice_bad_{practice_args.problem}",
                lang,
                word=esc(practice_args.word[:40]),
                least=MIN_SECONDS,
                most=MAX_SECONDS if practice_args.problem != "count" else MAX_QUESTIONS,
            )
        )
        return
    flt = parse_filter(practice_args.rest, engine.banks)
    if flt.unknown:
        words = ", ".join(w[:40] for w in flt.unknown[:5])
        banks = ", ".join(sorted(engine.banks)) or "-"
        await context.reply(context.texts("quiz_bad_args", lang, words=esc(words), banks=esc(banks)))
        return
    kinds = [str(k) for k in flt.kinds]
    if context.user_data is not None:
        context.user_data[FILTER] = (kinds, list(flt.banks), flt.poll)
    if practice_args.session:  # /quiz 10 [timer 30]: a round, one question at a time, a summary at the end
        poll = flt.poll or (await engine.settings(user.id)).poll
        asked_for: dict[str, Any] = {
            "count": practice_args.count or 1,
            "banks": tuple(flt.banks) or None,
            "kinds": tuple(kinds) or None,
            "poll": poll,
            "seconds": practice_args.seconds,
        }
        if not await _asked_to_choose(context, chat.id, user.id, lang, asked_for):
            await start_round(context, chat.id, user.id, lang, **asked_for)
        return
    await ask_next(context, chat.id, user.id, lang, kinds=kinds, banks=list(flt.banks), poll=flt.poll)


async def start_round(
    context: CustomContext,
    chat_id: int,
    user_id: int,
    lang: str,
    count: int,
    *,
    banks: tuple[str, ...] | None,
    kinds: tuple[str, ...] | None,
    poll: bool,
    seconds: int | None,
) -> None:
    """A round of ``count`` questions (a practice session): its first question, or why there is none."""
    engine = context.engine
    session = await engine.sessions.start(
        chat_id, user_id, "quiz", count, banks=banks, kinds=kinds, poll=poll, seconds=seconds
    )
    first = await engine.sessions.step(session, 0)
    if isinstance(first, Empty):
        markup = empty_markup(context.codec, lang, first)
        await send_html(context.bot, chat_id, esc(first.message(lang)), reply_markup=markup)
        return
    await practice.send_next(context.bot, engine, context.codec, first, lang)


async def tap_round(context: CustomContext, chat_id: int, user_id: int, lang: str, count: int) -> None:
    """A round of ``count`` from the menu: what a typed /quiz N does, in the learner's chosen banks and kinds."""
    poll = (await context.engine.settings(user_id)).poll
    asked_for: dict[str, Any] = {"count": count, "banks": None, "kinds": None, "poll": poll, "seconds": None}
    if not await _asked_to_choose(context, chat_id, user_id, lang, asked_for):
        await start_round(context, chat_id, user_id, lang, **asked_for)


async def _asked_to_choose(
    context: CustomContext, chat_id: int, user_id: int, lang: str, asked_for: dict[str, Any]
) -> bool:
    """A round is under way: the learner chooses between it and the new one ([继续] [重新开始 N 题]) rather
    than lose it silently. False when there is none (the new one starts)."""
    running = await context.engine.sessions.running_round(chat_id, user_id)
    if running is None or context.user_data is None:
        return False
    context.user_data[ROUND_ASKED] = asked_for
    buttons = [
        InlineKeyboardButton(
            context.texts("btn_round_continue", lang), callback_data=context.codec.encode("round", "c")
        ),
        InlineKeyboardButton(
            context.texts("btn_round_restart", lang, n=asked_for["count"]),
            callback_data=context.codec.encode("round", "r"),
        ),
    ]
    text = context.texts("round_running", lang, n=running.position, total=running.total)
    await context.reply(text, reply_markup=InlineKeyboardMarkup([buttons]))
    return True


async def press_round(context: CustomContext, query: CallbackQuery, cb: Callback) -> None:
    """[继续]: the round under way goes on (its question is above); [重新开始 N 题]: the /quiz N typed
    during it starts, and the old round's open question closes, its buttons taken off."""
    lang, msg, user_id = await context.lang(), query.message, query.from_user.id
    asked_for = context.user_data.pop(ROUND_ASKED, None) if context.user_data is not None else None
    engine = context.engine
    if msg is None:
        await toast(query, context.texts("callback_invalid", lang))
        return
    chat_id = msg.chat.id
    running = await engine.sessions.running_round(chat_id, user_id)
    if cb.fields[0] != "r" or asked_for is None:  # go on (or a choice from before a restart: nothing to start)
        await toast(query)
        text = (
            context.texts("round_go_on", lang, n=running.position, total=running.total)
            if running is not None
            else context.texts("quiz_no_open", lang)
        )
        await _replace(context, msg, text)
        return
    await toast(query)
    old = await engine.latest_open_asked(chat_id, user_id)
    await _replace(context, msg, context.texts("round_restarted", lang))
    await start_round(context, chat_id, user_id, lang, **asked_for)
    if old is not None and running is not None and old.session_id == running.id:
        await retire_question(context.bot, chat_id, old.message_id, old.question, old.poll_id is not None)


async def _replace(context: CustomContext, msg: Any, text: str) -> None:
    """A chooser's message says what was chosen, its buttons gone (a button works once)."""
    try:
        await context.bot.edit_message_text(text, msg.chat.id, msg.message_id, parse_mode=ParseMode.HTML)
    except BadRequest as exc:
        log.info("could not replace the round chooser: %s", exc)


async def _finished_session(
    context: CustomContext, query: CallbackQuery, cb: Callback, lang: str
) -> tuple[MaybeInaccessibleMessage, Session] | None:
    """The finished session a summary's button names (its id in the callback), if it is the presser's own in
    this chat; otherwise the presser is told the button is stale and None is returned."""
    msg, user_id = query.message, query.from_user.id
    session = await context.engine.sessions.get(int(cb.fields[0]))
    if msg is None or session is None or session.learner_id != user_id or session.chat_id != msg.chat.id:
        await toast(query, context.texts("callback_invalid", lang))
        return None
    return msg, session


async def _take_summary_buttons_off(context: CustomContext, msg: MaybeInaccessibleMessage) -> None:
    """One press, one session: a summary's buttons go once one is used."""
    if isinstance(msg, Message) and msg.reply_markup:
        try:
            await context.bot.edit_message_reply_markup(msg.chat.id, msg.message_id, reply_markup=None)
        except BadRequest as exc:
            log.info("could not take the summary's buttons off: %s", exc)


async def press_again(context: CustomContext, query: CallbackQuery, cb: Callback) -> None:
    """[再来一轮 N] under a summary: a new round like the finished one (its size, banks, kinds, timer)."""
    lang = await context.lang()
    found = await _finished_session(context, query, cb, lang)
    if found is None:
        return
    msg, session = found
    user_id = query.from_user.id
    await toast(query)
    await _take_summary_buttons_off(context, msg)
    await start_round(
        context,
        msg.chat.id,
        user_id,
        lang,
        session.total,
        banks=session.banks,
        kinds=session.kinds,
        poll=session.poll,
        seconds=session.seconds,
    )


async def press_mistakes(context: CustomContext, query: CallbackQuery, cb: Callback) -> None:
    """[复习错题 N] under a summary: a session of that session's mistakes only, with its own counter and
    summary (a round's, a push's, or a round of mistakes' own)."""
    lang = await context.lang()
    found = await _finished_session(context, query, cb, lang)
    if found is None:
        return
    msg, session = found
    user_id, engine = query.from_user.id, context.engine
    keys = await engine.sessions.mistakes_of(session.id, user_id)
    if not keys:
        await toast(query, context.texts("callback_invalid", lang))
        return
    await toast(query)
    await _take_summary_buttons_off(context, msg)
    only = tuple(keys[:MAX_QUESTIONS])
    retry = await engine.sessions.start(
        msg.chat.id, user_id, "quiz", len(only), poll=session.poll, seconds=session.seconds, only=only
    )
    first = await engine.sessions.step(retry, 0)
    if isinstance(first, Empty):  # every one of them left its bank since
        await send_html(
            context.bot, msg.chat.id, esc(first.message(lang)), reply_markup=empty_markup(context.codec, lang, first)
        )
        return
    await practice.send_next(context.bot, engine, context.codec, first, lang)


async def review_command(update: Update, context: CustomContext) -> None:
    """/review: the questions due for review, most overdue first."""
    user, chat = update.effective_user, update.effective_chat
    if user is None or chat is None:
        return
    await ask_next(context, chat.id, user.id, await context.lang(), review=True)


async def ask_next(
    context: CustomContext,
    chat_id: int,
    user_id: int,
    lang: str,
    *,
    kinds: list[str] | None = None,
    banks: list[str] | None = None,
    poll: bool = False,
    review: bool = False,
) -> int | None:
    """Pick the learner's next question and send it; say why when there is none."""
    engine = context.engine
    pick = await engine.next_question(user_id, banks=banks or None, kinds=kinds or None, review_only=review)
    if isinstance(pick, Empty):
        await send_html(
            context.bot, chat_id, esc(pick.message(lang)), reply_markup=empty_markup(context.codec, lang, pick)
        )
        return None
    if not poll:
        poll = (await engine.settings(user_id)).poll
    asked_id = await send_question(context.bot, engine, context.codec, chat_id, user_id, pick, lang, poll=poll)
    if review and context.user_data is not None:
        context.user_data[REVIEWING] = asked_id
    return asked_id


def _reviewing(context: CustomContext, asked_id: int) -> bool:
    return context.user_data is not None and context.user_data.get(REVIEWING) == asked_id


# ----- answers -----------------------------------------------------------------------------------


async def on_text(update: Update, context: CustomContext) -> None:
    """A plain text message in a private chat answers a question there: the one it is a Telegram reply to,
    else the latest open one shown before it (the engine's `answer_typed` says which and why)."""
    message, user = update.message, update.effective_user
    if message is None or user is None or message.text is None:
        return
    lang = await context.lang()
    replay = is_replay(context, update)
    judge = case_judge(context, message.chat_id, user.id, lang)  # a case answer judged by a model, if on
    replied = message.reply_to_message
    reply_to = replied.message_id if replied is not None else None
    if reply_to is None:
        reply_to = _written_before_verdict(context, message.chat_id, message.message_id)
    if reply_to is None:
        reply_to = await _only_taker(context, message.chat_id, message.message_id, message.text.strip(), replay)
    typed = await context.engine.answer_typed(
        message.chat_id,
        user.id,
        message.text,
        message.message_id,
        reply_to=reply_to,
        closed_too=replay,
        judge=judge,
    )
    if typed is None or (
        replay and typed.result.status == "already_answered" and typed.result.first_reply != message.text[:1000]
    ):
        # Nothing open; or, handled again after a crash, the latest question was answered by another message.
        if not await practice.resume(context, message.chat_id, user.id, lang):
            await context.reply(context.texts("quiz_no_open", lang))
        return
    asked, result = typed.asked, typed.result
    if result.status == "closed" and await practice.expire_if_due(context, asked):
        return  # its time ran out before the answer came: said so, and the session goes on
    label = (
        practice.question_label(asked.question, lang, position=asked.position)
        if typed.others_open and asked.question
        else None
    )
    await deliver_result(
        context,
        message.chat_id,
        result,
        lang,
        message_id=asked.message_id,
        poll=asked.poll_id is not None,
        repeat=replay,
        label=label,
    )


async def _only_taker(context: CustomContext, chat_id: int, message_id: int, text: str, replay: bool) -> int | None:
    """A bare letter or true/false typed while the newest open question cannot take it (a case, a fill-in)
    but exactly one other open question can: that one is meant (the message showing it). Handled again
    after a crash, the answer's own message says which question it answered, if it was graded."""
    if not looks_like_an_answer(text):
        return None
    if replay:
        return message_id
    engine = context.engine
    newest = await engine.open_asked(chat_id, shown_before=message_id, limit=2)  # most often all it takes
    if len(newest) < 2 or takes(newest[0], text):
        return None
    takers = [a for a in await engine.open_asked(chat_id, shown_before=message_id) if takes(a, text)]
    return takers[0].message_id if len(takers) == 1 else None


async def on_other_message(update: Update, context: CustomContext) -> None:
    """Stickers, photos, voice... in a private chat: say what the bot can read."""
    if update.message is None or update.effective_user is None:
        return
    await context.reply(context.texts("quiz_text_only", await context.lang()))


async def on_unknown_command(update: Update, context: CustomContext) -> None:
    """A command no handler knows, in a private chat."""
    message = update.message
    if message is None or message.text is None:
        return
    name = message.text.split(maxsplit=1)[0].split("@", 1)[0].lstrip("/").lower()
    if context.knows_command(name):
        return  # someone else's command (its handler ran, or refused it for this chat)
    lang = await context.lang()
    await context.reply(context.texts("unknown_command", lang, name=esc("/" + name[:40])))


async def on_poll_answer(update: Update, context: CustomContext) -> None:
    """A vote in one of our quiz polls: graded and recorded like any answer."""
    vote, engine = update.poll_answer, context.engine
    if vote is None or vote.user is None:
        return  # an anonymous vote (voter_chat) has no learner to credit
    asked = await engine.asked_by_poll(vote.poll_id)
    if asked is None or asked.question is None:
        return
    if asked.chat_id < 0 and not await context.groups.is_member(asked.chat_id, vote.user.id):
        log.info("group %s: a vote by %s, who is not a member, not counted", asked.chat_id, vote.user.id)
        return
    lang = await context.lang()
    shape = poll_shape(asked.question, lang) or poll_shape(asked.question, "zh" if lang == "en" else "en")
    reply = poll_reply(shape, vote.option_ids) if shape else None
    if reply is None:
        return  # a retracted vote
    result = await engine.answer(vote.user.id, asked.id, reply)
    if asked.chat_id < 0 or result.status != "recorded":
        return  # groups announce results when the question closes; a second vote changes nothing
    await deliver_result(
        context,
        asked.chat_id,
        result,
        lang,
        message_id=asked.message_id,
        poll=True,
        retire=False,
        with_explanation=bool(shape and shape.long_explanation),
    )


# ----- button presses, in private chats and groups -------------------------------------------------------


async def press_answer(context: CustomContext, query: CallbackQuery, cb: Callback) -> None:
    """An option (single choice, true/false) or "submit" (multiple choice) pressed."""
    engine, lang = context.engine, await context.lang()
    assert cb.asked_id is not None
    msg, user_id = query.message, query.from_user.id
    if msg is None:  # no message to tell where it was pressed (an inline or a too old one): not counted
        await toast(query, context.texts("callback_invalid", lang))
        return
    chat_id, group = msg.chat.id, is_group(msg.chat)
    if group and not await context.groups.is_member(chat_id, user_id):
        log.info("group %s: a press by %s, who is not a member, not counted", chat_id, user_id)
        await toast(query, context.texts("group_members_only", lang))
        return
    if cb.action == "submit":
        reply = await engine.selection(cb.asked_id, user_id)
        if not reply:
            await toast(query, context.texts("toast_pick_first", lang))
            return
    else:
        reply = TF_REPLY.get(cb.fields[1], cb.fields[1])
    result = await engine.answer(user_id, cb.asked_id, reply, place=(chat_id, msg.message_id))
    if group:  # the verdict to the member alone; the group sees the count, and the result at the close
        text, alert = verdict_alert(result, lang)
        await toast(query, text, show_alert=alert)
        if result.recorded:
            await context.groups.counted_by_id(cb.asked_id)
        return
    if result.status == "closed" and result.session_id is not None:
        asked = await engine.get_asked(cb.asked_id)
        if asked is not None and await practice.expire_if_due(context, asked):
            await toast(query, AnswerResult("closed", cb.asked_id).message(lang))
            return
    if result.status != "recorded":
        await toast(query, repeated_verdict(result, lang))
        if result.status == "closed" and result.session_id is not None:
            # Closed under the learner (its bank was reworded): the session goes on rather than wait.
            await practice.resume(context, chat_id, user_id, lang)
        if result.status == "already_answered":
            if is_replay(context, context.current_update):  # the first handling may have died before the verdict went
                await deliver_result(context, chat_id, result, lang, message_id=msg.message_id, poll=False, repeat=True)
            await context.courier.deliver_now(chat_id)  # a verdict kept for this chat goes now
        return
    assert result.question is not None and result.verdict is not None
    await toast(query, format_verdict(result.question, result.verdict, lang).splitlines()[0][:200])
    await deliver_result(context, chat_id, result, lang, message_id=msg.message_id, poll=False)


def _toggle_refusal(asked: AskedQuestion | None, query: CallbackQuery, now: datetime, group: bool) -> str | None:
    """Why a tick cannot be made (a status of AnswerResult), or None."""
    msg = query.message
    if asked is None:
        return "unknown"
    if group:  # a group's question: its own message in its own chat, open until its time is up
        if msg is None or msg.chat.id != asked.chat_id or asked.message_id not in (None, msg.message_id):
            return "elsewhere"
        if asked.question is None:
            return "gone"
        if asked.closed or (asked.closes_at is not None and asked.closes_at <= now):
            return "closed"
        return None
    if asked.question is None:
        return "gone"
    if asked.closed:
        return "closed"
    if msg is None or msg.chat.id != asked.chat_id:
        return "elsewhere"
    if asked.learner_id not in (None, query.from_user.id):
        return "not_yours"
    return None


async def press_toggle(context: CustomContext, query: CallbackQuery, cb: Callback) -> None:
    """Tick or untick an option of a multiple-choice question (each member's ticks are their own)."""
    engine, lang = context.engine, await context.lang()
    assert cb.asked_id is not None
    asked = await engine.get_asked(cb.asked_id)
    group = query.message is not None and is_group(query.message.chat)
    status = _toggle_refusal(asked, query, engine.clock(), group)
    if status is not None:
        await query.answer(AnswerResult(status, cb.asked_id).message(lang)[:200])  # type: ignore[arg-type]
        return
    assert asked is not None and asked.question is not None and query.message is not None
    letter = cb.fields[1]
    if asked.question.kind is not Kind.multiple or letter not in asked.question.options:
        await query.answer(context.texts("callback_invalid", lang))
        return
    ticked = await engine.toggle_option(asked.id, query.from_user.id, letter)
    await query.answer(
        context.texts("toast_selected", lang, letters=ticked) if ticked else context.texts("toast_cleared", lang)
    )
    if not group:  # a group's keyboard is shared: never edited for one member's ticks
        markup = question_keyboard(context.codec, asked.id, asked.question, lang, ticked)
        await context.bot.edit_message_reply_markup(
            query.message.chat.id, query.message.message_id, reply_markup=markup
        )


async def press_next(context: CustomContext, query: CallbackQuery, cb: Callback) -> None:
    """ "Next question" under a verdict (private) or a group's result."""
    engine, lang = context.engine, await context.lang()
    word = decode_next(cb.fields[0], engine.banks)
    msg = query.message
    if word is None or msg is None or (word.mode == "g") != is_group(msg.chat):
        await query.answer(context.texts("callback_invalid", lang))
        return
    if word.mode == "g":
        await context.groups.press_next(query, word, lang)
        return
    user_id, chat_id = query.from_user.id, msg.chat.id
    latest = await engine.latest_open_asked(chat_id, user_id)
    if latest is not None and latest.id > word.after:
        await query.answer(context.texts("toast_next_sent", lang))
        return
    await query.answer()
    # Only a message that still shows buttons has one to take off (an edit to the same markup is a 400).
    if isinstance(msg, Message) and msg.reply_markup:
        try:  # one press, one question: the button goes once used
            await context.bot.edit_message_reply_markup(chat_id, msg.message_id, reply_markup=None)
        except BadRequest as exc:
            log.info("could not remove the next button: %s", exc)
    kinds: list[str] | None = None
    banks: list[str] | None = None
    poll = False
    saved = context.user_data.get(FILTER) if context.user_data is not None else None
    if word.mode == "q" and word.carried:
        kinds, banks, poll = list(word.kinds), list(word.banks), word.poll
        if context.user_data is not None:  # and the next verdict's button carries it on
            context.user_data[FILTER] = (kinds, banks, poll)
    elif word.mode == "q" and saved:
        kinds, banks, poll = saved
    await ask_next(context, chat_id, user_id, lang, kinds=kinds, banks=banks, poll=poll, review=word.mode == "r")


PRESSES.update(
    {
        "answer": press_answer,
        "submit": press_answer,
        "toggle": press_toggle,
        "next": press_next,
        "again": press_again,
        "mistakes": press_mistakes,
        "round": press_round,
    }
)


def register(app: Application) -> None:  # type: ignore[type-arg]
    """Typed answers, poll votes, and the replies to what the bot cannot read (private chats)."""
    private_new = filters.ChatType.PRIVATE & filters.UpdateType.MESSAGE
    app.add_handler(PollAnswerHandler(on_poll_answer))
    practice.register(app)
    app.add_handler(MessageHandler(private_new & filters.TEXT & ~filters.COMMAND, on_text))
    # Late groups: only when no command handler of any feature took the message.
    app.add_handler(MessageHandler(private_new & filters.COMMAND, on_unknown_command), group=90)
    other = private_new & ~filters.TEXT & ~filters.Document.ALL & ~filters.StatusUpdate.ALL
    app.add_handler(MessageHandler(other, on_other_message), group=90)
