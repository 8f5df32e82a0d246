"""What every handler needs: the shared resources in bot_data, the user's language, sending HTML."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from telegram import Update
from telegram.constants import ParseMode
from telegram.ext import Application, ContextTypes

from bot.config import Settings
from bot.telegram.render import split_message
from bot.telegram.texts import Lang, lang_of

if TYPE_CHECKING:
    from telegram import Message

    from bot.study.engine import StudyEngine
    from bot.telegram.callbacks import CallbackCodec

__all__ = ["SETTINGS", "codec_of", "engine_of", "lang_for", "run_while_serving", "send_html", "settings_of"]

Context = ContextTypes.DEFAULT_TYPE

# bot_data keys (one place, so features agree on them)
SETTINGS = "settings"
STORE = "store"
ENGINE = "engine"
CODEC = "codec"
COMMANDS = "commands"
INBOX = "inbox"
GROUPS = "group_quiz"  # the GroupQuiz (bot/telegram/group_quiz.py)


def settings_of(context: Context) -> Settings:
    return context.application.bot_data[SETTINGS]


def engine_of(context: Context) -> StudyEngine | None:
    """The study engine, once post_init has opened it (None before, e.g. in a bare test application)."""
    return context.application.bot_data.get(ENGINE)


def codec_of(context: Context) -> CallbackCodec:
    return context.application.bot_data[CODEC]


async def lang_for(update: Update, context: Context) -> Lang:
    """The learner's chosen language if we know them, else their Telegram language (default zh)."""
    user = update.effective_user
    if user is None:
        return "zh"
    engine = engine_of(context)
    if engine is not None:
        learner = await engine.learner(user.id)
        if learner is not None:
            return "en" if learner.language == "en" else "zh"
    return lang_of(user.language_code)


async def send_html(context: Context, chat_id: int, text: str, **kwargs: Any) -> list[Message]:
    """Send HTML ``text``, split into several messages when over Telegram's limit.

    Keyword arguments (reply_markup...) go with the last chunk only, so a keyboard sits under the end.
    """
    chunks = split_message(text)
    sent: list[Message] = []
    for i, chunk in enumerate(chunks):
        extra = kwargs if i == len(chunks) - 1 else {}
        sent.append(await context.bot.send_message(chat_id, chunk, parse_mode=ParseMode.HTML, **extra))
    return sent


def run_while_serving(
    app: Application,  # type: ignore[type-arg]
    start: Callable[[Any], Awaitable[None]],
    stop: Callable[[Any], Awaitable[None]],
) -> None:
    """Run `start` after post_init (the store is open) and `stop` when polling stops and again before
    the store closes (post_shutdown), for background work such as the push scheduler or group closer.

    `stop` must be safe to call twice.
    """
    first_init, first_stop, first_shutdown = app.post_init, app.post_stop, app.post_shutdown

    async def init(application: Any) -> None:
        if first_init is not None:
            await first_init(application)
        await start(application)

    async def stopped(application: Any) -> None:
        await stop(application)
        if first_stop is not None:
            await first_stop(application)

    async def shutdown(application: Any) -> None:
        await stop(application)  # before the store closes
        if first_shutdown is not None:
            await first_shutdown(application)

    app.post_init, app.post_stop, app.post_shutdown = init, stopped, shutdown
