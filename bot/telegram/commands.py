"""The one registry of commands: it feeds the handlers, /help and Telegram's command menus.

A feature adds its command by appending a ``Command`` to ``REGISTRY`` (order = order in /help and in
the menu) and its two descriptions to ``texts.TEXTS`` under ``cmd_<name>``.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass

from telegram import Bot, BotCommand, BotCommandScopeAllGroupChats, BotCommandScopeAllPrivateChats, Update
from telegram.constants import ChatType
from telegram.ext import Application, CommandHandler, filters

from bot.banks.upload import ALLOWED_SUFFIXES as UPLOAD_FORMATS
from bot.telegram import admin, basic, desk, groups, learner, menus, quiz, stats
from bot.telegram import subscriptions as pushes
from bot.telegram.context import CustomContext
from bot.telegram.texts import LANGS, Lang, t

__all__ = ["REGISTRY", "Command", "bot_commands", "guarded", "help_text", "publish_commands", "register"]

log = logging.getLogger(__name__)

HandlerFn = Callable[[Update, CustomContext], Awaitable[None]]


@dataclass(frozen=True)
class Command:
    name: str  # without the slash; [a-z0-9_]{1,32}
    handler: HandlerFn
    private: bool = True  # available in private chats
    group: bool = False  # available in groups and supergroups
    menu: bool = True  # listed in /help and in Telegram's command menu
    admin: bool = False  # STUDYBOT_ADMINS only (checked before the handler): no public menu; /help for admins
    refusal: str = "admin_only"  # what a non-admin is told (a key of texts.TEXTS)

    def description(self, lang: str) -> str:
        return t(f"cmd_{self.name}", lang)


REGISTRY: list[Command] = [
    Command("start", basic.start, private=True, group=True),
    Command("help", basic.help_command, private=True, group=True),
    Command("quiz", groups.quiz_command, private=True, group=True),
    Command("review", quiz.review_command),
    Command("streak", learner.streak_command),
    Command("banks", learner.banks_command),
    Command("lang", learner.lang_command),
    Command("settings", groups.settings_command, private=True, group=True),
    Command("report", learner.report_command),
    Command("subscribe", pushes.subscribe_command, private=True, group=True),
    Command("unsubscribe", pushes.unsubscribe_command, private=True, group=True),
    Command("remind", pushes.remind_command),
    Command("stats", stats.stats_command, private=True, group=True),
    Command("reveal", groups.reveal_command, private=False, group=True),
    Command("top", groups.top_command, private=False, group=True),
    # Admin commands: in a private chat, the bot's admins only; anyone else gets a polite refusal.
    Command("announce", pushes.announce_command, admin=True, refusal="announce_not_admin"),
    Command("reports", admin.reports_command, admin=True),
    Command("fixkey", admin.fixkey_command, admin=True),
    Command("dismiss", admin.dismiss_command, admin=True),
    Command("panel", desk.panel_command, admin=True),
]


def bot_commands(commands: Sequence[Command], lang: Lang, *, private: bool) -> list[BotCommand]:
    """The menu for one language and one kind of chat."""
    return [
        BotCommand(c.name, c.description(lang))
        for c in commands
        if c.menu and not c.admin and (c.private if private else c.group)
    ]


def help_text(commands: Sequence[Command], lang: Lang, *, private: bool, admin: bool = False) -> str:
    """/help: the commands usable in this kind of chat first, then the others marked where they work.

    Admin commands are listed last, and only to an admin in a private chat.
    """
    public = [c for c in commands if c.menu and not c.admin]
    here = [c for c in public if (c.private if private else c.group)]
    elsewhere = [c for c in public if c not in here]
    lines = [t("help_header", lang)]
    lines += [f"/{c.name} — {c.description(lang)}" for c in here]
    note = t("help_group_only", lang) if private else t("help_private_only", lang)
    lines += [f"/{c.name} — {c.description(lang)}{note}" for c in elsewhere]
    if admin and private:
        lines += ["", t("help_admin_header", lang)]
        lines += [f"/{c.name} — {c.description(lang)}" for c in commands if c.admin]
        lines.append(t("help_admin_upload", lang, formats=" ".join(UPLOAD_FORMATS)))
    lines += ["", t("help_footer", lang)]
    return "\n".join(lines)


async def publish_commands(bot: Bot, commands: Sequence[Command]) -> None:
    """setMyCommands for private chats and groups, in zh and en (and zh for every other language)."""
    for private, scope in ((True, BotCommandScopeAllPrivateChats()), (False, BotCommandScopeAllGroupChats())):
        for lang in LANGS:
            await bot.set_my_commands(bot_commands(commands, lang, private=private), scope=scope, language_code=lang)
        await bot.set_my_commands(bot_commands(commands, "zh", private=private), scope=scope)


def guarded(command: Command) -> HandlerFn:
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
        await command.handler(update, context)

    handle.__name__ = f"command_{command.name}"
    return handle


def register(app: Application, commands: Sequence[Command] = REGISTRY) -> None:  # type: ignore[type-arg]
    app.bot_data.commands = list(commands)
    for command in commands:
        # New messages only: an edited "/quiz" must not ask a second question.
        app.add_handler(CommandHandler(command.name, guarded(command), filters=filters.UpdateType.MESSAGE))
