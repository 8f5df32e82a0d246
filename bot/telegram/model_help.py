"""Model help in the chat (docs/ai.md): case answers judged by a model, [为什么?] and /why, the opt-out.

All of it is inert unless model help is configured: `context.model_help` is None without
STUDYBOT_AI_URL (the composition root builds it, bot/app.py), and nothing here imports bot.ai.

Waiting on the model. A case answer is judged *before* it is recorded, so the verdict the learner reads,
the score in their stats, the review card and the streak all say the same thing. Sending the rules'
verdict first and editing it later was weighed and not taken: the learner would see a verdict change
under their eyes (❌ then ✅), and the card and stats already written from the first one would have to
be undone. While the model works the chat shows "typing…" (from the first second on, renewed until the
verdict: a cached judgement or a fast model shows none), and STUDYBOT_AI_TIMEOUT bounds the wait; then
the rules' verdict comes, exactly as without a model. A waiting answer holds one of the update slots of
bot/telegram/ordering.py, so at most `WAITING` answers may wait on the model at once: past that the
rules' verdict comes at once, and a slow model never keeps other learners waiting.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import TYPE_CHECKING, TypeVar

from telegram import Bot, CallbackQuery, InlineKeyboardButton, InlineKeyboardMarkup, Message, Update
from telegram.constants import ChatAction
from telegram.error import TelegramError
from telegram.ext import Application, ApplicationHandlerStop, MessageHandler, filters

from bot.banks.model import Kind, Question
from bot.grading.verdict import Verdict
from bot.telegram.callbacks import Callback, CallbackCodec
from bot.telegram.context import CustomContext
from bot.telegram.presses import PRESSES
from bot.telegram.render import esc
from bot.telegram.sending import send_html
from bot.telegram.switches import SWITCH, on_off
from bot.telegram.texts import t

if TYPE_CHECKING:
    from bot.study.engine import Judge
    from bot.study.results import AnswerResult, AskedQuestion

__all__ = [
    "WAITING",
    "ai_button",
    "ai_menu_entry",
    "case_judge",
    "press_ai",
    "press_why",
    "register",
    "set_model_grading",
    "typing",
    "why_command",
    "with_why",
]

log = logging.getLogger(__name__)

T = TypeVar("T")

WAITING = 8  # answers that may wait on the model at once: half of the 16 update slots (bot/telegram/app.py)
TYPING_AFTER = 1.0  # seconds before "typing…" is shown (a cached judgement needs none)
TYPING_EVERY = 4.5  # Telegram shows a chat action for 5 seconds, or until the bot's next message


# ----- waiting on the model ------------------------------------------------------------------------------


async def _keep_typing(bot: Bot, chat_id: int) -> None:
    while True:
        try:
            await bot.send_chat_action(chat_id, ChatAction.TYPING)
        except TelegramError as exc:  # only a courtesy: the verdict goes all the same
            log.info("could not show typing in %s: %s", chat_id, exc)
            return
        await asyncio.sleep(TYPING_EVERY)


async def _typing_later(bot: Bot, chat_id: int) -> None:
    await asyncio.sleep(TYPING_AFTER)
    await _keep_typing(bot, chat_id)


@contextlib.asynccontextmanager
async def typing(bot: Bot, chat_id: int) -> AsyncIterator[None]:
    """ "typing…" in the chat while the block runs, from `TYPING_AFTER` seconds on."""
    shown = asyncio.ensure_future(_typing_later(bot, chat_id))
    try:
        yield
    finally:
        shown.cancel()


async def _waited(context: CustomContext, chat_id: int, make: Callable[[], Awaitable[T]]) -> T | None:
    """`make()`'s result, with "typing…" in the chat while it takes; None at once when `WAITING` others
    wait on the model already (then the caller does without)."""
    data = context.bot_data
    if data.model_waiting >= WAITING:
        log.info("model help skipped in %s: %d answers wait on the model already", chat_id, data.model_waiting)
        return None
    data.model_waiting += 1
    try:
        async with typing(context.bot, chat_id):
            return await make()
    finally:
        data.model_waiting -= 1


# ----- case answers ----------------------------------------------------------------------------------------


def case_judge(context: CustomContext, chat_id: int, learner_id: int, lang: str) -> Judge | None:
    """What `StudyEngine.answer(..., judge=)` takes for a typed reply in a private chat: the model's
    verdict on a case answer (the learner's opt-out, the daily cap and every fallback are ModelHelp's);
    None without model help."""
    model_help = context.model_help
    if model_help is None:
        return None

    async def judge(bank_id: str, question: Question, reply: str, rules: Verdict, day: int) -> Verdict | None:
        if question.kind is not Kind.case:
            return None
        return await _waited(
            context,
            chat_id,
            lambda: model_help.judge_case(
                bank_id, question, reply, rules, lang=lang, learner_id=learner_id, local_day=day
            ),
        )

    return judge


# ----- explanations: [为什么?] under a verdict, and /why ------------------------------------------------------


def with_why(
    context: CustomContext, markup: InlineKeyboardMarkup | None, result: AnswerResult, lang: str
) -> InlineKeyboardMarkup | None:
    """The verdict's keyboard (none in a session) with [为什么?] after [下一题], when model help is on."""
    if context.model_help is None or result.question is None:
        return markup
    why = InlineKeyboardButton(t("btn_why", lang), callback_data=context.codec.encode("why", result.asked_id))
    return InlineKeyboardMarkup([*(markup.inline_keyboard if markup is not None else ()), [why]])


