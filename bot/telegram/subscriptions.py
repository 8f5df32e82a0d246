"""/subscribe, /unsubscribe, /remind, /announce, and the report of a finished announcement.

What a push sends is bot/telegram/pushes.py's; when and how often is the push scheduler's
(bot/delivery/service.py, started and stopped by the lifecycle in bot/app.py).
"""

from __future__ import annotations

import logging
from datetime import UTC, datetime, tzinfo

from telegram import Update
from telegram.constants import ChatType

from bot.delivery.arguments import ArgumentError, parse_remind, parse_subscribe
from bot.records import Announcement
from bot.telegram.context import BotApplication, CustomContext
from bot.telegram.render import esc
from bot.telegram.sending import send_html
from bot.telegram.texts import Lang, t
from bot.zones import parse_time_zone, zone_name

__all__ = [
    "announce_command",
    "announcement_finished",
    "remind_command",
    "subscribe_command",
    "unsubscribe_command",
]

log = logging.getLogger(__name__)


async def announcement_finished(app: BotApplication, ann: Announcement, counts: dict[str, int]) -> None:
    """Tell the admin who sent an announcement how it went."""
    engine = app.bot_data.engine
    assert engine is not None
    lang = await app.bot_data.languages.of_learner(engine, ann.by_chat)
    text = t(
        "announce_done",
        lang,
        id=ann.id,
        sent=counts.get("sent", 0),
        failed=counts.get("failed", 0),
        uncertain=counts.get("uncertain", 0),
    )
    await send_html(app.bot, ann.by_chat, text)


# ----- commands -------------------------------------------------------------------------------------------


def _argument_problem(exc: ArgumentError, lang: Lang) -> str:
    return t(f"arg_{exc.problem}", lang, arg=esc(exc.arg))


async def _default_zone(context: CustomContext, update: Update) -> tzinfo:
    engine = context.engine
    chat, user = update.effective_chat, update.effective_user
    name = context.settings.tz
    if chat is not None:
        if chat.type == ChatType.PRIVATE and user is not None:
            name = (await engine.settings(user.id)).tz
        else:
            found = await engine.chat(chat.id)
            name = found.tz if found is not None and found.tz else name
    try:
        return parse_time_zone(name)
    except ValueError:
        return UTC


def _when(moment: datetime, tz: tzinfo) -> str:
    return moment.astimezone(tz).strftime("%Y-%m-%d %H:%M")


async def subscribe_command(update: Update, context: CustomContext) -> None:
    """/subscribe [HH:MM] [TZ] [N]: private for oneself; in a group by its admins, for the group."""
    chat, user = update.effective_chat, update.effective_user
    if chat is None or user is None:
        return
    lang = await context.lang()
    try:
        args = parse_subscribe(context.args or [])
    except ArgumentError as exc:
        await context.reply(t("sub_usage", lang, problem=_argument_problem(exc, lang)))
        return
    private = chat.type == ChatType.PRIVATE
    if not private and not await context.groups.is_admin(update):
        await context.reply(t("sub_admins_only", lang))
        return
    await context.engine.ensure_chat(chat.id, chat.type, chat.title or "")
    tz = args.tz or await _default_zone(context, update)
    count = args.count
    if not args.count_given:  # a new time only: the number of questions chosen before (even if stopped) stays
        current = await context.subscriptions.get(chat.id, "daily")
        count = current.count if current is not None else count
    slot = await context.subscriptions.subscribe(chat.id, user.id, args.at, tz, count=count)
    key = "sub_done" if private else "sub_group_done"
    when = _when(slot.due_at, tz)
    await context.reply(t(key, lang, time=args.at.strftime("%H:%M"), tz=esc(zone_name(tz)), n=count, next=when))


async def unsubscribe_command(update: Update, context: CustomContext) -> None:
    chat = update.effective_chat
    if chat is None:
        return
    lang = await context.lang()
    if chat.type != ChatType.PRIVATE and not await context.groups.is_admin(update):
        await context.reply(t("sub_admins_only", lang))
        return
    stopped = await context.subscriptions.stop(chat.id, "daily")
    await context.reply(t("unsub_done" if stopped else "unsub_none", lang))


async def remind_command(update: Update, context: CustomContext) -> None:
    """/remind HH:MM [TZ] switches the evening reminder on, /remind off switches it off."""
    chat, user = update.effective_chat, update.effective_user
    if chat is None or user is None:
        return
    lang = await context.lang()
    try:
        args = parse_remind(context.args or [])
    except ArgumentError as exc:
        await context.reply(t("remind_usage", lang, problem=_argument_problem(exc, lang)))
        return
    if args.at is None:
        stopped = await context.subscriptions.stop(chat.id, "remind")
        await context.reply(t("remind_off" if stopped else "remind_none", lang))
        return
    await context.engine.ensure_chat(chat.id, chat.type, chat.title or "")
    tz = args.tz or await _default_zone(context, update)
    await context.subscriptions.subscribe(chat.id, user.id, args.at, tz, kind="remind")
    await context.reply(t("remind_done", lang, time=args.at.strftime("%H:%M"), tz=esc(zone_name(tz))))


async def announce_command(update: Update, context: CustomContext) -> None:
    """/announce TEXT (the bot's admins, checked by the command registry): to every active subscriber."""
    chat, user, message = update.effective_chat, update.effective_user, update.effective_message
    if chat is None or user is None or message is None:
        return
    lang = await context.lang()
    parts = (message.text or "").split(maxsplit=1)  # keep the text's own line breaks
    text = parts[1].strip() if len(parts) > 1 else ""
    if not text:
        await context.reply(t("announce_usage", lang))
        return
    ann_id, recipients = await context.subscriptions.announce(text, chat.id)
    log.info("admin %d queued announcement %d for %d chats", user.id, ann_id, recipients)
    await context.reply(t("announce_queued", lang, id=ann_id, n=recipients))
    context.subscriptions.wake()
