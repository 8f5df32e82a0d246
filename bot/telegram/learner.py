"""A learner's own things: /streak, /banks, /lang, /settings, /report."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from telegram import CallbackQuery, InlineKeyboardButton, InlineKeyboardMarkup, Update
from telegram.error import BadRequest
from telegram.ext import Application, CallbackQueryHandler

from bot.grading import kind_label
from bot.store import subscriptions
from bot.study.kinds import parse_kind
from bot.study.results import LearnerSettings, SettingsError
from bot.telegram.callbacks import VERSION, Callback, CallbackCodec
from bot.telegram.common import Context, codec_of, engine_of, send_html
from bot.telegram.quiz import learner_lang, remember_lang
from bot.telegram.render import esc
from bot.telegram.texts import Lang, t

if TYPE_CHECKING:
    from bot.study.engine import StudyEngine

__all__ = [
    "SWITCH",
    "banks_command",
    "lang_command",
    "on_off",
    "register",
    "report_command",
    "settings_command",
    "settings_text",
    "streak_command",
    "subscription_text",
]

log = logging.getLogger(__name__)

ALL_BANKS = "__all"  # the "every bank" button
_LANG_NAMES: dict[Lang, str] = {"zh": "中文", "en": "English"}


def _ids(update: Update) -> tuple[int, int] | None:
    user, chat = update.effective_user, update.effective_chat
    return (user.id, chat.id) if user is not None and chat is not None else None


# ----- /streak -----------------------------------------------------------------------------------


async def streak_command(update: Update, context: Context) -> None:
    ids, engine = _ids(update), engine_of(context)
    if ids is None or engine is None:
        return
    lang = await learner_lang(update, context)
    view = await engine.streak(ids[0])
    if view.today_done:
        today = t("streak_today_done", lang)
    elif view.at_risk:
        today = t("streak_at_risk", lang)
    else:
        today = t("streak_start", lang)
    text = t("streak", lang, current=view.current, longest=view.longest, freezes=view.freezes, today=today)
    await send_html(context, ids[1], text)


# ----- /banks ------------------------------------------------------------------------------------


def _bank_token(codec: CallbackCodec, bank_id: str, index: int) -> str:
    """Callback data for a bank button: the bank id when it fits the codec, else its place in the list."""
    try:
        return codec.encode("bank", bank_id)
    except ValueError:
        return codec.encode("bank", f"_{index}")


def banks_view(
    engine: StudyEngine, chosen: tuple[str, ...] | None, lang: str, codec: CallbackCodec
) -> tuple[str, InlineKeyboardMarkup]:
    """The bank list (HTML) and its buttons; ☑ marks the chosen banks."""
    lines = [t("banks_header", lang)]
    rows: list[list[InlineKeyboardButton]] = []
    for i, (bank_id, bank) in enumerate(sorted(engine.banks.items())):
        on = chosen is None or bank_id in chosen
        mark = "☑" if on else "☐"
        lines.append(t("banks_line", lang, mark=mark, id=esc(bank_id), title=esc(bank.title), n=len(bank.questions)))
        label = f"{'☑ ' if chosen is not None and on else ''}{bank.title}"
        label = label if len(label) <= 40 else label[:39] + "…"
        rows.append([InlineKeyboardButton(label, callback_data=_bank_token(codec, bank_id, i))])
    rows.append(
        [
            InlineKeyboardButton(
                ("☑ " if chosen is None else "") + t("btn_all_banks", lang),
                callback_data=codec.encode("bank", ALL_BANKS),
            )
        ]
    )
    now = t("banks_all", lang) if chosen is None else ", ".join(chosen)
    lines += ["", t("banks_now", lang, banks=esc(now)), t("banks_hint", lang)]
    return "\n".join(lines), InlineKeyboardMarkup(rows)


async def banks_command(update: Update, context: Context) -> None:
    """/banks lists the banks with buttons to choose; /banks <id> [<id>...] or /banks all chooses."""
    ids, engine = _ids(update), engine_of(context)
    if ids is None or engine is None:
        return
    user_id, chat_id = ids
    lang = await learner_lang(update, context)
    args = [a for a in (context.args or []) if a.strip()]
    if args:
        by_fold = {b.casefold(): b for b in engine.banks}
        if len(args) == 1 and args[0].casefold() in ("all", "全部"):
            choice: list[str] | None = None
        else:
            choice = [by_fold.get(a.casefold(), a[:40]) for a in args[:20]]
        try:
            settings = await engine.update_settings(user_id, banks=choice)
        except SettingsError as exc:
            await send_html(context, chat_id, esc(exc.message(lang)))
            return
        now = t("banks_all", lang) if settings.banks is None else ", ".join(settings.banks)
        await send_html(context, chat_id, t("banks_now", lang, banks=esc(now)))
        return
    settings = await engine.settings(user_id)
    text, markup = banks_view(engine, settings.banks, lang, codec_of(context))
    await send_html(context, chat_id, text, reply_markup=markup)


async def _press_bank(update: Update, context: Context, query: CallbackQuery, cb: Callback, lang: Lang) -> None:
    engine = engine_of(context)
    assert engine is not None
    word = cb.fields[0]
    ordered = sorted(engine.banks)
    if word == ALL_BANKS:
        choice: list[str] | None = None
    elif word.startswith("_") and word[1:].isdigit() and int(word[1:]) < len(ordered):
        choice = [ordered[int(word[1:])]]
    elif word in engine.banks:
        choice = [word]
    else:
        await query.answer(t("callback_invalid", lang))
        return
    user_id = query.from_user.id
    before = await engine.settings(user_id)
    if (None if choice is None else tuple(choice)) == before.banks:
        await query.answer(t("toast_unchanged", lang))
        return
    settings = await engine.update_settings(user_id, banks=choice)
    now = t("banks_all", lang) if settings.banks is None else ", ".join(settings.banks)
    await query.answer(t("banks_now_plain", lang, banks=now)[:200])
    msg = query.message
    if msg is not None:
        text, markup = banks_view(engine, settings.banks, lang, codec_of(context))
        try:
            await context.bot.edit_message_text(
                text, msg.chat.id, msg.message_id, parse_mode="HTML", reply_markup=markup
            )
        except BadRequest as exc:  # the list was deleted meanwhile
            log.info("could not update the bank list: %s", exc)


# ----- /lang -------------------------------------------------------------------------------------


def _lang_keyboard(codec: CallbackCodec, current: Lang) -> InlineKeyboardMarkup:
    return InlineKeyboardMarkup(
        [
            [
                InlineKeyboardButton(("☑ " if code == current else "") + name, callback_data=codec.encode("lang", code))
                for code, name in _LANG_NAMES.items()
            ]
        ]
    )


async def lang_command(update: Update, context: Context) -> None:
    """/lang shows buttons; /lang zh or /lang en switches at once."""
    ids, engine = _ids(update), engine_of(context)
    if ids is None or engine is None:
        return
    user_id, chat_id = ids
    lang = await learner_lang(update, context)
    args = context.args or []
    if args:
        wanted = _read_lang(args[0])
        if wanted is None:
            await send_html(context, chat_id, t("lang_bad", lang, value=esc(args[0][:40])))
            return
        await _set_lang(context, user_id, wanted)
        await send_html(context, chat_id, t("lang_set", wanted))
        return
    await send_html(context, chat_id, t("lang_prompt", lang), reply_markup=_lang_keyboard(codec_of(context), lang))


def _read_lang(word: str) -> Lang | None:
    word = word.strip().casefold()
    if word in ("zh", "cn", "中文", "汉语", "chinese", "zh-hans", "zh-cn"):
        return "zh"
    if word in ("en", "english", "英文", "英语"):
        return "en"
    return None


async def _set_lang(context: Context, user_id: int, lang: Lang) -> None:
    engine = engine_of(context)
    assert engine is not None
    await engine.update_settings(user_id, language=lang)
    remember_lang(context, user_id, lang)


async def _press_lang(update: Update, context: Context, query: CallbackQuery, cb: Callback, lang: Lang) -> None:
    wanted = _read_lang(cb.fields[0])
    if wanted is None:
        await query.answer(t("callback_invalid", lang))
        return
    if wanted == lang:
        await query.answer(t("toast_unchanged", lang))
        return
    await _set_lang(context, query.from_user.id, wanted)
    await query.answer(t("lang_set", wanted))
    msg = query.message
    if msg is not None:
        try:
            await context.bot.edit_message_text(
                t("lang_prompt", wanted),
                msg.chat.id,
                msg.message_id,
                reply_markup=_lang_keyboard(codec_of(context), wanted),
            )
        except BadRequest as exc:
            log.info("could not update the language buttons: %s", exc)


# ----- /settings ---------------------------------------------------------------------------------


def on_off(value: bool, lang: str) -> str:
    return t("on" if value else "off", lang)


def settings_text(
    s: LearnerSettings, lang: str, daily: subscriptions.Subscription | None, remind: subscriptions.Subscription | None
) -> str:
    """Every setting of a learner, one per line, then how to change them (HTML)."""
    kinds = t("kinds_all", lang)
    if s.kinds:
        kinds = ", ".join(kind_label(k, lang) if (k := parse_kind(name)) else name for name in s.kinds)
    banks = t("banks_all", lang) if s.banks is None else ", ".join(s.banks)
    return t(
        "settings",
        lang,
        language=_LANG_NAMES.get("en" if s.language == "en" else "zh"),
        tz=esc(s.tz),
        banks=esc(banks),
        kinds=esc(kinds),
        poll=on_off(s.poll, lang),
        daily=subscription_text(daily, lang),
        remind=subscription_text(remind, lang),
    )


def subscription_text(found: subscriptions.Subscription | None, lang: str) -> str:
    """A push subscription in a settings list (HTML): "daily at 09:00 (UTC)", or off."""
    if found is None or not found.active:
        return t("off", lang)
    return t("sub_at", lang, hhmm=found.hhmm, tz=esc(found.tz))


async def settings_command(update: Update, context: Context) -> None:
    """/settings shows everything; /settings poll on|off, kinds <kinds>|all, tz <zone> change one."""
    ids, engine = _ids(update), engine_of(context)
    if ids is None or engine is None:
        return
    user_id, chat_id = ids
    lang = await learner_lang(update, context)
    args = [a for a in (context.args or []) if a.strip()]
    if args:
        error = await _change_setting(context, user_id, args, lang)
        if error is not None:
            await send_html(context, chat_id, error)
            return
    settings = await engine.settings(user_id)
    async with engine.store.read() as db:
        daily = await subscriptions.get(db, chat_id, "daily")
        remind = await subscriptions.get(db, chat_id, "remind")
    await send_html(context, chat_id, settings_text(settings, lang, daily, remind))


async def _change_setting(context: Context, user_id: int, args: list[str], lang: Lang) -> str | None:
    """Apply ``/settings <name> <value...>``; the error to show (HTML), or None when it was applied."""
    engine = engine_of(context)
    assert engine is not None
    name, values = args[0].casefold(), args[1:]
    try:
        if name in ("poll", "投票") and len(values) == 1 and values[0].casefold() in SWITCH:
            await engine.update_settings(user_id, poll=SWITCH[values[0].casefold()])
        elif name in ("kinds", "kind", "题型") and values:
            all_kinds = len(values) == 1 and values[0].casefold() in ("all", "全部")
            await engine.update_settings(user_id, kinds=None if all_kinds else [v[:40] for v in values[:10]])
        elif name in ("tz", "时区") and len(values) == 1:
            await engine.update_settings(user_id, tz=values[0][:64])
        else:
            return t("settings_usage", lang)
    except SettingsError as exc:
        return esc(exc.message(lang))
    return None


SWITCH = {"on": True, "off": False, "开": True, "关": False, "yes": True, "no": False, "1": True, "0": False}


# ----- /report -----------------------------------------------------------------------------------


async def report_command(update: Update, context: Context) -> None:
    """/report [comment]: the key of the learner's last question is flagged as wrong."""
    ids, engine = _ids(update), engine_of(context)
    if ids is None or engine is None:
        return
    user_id, chat_id = ids
    lang = await learner_lang(update, context)
    comment = " ".join(context.args or [])
    learner = await engine.learner(user_id)
    found = engine.question_for(learner.last_question) if learner and learner.last_question else None
    report_id = await engine.report(user_id, None, comment)
    if report_id is None or found is None:
        await send_html(context, chat_id, t("report_none", lang))
        return
    bank_id, question = found
    await send_html(context, chat_id, t("report_done", lang, bank=esc(bank_id), number=question.number, id=report_id))


# ----- buttons -----------------------------------------------------------------------------------


def _ours(data: object) -> bool:
    return isinstance(data, str) and data[:1] == VERSION and data[1:2] in ("b", "l")


async def on_button(update: Update, context: Context) -> None:
    query = update.callback_query
    if query is None:
        return
    lang = await learner_lang(update, context)
    decoded = codec_of(context).decode(query.data)
    if not isinstance(decoded, Callback) or engine_of(context) is None:
        await query.answer(t("callback_invalid", lang))
    elif decoded.action == "bank":
        await _press_bank(update, context, query, decoded, lang)
    elif decoded.action == "lang":
        await _press_lang(update, context, query, decoded, lang)
    else:
        await query.answer(t("callback_invalid", lang))


def register(app: Application) -> None:  # type: ignore[type-arg]
    app.add_handler(CallbackQueryHandler(on_button, pattern=_ours))