async def _explanation(context: CustomContext, chat_id: int, learner_id: int, asked: AskedQuestion, lang: str) -> str:
    """HTML: the model's explanation (marked as generated); else the bank's own; else why there is none."""
    question = asked.question
    assert question is not None
    model_help = context.model_help
    if model_help is not None:
        day = await context.engine.local_today(learner_id)
        explained = await _waited(
            context,
            chat_id,
            lambda: model_help.explain(asked.bank_id, question, lang=lang, learner_id=learner_id, local_day=day),
        )
        if explained is not None:
            return esc(explained.render())
    if question.explanation and question.explanation.strip():
        return t("why_bank", lang, text=esc(question.explanation.strip()))
    return t("why_failed" if model_help is not None else "why_off", lang)


async def press_why(context: CustomContext, query: CallbackQuery, cb: Callback) -> None:
    """[为什么?] under a verdict: the explanation, as a reply to that verdict."""
    lang = await context.lang()
    assert cb.asked_id is not None
    asked = await context.engine.get_asked(cb.asked_id)
    msg = query.message
    if asked is None or msg is None:
        await _toast(query, t("callback_invalid", lang))
        return
    if asked.question is None:
        await _toast(query, t("why_gone", lang))
        return
    await _toast(query, t("why_asking", lang) if context.model_help is not None else None)
    text = await _explanation(context, msg.chat.id, query.from_user.id, asked, lang)
    await send_html(context.bot, msg.chat.id, text, reply_to=msg.message_id)


async def why_command(update: Update, context: CustomContext) -> None:
    """/why: the explanation of the question the learner answered last."""
    user, chat = update.effective_user, update.effective_chat
    if user is None or chat is None:
        return
    lang = await context.lang()
    asked = await context.engine.last_answered(user.id)
    if asked is None:
        await context.reply(t("why_nothing_yet", lang))
        return
    if asked.question is None:
        await context.reply(t("why_gone", lang))
        return
    await context.reply(await _explanation(context, chat.id, user.id, asked, lang))


async def _toast(query: CallbackQuery, text: str | None) -> None:
    try:
        await query.answer(text[:200] if text else None)
    except TelegramError as exc:
        log.info("could not answer a button press: %s", exc)


# ----- the opt-out: /settings ai on|off and a button for the settings menu ------------------------------------


async def ai_menu_entry(context: CustomContext, learner_id: int, lang: str) -> tuple[str, InlineKeyboardButton] | None:
    """What a settings menu shows for model grading: its line ("案例分析题由模型按要点评分：开") and the
    button that flips it; None without model help (then the menu shows nothing of it)."""
    model_help = context.model_help
    if model_help is None:
        return None
    allowed = await model_help.model_grading(learner_id)
    return t("ai_grading_state", lang, state=on_off(allowed, lang)), ai_button(context.codec, lang, allowed)


