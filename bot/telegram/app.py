"""The Telegram application: transport, pacing, ordering, the update inbox, every feature's handlers.

`telegram_application` builds it; the composition root (bot/app.py) adds the lifecycle that opens the
store, the engine and the background services, for `studybot run` and for the tests alike.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import logging
import random
from collections.abc import Awaitable, Callable
from datetime import datetime

from telegram import Update
from telegram.constants import ChatType
from telegram.error import Forbidden, NetworkError, RetryAfter, TelegramError, TimedOut
from telegram.ext import ApplicationBuilder
from telegram.request import BaseRequest

from bot.config import Settings
from bot.files import storage_fault
from bot.telegram import admin, command_handlers, groups, membership, model_help, presses, quiz
from bot.telegram.callbacks import CallbackCodec
from bot.telegram.context import CONTEXT_TYPES, BotApplication, CustomContext
from bot.telegram.group_quiz import GroupQuiz
from bot.telegram.inbox import ConfirmingRequest, Inbox, InboxBot, InboxQueue
from bot.telegram.ordering import PerChatUpdateProcessor
from bot.telegram.pacing import OutgoingBudget
from bot.telegram.sending import send_html
from bot.telegram.transport import AiohttpRequest

__all__ = ["FEATURES", "on_error", "telegram_application"]

log = logging.getLogger(__name__)

PROBE_SECONDS = 3.0  # how long the breaker's probe waits for an answer

# Feature registrations, in order: each adds its handlers to the application. The button presses of
# every feature go through presses.register (one handler); the features fill in presses.PRESSES.
FEATURES: list[Callable[[BotApplication], None]] = [
    command_handlers.register,
    model_help.register,
    membership.register,
    quiz.register,
    admin.register,
    groups.register,
    presses.register,
]


def telegram_application(
    settings: Settings,
    *,
    clock: Callable[[], datetime],
    rng: random.Random,
    monotonic: Callable[[], float],
    sleep: Callable[[float], Awaitable[object]] = asyncio.sleep,
    request: BaseRequest | None = None,
    get_updates_request: BaseRequest | None = None,
) -> BotApplication:
    """The bot, pointed at ``settings.api_url``, with every feature's handlers; nothing opened yet.

    ``request``: the transport (aiohttp by default; tests pass an offline one); getUpdates goes through
    ``get_updates_request``, which waits for the inbox before it confirms anything."""
    if not settings.token:
        raise ValueError("STUDYBOT_TOKEN is not set")
    inbox = Inbox()  # updates kept in SQLite until handled: a crash loses none (bot/telegram/inbox.py)
    processor = PerChatUpdateProcessor(
        16,
        flood_queue=settings.flood_queue or 1 << 30,
        on_start=_written(inbox),
        on_done=_handled(inbox),
        clock=monotonic,
    )
    budget = OutgoingBudget(
        settings.send_rate,
        settings.broadcast_rate,
        paid_broadcast=settings.paid_broadcast,
        chat_rate=settings.chat_rate,
        chat_burst=settings.chat_burst,
        clock=monotonic,
        sleep=sleep,
    )
    transport = request or AiohttpRequest()
    if isinstance(transport, AiohttpRequest):  # it tells the breaker of stalls and resets (bot/telegram/breaker.py)
        transport.breaker = budget.breaker
    bot = InboxBot(  # reads each update of a getUpdates answer once, with the inbox
        settings.token,
        base_url=settings.api_url,
        base_file_url=settings.file_url,
        rate_limiter=budget,
        request=transport,  # cheaper per request than httpx: see transport.py
        get_updates_request=ConfirmingRequest(get_updates_request or AiohttpRequest(1), inbox),
        inbox=inbox,
    )
    app: BotApplication = (
        ApplicationBuilder()
        .bot(bot)
        .context_types(CONTEXT_TYPES)
        .concurrent_updates(processor)  # chats in parallel, each chat in order, a flood kept to its chat
        .update_queue(InboxQueue(inbox))
        .build()
    )
    data = app.bot_data
    data.settings, data.clock, data.rng, data.monotonic, data.sleep = settings, clock, rng, monotonic, sleep
    data.codec = CallbackCodec.from_token(settings.token)
    data.inbox = inbox
    data.groups = GroupQuiz(app)
    budget.on_request = data.groups.turns.observe  # every message to a group is counted in the group's plan
    budget.breaker.probe = functools.partial(_probe, app)
    processor.on_flood = functools.partial(_slow_down, app)
    for feature in FEATURES:
        feature(app)
    app.add_error_handler(on_error)
    return app


async def _probe(app: BotApplication) -> None:
    """The breaker's cheap request: does the Bot API answer at all?"""
    await app.bot.get_me(read_timeout=PROBE_SECONDS, write_timeout=0.0, connect_timeout=PROBE_SECONDS)


def _written(inbox: Inbox) -> Callable[[object], Awaitable[None]]:
    async def written(update: object) -> None:
        with contextlib.suppress(Exception):  # handled all the same; the inbox logs its fault once a minute
            await inbox.flush()

    return written


def _handled(inbox: Inbox) -> Callable[[object], Awaitable[None]]:
    async def handled(update: object) -> None:
        if isinstance(update, Update) and inbox.is_open:
            inbox.handled(update.update_id)

    return handled


async def _slow_down(app: BotApplication, update: Update, tell: bool) -> None:
    """A private chat floods (bot/telegram/ordering.py): no burst for it, and now and then a polite notice."""
    chat = update.effective_chat
    if chat is None:
        return
    budget = app.bot.rate_limiter
    if isinstance(budget, OutgoingBudget):
        budget.hold_back(chat.id)
    if tell:
        lang = app.bot_data.languages.guess(update.effective_user)
        await send_html(app.bot, chat.id, app.bot_data.texts("flood_slow_down", lang))


def _describe(update: object) -> str:
    if isinstance(update, Update):
        return json.dumps(update.to_dict(), ensure_ascii=False)[:2000]
    return repr(update)[:2000]


async def on_error(update: object, context: CustomContext) -> None:
    """Log what went wrong with the update and its traceback; tell the user if it was our fault."""
    error = context.error
    # A plain NetworkError is the connection; its subclass BadRequest is a request of ours that was wrong.
    if isinstance(error, (RetryAfter, TimedOut)) or type(error) is NetworkError:
        log.warning("transient Telegram error (%r) on update %s", error, _describe(update))
        return
    if isinstance(error, Forbidden):
        log.info("not allowed to write (%s) on update %s", error, _describe(update))
        return
    disk = storage_fault(error)
    if disk:  # a read-only or full disk fails every update alike: one line a minute, with the count
        context.bot_data.disk_faults(logging.ERROR, "cannot save (the database cannot be written): %s", error)
    else:
        log.error("error while handling update %s", _describe(update), exc_info=error)
    if not isinstance(update, Update):
        return
    lang = context.bot_data.languages.guess(update.effective_user)  # the engine may be what failed
    text = context.texts("error_disk" if disk else "error_ours", lang)
    chat = update.effective_chat
    message = update.effective_message
    try:
        if update.callback_query is not None:
            await update.callback_query.answer(text[:200])
        elif chat is not None and chat.type == ChatType.PRIVATE:
            await send_html(context.bot, chat.id, text)
        elif disk and chat is not None and message is not None and (message.text or "").startswith("/"):
            await send_html(context.bot, chat.id, text)  # a group: a command is answered, not every message
    except TelegramError as exc:  # the apology itself failed: nothing more to do than log it
        log.warning("could not tell the user about the error: %r", exc)
