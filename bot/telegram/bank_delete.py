"""Deleting a bank from the chat: under /banks an admin gets a delete button per bank, which asks first.

Any admin may delete. The buttons name the bank (its id, or a digest of a long one), never a place in a
list, so they work after a restart and say so when the bank is gone. The bank's file is removed and the
bot stops serving it (bot/study/bank_admin.py); learners' answers and cards stay, and their chosen banks
(and pushes') move to their other banks, or every bank.
"""

from __future__ import annotations

import hashlib
import logging
import re

from telegram import CallbackQuery, InlineKeyboardButton, InlineKeyboardMarkup, Update
from telegram.constants import ChatType

from bot.telegram.admin import answer_press, chat_of, drop_buttons, say
from bot.telegram.callbacks import Callback
from bot.telegram.context import CustomContext
from bot.telegram.desk import with_desk_button
from bot.telegram.presses import PRESSES
from bot.telegram.render import esc
from bot.telegram.sending import send_html
from bot.telegram.texts import t

__all__ = ["press_delete", "send_bank_manager"]

log = logging.getLogger("bot.admin")

_WORD = re.compile(r"[A-Za-z0-9_-]{1,40}")  # a "word" field of callback data (bot/telegram/callbacks.py)


def _bank_word(bank_id: str) -> str:
    """A bank in callback data: its id when it fits the codec, else a digest of it (no list position:
    the list changes when banks come and go)."""
    if _WORD.fullmatch(bank_id) and not bank_id.startswith("_"):
        return bank_id
    return "_" + hashlib.sha256(bank_id.encode()).hexdigest()[:16]


def _bank_of(context: CustomContext, word: str) -> str | None:
    banks = context.engine.banks
    if word in banks:
        return word
    return next((b for b in banks if _bank_word(b) == word), None)


async def send_bank_manager(update: Update, context: CustomContext) -> None:
    """Under /banks, for an admin in a private chat: a delete button per bank (each asks first)."""
    chat = update.effective_chat
    if chat is None or chat.type != ChatType.PRIVATE or not context.is_bot_admin() or not context.engine.banks:
        return
    lang = await context.lang()
    rows = []
    titles = [b.title for b in context.engine.banks.values()]
    for bank_id, bank in sorted(context.engine.banks.items()):
        # Two banks of one title (a bundled one and an upload, say) are told apart by their ids.
        title = bank.title if titles.count(bank.title) == 1 else f"{bank.title} ({bank_id})"
        label = t("btn_delete_bank", lang, title=title)
        label = label if len(label) <= 40 else label[:39] + "…"
        rows.append(
            [InlineKeyboardButton(label, callback_data=context.codec.encode("delete_bank", _bank_word(bank_id), "a"))]
        )
    markup = with_desk_button(context, lang, InlineKeyboardMarkup(rows))  # [打开教师台] last
    await context.reply(t("bank_admin_header", lang), reply_markup=markup)


async def press_delete(context: CustomContext, query: CallbackQuery, cb: Callback) -> None:
    """🗑 asks; [删除 N 题] deletes; [取消] keeps the bank. Any admin may; the data names the bank, so the
    buttons work after a restart and say so when the bank is gone."""
    lang = await context.lang()
    if not context.is_bot_admin():
        log.info("refused a bank deletion to non-admin %d", query.from_user.id)
        await answer_press(query, t("admin_only", lang), alert=True)
        return
    word, choice = cb.fields
    bank_id = _bank_of(context, word)
    bank = context.engine.banks.get(bank_id) if bank_id else None
    if bank is None or bank_id is None:
        await answer_press(query)
        await say(context, query, t("delete_gone", lang, id=esc(word)))
        return
    await answer_press(query)
    if choice == "a":
        markup = InlineKeyboardMarkup(
            [
                [
                    InlineKeyboardButton(
                        t("btn_delete_confirm", lang, n=len(bank.questions)),
                        callback_data=context.codec.encode("delete_bank", word, "y"),
                    ),
                    InlineKeyboardButton(
                        t("btn_cancel", lang), callback_data=context.codec.encode("delete_bank", word, "n")
                    ),
                ]
            ]
        )
        ask = t("delete_ask", lang, title=esc(bank.title), id=esc(bank_id), n=len(bank.questions))
        await send_html(context.bot, chat_of(query), ask, reply_markup=markup)
        return
    await drop_buttons(context, query)
    if choice != "y":
        await say(context, query, t("delete_kept", lang, title=esc(bank.title)))
        return
    try:
        deleted = await context.bank_admin.delete(bank_id)
    except OSError as exc:
        log.error("admin %d: cannot remove bank %s: %s", query.from_user.id, bank_id, exc)
        await say(context, query, t("delete_failed", lang, why=esc(exc.strerror or exc)))
        return
    if deleted is None:
        await say(context, query, t("delete_gone", lang, id=esc(bank_id)))
        return
    log.info(
        "admin %d deleted bank %s (%s, %d questions); %d learners and %d subscriptions had chosen it",
        query.from_user.id,
        bank_id,
        deleted.file,
        len(deleted.bank.questions),
        deleted.learners,
        deleted.subscriptions,
    )
    lines = [t("delete_done", lang, title=esc(deleted.bank.title), id=esc(bank_id), file=esc(deleted.file))]
    if deleted.learners or deleted.subscriptions:
        learners, pushes = t("n_learners", lang, n=deleted.learners), t("n_pushes", lang, n=deleted.subscriptions)
        lines.append(t("delete_moved", lang, learners=learners, subscriptions=pushes))
    await say(context, query, "\n".join(lines))


PRESSES.update({"delete_bank": press_delete})