def ai_button(codec: CallbackCodec, lang: str, allowed: bool) -> InlineKeyboardButton:
    """The settings menu's button: it switches model grading to the other state (callback ``ai:on|off``)."""
    return InlineKeyboardButton(
        t("btn_ai_off" if allowed else "btn_ai_on", lang), callback_data=codec.encode("ai", "off" if allowed else "on")
    )


async def set_model_grading(context: CustomContext, learner_id: int, allowed: bool, lang: str) -> str | None:
    """Switch the learner's model grading; what to tell them (HTML), or None without model help."""
    model_help = context.model_help
    if model_help is None:
        return None
    await model_help.set_model_grading(learner_id, allowed)
    log.info("learner %s: model grading %s", learner_id, "on" if allowed else "off")
    if allowed:
        return t("ai_grading_on", lang, model=esc(model_help.client.model))
    return t("ai_grading_off", lang)


async def press_ai(context: CustomContext, query: CallbackQuery, cb: Callback) -> None:
    """The settings menu's button: switch, say so in a toast, and turn the button into its opposite (the
    rest of the menu is left as it is)."""
    lang = await context.lang()
    allowed = cb.fields[0] == "on"
    said = (
        await set_model_grading(context, query.from_user.id, allowed, lang) if cb.fields[0] in ("on", "off") else None
    )
    if said is None:
        await _toast(query, t("callback_invalid", lang))
        return
    await _toast(query, t("ai_grading_state", lang, state=on_off(allowed, lang)))
    msg = query.message
    markup = getattr(msg, "reply_markup", None)
    if msg is None or not isinstance(markup, InlineKeyboardMarkup):
        return
    flipped = ai_button(context.codec, lang, allowed)
    rows = [[flipped if _is_ai(context.codec, b) else b for b in row] for row in markup.inline_keyboard]
    try:
        await context.bot.edit_message_reply_markup(
            msg.chat.id, msg.message_id, reply_markup=InlineKeyboardMarkup(rows)
        )
    except TelegramError as exc:  # an old message, or the same markup: the toast said it
        log.info("could not flip the model grading button: %s", exc)


def _is_ai(codec: CallbackCodec, button: InlineKeyboardButton) -> bool:
    decoded = codec.decode(button.callback_data if isinstance(button.callback_data, str) else None)
    return isinstance(decoded, Callback) and decoded.action == "ai"


_SETTINGS_AI = re.compile(r"^/settings(?:@\w+)?\s+(?:ai|模型)(?:\s+(\S+))?\s*$", re.IGNORECASE)


class _SettingsAi(filters.MessageFilter):
    """``/settings ai …``: the message's whole text, stripped, against one pattern (a plain filter, no
    match data kept in the context)."""

    def filter(self, message: Message) -> bool:
        return bool(message.text and _SETTINGS_AI.match(message.text.strip()))


async def settings_ai_command(update: Update, context: CustomContext) -> None:
    """``/settings ai [on|off]`` in a private chat (before the settings command sees it)."""
    message, user = update.effective_message, update.effective_user
    if message is None or user is None or message.text is None:
        return
    lang = await context.lang()
    found = _SETTINGS_AI.match(message.text.strip())
    word = (found.group(1) or "").casefold() if found else ""
    said = await set_model_grading(context, user.id, SWITCH[word], lang) if word in SWITCH else None
    if said is not None:
        await context.reply(said)
    elif (entry := await ai_menu_entry(context, user.id, lang)) is not None:  # the state, and a button
        line, button = entry
        await context.reply(f"{line}\n{t('ai_settings_usage', lang)}", reply_markup=InlineKeyboardMarkup([[button]]))
    raise ApplicationHandlerStop  # the settings command has nothing to add


PRESSES.update({"why": press_why, "ai": press_ai})


def register(app: Application) -> None:  # type: ignore[type-arg]
    """``/settings ai``, only with model help configured (/why is a command of the registry, served always:
    bot/telegram/commands.py)."""
    settings = app.bot_data.settings
    if settings is not None and settings.ai_enabled:
        typed = filters.ChatType.PRIVATE & filters.UpdateType.MESSAGE & _SettingsAi()
        # A handler group of its own, before every feature's (a group runs only its first match).
        app.add_handler(MessageHandler(typed, settings_ai_command), group=-10)
