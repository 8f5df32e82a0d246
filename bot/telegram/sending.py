"""The one way the bot sends HTML: split when long, parse mode set, the keyboard under the last part.

Every send goes through the bot's rate limiter (bot/telegram/pacing.py: per chat, per group, in all),
so callers never pace themselves. ``unread``: nobody needs the sent message (a verdict), so it is sent
without building python-telegram-bot's Message from the answer (bot/telegram/transport.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from telegram import Bot, InlineKeyboardMarkup, Message, ReplyParameters
from telegram.constants import ParseMode, PollType

from bot.telegram.render import MAX_MESSAGE, split_message
from bot.telegram.transport import post_unread

if TYPE_CHECKING:
    from bot.telegram.question_view import PollShape

__all__ = ["chunks", "send_html", "send_quiz_poll"]


def _units(text: str) -> int:
    """Length as Telegram counts it (UTF-16 code units)."""
    return len(text.encode("utf-16-le")) // 2


def chunks(html_text: str, limit: int = MAX_MESSAGE) -> list[str]:
    """The messages for HTML text: as it is when even its raw length fits (the common case, and much
    cheaper than tokenising), else split on line breaks without breaking tags."""
    if _units(html_text) <= limit and html_text.strip():
        return [html_text.strip()]
    return split_message(html_text, limit)


async def send_html(
    bot: Bot,
    chat_id: int,
    text: str,
    *,
    reply_markup: InlineKeyboardMarkup | None = None,
    reply_to: int | None = None,
    unread: bool = False,
    sent: list[int] | None = None,
    **extra: Any,
) -> Message | None:
    """Send HTML ``text`` to ``chat_id``; the last message sent (None when ``unread``).

    ``reply_to``: the first part answers that message (sent even if it was deleted meanwhile);
    ``sent``: gets the id of every part sent;
    ``extra`` (rate_limit_args, allow_paid_broadcast...) goes with every part."""
    parts = chunks(text)
    last: Message | None = None
    for i, part in enumerate(parts):
        keyboard = reply_markup if i == len(parts) - 1 else None
        reply = ReplyParameters(reply_to, allow_sending_without_reply=True) if reply_to and not i else None
        if unread:
            result = await post_unread(
                bot,
                "sendMessage",
                chat_id=chat_id,
                text=part,
                parse_mode=ParseMode.HTML,
                reply_markup=keyboard,
                reply_parameters=reply,
                **extra,
            )
            if sent is not None and isinstance(result, dict) and "message_id" in result:
                sent.append(int(result["message_id"]))
            continue
        last = await bot.send_message(
            chat_id, part, parse_mode=ParseMode.HTML, reply_markup=keyboard, reply_parameters=reply, **extra
        )
        if sent is not None:
            sent.append(last.message_id)
    return last


async def send_quiz_poll(bot: Bot, chat_id: int, shape: PollShape, **extra: Any) -> Message:
    """A question as a native quiz poll (not anonymous: votes are answers of learners)."""
    return await bot.send_poll(
        chat_id,
        shape.question,
        shape.options,
        is_anonymous=False,
        type=PollType.QUIZ,
        allows_multiple_answers=shape.multiple or None,
        correct_option_ids=shape.correct,
        explanation=shape.explanation,
        **extra,
    )
