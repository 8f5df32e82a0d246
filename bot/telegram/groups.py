"""Group study chats: /quiz for everyone, private verdicts, a live count, /reveal, the result, /top.

In a group or supergroup one /quiz question is open at a time, and beside it the day's pushed question,
open for hours (until the group's closing time, default 22:00, or the next push). Members answer with
the buttons, by replying to the question (any kind), in a quiz poll, or with a bare letter or true/false
when exactly one open question can take it; each member once. A right reply gets a 👍 reaction (a wrong
one none, a reply that is no answer a 🤔), not a message. The verdict of a button goes to the member
alone (the callback answer); the group sees only a live count, edited at most every few seconds, and
at the close one result message: the answer, the explanation, who was right (fastest first) and who
was not, and a "next question" button.

A /quiz question closes after STUDYBOT_GROUP_OPEN_SECONDS, or earlier on /reveal by the member who asked
or a chat admin; closing survives a restart (bot/telegram/group_quiz.py). Every message to a group is
planned (bot/telegram/group_budget.py, bot/telegram/group_turns.py): a command the group's budget has no
room for now waits in the group's queue with a 👀 and is answered in its turn, never dropped; results
and notices go before the answers to commands, and the live count after everything. Spam of commands
or buttons never turns into a flood of messages, and the bot's rate limiter stays the last line of
defence, not the first. In a group the answer to a command replies to the command.

A press of a group question's buttons takes the one press path (bot/telegram/presses.py and the quiz's
press handlers, which apply the group's rules). The command guard and member tracking run in handler
groups before the features' commands (FIRST): the guard hands every command to the group's queue, which
runs the command's handlers again in its turn.
"""

from __future__ import annotations

import logging
import re
from datetime import time

from telegram import Update
from telegram.ext import Application, ApplicationHandlerStop, MessageHandler, TypeHandler, filters

from bot.delivery.arguments import ArgumentError, parse_remind
from bot.delivery.window import DEFAULT_CLOSE
from bot.study.kinds import parse_filter
from bot.study.results import AskedQuestion
from bot.telegram import learner, learner_settings, quiz
from bot.telegram.bare_answers import looks_like_an_answer, takes
from bot.telegram.context import CustomContext
from bot.telegram.group_render import PERIODS, board_text, parse_period
from bot.telegram.quiz import is_group
from bot.telegram.render import esc
from bot.telegram.switches import SWITCH, on_off
from bot.telegram.texts import Lang, lang_of, read_language
from bot.telegram.zone_names import zone_words
from bot.zones import zone_name

__all__ = [
    "guard_commands",
    "on_group_reply",
    "quiz_command",
    "register",
    "reveal_command",
    "settings_command",
    "top_command",
]

log = logging.getLogger(__name__)

FIRST = -1  # handler group: before the features' commands and messages
RIGHT = "👍"  # on a right reply (a wrong one gets none: nobody is told so in front of the group)
UNREAD = "🤔"  # on a reply that is no answer at all (the question stays open for it)
RUN_MOST = 20  # `/quiz N` in a group: at most this many questions in a run


async def _group_lang(context: CustomContext) -> tuple[Lang, Lang]:
    """(the member's language, the group's): the group's own choice, else the member's."""
    update = context.current_update
    assert update is not None and update.effective_chat is not None and update.effective_user is not None
    member = await context.lang()
    group = await context.bot_data.languages.of_group(
        context.engine, update.effective_chat.id, update.effective_user.id, member
    )
    return member, group


# ----- commands ------------------------------------------------------------------------------------------


async def quiz_command(update: Update, context: CustomContext) -> None:
    """/quiz [kind] [bank] [poll]: in a private chat the learner's own question, in a group one for all."""
    if not is_group(update.effective_chat):
        await quiz.quiz_command(update, context)
        return
    user, chat = update.effective_user, update.effective_chat
    if user is None or chat is None:
        return
    engine, groups = context.engine, context.groups
    found = await engine.ensure_chat(chat.id, chat.type, chat.title or "")
    _, lang = await _group_lang(context)
    args = list(context.args or [])
    total = 1
    if args and re.fullmatch(r"[0-9]{1,3}", args[0]) and 1 <= int(args[0]) <= RUN_MOST:  # not "²": isdigit says yes
        total = int(args.pop(0))
    flt = parse_filter(args, engine.banks)
    if flt.unknown:
        words = ", ".join(w[:40] for w in flt.unknown[:5])
        banks = esc(", ".join(sorted(engine.banks)) or "-")
        await groups.notice(chat.id, context.texts("group_quiz_bad_args", lang, words=esc(words), banks=banks))
        return
    kinds, banks_chosen = [str(k) for k in flt.kinds], list(flt.banks)
    poll = flt.poll or bool(found.poll)
    groups.filters[chat.id] = (kinds, banks_chosen, poll)
    if total > 1:
        outcome = await groups.start_run(chat.id, user.id, lang, total, kinds=kinds, banks=banks_chosen, poll=poll)
    else:
        outcome = await groups.ask(chat.id, user.id, lang, kinds=kinds, banks=banks_chosen, poll=poll)
    if outcome.status != "posted":
        await groups.tell(chat.id, lang, outcome)


