"""Asking and answering: /quiz, /review, inline buttons, plain-text answers, quiz polls, verdicts.

`send_question` is the one way a question reaches a chat (the push scheduler and groups call it too):
the asked row is recorded first, so every button points at a database row and works after a restart.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any

from telegram import (
    Bot,
    CallbackQuery,
    InlineKeyboardButton,
    InlineKeyboardMarkup,
    Message,
    Update,
)
from telegram.constants import ChatType, ParseMode, PollType
from telegram.error import BadRequest, TelegramError
from telegram.ext import (
    Application,
    CallbackQueryHandler,
    CommandHandler,
    MessageHandler,
    PollAnswerHandler,
    filters,
)

from bot.banks.model import CHOICE_KINDS, Kind, Question
from bot.delivery.outcomes import NotClaimed
from bot.grading import format_question, format_verdict
from bot.study.kinds import parse_filter
from bot.study.results import AnswerResult, Empty
from bot.telegram.callbacks import ACTIONS, VERSION, Callback, CallbackCodec, Rejected
from bot.telegram.common import GROUPS, INBOX, Context, codec_of, engine_of, send_html
from bot.telegram.courier import COURIER
from bot.telegram.failures import worth_retrying
from bot.telegram.next_word import decode_next, encode_next
from bot.telegram.pacing import push_args
from bot.telegram.render import MAX_MESSAGE, esc, split_message
from bot.telegram.texts import Lang, lang_of, t
from bot.telegram.transport import post_unread

if TYPE_CHECKING:
    from bot.study.engine import StudyEngine
    from bot.study.results import Pick

__all__ = [
    "PollShape",
    "deliver_result",
    "learner_lang",
    "next_keyboard",
    "poll_shape",
    "question_keyboard",
    "register",
    "remember_lang",
    "send_question",
    "verdict_text",
]

log = logging.getLogger(__name__)

# bot_data key: user id -> language, for learners seen since start-up (ensure_learner ran for them)
KNOWN = "known_learners"
# user_data keys: the filter of the learner's last /quiz, reused by the "next question" button, and
# the asked id of the last question /review sent (its verdict offers the next review). Memory only, but
# the "next" button carries the filter too (bot/telegram/next_word.py): a press after a restart keeps it.
FILTER = "quiz_filter"
REVIEWING = "reviewing"

MAX_POLL_QUESTION = 300
MAX_POLL_OPTION = 100
MAX_POLL_EXPLANATION = 200
MAX_POLL_EXPLANATION_LINES = 2  # line feeds
BUTTON_TEXT = 40  # characters of option text on a button (the full text is in the message)
# True/false buttons carry digits: option letters never are, so a "T" or "F" option stays a letter.
TF_REPLY = {"1": "对", "0": "错"}
_OUR_ACTIONS = frozenset({"answer", "toggle", "submit", "next"})


def _units(text: str) -> int:
    """Length as Telegram counts it (UTF-16 code units)."""
    return len(text.encode("utf-16-le")) // 2


def _chunks(html_text: str) -> list[str]:
    """The messages for HTML text: as it is when even its raw length fits (the common case, and much
    cheaper than tokenising), else split on line breaks."""
    if _units(html_text) <= MAX_MESSAGE and html_text.strip():
        return [html_text.strip()]
    return split_message(html_text)


async def _send(
    bot: Bot,
    chat_id: int,
    html_text: str,
    markup: InlineKeyboardMarkup | None = None,
    *,
    unread: bool = False,
    **extra: Any,
) -> Message | None:
    """Send HTML text (split when long, the keyboard under the last part); the last message sent.

    ``unread``: nobody needs the sent message (a verdict), so it is not parsed and None is returned."""
    chunks = _chunks(html_text)
    last: Message | None = None
    for i, chunk in enumerate(chunks):
        keyboard = markup if i == len(chunks) - 1 else None
        if unread:
            await post_unread(
                bot,
                "sendMessage",
                chat_id=chat_id,
                text=chunk,
                parse_mode=ParseMode.HTML,
                reply_markup=keyboard,
                **extra,
            )
            continue
        last = await bot.send_message(chat_id, chunk, parse_mode=ParseMode.HTML, reply_markup=keyboard, **extra)
    return last


# ----- what a question looks like ---------------------------------------------------------------


def _button_label(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= BUTTON_TEXT else text[: BUTTON_TEXT - 1] + "…"


def _tf_labels(lang: str) -> tuple[str, str]:
    return t("btn_true", lang), t("btn_false", lang)


def question_keyboard(
    codec: CallbackCodec, asked_id: int, question: Question, lang: str, ticked: str = ""
) -> InlineKeyboardMarkup | None:
    """Buttons for choice and true/false questions (None for fill and case: those are typed)."""
    if question.kind is Kind.true_false:
        yes, no = _tf_labels(lang)
        return InlineKeyboardMarkup(
            [
                [
                    InlineKeyboardButton(yes, callback_data=codec.encode("answer", asked_id, "1")),
                    InlineKeyboardButton(no, callback_data=codec.encode("answer", asked_id, "0")),
                ]
            ]
        )
    if question.kind not in CHOICE_KINDS:
        return None
    rows: list[list[InlineKeyboardButton]] = []
    multiple = question.kind is Kind.multiple
    for letter, text in question.options.items():
        if not multiple:
            rows.append(
                [
                    InlineKeyboardButton(
                        _button_label(f"{letter}. {text}"), callback_data=codec.encode("answer", asked_id, letter)
                    )
                ]
            )
            continue
        mark = "☑ " if letter in ticked else ""
        rows.append(
            [
                InlineKeyboardButton(
                    _button_label(f"{letter}. {mark}{text}"), callback_data=codec.encode("toggle", asked_id, letter)
                )
            ]
        )
    if multiple:
        rows.append([InlineKeyboardButton(t("btn_submit", lang), callback_data=codec.encode("submit", asked_id))])
    return InlineKeyboardMarkup(rows)


def next_keyboard(
    codec: CallbackCodec,
    lang: str,
    asked_id: int,
    *,
    review: bool = False,
    carry: tuple[list[str], list[str], bool] | None = None,
) -> InlineKeyboardMarkup:
    """The "next question" button under a verdict; it remembers which question it follows (and ``carry``,
    the /quiz filter, when it fits: a press after a restart keeps it; bot/telegram/next_word.py)."""
    label = t("btn_next_review" if review else "btn_next", lang)
    word = encode_next("r" if review else "q", asked_id, *(carry or (None,)))
    return InlineKeyboardMarkup([[InlineKeyboardButton(label, callback_data=codec.encode("next", word))]])


@dataclass(frozen=True)
class PollShape:
    """A question as a native quiz poll."""

    question: str
    options: list[str]
    replies: list[str]  # what each option means as a typed answer: its letter, or 对/错
    correct: list[int]
    multiple: bool
    explanation: str | None  # None when there is none or it is too long for the poll
    long_explanation: bool  # there is one, but only the verdict message can carry it


def poll_shape(question: Question, lang: str) -> PollShape | None:
    """The quiz poll for a choice or true/false question, or None when it does not fit Telegram's limits."""
    if question.kind is Kind.true_false:
        options = list(_tf_labels(lang))
        letters = ["对", "错"]
        correct = [0 if question.answer is True else 1]
    elif question.kind in CHOICE_KINDS:
        letters = list(question.options)
        options = [" ".join(f"{k}. {v}".split()) for k, v in question.options.items()]
        key = question.letters.upper()
        correct = [i for i, k in enumerate(letters) if k.upper() in key]
        if not correct or (question.kind is Kind.single and len(correct) != 1):
            return None
    else:
        return None
    text = f"{question.number}. {question.prompt.strip()}"
    if not 1 <= _units(text) <= MAX_POLL_QUESTION or not 2 <= len(options) <= 12:
        return None
    if any(not 1 <= _units(o) <= MAX_POLL_OPTION for o in options):
        return None
    expl = (question.explanation or "").strip()
    fits = _units(expl) <= MAX_POLL_EXPLANATION and expl.count("\n") <= MAX_POLL_EXPLANATION_LINES
    return PollShape(
        text,
        options,
        letters,
        correct,
        question.kind is Kind.multiple,
        expl if expl and fits else None,
        bool(expl) and not fits,
    )


