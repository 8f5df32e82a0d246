"""Replies that could not be sent are kept in SQLite (the outbox) and sent when sending works again.

A verdict whose send fails for a while (429s past the rate limiter's retries, 5xx, the network down) is
not lost with the update that made it: `keep()` stores its text and keyboard, and the courier sends it
in order, with a backoff that grows to a minute, until it goes, the chat turns out to be gone, or a day
has passed (a stale verdict is then dropped with a log line). A learner who presses the answered
question again gets the kept verdict at once (`deliver_now`).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from datetime import datetime
from typing import Any

from telegram import InlineKeyboardMarkup
from telegram.constants import ParseMode
from telegram.error import TelegramError
from telegram.ext import Application

from bot.delivery.outcomes import Failure
from bot.delivery.service import backoff_seconds
from bot.store import outbox
from bot.telegram.common import STORE, run_while_serving
from bot.telegram.failures import classify
from bot.telegram.transport import post_unread

__all__ = ["COURIER", "Courier", "register"]

log = logging.getLogger(__name__)

COURIER = "courier"  # bot_data key
GIVE_UP_SECONDS = 86_400


class Courier:
    def __init__(self, app: Application, *, poll_seconds: float = 30.0) -> None:  # type: ignore[type-arg]
        self.app = app
        self.poll_seconds = poll_seconds
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._lock = asyncio.Lock()  # one sender at a time: kept replies go in order
        self.sent = 0

    def _now(self) -> int:
        clock = self.app.bot_data["clock"]
        moment: datetime = clock()
        return int(moment.timestamp())

    async def keep(self, chat_id: int, text: str, markup: InlineKeyboardMarkup | None, exc: BaseException) -> None:
        """Keep a reply whose send failed for a while; it goes out when sending works again."""
        now = self._now()
        store = self.app.bot_data[STORE]
        async with store.write() as db:
            reply_id = await outbox.add(
                db,
                chat_id,
                text,
                json.dumps(markup.to_dict()) if markup else None,
                now,
                now + int(backoff_seconds(1)),
                f"{type(exc).__name__}: {exc}",
            )
        log.warning("reply to chat %d could not be sent (%s): kept as %d, sent again later", chat_id, exc, reply_id)
        self.wake()

    def wake(self) -> None:
        self._wake.set()

    async def deliver_now(self, chat_id: int) -> int:
        """Send the kept replies of one chat now (its learner is back); how many went."""
        store = self.app.bot_data.get(STORE)
        if store is None:
            return 0
        async with store.read() as db:
            kept = await outbox.due(db, self._now(), chat_id=chat_id)
        return await self._send_all(kept) if kept else 0

    async def tick(self) -> int:
        """Send every kept reply whose time has come; how many went."""
        async with self.app.bot_data[STORE].read() as db:
            kept = await outbox.due(db, self._now())
        return await self._send_all(kept)

    async def _send_all(self, kept: list[outbox.Kept]) -> int:
        sent = 0
        async with self._lock:
            for reply in kept:
                sent += await self._send(reply)
        self.sent += sent
        return sent

    async def _send(self, reply: outbox.Kept) -> bool:
        store = self.app.bot_data[STORE]
        now = self._now()
        params: dict[str, Any] = {"chat_id": reply.chat_id, "text": reply.text, "parse_mode": ParseMode.HTML}
        if reply.markup:
            params["reply_markup"] = InlineKeyboardMarkup.de_json(json.loads(reply.markup), self.app.bot)
        delivered = False
        try:
            await post_unread(self.app.bot, "sendMessage", **params)
            delivered = True
        except TelegramError as exc:
            failure = classify(exc).failure
            if failure in (Failure.retry, Failure.uncertain) and now - reply.created_at < GIVE_UP_SECONDS:
                async with store.write() as db:
                    await outbox.delay(db, reply.id, now + int(backoff_seconds(reply.tries + 1)), str(exc))
                return False
            log.warning("kept reply %d to chat %d given up (%s)", reply.id, reply.chat_id, exc)
        async with store.write() as db:
            await outbox.remove(db, reply.id)
        if delivered:
            log.info("kept reply %d delivered to chat %d after %d tries", reply.id, reply.chat_id, reply.tries + 1)
        return delivered

    async def _run(self) -> None:
        while True:
            try:
                await self.tick()
            except asyncio.CancelledError:
                raise
            except Exception:  # the courier must outlive a database hiccup
                log.exception("sending kept replies failed")
            wait = self.poll_seconds
            async with self.app.bot_data[STORE].read() as db:
                soonest = await outbox.next_try(db)
            if soonest is not None:
                wait = min(wait, max(0.5, soonest - self._now()))
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), wait)
            self._wake.clear()

    def start(self) -> None:
        if self._task is None:
            self._task = asyncio.ensure_future(self._run())

    async def stop(self) -> None:
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task


async def _start(app: Application) -> None:  # type: ignore[type-arg]
    if STORE in app.bot_data:
        app.bot_data[COURIER].start()


async def _stop(app: Application) -> None:  # type: ignore[type-arg]
    await app.bot_data[COURIER].stop()


def register(app: Application) -> None:  # type: ignore[type-arg]
    app.bot_data[COURIER] = Courier(app)
    run_while_serving(app, _start, _stop)
