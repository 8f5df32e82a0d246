"""[AI 补读] for an admin's upload: the passages the importer left out, read by the model, for the admin to
confirm (docs/ai.md, "Reading what the rules could not").

The upload flow (bot/telegram/admin.py) calls three things, all inert without model help:

- `offers_reading(context, result)`: whether to show the button under the preview (model help on, and
  passages left out that can be sent);
- `reading_button(context, lang, upload_id)`: the button, carrying the pending upload's id
  (callback action ``aread``, for the upload flow to handle);
- `read_for_upload(context, chat_id, result, lang)`: on the press, "typing…" while the model reads only the
  left-out passages the import kept (`ImportResult.passages`); returns an `UploadReading`: the import with
  the questions read added (validated like any import, marked in `meta` as read by a model), the
  fragment on its own, and the report for the preview. Nothing is installed: the admin confirms as for
  any upload.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import date
from typing import TYPE_CHECKING

from telegram import InlineKeyboardButton

from bot.banks.model import Question
from bot.banks.questions.draft import ImportResult, LeftOut
from bot.records import PendingUpload
from bot.telegram.context import CustomContext
from bot.telegram.model_help import typing
from bot.telegram.render import esc
from bot.telegram.texts import t

if TYPE_CHECKING:
    from bot.ai.service import ModelHelp

__all__ = ["UploadReading", "offers_reading", "read_for_upload", "read_upload", "reading_button"]

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class UploadReading:
    result: ImportResult  # the upload's import with what the model read added: preview and confirm this
    added: list[Question]  # the fragment the model read (already in `result.bank`), in document order
    still_left_out: list[LeftOut]  # with the model's reason appended to the importer's
    report: str  # HTML for the preview: what was read, one line per question, and what is still out
    model: str


def _sendable(result: ImportResult) -> int:
    return sum(1 for lo in result.left_out if lo.first_line in result.passages)


def offers_reading(context: CustomContext, result: ImportResult) -> bool:
    """Show [AI 补读]: model help is on and the import left out passages it kept."""
    return context.model_help is not None and _sendable(result) > 0


def reading_button(context: CustomContext, lang: str, held: PendingUpload) -> InlineKeyboardButton:
    data = context.codec.encode("aread", held.id, held.digest)
    return InlineKeyboardButton(t("btn_ai_read", lang), callback_data=data)


async def read_upload(
    model_help: ModelHelp, result: ImportResult, *, today: date, lang: str, timeout: float | None = None
) -> UploadReading:
    """Send the left-out passages `result` kept to the model; what it read, checked (pure of Telegram)."""
    from bot.ai.reading import kept_passages, read_passages, reading_summary

    reading = await read_passages(model_help.client, kept_passages(result), result, today=today, timeout=timeout)
    lines = [esc(line) for line in reading_summary(reading, lang)]
    if reading.unread:
        lines.append(t("ai_read_still_out", lang, n=len(reading.unread)))
        lines += [
            "  " + t("admin_line", lang, line=lo.line) + esc(lo.en if lang == "en" else lo.zh)
            for lo in reading.unread[:10]
        ]
    if reading.read:
        lines.append(t("ai_read_confirm", lang))
    log.info(
        "bank %s: the model read %d left-out passages, %d questions added, %d still out",
        result.bank.id,
        reading.requests,
        len(reading.read),
        len(reading.unread),
    )
    return UploadReading(reading.result, reading.read, reading.unread, "\n".join(lines), reading.model)


async def read_for_upload(
    context: CustomContext, chat_id: int, result: ImportResult, lang: str
) -> UploadReading | None:
    """`read_upload` for an admin in a chat, "typing…" meanwhile; None without model help."""
    model_help = context.model_help
    if model_help is None:
        return None
    today = date.fromordinal(await context.engine.local_today(chat_id))
    async with typing(context.bot, chat_id):
        return await read_upload(model_help, result, today=today, lang=lang, timeout=context.settings.ai_tool_timeout)
