"""/start and /help."""

from __future__ import annotations

from telegram import Update
from telegram.constants import ChatType

from bot.telegram.common import COMMANDS, SETTINGS, Context, engine_of, lang_for, send_html
from bot.telegram.render import esc
from bot.telegram.texts import t

__all__ = ["help_command", "start"]


async def start(update: Update, context: Context) -> None:
    user, chat = update.effective_user, update.effective_chat
    if user is None or chat is None:
        return
    engine = engine_of(context)
    if engine is not None and chat.type == ChatType.PRIVATE:
        await engine.ensure_learner(user.id, user.full_name, language=user.language_code)
    lang = await lang_for(update, context)
    await send_html(context, chat.id, t("start", lang, name=esc(user.first_name)))


async def help_command(update: Update, context: Context) -> None:
    from bot.telegram.commands import help_text  # the registry imports this module

    chat = update.effective_chat
    if chat is None:
        return
    lang = await lang_for(update, context)
    commands = context.application.bot_data[COMMANDS]
    user = update.effective_user
    admin = user is not None and user.id in context.application.bot_data[SETTINGS].admins
    await send_html(context, chat.id, help_text(commands, lang, private=chat.type == ChatType.PRIVATE, admin=admin))
