"""Putting a question to a private chat (or a push to a group), and taking its buttons off once it is done.

`send_question` is the one way a question reaches a private chat (the push scheduler and practice
sessions call it too): the asked row is recorded first, so every button points at a database row and
works after a restart; every message that carries the question is recorded with it, so a Telegram reply
to any of them answers that question.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from telegram import Bot
from telegram.error import BadRequest, NetworkError

from bot.banks.model import CHOICE_KINDS, Kind, Question
from bot.delivery.outcomes import NotClaimed
from bot.telegram.answered import question_html
from bot.telegram.callbacks import CallbackCodec
from bot.telegram.pacing import push_args
from bot.telegram.question_view import poll_shape, question_keyboard
from bot.telegram.sending import send_html, send_quiz_poll
from bot.telegram.transport import post_unread

if TYPE_CHECKING:
    from bot.study.engine import StudyEngine
    from bot.study.results import Pick

__all__ = ["retire_question", "send_question"]

log = logging.getLogger(__name__)


async def send_question(
    bot: Bot,
    engine: StudyEngine,
    codec: CallbackCodec,
    chat_id: int,
    learner_id: int | None,
    pick: Pick,
    lang: str,
    *,
    poll: bool = False,
    push: bool = False,
    claim: Callable[[], Awaitable[bool]] | None = None,
    open_seconds: int | None = None,
    asked_id: int | None = None,
    header: str | None = None,
    counter: str | None = None,
    **extra: Any,
) -> int:
    """Ask ``pick`` in ``chat_id``; returns the asked id.

    The asked row is recorded before the send (buttons carry its id), the messages attached after.
    ``poll``: a quiz poll when the question fits one, else buttons. ``push``: the send is a push
    (paced behind replies); ``claim`` goes with it to the rate limiter (bot/delivery/service.py);
    ``asked_id``: recorded already (a practice session's question); ``header``: an HTML line above the
    question (a session's counter: the bank's own number is then left out); ``counter``: a poll's
    counter before its question (a poll has no header message); ``extra`` goes with the send (allow_paid_broadcast).
    Telegram errors reach the caller.
    """
    if push:
        extra["rate_limit_args"] = push_args(claim)
    question = pick.question
    if asked_id is None:
        asked_id = await engine.ask(chat_id, learner_id, pick, open_seconds=open_seconds)
    try:
        shape = poll_shape(question, lang, counter=counter) if poll else None
        if shape is not None:
            open_period = open_seconds if open_seconds and 5 <= open_seconds <= 600 else None
            msg = await send_quiz_poll(bot, chat_id, shape, open_period=open_period, **extra)
            await engine.attach_message(asked_id, msg.message_id, msg.poll.id if msg.poll else None)
            return asked_id
        markup = question_keyboard(codec, asked_id, question, lang)
        parts: list[int] = []
        last = await send_html(
            bot, chat_id, question_html(question, lang, header=header), reply_markup=markup, sent=parts, **extra
        )
    except NotClaimed:  # the push was not to be sent after all: its question was never shown
        await engine.close_question(asked_id)
        raise
    await engine.attach_message(asked_id, last.message_id if last else None, parts=parts)
    return asked_id


async def retire_question(
    bot: Bot, chat_id: int, message_id: int | None, question: Question | None, poll: bool
) -> None:
    """Take the buttons off an answered question (or stop its poll) so it is plainly done."""
    if message_id is None or question is None:
        return
    try:
        if poll:
            await bot.stop_poll(chat_id, message_id)
        elif question.kind in CHOICE_KINDS or question.kind is Kind.true_false:
            await post_unread(bot, "editMessageReplyMarkup", chat_id=chat_id, message_id=message_id)
    except BadRequest as exc:  # the learner deleted it, or it is too old to edit: nothing to retire
        log.info("could not retire question message %s in %s: %s", message_id, chat_id, exc)
    except NetworkError as exc:  # the API does not answer: the buttons stay (a press says it was answered)
        log.info("could not retire question message %s in %s for now: %s", message_id, chat_id, exc)