def poll_reply(shape: PollShape, option_ids: Sequence[int]) -> str | None:
    """What a vote means as a typed answer (letters, or 对/错); None for a retracted or impossible vote."""
    if not option_ids or any(not 0 <= i < len(shape.replies) for i in option_ids):
        return None
    return "".join(shape.replies[i] for i in sorted(set(option_ids)))


async def send_question(
    bot: Bot,
    engine: StudyEngine,
    chat_id: int,
    learner_id: int | None,
    pick: Pick,
    lang: str,
    *,
    poll: bool = False,
    push: bool = False,
    claim: Callable[[], Awaitable[bool]] | None = None,
    open_seconds: int | None = None,
) -> int:
    """Ask ``pick`` in ``chat_id``; returns the asked id.

    The asked row is recorded before the send (buttons carry its id), the message attached after.
    ``poll``: a quiz poll when the question fits one, else buttons. ``push``: the send is a push
    (paced behind replies); ``claim`` goes with it to the rate limiter (bot/delivery/service.py). Telegram
    errors reach the caller.
    """
    codec: CallbackCodec = _codec_for(bot)
    extra: dict[str, Any] = {"rate_limit_args": push_args(claim)} if push else {}
    question = pick.question
    asked_id = await engine.ask(chat_id, learner_id, pick, open_seconds=open_seconds)
    try:
        return await _send_asked(
            bot, engine, codec, chat_id, asked_id, question, lang, poll=poll, open_seconds=open_seconds, extra=extra
        )
    except NotClaimed:  # the push was not to be sent after all: its question was never shown
        await engine.close_question(asked_id)
        raise


