"""Every empty state has a next step: the buttons under "nothing to ask" (bot/study/results.py's `Empty`).

Nothing due for review offers a new question; a filter that holds nothing, the banks and kinds to choose
again; everything answered once, review; and each one the main menu. The reason's text (with when the next
review is due, in words) is the engine's.
"""

from __future__ import annotations

from telegram import InlineKeyboardButton, InlineKeyboardMarkup

from bot.study.results import Empty
from bot.telegram.callbacks import CallbackCodec
from bot.telegram.texts import t

__all__ = ["empty_markup", "next_steps"]

# reason -> the menu screens (or actions) offered, before the main menu
_STEPS: dict[str, tuple[tuple[str, str], ...]] = {
    "nothing_due": (("btn_practice", "practice"),),
    "only_repeat": (("btn_review", "review"),),
    "no_questions": (("btn_banks", "banks"), ("btn_kinds", "kinds")),
    "stats_no_missed": (("btn_practice", "practice"),),
}
_SETTINGS_PROBLEMS = (("btn_banks", "banks"), ("btn_kinds", "kinds"))  # an unknown bank or kind in the filter


def next_steps(codec: CallbackCodec, lang: str, reason: str) -> InlineKeyboardMarkup:
    """The buttons under an empty state named by ``reason`` (an `Empty`'s, or a front end's own)."""
    steps = _STEPS.get(reason, () if reason == "no_banks" else _SETTINGS_PROBLEMS)
    row = [InlineKeyboardButton(t(key, lang), callback_data=codec.encode("menu", word)) for key, word in steps]
    row.append(InlineKeyboardButton(t("btn_menu", lang), callback_data=codec.encode("menu", "start")))
    return InlineKeyboardMarkup([row])


def empty_markup(codec: CallbackCodec, lang: str, empty: Empty) -> InlineKeyboardMarkup:
    return next_steps(codec, lang, empty.reason)
