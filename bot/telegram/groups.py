"""Group study chats: /quiz for everyone, private verdicts, a live count, /reveal, the result, /top.

In a group or supergroup one question is open at a time. Members answer with the buttons (or by
replying to the question for fill and case questions, or in a quiz poll); each member once. The
verdict goes to the member alone (the callback answer); the group sees only a live count, edited at
most every few seconds, and at the close one result message: the answer, the explanation, who was
right (fastest first) and who was not, and a "next question" button.

A question closes after STUDYBOT_GROUP_OPEN_SECONDS, or earlier on /reveal by the member who asked or
a chat admin; closing survives a restart (bot/telegram/group_quiz.py). What the group quiz may post
is decided by `GroupBudget` (bot/telegram/group_budget.py): spam of commands or buttons never turns
into a flood of messages, and the bot's rate limiter stays the last line of defence, not the first.

Handlers here run in handler group FIRST (-1), before quiz.py's: a press in a group is answered here
and goes no further (ApplicationHandlerStop); presses in private chats fall through to quiz.py.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from telegram import CallbackQuery, Update
from telegram.constants import ChatType
from telegram.ext import (
    Application,
    ApplicationHandlerStop,
    CallbackQueryHandler,
    CommandHandler,
    MessageHandler,
    TypeHandler,
    filters,
)

from bot.banks.model import Kind
from bot.store import chats as chats_repo
from bot.store import subscriptions
from bot.study.kinds import parse_filter
from bot.study.results import AnswerResult, AskedQuestion
from bot.telegram import learner, quiz
from bot.telegram.callbacks import Callback, Rejected
from bot.telegram.common import ENGINE, GROUPS, Context, codec_of, engine_of, run_while_serving, send_html
from bot.telegram.group_quiz import GROUP_KINDS, Asked, GroupQuiz, group_lang
from bot.telegram.group_render import PERIODS, board_text, parse_period, verdict_alert
from bot.telegram.next_word import decode_next
from bot.telegram.render import esc
from bot.telegram.texts import Lang, t

__all__ = [
    "GROUPS",
    "GROUP_KINDS",
    "GroupQuiz",
    "guard_commands",
    "on_group_button",
    "on_group_reply",
    "quiz_command",
    "register",
    "reveal_command",
    "settings_command",
    "top_command",
]

if TYPE_CHECKING:
    from bot.study.engine import StudyEngine

log = logging.getLogger(__name__)

FIRST = -1  # handler group: before the private-chat handlers of quiz.py
MINE = frozenset({"quiz", "reveal", "top"})  # group commands paced by GroupQuiz (the others by guard_commands)
_QUIZ_ACTIONS = frozenset({"answer", "toggle", "submit", "next"})


def _group(chat: Any) -> bool:
    return chat is not None and chat.type in (ChatType.GROUP, ChatType.SUPERGROUP)


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
        await groups.notice(
            chat_id,
            t("group_still_open", member_lang, seconds=_seconds_left(engine, outcome.asked)),
            reply_to=outcome.asked.message_id,
        )
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
        await groups.notice(
            chat.id, t("quiz_bad_args", lang, words=esc(words), banks=esc(", ".join(sorted(engine.banks)) or "-"))
        )
        return
    kinds, banks = [str(k) for k in flt.kinds], list(flt.banks)
    poll = flt.poll or bool(found.poll)
    groups.filters[chat.id] = (kinds, banks, poll)
    outcome = await groups.ask(chat.id, user.id, lang, kinds=kinds, banks=banks, poll=poll)
    if outcome.status != "posted":
        await _tell(context, chat.id, lang, outcome)


async def reveal_command(update: Update, context: Context) -> None:
    """/reveal: close the open question now (the member who asked, or an admin); a reply picks which."""
    user, chat, message, engine = (
        update.effective_user,
        update.effective_chat,
        update.effective_message,
        engine_of(context),
    )
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


async def settings_command(update: Update, context: Context) -> None:
    """/settings: in a private chat the learner's own; in a group the group's (poll mode, daily question).

    Anyone may look; ``/settings poll on|off`` is for the group's admins. Like other features' commands
    in a group, one answer per command, admitted by ``guard_commands`` within the group's budget."""
    if not _group(update.effective_chat):
        await learner.settings_command(update, context)
        return
    user, chat, engine = update.effective_user, update.effective_chat, engine_of(context)
    if user is None or chat is None or engine is None:
        return
    member_lang = await quiz.learner_lang(update, context)
    await engine.ensure_chat(chat.id, chat.type, chat.title or "")
    lang = await group_lang(engine, chat.id, user.id, member_lang)
    args = [a.casefold() for a in (context.args or []) if a.strip()]
    if args:
        if len(args) != 2 or args[0] not in ("poll", "投票") or args[1] not in learner.SWITCH:
            await send_html(context, chat.id, t("group_settings_usage", lang))
            return
        if not await runtime(context).is_admin(update):
            await send_html(context, chat.id, t("group_settings_admins_only", lang))
            return
        async with engine.store.write() as db:
            await chats_repo.update_settings(db, chat.id, poll=learner.SWITCH[args[1]])
        log.info("group %s: quiz polls %s (by %s)", chat.id, args[1], user.id)
    await send_html(context, chat.id, await group_settings_text(engine, chat.id, lang))