async def _send_asked(
    bot: Bot,
    engine: StudyEngine,
    codec: CallbackCodec,
    chat_id: int,
    asked_id: int,
    question: Question,
    lang: str,
    *,
    poll: bool,
    open_seconds: int | None,
    extra: dict[str, Any],
) -> int:
    shape = poll_shape(question, lang) if poll else None
    if shape is not None:
        msg = await bot.send_poll(
            chat_id,
            shape.question,
            shape.options,
            is_anonymous=False,
            type=PollType.QUIZ,
            allows_multiple_answers=shape.multiple or None,
            correct_option_ids=shape.correct,
            explanation=shape.explanation,
            open_period=open_seconds if open_seconds and open_seconds <= 600 else None,
            **extra,
        )
        await engine.attach_message(asked_id, msg.message_id, msg.poll.id if msg.poll else None)
        return asked_id
    markup = question_keyboard(codec, asked_id, question, lang)
    last = await _send(bot, chat_id, esc(format_question(question, lang)), markup, **extra)
    await engine.attach_message(asked_id, last.message_id if last else None)
    return asked_id


_CODECS: dict[str, CallbackCodec] = {}


def _codec_for(bot: Bot) -> CallbackCodec:
    """The callback codec of this bot's token (the same one the application keeps in bot_data)."""
    codec = _CODECS.get(bot.token)
    if codec is None:
        codec = _CODECS[bot.token] = CallbackCodec.from_token(bot.token)
    return codec


# ----- verdicts ----------------------------------------------------------------------------------