async def reveal_command(update: Update, context: CustomContext) -> None:
    """/reveal: close the open question now (the member who asked, or an admin); a reply picks which."""
    user, chat, message = update.effective_user, update.effective_chat, update.effective_message
    if user is None or chat is None or message is None:
        return
    engine, groups = context.engine, context.groups
    _, lang = await _group_lang(context)
    target = None
    if message.reply_to_message is not None:
        target = await engine.asked_by_message(chat.id, message.reply_to_message.message_id)
    if target is None:  # the /quiz question before the day's question (asked by nobody: admins only)
        open_now = await engine.open_asked(chat.id)
        target = next((a for a in open_now if a.learner_id is not None), open_now[0] if open_now else None)
    if target is None:
        await groups.notice(chat.id, context.texts("group_nothing_open", lang), reply_to=message.message_id)
        return
    allowed = target.learner_id == user.id or await groups.is_admin(update)
    if not allowed:
        await groups.notice(chat.id, context.texts("group_reveal_refused", lang), reply_to=message.message_id)
        return
    await groups.close(target.id)


async def top_command(update: Update, context: CustomContext) -> None:
    """/top: today, this week and all time; /top today|week|all: one period, longer."""
    user, chat = update.effective_user, update.effective_chat
    if user is None or chat is None:
        return
    engine, groups = context.engine, context.groups
    _, lang = await _group_lang(context)
    args = context.args or []
    if args:
        period = parse_period(args[0])
        if period is None:
            await groups.notice(chat.id, context.texts("top_usage", lang, arg=esc(args[0][:40])))
            return
        boards = [(period, await engine.top(chat.id, period, 10))]
    else:
        boards = [(p, await engine.top(chat.id, p, 5)) for p in PERIODS]
    await groups.send(chat.id, "board", board_text(boards, lang))


async def settings_command(update: Update, context: CustomContext) -> None:
    """/settings: in a private chat the learner's own; in a group the group's (poll mode, daily question).

    Anyone may look; ``/settings poll on|off`` is for the group's admins. Like other features' commands
    in a group, one answer per command, admitted by ``guard_commands`` within the group's budget."""
    if not is_group(update.effective_chat):
        await learner_settings.settings_command(update, context)
        return
    user, chat = update.effective_user, update.effective_chat
    if user is None or chat is None:
        return
    engine = context.engine
    await engine.ensure_chat(chat.id, chat.type, chat.title or "")
    _, lang = await _group_lang(context)
    args = [a.casefold() for a in (context.args or []) if a.strip()]
    if args:
        change = _group_setting(args)
        if change is None:
            await context.reply(context.texts("group_settings_usage", lang))
            return
        if not await context.groups.is_admin(update):
            await context.reply(context.texts("group_settings_admins_only", lang))
            return
        name, value = change
        if name == "poll":
            await engine.set_chat_poll(chat.id, bool(value))
        elif name == "lang":
            assert isinstance(value, str)
            await engine.set_chat_language(chat.id, value)
            lang = lang_of(value)
            await context.reply(context.texts("group_lang_set", lang))
        else:
            assert isinstance(value, time)
            await engine.set_chat_close(chat.id, value.hour * 60 + value.minute)
            zone = await context.groups.zone(chat.id)
            await context.reply(
                context.texts(
                    "group_close_set", lang, time=value.strftime("%H:%M"), tz=esc(zone_words(zone_name(zone), lang))
                )
            )
        log.info("group %s: %s %s (by %s)", chat.id, name, value, user.id)
    await context.reply(await group_settings_text(context, chat.id, lang))


def _group_setting(args: list[str]) -> tuple[str, bool | str | time] | None:
    """``poll on|off``, ``lang zh|en|…`` or ``close HH:MM`` as (name, value); None when it is none of them."""
    if len(args) != 2:
        return None
    name, value = args
    if name in ("poll", "投票") and value in SWITCH:
        return "poll", SWITCH[value]
    if name in ("lang", "language", "语言") and (code := read_language(value)) is not None:
        return "lang", code
    if name in ("close", "截止"):
        try:
            at = parse_remind([value]).at
        except ArgumentError:
            return None
        return ("close", at) if at is not None else None
    return None


