"""A learner's own things: /streak, /banks, /lang, /report, and how the settings read (the /settings
command: bot/telegram/learner_settings.py)."""

from __future__ import annotations

import logging
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

from telegram import CallbackQuery, InlineKeyboardButton, InlineKeyboardMarkup, Update
from telegram.error import BadRequest

from bot.banks.language import bank_language
from bot.grading import kind_label
from bot.records import Subscription
from bot.study.kinds import parse_kind
from bot.study.results import LearnerSettings, SettingsError
from bot.study.streaks import MAX_FREEZES, MILESTONES, StreakView, next_milestone
from bot.telegram.bank_delete import send_bank_manager
from bot.telegram.callbacks import Callback, CallbackCodec
from bot.telegram.context import CustomContext
from bot.telegram.presses import PRESSES
from bot.telegram.render import esc
from bot.telegram.switches import on_off
from bot.telegram.texts import LANGUAGE_NAMES, Lang, lang_of, listing, read_language, t
from bot.telegram.zone_names import zone_words

if TYPE_CHECKING:
    from bot.study.engine import StudyEngine

__all__ = [
    "banks_command",
    "lang_command",
    "report_command",
    "settings_text",
    "streak_command",
    "subscription_text",
]

log = logging.getLogger(__name__)

ALL_BANKS = "__all"  # the "every bank" button


# ----- /streak -----------------------------------------------------------------------------------


async def streak_command(update: Update, context: CustomContext) -> None:
    user = update.effective_user
    if user is None:
        return
    lang = await context.lang()
    await context.reply(streak_text(await context.engine.streak(user.id), lang))


def streak_text(view: StreakView, lang: str) -> str:
    """The streak, today's state, the next milestone (HTML): what /streak and the menu's [🔥] show."""
    if view.today_done:
        today = t("streak_today_done", lang)
    elif view.at_risk:
        today = t("streak_at_risk", lang)
    else:
        today = t("streak_start", lang)
    current, longest = t("streak_days_bold", lang, n=view.current), t("n_days", lang, n=view.longest)
    lines = [t("streak", lang, current=current, longest=longest, freezes=view.freezes, today=today)]
    if view.current in MILESTONES:
        lines.append(t("streak_milestone", lang, days=view.current))
    goal = next_milestone(view.current)
    if view.current and goal is not None:
        lines.append(t("streak_next_milestone", lang, goal=goal, left=goal - view.current))
    if view.freezes:  # what a freeze is, for whoever holds one
        lines.append(t("streak_freezes_help", lang, most=MAX_FREEZES))
    return "\n".join(lines)


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
    """The bank list (HTML) and its buttons; ☑ marks the chosen banks. The banks in the learner's language
    come first, and a learner is told in so many words when banks ask in another language."""
    lines = [t("banks_header", lang)]
    rows: list[list[InlineKeyboardButton]] = []
    places = {bank_id: i for i, bank_id in enumerate(sorted(engine.banks))}  # a button's place: sorted by id
    languages = {bank_id: bank_language(bank) for bank_id, bank in engine.banks.items()}
    shown = sorted(engine.banks.items(), key=lambda item: (languages[item[0]] != lang, item[0]))
    for bank_id, bank in shown:
        i = places[bank_id]
        on = chosen is None or bank_id in chosen
        mark = "☑" if on else "☐"
        language = t(f"bank_language_{languages[bank_id]}", lang)
        lines.append(
            t(
                "banks_line",
                lang,
                mark=mark,
                id=esc(bank_id),
                title=esc(bank.title),
                language=language,
                n=len(bank.questions),
            )
        )
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
    # the way back to the main menu: the list is a screen like the others, edited in place
    rows.append([InlineKeyboardButton(t("btn_back", lang), callback_data=codec.encode("menu", "start"))])
    now = t("banks_all", lang) if chosen is None else bank_titles(engine, chosen, lang)
    others = sorted({code for code in languages.values() if code != lang})
    notes = [t("banks_other_language", lang, language=t(f"bank_language_{code}", lang)) for code in others]
    lines += ["", *notes, t("banks_now", lang, banks=esc(now)), t("banks_hint", lang)]
    return "\n".join(lines), InlineKeyboardMarkup(rows)


async def banks_command(update: Update, context: CustomContext) -> None:
    """/banks lists the banks with buttons to choose; /banks <id> [<id>...] or /banks all chooses."""
    user = update.effective_user
    if user is None:
        return
    engine, user_id = context.engine, user.id
    lang = await context.lang()
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
            await context.reply(esc(exc.message(lang)))
            return
        now = t("banks_all", lang) if settings.banks is None else bank_titles(engine, settings.banks, lang)
        await context.reply(t("banks_now", lang, banks=esc(now)))
        return
    settings = await engine.settings(user_id)
    text, markup = banks_view(engine, settings.banks, lang, context.codec)
    await context.reply(text, reply_markup=markup)
    await send_bank_manager(update, context)  # admins: a delete button per bank


