"""Which function answers each command of the registry (bot/telegram/commands.py), and the check before it.

The handlers' modules sit below this one: none imports it, nor the registry's handlers. A command in the
registry without a function here (or the other way round) is a bug of ours, caught at start.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from telegram import Update
from telegram.constants import ChatType
from telegram.ext import CommandHandler, filters

from bot.telegram import admin, basic, desk, groups, learner, menus, model_help, quiz, stats
from bot.telegram import subscriptions as pushes
from bot.telegram.commands import Command, served_commands
from bot.telegram.context import BotApplication, CustomContext, HandlerFn
from bot.telegram.texts import t

__all__ = ["HANDLERS", "guarded", "register"]

HANDLERS: dict[str, HandlerFn] = {
    "start": basic.start,
    "help": basic.help_command,
    "quiz": groups.quiz_command,
    "review": quiz.review_command,
    "streak": learner.streak_command,
    "banks": learner.banks_command,
    "lang": learner.lang_command,
    "settings": groups.settings_command,
    "report": learner.report_command,
    "subscribe": pushes.subscribe_command,
    "unsubscribe": pushes.unsubscribe_command,
    "remind": pushes.remind_command,
    "stats": stats.stats_command,
    "reveal": groups.reveal_command,
    "top": groups.top_command,
    "announce": pushes.announce_command,
    "reports": admin.reports_command,
    "fixkey": admin.fixkey_command,
    "dismiss": admin.dismiss_command,
    "panel": desk.panel_command,
    "why": model_help.why_command,
}


def guarded(command: Command, handler: HandlerFn) -> HandlerFn:
    """The handler, after checking the command is available in this kind of chat."""

    async def handle(update: Update, context: CustomContext) -> None:
        chat = update.effective_chat
        if chat is None:
            return
        private = chat.type == ChatType.PRIVATE
        if command.admin and not private:
            return  # admin work happens in private; a group is not told these commands exist
        if private and not command.private:
            await context.reply(t("command_group_only", await context.lang()))
            return
        if not private and not command.group:  # a link that opens the private chat on this command
            lang, label = await context.chat_lang(), f"/{command.name}"
            markup = menus.private_link_markup(
                context.bot.username, command.name, t("btn_open_private", lang, command=label)
            )
            await context.reply(t("command_private_only_link", lang, command=label), reply_markup=markup)
            return
        if command.admin and not await admin.admin_or_refuse(update, context, f"/{command.name}", command.refusal):
            return
        await handler(update, context)

    handle.__name__ = f"command_{command.name}"
    return handle


def register(
    app: BotApplication, commands: Sequence[Command] | None = None, handlers: Mapping[str, HandlerFn] = HANDLERS
) -> None:
    """Every command served (the registry, and /why in the menus only with model help configured), each
    behind its guard."""
    if commands is None:
        settings = app.bot_data.settings
        commands = served_commands(model_help=settings is not None and settings.ai_enabled)
    names = {c.name for c in commands}
    if names != set(handlers):  # a command without its function, or a function for no command
        raise ValueError(f"commands and handlers differ: {sorted(names ^ set(handlers))}")
    app.bot_data.commands = list(commands)
    app.bot_data.command_handlers = dict(handlers)
    for command in commands:
        # New messages only: an edited "/quiz" must not ask a second question.
        handler = guarded(command, handlers[command.name])
        app.add_handler(CommandHandler(command.name, handler, filters=filters.UpdateType.MESSAGE))
