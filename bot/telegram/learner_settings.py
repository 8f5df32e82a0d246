"""/settings in a private chat: the settings as a menu of buttons (bot/telegram/menus.py), or one setting
changed by typing (``/settings poll on|off``, ``kinds <kinds>|all``, ``tz <zone>``). In a group the
command is the group's (bot/telegram/groups.py), which hands private chats to this one."""

from __future__ import annotations

from telegram import Update

from bot.study.results import SettingsError
from bot.telegram.context import CustomContext
from bot.telegram.menus import follow_zone, screen
from bot.telegram.render import esc
from bot.telegram.switches import SWITCH
from bot.telegram.texts import Lang, t
from bot.zones import ReadError, parse_time_zone, zone_name

__all__ = ["settings_command"]


async def settings_command(update: Update, context: CustomContext) -> None:
    """/settings shows everything as a menu of buttons; /settings poll on|off, kinds <kinds>|all, tz <zone>
    change one by typing."""
    user, chat = update.effective_user, update.effective_chat
    if user is None or chat is None:
        return
    lang = await context.lang()
    args = [a for a in (context.args or []) if a.strip()]
    if args:
        error = await _change_setting(context, user.id, args, lang)
        if error is not None:
            await context.reply(error)
            return
    shown = await screen(context, "settings", chat.id, user.id, lang)
    assert shown is not None
    await context.reply(shown[0], reply_markup=shown[1])


async def _change_setting(context: CustomContext, user_id: int, args: list[str], lang: Lang) -> str | None:
    """Apply ``/settings <name> <value...>``; the error to show (HTML), or None when it was applied."""
    engine = context.engine
    name, values = args[0].casefold(), args[1:]
    try:
        if name in ("poll", "投票") and len(values) == 1 and values[0].casefold() in SWITCH:
            await engine.update_settings(user_id, poll=SWITCH[values[0].casefold()])
        elif name in ("kinds", "kind", "题型") and values:
            all_kinds = len(values) == 1 and values[0].casefold() in ("all", "全部")
            await engine.update_settings(user_id, kinds=None if all_kinds else [v[:40] for v in values[:10]])
        elif name in ("tz", "时区") and values:
            place = " ".join(values)[:64]  # New York, Pacific Standard Time
            try:
                zone = parse_time_zone(place)
            except ReadError as exc:  # say what was wrong: an unknown place, or an offset out of range
                return t(f"arg_{exc.problem}", lang, arg=esc(place))
            await engine.update_settings(user_id, tz=zone_name(zone))
            await follow_zone(context, user_id, zone)
        else:
            return t("settings_usage", lang)
    except SettingsError as exc:
        return esc(exc.message(lang))
    return None
