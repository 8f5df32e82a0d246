"""/subscribe, /unsubscribe, /remind, /announce, and the report of a finished announcement.

What a push sends is bot/telegram/pushes.py's; when and how often is the push scheduler's
(bot/delivery/service.py, started and stopped by the lifecycle in bot/app.py).
"""

from __future__ import annotations

import logging
from datetime import UTC, datetime, time, tzinfo

from telegram import CallbackQuery, InlineKeyboardButton, InlineKeyboardMarkup, Update
from telegram.constants import ChatType, ParseMode
from telegram.error import BadRequest

from bot.delivery.arguments import ArgumentError, parse_remind, parse_subscribe
from bot.records import Announcement, Subscription
from bot.telegram.callbacks import Callback, CallbackCodec
from bot.telegram.context import BotApplication, CustomContext
from bot.telegram.presses import PRESSES
from bot.telegram.render import esc
from bot.telegram.sending import send_html
from bot.telegram.texts import Lang, t
from bot.telegram.zone_names import ASKED_ZONES, LANGUAGE_ZONES, zone_words
from bot.zones import parse_clock, parse_time_zone, zone_name

__all__ = [
    "announce_command",
    "announcement_finished",
    "remind_command",
    "subscribe_command",
    "unsubscribe_command",
    "zone_chosen",
    "zone_question",
    "zone_unknown",
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
    current = await context.subscriptions.get(chat.id, "daily")
    count = args.count
    if not args.count_given:  # a new time only: the number of questions chosen before (even if stopped) stays
        count = current.count if current is not None else count
    remind = await context.subscriptions.get(chat.id, "remind")
    tz_now = (await context.engine.settings(user.id)).tz
    if private and args.tz is None and zone_unknown(current, remind, tz_now, context.settings.tz):
        await _ask_zone(context, args.at.strftime("%H%M"), count, lang)  # the first time: asked, not assumed
        return
    tz = args.tz or await _default_zone(context, update)
    await context.reply(await _subscribed(context, chat.id, user.id, args.at, tz, count, lang, private=private))


async def _subscribed(
    context: CustomContext, chat_id: int, user_id: int, at: time, tz: tzinfo, count: int, lang: Lang, *, private: bool
) -> str:
    """Subscribe the chat; what the reply says (the time, the zone in the learner's words, the next push)."""
    slot = await context.subscriptions.subscribe(chat_id, user_id, at, tz, count=count)
    key = "sub_done" if private else "sub_group_done"
    when = _when(slot.due_at, tz)
    return t(key, lang, time=at.strftime("%H:%M"), tz=esc(zone_words(zone_name(tz), lang)), n=count, next=when)


def zone_question(
    codec: CallbackCodec, hhmm: str, count: int, lang: Lang, *, action: str = "subzone"
) -> tuple[str, InlineKeyboardMarkup]:
    """Which zone the daily time is in: a button per zone of the learner's language (typing one still works).
    ``action`` answers the press: /subscribe's (here) or the menu's, which shows its daily screen again."""
    buttons = [
        InlineKeyboardButton(
            zone_words(name, lang), callback_data=codec.encode(action, hhmm, ASKED_ZONES.index(name), count)
        )
        for name in LANGUAGE_ZONES.get(lang, LANGUAGE_ZONES["en"])
    ]
    rows = [buttons[i : i + 2] for i in range(0, len(buttons), 2)]
    return t("sub_ask_zone", lang, time=f"{hhmm[:2]}:{hhmm[2:]}"), InlineKeyboardMarkup(rows)


async def _ask_zone(context: CustomContext, hhmm: str, count: int, lang: Lang) -> None:
    text, markup = zone_question(context.codec, hhmm, count, lang)
    await context.reply(text, reply_markup=markup)


def zone_unknown(daily: Subscription | None, remind: Subscription | None, tz: str, default_tz: str) -> bool:
    """Nothing subscribed yet, ever, and the learner's zone still the bot's default, which nobody chose: the
    zone is asked, not assumed (a learner who set a zone in the settings is not asked again)."""
    return daily is None and remind is None and tz == default_tz


async def zone_chosen(context: CustomContext, query: CallbackQuery, cb: Callback, lang: Lang) -> str | None:
    """A zone pressed under a zone question (HHMM, zone, count): the learner's zone from now on and the
    subscription made; what to say, or None (the press answered as invalid)."""
    msg, user_id = query.message, query.from_user.id
    hhmm, index, count = cb.fields
    valid = index.isdecimal() and int(index) < len(ASKED_ZONES) and count.isdecimal() and int(count) >= 1
    try:
        at = parse_clock(f"{hhmm[:2]}:{hhmm[2:]}")
    except ValueError:
        valid = False
    if msg is None or msg.chat.type != ChatType.PRIVATE or not valid:
        await query.answer(t("callback_invalid", lang))
        return None
    await query.answer()
    name = ASKED_ZONES[int(index)]
    await context.engine.update_settings(user_id, tz=name)
    await context.engine.ensure_chat(msg.chat.id, ChatType.PRIVATE)  # asked from a menu, the chat may be new
    return await _subscribed(context, msg.chat.id, user_id, at, parse_time_zone(name), int(count), lang, private=True)


async def press_zone(context: CustomContext, query: CallbackQuery, cb: Callback) -> None:
    """A zone chosen under /subscribe's question: the question's message says what was done, its buttons gone."""
    lang, msg = await context.lang(), query.message
    text = await zone_chosen(context, query, cb, lang)
    if text is None or msg is None:
        return
    try:
        await context.bot.edit_message_text(text, msg.chat.id, msg.message_id, parse_mode=ParseMode.HTML)
    except BadRequest as exc:  # the question is gone: said in a message of its own
        log.info("zone question not replaced: %s", exc)
        await send_html(context.bot, msg.chat.id, text)


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
    await context.reply(t("remind_done", lang, time=args.at.strftime("%H:%M"), tz=esc(zone_words(zone_name(tz), lang))))


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


PRESSES.update({"subzone": press_zone})
