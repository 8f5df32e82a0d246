"""The one registry of commands, as data: it feeds /help, Telegram's command menus and the handlers.

A feature adds its command by appending a ``Command`` to ``REGISTRY`` (order = order in /help and in
the menu), its two descriptions under ``cmd_<name>`` in the catalogs (bot/locale), and the function that
answers it to ``HANDLERS`` in bot/telegram/command_handlers.py. This module imports no handler: the
handlers read the commands served from ``context.bot_data.commands`` (the /help text is built here).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from telegram import Bot, BotCommand, BotCommandScopeAllGroupChats, BotCommandScopeAllPrivateChats

from bot.banks.upload import ALLOWED_SUFFIXES as UPLOAD_FORMATS
from bot.locale import DEFAULT
from bot.telegram.texts import LANGS, Lang, t

__all__ = ["REGISTRY", "WHY", "Command", "bot_commands", "help_text", "publish_commands", "served_commands"]


@dataclass(frozen=True)
class Command:
    name: str  # without the slash; [a-z0-9_]{1,32}
    private: bool = True  # available in private chats
    group: bool = False  # available in groups and supergroups
    menu: bool = True  # listed in /help and in Telegram's command menu
    admin: bool = False  # STUDYBOT_ADMINS only (checked before the handler): no public menu; /help for admins
    refusal: str = "admin_only"  # what a non-admin is told (a message of the catalogs)

    def description(self, lang: str) -> str:
        return t(f"cmd_{self.name}", lang)


REGISTRY: list[Command] = [
    Command("start", private=True, group=True),
    Command("help", private=True, group=True),
    Command("quiz", private=True, group=True),
    Command("review"),
    Command("streak"),
    Command("banks"),
    Command("lang"),
    Command("settings", private=True, group=True),
    Command("report"),
    Command("subscribe", private=True, group=True),
    Command("unsubscribe", private=True, group=True),
    Command("remind"),
    Command("stats", private=True, group=True),
    Command("reveal", private=False, group=True),
    Command("top", private=False, group=True),
    # Admin commands: in a private chat, the bot's admins only; anyone else gets a polite refusal.
    Command("announce", admin=True, refusal="announce_not_admin"),
    Command("reports", admin=True),
    Command("fixkey", admin=True),
    Command("dismiss", admin=True),
    Command("panel", admin=True),
]

# /why: served always (with model help off it shows the bank's explanation, or says there is none); in
# /help and the command menus only while model help is configured (bot/telegram/model_help.py).
WHY = Command("why", menu=False)


def served_commands(model_help: bool) -> list[Command]:
    """The commands the application serves: the registry, then /why (listed only with model help on)."""
    return [*REGISTRY, replace(WHY, menu=model_help)]


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
    """setMyCommands for private chats and groups, in every language of the list (and the default language's
    for every other)."""
    for private, scope in ((True, BotCommandScopeAllPrivateChats()), (False, BotCommandScopeAllGroupChats())):
        for lang in LANGS:
            await bot.set_my_commands(bot_commands(commands, lang, private=private), scope=scope, language_code=lang)
        await bot.set_my_commands(bot_commands(commands, DEFAULT, private=private), scope=scope)