async def group_settings_text(context: CustomContext, chat_id: int, lang: Lang) -> str:
    """The group's settings as /settings shows them (HTML)."""
    found = await context.engine.chat(chat_id)
    daily = await context.subscriptions.get(chat_id, "daily")
    minute = found.close_minute if found is not None else None
    close = time(minute // 60, minute % 60) if minute is not None else DEFAULT_CLOSE
    return context.texts(
        "group_settings",
        lang,
        language=context.texts(f"bank_language_{lang}", lang),
        close=close.strftime("%H:%M"),
        poll=on_off(bool(found and found.poll), lang),
        daily=learner.subscription_text(daily, lang),
    )


# ----- replies, the command guard, members -----------------------------------------------------------------


async def on_group_reply(update: Update, context: CustomContext) -> None:
    """A reply to a group question answers it (any kind): graded silently, once; a right one gets a 👍
    reaction, a wrong one none, and a reply that is no answer at all gets 🤔 (the question stays open for it)."""
    message, user = update.message, update.effective_user
    if message is None or user is None or message.text is None:
        return
    replied = message.reply_to_message
    if replied is None or replied.from_user is None or replied.from_user.id != context.bot.id:
        return
    asked = await context.engine.asked_by_message(message.chat_id, replied.message_id)
    if asked is not None:
        await _answer_in_group(context, asked, user.id, message.message_id, message.text)


async def on_group_text(update: Update, context: CustomContext) -> None:
    """A bare answer that is no reply (``B``, ``ac``, ``对``, ``false``) counts when exactly one open question
    can take it; when several can, the group is told to reply to the one meant. Other chat is left alone."""
    message, user, chat = update.message, update.effective_user, update.effective_chat
    if message is None or user is None or chat is None or message.text is None:
        return
    text = message.text.strip()
    if not looks_like_an_answer(text):
        return
    takers = [a for a in await context.engine.open_asked(chat.id) if takes(a, text)]
    if len(takers) == 1:
        await _answer_in_group(context, takers[0], user.id, message.message_id, text)
    elif takers:
        lang = await context.bot_data.languages.of_group(context.engine, chat.id, None)
        await context.groups.notice(
            chat.id, context.texts("group_which_one", lang, n=len(takers)), reply_to=message.message_id
        )


async def _answer_in_group(
    context: CustomContext, asked: AskedQuestion, user_id: int, message_id: int, text: str
) -> None:
    await context.lang()  # the member exists as a learner before the answer
    result = await context.engine.answer(user_id, asked.id, text[:4000])
    if result.recorded:
        if result.verdict is not None and result.verdict.correct:
            await context.groups.react(asked.chat_id, message_id, RIGHT)
        await context.groups.counted(asked)
    elif result.status == "not_an_answer":
        await context.groups.react(asked.chat_id, message_id, UNREAD)


async def guard_commands(update: Update, context: CustomContext) -> None:
    """Every command of ours in a group takes its turn in the group's plan (`GroupQuiz.command`): answered
    now when the group's budget has room, else later in its turn.

    The command's handlers run in that turn (the same update handled again, let through here), so what
    they send is counted where it belongs and nothing else of the group waits for it."""
    message, chat = update.message, update.effective_chat
    if message is None or chat is None or not message.text:
        return
    word = message.text.split(maxsplit=1)[0][1:]
    name, _, addressee = word.partition("@")
    if addressee and addressee.lower() != (context.bot.username or "").lower():
        return  # for another bot
    name = name.lower()
    groups = context.groups
    if not context.knows_command(name) or groups.admitted(update):
        return
    await groups.command(update)
    raise ApplicationHandlerStop


async def note_members(update: Update, context: CustomContext) -> None:
    """Who writes in a group is a member (their answers count without asking Telegram); who leaves is not."""
    message, chat = update.message, update.effective_chat
    if message is None or not is_group(chat) or chat is None:
        return
    groups = context.groups
    if message.from_user is not None and message.left_chat_member is None:
        groups.seen(chat.id, message.from_user.id)
    for user in message.new_chat_members or ():
        groups.seen(chat.id, user.id)
    if message.left_chat_member is not None:
        groups.seen(chat.id, message.left_chat_member.id, member=False)


def register(app: Application) -> None:  # type: ignore[type-arg]
    """Member tracking, the command guard and replies to group questions (the closer runs in the lifecycle)."""
    groups_only = filters.ChatType.GROUPS & filters.UpdateType.MESSAGE
    app.add_handler(TypeHandler(Update, note_members), group=FIRST - 1)
    app.add_handler(MessageHandler(groups_only & filters.COMMAND, guard_commands), group=FIRST)
    app.add_handler(
        MessageHandler(groups_only & filters.REPLY & filters.TEXT & ~filters.COMMAND, on_group_reply), group=FIRST
    )
    app.add_handler(
        MessageHandler(groups_only & ~filters.REPLY & filters.TEXT & ~filters.COMMAND, on_group_text), group=FIRST
    )
