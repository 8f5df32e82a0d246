"""/start and /help."""

from __future__ import annotations

from telegram import Update
from telegram.constants import ChatType

from bot.telegram.context import CustomContext
from bot.telegram.render import esc

__all__ = ["help_command", "start"]


async def start(update: Update, context: CustomContext) -> None:
    user, chat = update.effective_user, update.effective_chat
    if user is None or chat is None:
        return
    if chat.type == ChatType.PRIVATE:
        await context.engine.ensure_learner(user.id, user.full_name, language=user.language_code)
    lang = await context.lang()
    await context.reply(context.texts("start", lang, name=esc(user.first_name)))


async def help_command(update: Update, context: CustomContext) -> None:
    from bot.telegram.commands import help_text  # the registry imports this module

    chat = update.effective_chat
    if chat is None:
        return
    lang = await context.lang()
    private = chat.type == ChatType.PRIVATE
    await context.reply(help_text(context.bot_data.commands, lang, private=private, admin=context.is_bot_admin()))
