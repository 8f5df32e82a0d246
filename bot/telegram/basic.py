"""/start (with its buttons, and the payload of a deep link) and /help."""

from __future__ import annotations

import re

from telegram import Update
from telegram.constants import ChatType

from bot.telegram import menus
from bot.telegram.commands import help_text
from bot.telegram.context import CustomContext

__all__ = ["help_command", "start"]

# Commands that act on no arguments (/subscribe would subscribe at 09:00) open their screen instead.
_SCREENS = {"subscribe": "daily", "unsubscribe": "daily", "lang": "lang"}
_PAYLOAD = re.compile(r"^[A-Za-z0-9_-]{1,64}$")  # what Telegram allows after ?start=


async def start(update: Update, context: CustomContext) -> None:
    """/start: a greeting with buttons; ``/start <command>`` (from a deep link) runs that command instead."""
    user, chat = update.effective_user, update.effective_chat
    if user is None or chat is None:
        return
    if chat.type != ChatType.PRIVATE:
        lang = await context.chat_lang()
        markup = menus.private_link_markup(
            context.bot.username, "start", context.texts("btn_open_private", lang, command="/start")
        )
        await context.reply(context.texts("start_group", lang), reply_markup=markup)
        return
    await context.engine.ensure_learner(user.id, user.full_name, language=user.language_code)
    lang = await context.lang()
    payload = (context.args or [""])[0]
    if _PAYLOAD.match(payload) and await _run_payload(update, context, payload):
        return
    text, markup = await menus.screen(context, "start", chat.id, user.id, lang) or ("", None)
    await context.reply(text, reply_markup=markup)


async def _run_payload(update: Update, context: CustomContext, payload: str) -> bool:
    """A deep link's command (``review``, ``streak``...) or menu screen (``settings``, ``daily``); False if neither."""
    chat, user = update.effective_chat, update.effective_user
    assert chat is not None and user is not None
    name = _SCREENS.get(payload.lower(), payload.lower())
    # Every command the application serves, those the features add (/why) too.
    served = context.bot_data.commands
    command = next((c for c in served if c.name == name and c.private and not c.admin and c.name != "start"), None)
    if command is not None:
        context.args = []
        await context.bot_data.command_handlers[command.name](update, context)
        return True
    shown = await menus.screen(context, name, chat.id, user.id, await context.lang())
    if shown is None:
        return False
    await context.reply(shown[0], reply_markup=shown[1])
    return True


async def help_command(update: Update, context: CustomContext) -> None:
    chat = update.effective_chat
    if chat is None:
        return
    lang = await context.chat_lang()
    private = chat.type == ChatType.PRIVATE
    await context.reply(help_text(context.bot_data.commands, lang, private=private, admin=context.is_bot_admin()))