def _until(when: datetime, now: datetime, lang: str) -> str:
    seconds = max(0, int((when - now).total_seconds()))
    if seconds < 3600:
        return t("in_minutes", lang, n=max(1, seconds // 60))
    if seconds < 86400:
        return t("in_hours", lang, n=seconds // 3600)
    return t("in_days", lang, n=round(seconds / 86400))


def verdict_text(result: AnswerResult, lang: str, now: datetime, *, with_explanation: bool = True) -> str:
    """HTML for a recorded answer: the verdict (✅/🟡/❌ first), then streak and next review."""
    assert result.question is not None and result.verdict is not None
    plain = format_verdict(result.question, result.verdict, lang)
    if not with_explanation:
        plain = plain.splitlines()[0]
    lines = [esc(plain)]
    extra: list[str] = []
    if result.streak is not None and result.streak.current > 0:
        extra.append(t("verdict_streak", lang, days=result.streak.current))
    if result.review_due is not None:
        extra.append(t("verdict_review", lang, when=_until(result.review_due, now, lang)))
    if extra:
        lines.append("")
        lines.append(" · ".join(extra))
    return "\n".join(lines)


def _refusal_text(result: AnswerResult, lang: str) -> str:
    if result.status == "not_an_answer" and result.question is not None and result.verdict is not None:
        return esc(format_verdict(result.question, result.verdict, lang))
    return esc(result.message(lang))


async def _retire_question(
    bot: Bot, chat_id: int, message_id: int | None, question: Question | None, poll: bool
) -> None:
    """Take the buttons off an answered question (or stop its poll) so it is plainly done."""
    if message_id is None or question is None:
        return
    try:
        if poll:
            await bot.stop_poll(chat_id, message_id)
        elif question.kind in CHOICE_KINDS or question.kind is Kind.true_false:
            await post_unread(bot, "editMessageReplyMarkup", chat_id=chat_id, message_id=message_id)
    except BadRequest as exc:  # the learner deleted it, or it is too old to edit: nothing to retire
        log.info("could not retire question message %s in %s: %s", message_id, chat_id, exc)


async def deliver_result(
    context: Context,
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
) -> None:
    """Tell a learner in a private chat what became of their answer.

    ``repeat``: an answer recorded before (its verdict may have been lost with a crash) gets its verdict
    again. A verdict that cannot be sent for a while is kept and sent later (bot/telegram/courier.py)."""
    if not result.recorded and not (repeat and result.status == "already_answered" and result.verdict):
        await send_html(context, chat_id, _refusal_text(result, lang))
        return
    now = context.application.bot_data["clock"]()
    text = verdict_text(result, lang, now, with_explanation=with_explanation)
    review = review or _reviewing(context, result.asked_id)
    carry = None if review or context.user_data is None else context.user_data.get(FILTER)
    markup = next_keyboard(codec_of(context), lang, result.asked_id, review=review, carry=carry)
    await _send_or_keep(context, chat_id, text, markup)
    if retire:  # after the verdict, not beside it: a chat told to wait (429) gets one request at a time
        await _retire_question(context.bot, chat_id, message_id, result.question, poll)


async def _send_or_keep(context: Context, chat_id: int, text: str, markup: InlineKeyboardMarkup) -> None:
    try:
        await _send(context.bot, chat_id, text, markup, unread=True)
    except TelegramError as exc:
        courier = context.application.bot_data.get(COURIER)
        if courier is None or not worth_retrying(exc):
            raise
        await courier.keep(chat_id, text, markup, exc)


def is_replay(context: Context, update: Update) -> bool:
    """An update handed out again after a crash (its first handling may have been cut short)."""
    inbox = context.application.bot_data.get(INBOX)
    return inbox is not None and update.update_id in inbox.replayed


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


# ----- learners ----------------------------------------------------------------------------------


async def learner_lang(update: Update, context: Context) -> Lang:
    """The learner's language; on first contact since start-up the learner is created or refreshed."""
    user = update.effective_user
    if user is None:
        return "zh"
    known: dict[int, Lang] = context.application.bot_data.setdefault(KNOWN, {})
    lang = known.get(user.id)
    if lang is not None:
        return lang
    engine = engine_of(context)
    if engine is None:
        return lang_of(user.language_code)
    learner = await engine.ensure_learner(user.id, user.full_name, language=lang_of(user.language_code))
    lang = "en" if learner.language == "en" else "zh"
    known[user.id] = lang
    return lang


def remember_lang(context: Context, user_id: int, lang: Lang) -> None:
    """After /lang: the cached language follows the stored one."""
    context.application.bot_data.setdefault(KNOWN, {})[user_id] = lang


def _private(update: Update) -> bool:
    chat = update.effective_chat
    return chat is not None and chat.type == ChatType.PRIVATE


# ----- commands ----------------------------------------------------------------------------------


async def quiz_command(update: Update, context: Context) -> None:
    """/quiz [kind] [bank] [poll]"""
    user, chat, engine = update.effective_user, update.effective_chat, engine_of(context)
    if user is None or chat is None or engine is None:
        return
    lang = await learner_lang(update, context)
    args = context.args or []
    flt = parse_filter(args, engine.banks)
    if flt.unknown:
        words = ", ".join(w[:40] for w in flt.unknown[:5])
        await send_html(
            context,
            chat.id,
            t("quiz_bad_args", lang, words=esc(words), banks=esc(", ".join(sorted(engine.banks)) or "-")),
        )
        return
    kinds = [str(k) for k in flt.kinds]
    if context.user_data is not None:
        context.user_data[FILTER] = (kinds, list(flt.banks), flt.poll)
    await ask_next(context, chat.id, user.id, lang, kinds=kinds, banks=list(flt.banks), poll=flt.poll)


async def review_command(update: Update, context: Context) -> None:
    """/review: the questions due for review, most overdue first."""
    user, chat = update.effective_user, update.effective_chat
    if user is None or chat is None or engine_of(context) is None:
        return
    lang = await learner_lang(update, context)
    await ask_next(context, chat.id, user.id, lang, review=True)


async def ask_next(
    context: Context,
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
    engine = engine_of(context)
    assert engine is not None
    pick = await engine.next_question(user_id, banks=banks or None, kinds=kinds or None, review_only=review)
    if isinstance(pick, Empty):
        await send_html(context, chat_id, esc(pick.message(lang)))
        return None
    if not poll:
        poll = (await engine.settings(user_id)).poll
    asked_id = await send_question(context.bot, engine, chat_id, user_id, pick, lang, poll=poll)
    if review and context.user_data is not None:
        context.user_data[REVIEWING] = asked_id
    return asked_id


def _reviewing(context: Context, asked_id: int) -> bool:
    return context.user_data is not None and context.user_data.get(REVIEWING) == asked_id


# ----- answers -----------------------------------------------------------------------------------


async def on_text(update: Update, context: Context) -> None:
    """A plain text message in a private chat answers the latest open question there."""
    message, user, engine = update.message, update.effective_user, engine_of(context)
    if message is None or user is None or engine is None or message.text is None:
        return
    lang = await learner_lang(update, context)
    replay = is_replay(context, update)
    answered = await engine.answer_latest(message.chat_id, user.id, message.text, closed_too=replay)
    if answered is None or (
        answered[1].status == "already_answered" and answered[1].first_reply != message.text[:1000]
    ):
        # Nothing open; or, handled again after a crash, the latest question was answered by another message.
        await send_html(context, message.chat_id, t("quiz_no_open", lang))
        return
    asked, result = answered
    await deliver_result(
        context,
        message.chat_id,
        result,
        lang,
        message_id=asked.message_id,
        poll=asked.poll_id is not None,
        repeat=replay,
    )


async def on_other_message(update: Update, context: Context) -> None:
    """Stickers, photos, voice... in a private chat: say what the bot can read."""
    if update.message is None or update.effective_user is None:
        return
    lang = await learner_lang(update, context)
    await send_html(context, update.message.chat_id, t("quiz_text_only", lang))


async def on_unknown_command(update: Update, context: Context) -> None:
    """A command no handler knows, in a private chat."""
    message = update.message
    if message is None or message.text is None:
        return
    name = message.text.split(maxsplit=1)[0].split("@", 1)[0].lstrip("/").lower()
    for group in context.application.handlers.values():
        for handler in group:
            if isinstance(handler, CommandHandler) and name in handler.commands:
                return  # someone else's command (its handler ran, or refused it for this chat)
    lang = await learner_lang(update, context)
    await send_html(context, message.chat_id, t("unknown_command", lang, name=esc("/" + name[:40])))


async def on_poll_answer(update: Update, context: Context) -> None:
    """A vote in one of our quiz polls: graded and recorded like any answer."""
    vote, engine = update.poll_answer, engine_of(context)
    if vote is None or vote.user is None or engine is None:
        return  # an anonymous vote (voter_chat) has no learner to credit
    asked = await engine.asked_by_poll(vote.poll_id)
    if asked is None or asked.question is None:
        return
    groups = context.application.bot_data.get(GROUPS)
    if asked.chat_id < 0 and (groups is None or not await groups.is_member(asked.chat_id, vote.user.id)):
        log.info("group %s: a vote by %s, who is not a member, not counted", asked.chat_id, vote.user.id)
        return
    lang = await learner_lang(update, context)
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


# ----- buttons -----------------------------------------------------------------------------------


def _ours(data: object) -> bool:
    """Our actions, and anything that is no well-formed action at all (forged: someone must answer it).

    Well-formed data for another feature's action is left to that feature's handler."""
    if not isinstance(data, str):
        return False
    code = data[1:2]
    return not (data[:1] == VERSION and code in ACTIONS and ACTIONS[code][0] not in _OUR_ACTIONS)


async def on_dataless_button(update: Update, context: Context) -> None:
    """A callback query without data (no handler pattern matches one): answered all the same."""
    query = update.callback_query
    if query is not None and not query.data:
        await query.answer(t("callback_invalid", await learner_lang(update, context)))


async def on_button(update: Update, context: Context) -> None:
    query = update.callback_query
    if query is None:
        return
    decoded = codec_of(context).decode(query.data)
    if isinstance(decoded, Rejected) or decoded.action not in _OUR_ACTIONS:
        lang = await learner_lang(update, context)
        await query.answer(t("callback_invalid", lang))
        return
    lang = await learner_lang(update, context)
    if decoded.action == "next":
        await _press_next(update, context, query, decoded, lang)
    elif decoded.action == "toggle":
        await _press_toggle(context, query, decoded, lang)
    else:
        await _press_answer(update, context, query, decoded, lang)


def _query_place(query: CallbackQuery) -> tuple[int | None, int | None, bool]:
    """(chat id, message id, is a group) of the message the button sits on."""
    msg = query.message
    if msg is None:
        return None, None, False
    return msg.chat.id, msg.message_id, msg.chat.type != ChatType.PRIVATE


async def _press_answer(update: Update, context: Context, query: CallbackQuery, cb: Callback, lang: Lang) -> None:
    engine = engine_of(context)
    assert engine is not None and cb.asked_id is not None
    user_id = query.from_user.id
    if cb.action == "submit":
        reply = await engine.selection(cb.asked_id, user_id)
        if not reply:
            await query.answer(t("toast_pick_first", lang))
            return
    else:
        reply = TF_REPLY.get(cb.fields[1], cb.fields[1])
    chat_id, message_id, group = _query_place(query)
    if chat_id is None:  # no message to tell where it was pressed (an inline or a too old one): not counted
        await toast(query, t("callback_invalid", lang))
        return
    result = await engine.answer(user_id, cb.asked_id, reply, place=(chat_id, message_id))
    if result.status != "recorded":
        await toast(query, repeated_verdict(result, lang))
        if result.status == "already_answered" and chat_id is not None and not group:
            if is_replay(context, update):  # the first handling may have died before the verdict went
                await deliver_result(context, chat_id, result, lang, message_id=message_id, poll=False, repeat=True)
            courier = context.application.bot_data.get(COURIER)
            if courier is not None:  # a verdict kept for this chat goes now
                await courier.deliver_now(chat_id)
        return
    assert result.question is not None and result.verdict is not None
    head = format_verdict(result.question, result.verdict, lang).splitlines()[0]
    await toast(query, head[:200])
    if group or chat_id is None:
        return  # in a group the result is announced when the question closes
    await deliver_result(context, chat_id, result, lang, message_id=message_id, poll=False)


async def _press_toggle(context: Context, query: CallbackQuery, cb: Callback, lang: Lang) -> None:
    engine = engine_of(context)
    assert engine is not None and cb.asked_id is not None
    user_id = query.from_user.id
    asked = await engine.get_asked(cb.asked_id)
    letter = cb.fields[1]
    refusal = None
    if asked is None:
        refusal = AnswerResult("unknown", cb.asked_id).message(lang)
    elif asked.question is None:
        refusal = AnswerResult("gone", cb.asked_id).message(lang)
    elif asked.closed:
        refusal = AnswerResult("closed", cb.asked_id).message(lang)
    elif query.message is None or query.message.chat.id != asked.chat_id:
        refusal = AnswerResult("elsewhere", cb.asked_id).message(lang)
    elif asked.chat_id > 0 and asked.learner_id not in (None, user_id):
        refusal = AnswerResult("not_yours", cb.asked_id).message(lang)
    elif asked.question.kind is not Kind.multiple or letter not in asked.question.options:
        refusal = t("callback_invalid", lang)
    if refusal is not None or asked is None or asked.question is None:
        await query.answer((refusal or t("callback_invalid", lang))[:200])
        return
    ticked = await engine.toggle_option(asked.id, user_id, letter)
    chat_id, message_id, group = _query_place(query)
    await query.answer(t("toast_selected", lang, letters=ticked) if ticked else t("toast_cleared", lang))
    if not group and chat_id is not None and message_id is not None:
        markup = question_keyboard(codec_of(context), asked.id, asked.question, lang, ticked)
        await context.bot.edit_message_reply_markup(chat_id, message_id, reply_markup=markup)


async def _press_next(update: Update, context: Context, query: CallbackQuery, cb: Callback, lang: Lang) -> None:
    engine = engine_of(context)
    assert engine is not None
    word = decode_next(cb.fields[0], engine.banks)
    mode, after = (word.mode, str(word.after)) if word is not None else ("", "")
    chat_id, message_id, group = _query_place(query)
    if mode not in ("q", "r") or not after.isdigit() or chat_id is None or group:
        await query.answer(t("callback_invalid", lang))
        return
    user_id = query.from_user.id
    latest = await engine.latest_open_asked(chat_id, user_id)
    if latest is not None and latest.id > int(after):
        await query.answer(t("toast_next_sent", lang))
        return
    await query.answer()
    # Only a message that still shows buttons has one to take off (an edit to the same markup is a 400).
    if message_id is not None and isinstance(query.message, Message) and query.message.reply_markup:
        try:  # one press, one question: the button goes once used
            await context.bot.edit_message_reply_markup(chat_id, message_id, reply_markup=None)
        except BadRequest as exc:
            log.info("could not remove the next button: %s", exc)
    kinds: list[str] | None = None
    banks: list[str] | None = None
    poll = False
    saved = context.user_data.get(FILTER) if context.user_data is not None else None
    if mode == "q" and word is not None and word.carried:
        kinds, banks, poll = list(word.kinds), list(word.banks), word.poll
        if context.user_data is not None:  # and the next verdict's button carries it on
            context.user_data[FILTER] = (kinds, banks, poll)
    elif mode == "q" and saved:
        kinds, banks, poll = saved
    await ask_next(context, chat_id, user_id, lang, kinds=kinds, banks=banks, poll=poll, review=mode == "r")


def register(app: Application) -> None:  # type: ignore[type-arg]
    """Buttons, typed answers, poll votes, and the replies to what the bot cannot read (private chats)."""
    private_new = filters.ChatType.PRIVATE & filters.UpdateType.MESSAGE
    app.add_handler(CallbackQueryHandler(on_button, pattern=_ours))
    app.add_handler(PollAnswerHandler(on_poll_answer))
    app.add_handler(MessageHandler(private_new & filters.TEXT & ~filters.COMMAND, on_text))
    # Late groups: only when no command handler of any feature took the message.
    app.add_handler(MessageHandler(private_new & filters.COMMAND, on_unknown_command), group=90)
    other = private_new & ~filters.TEXT & ~filters.Document.ALL & ~filters.StatusUpdate.ALL
    app.add_handler(MessageHandler(other, on_other_message), group=90)
    app.add_handler(CallbackQueryHandler(on_dataless_button), group=91)
