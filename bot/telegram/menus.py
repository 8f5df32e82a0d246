"""Tap first: /start's buttons, the settings menu (edited in place), and links from a group to the private chat.

Two button actions (bot/telegram/callbacks.py): ``menu`` opens a screen or does what a command does
(practice, banks, review, mistakes), ``set`` changes one setting and shows the screen again. Every
screen is one message edited in place (editMessageText), with a back button; nothing a screen shows
is kept in memory, so its buttons work after a restart.

A private-only command used in a group answers with a deep link, ``https://t.me/<bot>?start=<command>``:
Telegram opens the private chat and sends ``/start <command>``, which runs that command there.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from datetime import time, tzinfo

from telegram import CallbackQuery, InlineKeyboardButton, InlineKeyboardMarkup
from telegram.constants import ChatType, ParseMode
from telegram.error import BadRequest

from bot.banks.language import bank_language
from bot.banks.model import Kind
from bot.delivery.arguments import DEFAULT_TIME
from bot.grading import kind_label
from bot.study.days import tzinfo_for
from bot.study.progress import missed_pick, reviews_due
from bot.telegram import learner, model_help, quiz, stats
from bot.telegram.callbacks import Callback, CallbackCodec
from bot.telegram.context import CustomContext
from bot.telegram.empty_states import next_steps
from bot.telegram.presses import PRESSES
from bot.telegram.render import esc
from bot.telegram.sending import send_html
from bot.telegram.subscriptions import zone_chosen, zone_question, zone_unknown
from bot.telegram.switches import on_off
from bot.telegram.texts import LANGUAGE_NAMES, Lang, lang_of, listing, t
from bot.telegram.zone_names import zone_words
from bot.zones import MENU_ZONES, zone_name

__all__ = [
    "DAILY_COUNTS",
    "DAILY_TIMES",
    "follow_zone",
    "private_link",
    "private_link_markup",
    "screen",
    "start_keyboard",
]

log = logging.getLogger(__name__)

DAILY_TIMES = ("07:00", "08:00", "12:00", "18:00", "20:00", "21:00")
DAILY_COUNTS = (1, 3, 5, 10)

Screen = tuple[str, InlineKeyboardMarkup]


def _button(codec: CallbackCodec, text: str, action: str, *fields: str | int) -> InlineKeyboardButton:
    return InlineKeyboardButton(text, callback_data=codec.encode(action, *fields))


def _back(codec: CallbackCodec, lang: str, to: str = "settings") -> list[InlineKeyboardButton]:
    return [_button(codec, t("btn_back", lang), "menu", to)]


ROUND_SIZES = (5, 10, 20)
REMIND_TIMES = ("19:00", "20:00", "21:00", "22:00")


def start_keyboard(codec: CallbackCodec, lang: str, due: int = 0) -> InlineKeyboardMarkup:
    """Every learner feature a tap away: one question, a round (/quiz N), the banks, review (with how many
    are due), streak, stats, the daily push and the settings (reminder there)."""
    practice, banks = (_button(codec, t(f"btn_{w}", lang), "menu", w) for w in ("practice", "banks"))
    rounds = [_button(codec, t("btn_round", lang, n=n), "menu", f"round{n}") for n in ROUND_SIZES]
    review = _button(codec, t("btn_review_due", lang, n=due), "menu", "review")
    streak, stats = (_button(codec, t(f"btn_{w}", lang), "menu", w) for w in ("streak", "stats"))
    daily = _button(codec, t("btn_daily", lang), "menu", "daily-start")  # its « 返回 leads here, not to settings
    settings = _button(codec, t("btn_settings", lang), "menu", "settings")
    return InlineKeyboardMarkup([[practice, banks], rounds, [review, streak, stats], [daily, settings]])


def private_link(bot_username: str, payload: str) -> str:
    """The deep link that opens the private chat with the bot and sends ``/start payload`` there."""
    return f"https://t.me/{bot_username}?start={payload}"


def private_link_markup(bot_username: str, payload: str, label: str) -> InlineKeyboardMarkup:
    return InlineKeyboardMarkup([[InlineKeyboardButton(label, url=private_link(bot_username, payload))]])


# ----- the screens -----------------------------------------------------------------------------------------


async def screen(context: CustomContext, name: str, chat_id: int, user_id: int, lang: Lang) -> Screen | None:
    """A menu screen by name (start, settings, lang, tz, daily, kinds, remind, streak, banks); None for an
    unknown name."""
    builders: dict[str, Callable[[CustomContext, int, int, Lang], Awaitable[Screen]]] = {
        "start": _start_screen,
        "settings": _settings_screen,
        "lang": _lang_screen,
        "tz": _tz_screen,
        "daily": _daily_screen,
        "kinds": _kinds_screen,
        "remind": _remind_screen,
        "streak": _streak_screen,
        "banks": _banks_screen,
    }
    name, _, back = name.partition("-")  # `daily-start`: the daily screen, its way back to the start menu
    build = builders.get(name)
    if build is None or back not in ("", "start"):
        return None
    text, markup = await build(context, chat_id, user_id, lang)
    return (text, _back_to(markup, context.codec, lang, back)) if back else (text, markup)


def _back_to(markup: InlineKeyboardMarkup, codec: CallbackCodec, lang: str, to: str) -> InlineKeyboardMarkup:
    """The screen with its last row, the way back, leading to ``to``."""
    rows = [list(row) for row in markup.inline_keyboard]
    return InlineKeyboardMarkup([*rows[:-1], _back(codec, lang, to)])


def _came_from(codec: CallbackCodec, markup: InlineKeyboardMarkup | None) -> str:
    """Where the shown screen's way back leads (``-start`` to append to its name), read off its last button,
    so a setting changed on a screen opened from the start menu keeps that way back."""
    if markup is None or not markup.inline_keyboard or not markup.inline_keyboard[-1]:
        return ""
    decoded = codec.decode(markup.inline_keyboard[-1][-1].callback_data)  # type: ignore[arg-type]
    if not isinstance(decoded, Callback) or decoded.action != "menu":
        return ""
    word = decoded.fields[0]
    return "-start" if word == "start" or word.endswith("-start") else ""


async def _start_screen(context: CustomContext, chat_id: int, user_id: int, lang: Lang) -> Screen:
    learner_row = await context.engine.learner(user_id)
    name = learner_row.name if learner_row is not None else ""
    due = (await reviews_due(context.engine, user_id)).due_now
    text = t("start_private", lang, name=esc(name))
    languages = {bank_language(bank) for bank in context.engine.banks.values()}
    if languages and lang not in languages:  # told before the first question, not discovered in it
        named = listing((t(f"bank_language_{code}", lang) for code in sorted(languages)), lang)
        text += "\n\n" + t("start_banks_language", lang, language=named)
    return text, start_keyboard(context.codec, lang, due)


async def _streak_screen(context: CustomContext, chat_id: int, user_id: int, lang: Lang) -> Screen:
    text = learner.streak_text(await context.engine.streak(user_id), lang)
    return text, InlineKeyboardMarkup([_back(context.codec, lang, "start")])


async def _banks_screen(context: CustomContext, chat_id: int, user_id: int, lang: Lang) -> Screen:
    settings = await context.engine.settings(user_id)
    return learner.banks_view(context.engine, settings.banks, lang, context.codec)


def _time_buttons(
    codec: CallbackCodec, what: str, times: tuple[str, ...], chosen: str | None
) -> list[InlineKeyboardButton]:
    """One button per time of day (HH:MM) that sets ``what``; ☑ marks the chosen one."""
    return [
        _button(codec, ("☑ " if hhmm == chosen else "") + hhmm, "set", what, hhmm.replace(":", "")) for hhmm in times
    ]


async def _remind_screen(context: CustomContext, chat_id: int, user_id: int, lang: Lang) -> Screen:
    """The evening reminder (/remind): a time to switch it on or move it, a button to switch it off."""
    settings = await context.engine.settings(user_id)
    remind = await context.subscriptions.get(chat_id, "remind")
    active = remind is not None and remind.active
    codec = context.codec
    times = _time_buttons(codec, "remind", REMIND_TIMES, remind.hhmm if remind is not None and active else None)
    rows = [times]
    if active:
        rows.append([_button(codec, t("btn_remind_off", lang), "set", "remind", "off")])
    rows.append(_back(codec, lang))
    tz = remind.tz if remind is not None and active else settings.tz
    text = t("menu_remind", lang, remind=learner.subscription_text(remind, lang), tz=esc(zone_words(tz, lang)))
    return text, InlineKeyboardMarkup(rows)


async def _settings_screen(context: CustomContext, chat_id: int, user_id: int, lang: Lang) -> Screen:
    settings = await context.engine.settings(user_id)
    daily = await context.subscriptions.get(chat_id, "daily")
    remind = await context.subscriptions.get(chat_id, "remind")
    codec = context.codec
    poll = t("btn_poll", lang, state=on_off(settings.poll, lang))
    reminding = on_off(remind is not None and remind.active, lang)
    rows = [
        [_button(codec, t("btn_lang", lang), "menu", "lang"), _button(codec, t("btn_tz", lang), "menu", "tz")],
        [_button(codec, t("btn_daily", lang), "menu", "daily"), _button(codec, t("btn_kinds", lang), "menu", "kinds")],
        [
            _button(codec, poll, "set", "poll", "off" if settings.poll else "on"),
            _button(codec, t("btn_banks", lang), "menu", "banks"),
        ],
        [_button(codec, t("btn_remind", lang, state=reminding), "menu", "remind")],
        _back(codec, lang, "start"),
    ]
    titles = {bank_id: bank.title for bank_id, bank in context.engine.banks.items()}
    text = learner.settings_text(settings, lang, daily, remind, titles)
    if (model := await model_help.ai_menu_entry(context, user_id, lang)) is not None:
        text += "\n" + esc(model[0])  # with model help on: model grading of case answers, and its switch
        rows.insert(-1, [model[1]])
    return text, InlineKeyboardMarkup(rows)


async def _lang_screen(context: CustomContext, chat_id: int, user_id: int, lang: Lang) -> Screen:
    codec = context.codec
    names = LANGUAGE_NAMES.items()
    row = [_button(codec, ("☑ " if code == lang else "") + name, "set", "lang", code) for code, name in names]
    return t("menu_lang", lang, language=LANGUAGE_NAMES[lang]), InlineKeyboardMarkup([row, _back(codec, lang)])


async def _tz_screen(context: CustomContext, chat_id: int, user_id: int, lang: Lang) -> Screen:
    settings = await context.engine.settings(user_id)
    codec = context.codec
    buttons = [
        _button(codec, ("☑ " if name == settings.tz else "") + (zh if lang == "zh" else en), "set", "tz", i)
        for i, (name, zh, en) in enumerate(MENU_ZONES)
    ]
    rows = [buttons[i : i + 3] for i in range(0, len(buttons), 3)]
    now = context.clock().astimezone(tzinfo_for(settings.tz)).strftime("%H:%M")
    text = t("menu_tz", lang, tz=esc(zone_words(settings.tz, lang)), now=now)
    return text, InlineKeyboardMarkup([*rows, _back(codec, lang)])


async def _daily_screen(context: CustomContext, chat_id: int, user_id: int, lang: Lang) -> Screen:
    settings = await context.engine.settings(user_id)
    daily = await context.subscriptions.get(chat_id, "daily")
    active = daily is not None and daily.active
    count = daily.count if daily is not None and active else 1
    codec = context.codec
    times = _time_buttons(codec, "time", DAILY_TIMES, daily.hhmm if daily is not None and active else None)
    counts = [
        _button(codec, ("☑ " if active and n == count else "") + t("btn_count", lang, n=n), "set", "count", n)
        for n in DAILY_COUNTS
    ]
    rows = [times[:3], times[3:], counts]
    if active:
        rows.append([_button(codec, t("btn_daily_off", lang), "set", "time", "off")])
    rows.append(_back(codec, lang))
    tz = daily.tz if daily is not None and active else settings.tz
    text = t("menu_daily", lang, daily=learner.subscription_text(daily, lang), n=count, tz=esc(zone_words(tz, lang)))
    return text, InlineKeyboardMarkup(rows)


async def _kinds_screen(context: CustomContext, chat_id: int, user_id: int, lang: Lang) -> Screen:
    settings = await context.engine.settings(user_id)
    codec = context.codec
    chosen = set(settings.kinds or ())
    buttons = [
        _button(codec, ("☑ " if kind.value in chosen else "☐ ") + kind_label(kind, lang), "set", "kind", kind.value)
        for kind in Kind
    ]
    every = _button(codec, ("☑ " if not chosen else "") + t("btn_all_kinds", lang), "set", "kind", "all")
    rows = [buttons[:3], buttons[3:], [every], _back(codec, lang)]
    kinds = listing((kind_label(Kind(k), lang) for k in settings.kinds or ()), lang) or t("kinds_all", lang)
    return t("menu_kinds", lang, kinds=esc(kinds)), InlineKeyboardMarkup(rows)


async def _show(context: CustomContext, query: CallbackQuery, shown: Screen) -> None:
    """The screen in place of the message whose button was pressed."""
    msg = query.message
    if msg is None:
        return
    text, markup = shown
    try:
        await context.bot.edit_message_text(
            text, msg.chat.id, msg.message_id, parse_mode=ParseMode.HTML, reply_markup=markup
        )
    except BadRequest as exc:  # the same screen again ("not modified"), or the message is gone
        log.info("menu screen not shown in place: %s", exc)


# ----- presses ------------------------------------------------------------------------------------------


async def press_menu(context: CustomContext, query: CallbackQuery, cb: Callback) -> None:
    """A screen, or what a command does: practice (/quiz), banks (/banks), review (/review), missed (mistakes)."""
    lang = await context.lang()
    msg, word, user_id = query.message, cb.fields[0], query.from_user.id
    if msg is None or msg.chat.type != ChatType.PRIVATE:
        await query.answer(t("menu_private_only", lang))
        return
    chat_id = msg.chat.id
    if word in ("practice", "review"):
        await query.answer()
        await quiz.ask_next(context, chat_id, user_id, lang, review=word == "review")
        return
    if word == "missed":
        await query.answer()
        await _ask_missed(context, chat_id, user_id, lang)
        return
    if word.startswith("round") and word[5:].isdecimal() and int(word[5:]) in ROUND_SIZES:
        await query.answer()  # a round as /quiz N starts it (asking first when one is under way)
        await quiz.tap_round(context, chat_id, user_id, lang, int(word[5:]))
        return
    if word == "subscribe":  # under a summary: the daily screen as a message of its own, the summary kept
        await query.answer()
        daily = await screen(context, "daily", chat_id, user_id, lang)
        assert daily is not None
        await send_html(context.bot, chat_id, daily[0], reply_markup=daily[1])
        return
    if word == "stats":
        await query.answer()
        name = query.from_user.full_name
        code = query.from_user.language_code
        await stats.send_stats(context, chat_id, user_id, lang, group=None, name=name, language_code=code)
        return
    shown = await screen(context, word, chat_id, user_id, lang)
    if shown is None:
        await query.answer(t("callback_invalid", lang))
        return
    await query.answer()
    await _show(context, query, shown)


async def _ask_missed(context: CustomContext, chat_id: int, user_id: int, lang: Lang) -> None:
    """The most-missed question again (the [错题] button under /stats)."""
    engine = context.engine
    pick = await missed_pick(engine, user_id)
    if pick is None:
        markup = next_steps(context.codec, lang, "stats_no_missed")
        await send_html(context.bot, chat_id, t("stats_no_missed", lang), reply_markup=markup)
        return
    poll = (await engine.settings(user_id)).poll
    await quiz.send_question(context.bot, engine, context.codec, chat_id, user_id, pick, lang, poll=poll)


async def press_set(context: CustomContext, query: CallbackQuery, cb: Callback) -> None:
    """One setting changed from a menu; the screen it belongs to is shown again, changed."""
    lang = await context.lang()
    msg, user_id = query.message, query.from_user.id
    if msg is None or msg.chat.type != ChatType.PRIVATE:
        await query.answer(t("menu_private_only", lang))
        return
    what, value = cb.fields
    engine, chat_id = context.engine, msg.chat.id
    back = "settings"
    toast = t("toast_saved", lang)
    if what == "lang" and value in LANGUAGE_NAMES:
        lang = lang_of(value)
        await engine.update_settings(user_id, language=lang)
        context.bot_data.languages.remember(user_id, lang)
        toast = t("lang_set", lang)
    elif what == "tz" and value.isdecimal() and int(value) < len(MENU_ZONES):
        name = MENU_ZONES[int(value)][0]
        await engine.update_settings(user_id, tz=name)
        await follow_zone(context, chat_id, tzinfo_for(name))
    elif what == "poll" and value in ("on", "off"):
        await engine.update_settings(user_id, poll=value == "on")
    elif what == "kind" and (value == "all" or value in {k.value for k in Kind}):
        await engine.update_settings(user_id, kinds=_toggled((await engine.settings(user_id)).kinds, value))
        back = "kinds"
    elif what == "time" and (value == "off" or _hhmm(value) is not None):
        back = "daily"
        if value == "off":
            await context.subscriptions.stop(chat_id, "daily")
            toast = t("toast_daily_off", lang)
        elif await _ask_zone_first(context, query, value, 1, lang):
            return
        else:
            await _subscribe(context, chat_id, user_id, at=_hhmm(value))
    elif what == "remind" and (value == "off" or _hhmm(value) is not None):
        back = "remind"
        if value == "off":
            await context.subscriptions.stop(chat_id, "remind")
            toast = t("toast_remind_off", lang)
        else:
            await _remind_at(context, chat_id, user_id, _hhmm(value))
    elif what == "count" and value.isdecimal() and int(value) in DAILY_COUNTS:
        back = "daily"
        if await _ask_zone_first(context, query, DEFAULT_TIME.strftime("%H%M"), int(value), lang):
            return
        await _subscribe(context, chat_id, user_id, count=int(value))
    else:
        await query.answer(t("callback_invalid", lang))
        return
    await query.answer(toast)
    if back != "settings":
        back += _came_from(context.codec, msg.reply_markup)
    shown = await screen(context, back, chat_id, user_id, lang)
    assert shown is not None
    await _show(context, query, shown)


async def _ask_zone_first(context: CustomContext, query: CallbackQuery, hhmm: str, count: int, lang: Lang) -> bool:
    """The first subscription from the menu asks the zone, as /subscribe does (the settings' zone is a default
    nobody chose); the question takes the screen's place and its answer shows the screen again."""
    assert query.message is not None
    chat_id = query.message.chat.id
    daily = await context.subscriptions.get(chat_id, "daily")
    remind = await context.subscriptions.get(chat_id, "remind")
    tz = (await context.engine.settings(query.from_user.id)).tz
    if not zone_unknown(daily, remind, tz, context.settings.tz):
        return False
    await query.answer()
    text, markup = zone_question(context.codec, hhmm, count, lang, action="menuzone")
    back = "daily" + _came_from(context.codec, query.message.reply_markup)
    rows = [*(list(row) for row in markup.inline_keyboard), _back(context.codec, lang, back)]
    await _show(context, query, (text, InlineKeyboardMarkup(rows)))
    return True