async def press_bank(context: CustomContext, query: CallbackQuery, cb: Callback) -> None:
    engine, lang = context.engine, await context.lang()
    word = cb.fields[0]
    ordered = sorted(engine.banks)
    if word == ALL_BANKS:
        choice: list[str] | None = None
    elif word.startswith("_") and word[1:].isdecimal() and int(word[1:]) < len(ordered):
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
    now = t("banks_all", lang) if settings.banks is None else bank_titles(engine, settings.banks, lang)
    await query.answer(t("banks_now_plain", lang, banks=now)[:200])
    msg = query.message
    if msg is not None:
        text, markup = banks_view(engine, settings.banks, lang, context.codec)
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
                for code, name in LANGUAGE_NAMES.items()
            ]
        ]
    )


async def lang_command(update: Update, context: CustomContext) -> None:
    """/lang shows buttons; /lang zh or /lang en switches at once."""
    user = update.effective_user
    if user is None:
        return
    lang = await context.lang()
    args = context.args or []
    if args:
        wanted = read_language(args[0])
        if wanted is None:
            await context.reply(t("lang_bad", lang, value=esc(args[0][:40])))
            return
        await _set_lang(context, user.id, wanted)
        await context.reply(t("lang_set", wanted))
        return
    await context.reply(t("lang_prompt", lang), reply_markup=_lang_keyboard(context.codec, lang))


async def _set_lang(context: CustomContext, user_id: int, lang: Lang) -> None:
    await context.engine.update_settings(user_id, language=lang)
    context.bot_data.languages.remember(user_id, lang)


async def press_lang(context: CustomContext, query: CallbackQuery, cb: Callback) -> None:
    lang = await context.lang()
    wanted = read_language(cb.fields[0])
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
                reply_markup=_lang_keyboard(context.codec, wanted),
            )
        except BadRequest as exc:
            log.info("could not update the language buttons: %s", exc)


# ----- /settings ---------------------------------------------------------------------------------


def bank_titles(engine: StudyEngine, bank_ids: Iterable[str], lang: str) -> str:
    """The banks by their titles, never their ids, listed as the language lists things."""
    return listing((engine.banks[b].title if b in engine.banks else b for b in bank_ids), lang)


def settings_text(
    s: LearnerSettings,
    lang: str,
    daily: Subscription | None,
    remind: Subscription | None,
    titles: Mapping[str, str] | None = None,
) -> str:
    """Every setting of a learner, one per line, then how to change them (HTML); ``titles``: bank id ->
    title (a learner reads titles, never ids)."""
    kinds = t("kinds_all", lang)
    if s.kinds:
        kinds = listing((kind_label(k, lang) if (k := parse_kind(name)) else name for name in s.kinds), lang)
    names = (titles or {}).get
    banks = t("banks_all", lang) if s.banks is None else listing((names(b, b) for b in s.banks), lang)
    return t(
        "settings",
        lang,
        language=LANGUAGE_NAMES[lang_of(s.language)],
        tz=esc(zone_words(s.tz, lang)),
        banks=esc(banks),
        kinds=esc(kinds),
        poll=on_off(s.poll, lang),
        daily=subscription_text(daily, lang),
        remind=subscription_text(remind, lang),
    )


def subscription_text(found: Subscription | None, lang: str) -> str:
    """A push subscription in a settings list (HTML): "daily at 09:00 (UTC)", or off."""
    if found is None or not found.active:
        return t("off", lang)
    return t("sub_at", lang, hhmm=found.hhmm, tz=esc(zone_words(found.tz, lang)))


# ----- /report -----------------------------------------------------------------------------------


async def report_command(update: Update, context: CustomContext) -> None:
    """/report [comment]: the key of the learner's last question is flagged as wrong."""
    user = update.effective_user
    if user is None:
        return
    engine, user_id = context.engine, user.id
    lang = await context.lang()
    comment = " ".join(context.args or [])
    learner = await engine.learner(user_id)
    found = engine.question_for(learner.last_question) if learner and learner.last_question else None
    report_id = await engine.report(user_id, None, comment)
    if report_id is None or found is None:
        await context.reply(t("report_none", lang))
        return
    bank_id, question = found
    await context.reply(t("report_done", lang, bank=esc(bank_id), number=question.number, id=report_id))


PRESSES.update({"bank": press_bank, "lang": press_lang})
