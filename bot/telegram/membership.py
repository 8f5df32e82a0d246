"""Being blocked, unblocked, added to or removed from chats (my_chat_member), and group migrations.

Added to a group, the bot takes the language of the admin who added it as the group's (unless the group
chose one before) and says hello there: how to answer and what admins can set."""

from __future__ import annotations

import logging

from telegram import ChatMember, Update
from telegram.constants import ChatType
from telegram.ext import Application, ChatMemberHandler, MessageHandler, filters

from bot.telegram.context import CustomContext
from bot.telegram.texts import lang_of

__all__ = ["on_migrate", "on_my_chat_member", "register"]

log = logging.getLogger(__name__)

_PRESENT = {ChatMember.MEMBER, ChatMember.ADMINISTRATOR, ChatMember.OWNER, ChatMember.RESTRICTED}


async def on_my_chat_member(update: Update, context: CustomContext) -> None:
    change = update.my_chat_member
    if change is None:
        return
    chat = change.chat
    present = change.new_chat_member.status in _PRESENT
    engine = context.engine
    if chat.type == ChatType.PRIVATE:
        log.info("learner %s %s the bot", chat.id, "unblocked" if present else "blocked")
        await engine.set_blocked(chat.id, not present)
        return
    log.info("bot %s chat %s (%s)", "added to" if present else "removed from", chat.id, chat.type)
    found = await engine.ensure_chat(chat.id, chat.type, chat.title or "")
    await engine.set_chat_active(chat.id, present)
    added = present and change.old_chat_member.status not in _PRESENT  # not a promotion to admin
    if not added or chat.type not in (ChatType.GROUP, ChatType.SUPERGROUP):
        return
    lang = lang_of(found.language) if found.language else None
    if lang is None:
        lang = await context.bot_data.languages.of_user(engine, change.from_user)
        await engine.set_chat_language(chat.id, lang)
    await context.groups.notice(chat.id, context.texts("group_welcome", lang))


async def on_migrate(update: Update, context: CustomContext) -> None:
    message = update.effective_message
    if message is None or message.migrate_to_chat_id is None:
        return
    old, new = message.chat.id, message.migrate_to_chat_id
    log.info("group %s became supergroup %s", old, new)
    await context.engine.migrate_chat(old, new)


def register(app: Application) -> None:  # type: ignore[type-arg]
    app.add_handler(ChatMemberHandler(on_my_chat_member, ChatMemberHandler.MY_CHAT_MEMBER))
    app.add_handler(MessageHandler(filters.StatusUpdate.MIGRATE, on_migrate))