async def press_menu_zone(context: CustomContext, query: CallbackQuery, cb: Callback) -> None:
    """A zone chosen under the menu's zone question: subscribed, and the daily screen shown again."""
    lang, msg = await context.lang(), query.message
    if await zone_chosen(context, query, cb, lang) is None or msg is None:
        return
    daily = "daily" + _came_from(context.codec, msg.reply_markup)
    shown = await screen(context, daily, msg.chat.id, query.from_user.id, lang)
    assert shown is not None
    await _show(context, query, shown)


def _hhmm(value: str) -> time | None:
    if len(value) != 4 or not value.isdecimal() or int(value[:2]) > 23 or int(value[2:]) > 59:
        return None
    return time(int(value[:2]), int(value[2:]))


def _toggled(kinds: tuple[str, ...] | None, value: str) -> list[str] | None:
    """The kinds after a tap: `all` (or every kind, or none) is None, meaning every kind."""
    if value == "all":
        return None
    chosen = [k for k in (kinds or ()) if k != value] if value in (kinds or ()) else [*(kinds or ()), value]
    return None if not chosen or len(chosen) == len(Kind) else chosen


async def _subscribe(
    context: CustomContext, chat_id: int, user_id: int, *, at: time | None = None, count: int | None = None
) -> None:
    """Subscribe (or change the subscription) with a new time or count; the rest stays as it was."""
    current = await context.subscriptions.get(chat_id, "daily")
    active = current is not None and current.active
    settings = await context.engine.settings(user_id)
    if at is None:
        at = time(current.minute // 60, current.minute % 60) if current is not None and active else DEFAULT_TIME
    if count is None:
        count = current.count if current is not None and active else 1
    tz = tzinfo_for(current.tz if current is not None and active else settings.tz)
    await context.engine.ensure_chat(chat_id, ChatType.PRIVATE)
    slot = await context.subscriptions.subscribe(chat_id, user_id, at, tz, count=count)
    context.subscriptions.wake(slot.due_at)
    log.info("chat %s: daily questions at %s (%s), %d each", chat_id, at, zone_name(tz), count)


async def _remind_at(context: CustomContext, chat_id: int, user_id: int, at: time | None) -> None:
    """The evening reminder on (or moved) at ``at``, in the zone it had, else the learner's."""
    assert at is not None
    current = await context.subscriptions.get(chat_id, "remind")
    zone = current.tz if current is not None and current.active else (await context.engine.settings(user_id)).tz
    await context.engine.ensure_chat(chat_id, ChatType.PRIVATE)
    slot = await context.subscriptions.subscribe(chat_id, user_id, at, tzinfo_for(zone), kind="remind")
    context.subscriptions.wake(slot.due_at)


async def follow_zone(context: CustomContext, chat_id: int, tz: tzinfo) -> None:
    """A learner who moves to another zone keeps the local times of their daily questions and reminder."""
    for kind in ("daily", "remind"):
        current = await context.subscriptions.get(chat_id, kind)
        if current is None or not current.active or current.tz == zone_name(tz):
            continue
        at = time(current.minute // 60, current.minute % 60)
        assert current.learner_id is not None
        slot = await context.subscriptions.subscribe(
            chat_id, current.learner_id, at, tz, count=current.count, kind=kind
        )
        context.subscriptions.wake(slot.due_at)


PRESSES.update({"menu": press_menu, "set": press_set, "menuzone": press_menu_zone})
