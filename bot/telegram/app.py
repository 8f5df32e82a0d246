"""Building the Telegram application: the same object for `studybot run` and for the tests."""

from __future__ import annotations

import functools
import json
import logging
import random
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime

from telegram import Update
from telegram.constants import ChatType
from telegram.error import Forbidden, NetworkError, RetryAfter, TelegramError, TimedOut
from telegram.ext import Application, ApplicationBuilder

from bot.config import Settings
from bot.telegram import admin, commands, courier, groups, learner, membership, quiz
from bot.telegram import subscriptions as pushes
from bot.telegram.callbacks import CallbackCodec
from bot.telegram.common import CODEC, COMMANDS, ENGINE, INBOX, SETTINGS, STORE, Context
from bot.telegram.inbox import ConfirmingRequest, Inbox, InboxQueue
from bot.telegram.ordering import PerChatUpdateProcessor
from bot.telegram.pacing import OutgoingBudget
from bot.telegram.quiz import KNOWN
from bot.telegram.texts import lang_of, t
from bot.telegram.transport import AiohttpRequest

__all__ = ["FEATURES", "build_application", "on_error"]

log = logging.getLogger(__name__)

# Feature registrations, in order: each adds its handlers to the application.
FEATURES: list[Callable[[Application], None]] = [  # type: ignore[type-arg]
    courier.register,
    commands.register,
    membership.register,
    quiz.register,
    learner.register,
    pushes.register,
    admin.register,
    groups.register,
]


def build_application(
    settings: Settings,
    *,
    clock: Callable[[], datetime] | None = None,
    rng: random.Random | None = None,
) -> Application:  # type: ignore[type-arg]
    """The bot, pointed at ``settings.api_url``; post_init opens the store and engine, publishes commands.

    ``clock`` (timezone-aware) and ``rng`` go to the study engine; tests pass fixed ones.
    """
    if not settings.token:
        raise ValueError("STUDYBOT_TOKEN is not set")
    inbox = Inbox()  # updates kept in SQLite until handled: a crash loses none (bot/telegram/inbox.py)
    processor = PerChatUpdateProcessor(
        16, flood_queue=settings.flood_queue or 1 << 30, on_start=_written(inbox), on_done=_handled(inbox)
    )
    budget = OutgoingBudget(
        settings.send_rate,
        settings.broadcast_rate,
        paid_broadcast=settings.paid_broadcast,
        chat_rate=settings.chat_rate,
        chat_burst=settings.chat_burst,
    )
    app = (
        ApplicationBuilder()
        .token(settings.token)
        .base_url(settings.api_url)
        .base_file_url(settings.file_url)
        .rate_limiter(budget)
        .concurrent_updates(processor)  # chats in parallel, each chat in order, a flood kept to its chat
        .update_queue(InboxQueue(inbox))
        .request(AiohttpRequest())  # cheaper per request than httpx: see transport.py
        .get_updates_request(ConfirmingRequest(AiohttpRequest(1), inbox))
        .post_init(_post_init)
        .post_shutdown(_post_shutdown)
        .build()
    )
    app.bot_data[SETTINGS] = settings
    app.bot_data[INBOX] = inbox
    app.bot_data[CODEC] = CallbackCodec.from_token(settings.token)
    app.bot_data["clock"] = clock or (lambda: datetime.now(UTC))
    app.bot_data["rng"] = rng or random.Random()
    processor.on_flood = functools.partial(_slow_down, app)
    for feature in FEATURES:
        feature(app)
    app.add_error_handler(on_error)
    return app


def _written(inbox: Inbox) -> Callable[[object], Awaitable[None]]:
    async def written(update: object) -> None:
        await inbox.flush()

    return written


def _handled(inbox: Inbox) -> Callable[[object], Awaitable[None]]:
    async def handled(update: object) -> None:
        if isinstance(update, Update) and inbox.is_open:
            inbox.handled(update.update_id)

    return handled


async def _slow_down(app: Application, update: Update, tell: bool) -> None:  # type: ignore[type-arg]
    """A private chat floods (bot/telegram/ordering.py): no burst for it, and now and then a polite notice."""
    chat, user = update.effective_chat, update.effective_user
    if chat is None:
        return
    budget = app.bot.rate_limiter
    if isinstance(budget, OutgoingBudget):
        budget.hold_back(chat.id)
    if not tell:
        return
    known = app.bot_data.get(KNOWN, {})
    lang = known.get(user.id) if user is not None else None
    await app.bot.send_message(chat.id, t("flood_slow_down", lang or lang_of(user.language_code if user else None)))


async def _post_init(app: Application) -> None:  # type: ignore[type-arg]
    from bot.banks.model import load_banks_serving
    from bot.store import Store
    from bot.study.engine import StudyEngine

    settings: Settings = app.bot_data[SETTINGS]
    settings.db.parent.mkdir(parents=True, exist_ok=True)
    store = await Store.open(settings.db)
    app.bot_data[STORE] = store
    for update in await app.bot_data[INBOX].open(store, app.bot):  # what a crash left unhandled, first
        app.update_queue.put_nowait(update)
    banks, unreadable = load_banks_serving(settings.banks)
    for path, why in unreadable:  # one bad file must not keep the bot from serving the others
        log.error("bank file %s cannot be read (%s): not served until it is fixed", path, why)
    app.bot_data[ENGINE] = await StudyEngine.create(
        store, banks, clock=app.bot_data["clock"], rng=app.bot_data["rng"], default_tz=settings.tz
    )
    log.info(
        "studybot ready: %d banks, %d questions, database %s",
        len(banks),
        sum(len(b.questions) for b in banks),
        settings.db,
    )
    await commands.publish_commands(app.bot, app.bot_data[COMMANDS])


async def _post_shutdown(app: Application) -> None:  # type: ignore[type-arg]
    store = app.bot_data.pop(STORE, None)
    app.bot_data.pop(ENGINE, None)
    if store is not None:
        await store.close()


def _describe(update: object) -> str:
    if isinstance(update, Update):
        return json.dumps(update.to_dict(), ensure_ascii=False)[:2000]
    return repr(update)[:2000]


async def on_error(update: object, context: Context) -> None:
    """Log what went wrong with the update and its traceback; tell the user if it was our fault."""
    error = context.error
    # A plain NetworkError is the connection; its subclass BadRequest is a request of ours that was wrong.
    if isinstance(error, (RetryAfter, TimedOut)) or type(error) is NetworkError:
        log.warning("transient Telegram error (%r) on update %s", error, _describe(update))
        return
    if isinstance(error, Forbidden):
        log.info("not allowed to write (%s) on update %s", error, _describe(update))
        return
    log.error("error while handling update %s", _describe(update), exc_info=error)
    if not isinstance(update, Update):
        return
    user = update.effective_user
    lang = lang_of(user.language_code if user else None)
    try:
        if update.callback_query is not None:
            await update.callback_query.answer(t("error_ours", lang)[:200])
        elif update.effective_chat is not None and update.effective_chat.type == ChatType.PRIVATE:
            await context.bot.send_message(update.effective_chat.id, t("error_ours", lang))
    except TelegramError as exc:  # the apology itself failed: nothing more to do than log it
        log.warning("could not tell the user about the error: %r", exc)