async def group_settings_text(engine: StudyEngine, chat_id: int, lang: Lang) -> str:
    """The group's settings as /settings shows them (HTML)."""
    found = await engine.chat(chat_id)
    async with engine.store.read() as db:
        daily = await subscriptions.get(db, chat_id, "daily")
    return t(
        "group_settings",
        lang,
        poll=learner.on_off(bool(found and found.poll), lang),
        daily=learner.subscription_text(daily, lang),
    )


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
    assert engine is not None and cb.asked_id is not None and query.message is not None
    chat_id = query.message.chat.id
    if not await runtime(context).is_member(chat_id, query.from_user.id):
        log.info("group %s: a press by %s, who is not a member, not counted", chat_id, query.from_user.id)
        await query.answer(t("group_members_only", lang))
        return
    if cb.action == "submit":
        reply = await engine.selection(cb.asked_id, query.from_user.id)
        if not reply:
            await query.answer(t("toast_pick_first", lang))
            return
    else:
        reply = quiz.TF_REPLY.get(cb.fields[1], cb.fields[1])
    result = await engine.answer(query.from_user.id, cb.asked_id, reply, place=(chat_id, query.message.message_id))
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
    elif not _pressed_on(asked, query):
        status = "elsewhere"
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
    engine, groups = engine_of(context), runtime(context)
    assert engine is not None
    chat = query.message.chat if query.message is not None else None
    word = decode_next(cb.fields[0], engine.banks)
    if chat is None or word is None or word.mode != "g":
        await query.answer(t("callback_invalid", lang))
        return
    if word.carried:  # the filter of the /quiz before the result: it survives a restart
        kinds, banks, poll = list(word.kinds), list(word.banks), word.poll
        groups.filters[chat.id] = (kinds, banks, poll)  # and the next result's button carries it on
    else:
        kinds, banks, poll = groups.filters.get(chat.id, ([], [], False))
    if not poll:
        found = await engine.chat(chat.id)
        poll = bool(found and found.poll)  # the group's /settings poll
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


def _pressed_on(asked: AskedQuestion, query: CallbackQuery) -> bool:
    """The button was pressed on the question's own message, in its own chat."""
    msg = query.message
    return msg is not None and msg.chat.id == asked.chat_id and asked.message_id in (None, msg.message_id)


async def note_members(update: Update, context: Context) -> None:
    """Who writes in a group is a member (their answers count without asking Telegram); who leaves is not."""
    message, chat = update.message, update.effective_chat
    if message is None or not _group(chat) or chat is None:
        return
    groups = runtime(context)
    if message.from_user is not None and message.left_chat_member is None:
        groups.seen(chat.id, message.from_user.id)
    for user in message.new_chat_members or ():
        groups.seen(chat.id, user.id)
    if message.left_chat_member is not None:
        groups.seen(chat.id, message.left_chat_member.id, member=False)


# ----- life with the application ------------------------------------------------------------------------


async def _start(app: Application) -> None:  # type: ignore[type-arg]
    if ENGINE in app.bot_data:
        app.bot_data[GROUPS].start()


async def _stop(app: Application) -> None:  # type: ignore[type-arg]
    await app.bot_data[GROUPS].stop()


def register(app: Application) -> None:  # type: ignore[type-arg]
    """Handlers for group buttons, replies and the command guard; the closer runs while the bot runs."""
    app.bot_data[GROUPS] = GroupQuiz(app)
    groups_only = filters.ChatType.GROUPS & filters.UpdateType.MESSAGE
    app.add_handler(TypeHandler(Update, note_members), group=FIRST - 1)
    app.add_handler(CallbackQueryHandler(on_group_button), group=FIRST)
    app.add_handler(MessageHandler(groups_only & filters.COMMAND, guard_commands), group=FIRST)
    app.add_handler(
        MessageHandler(groups_only & filters.REPLY & filters.TEXT & ~filters.COMMAND, on_group_reply), group=FIRST
    )
    run_while_serving(app, _start, _stop)
