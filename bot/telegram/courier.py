"""Replies that could not be sent are kept in SQLite (the outbox) and sent when sending works again.

A verdict whose send fails for a while (429s past the rate limiter's retries, 5xx, the network down) is
not lost with the update that made it: `keep()` stores its text and keyboard, and the courier sends it
in order, with a backoff that grows to a minute, until it goes, the chat turns out to be gone, or a day
has passed (a stale verdict is then dropped with a log line). A learner who presses the answered
question again gets the kept verdict at once (`deliver_now`); when the Bot API answers again after an
outage (bot/telegram/breaker.py), every kept reply goes at once (`recovered`), whatever its backoff.

Each kept reply has one owner: the rows are read under the courier's lock, by whichever path sends them,
and removed before the lock is let go, so two paths never send the same one. A send that may have arrived
(a read timeout, a connection lost while waiting) is not sent again: a second copy would be a duplicate.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Awaitable, Callable
from datetime import datetime
from typing import Any, Protocol

from telegram import Bot, InlineKeyboardMarkup
from telegram.constants import ParseMode
from telegram.error import TelegramError

from bot.delivery.outcomes import Failure
from bot.delivery.service import backoff_seconds
from bot.telegram.failures import classify
from bot.telegram.transport import post_unread

__all__ = ["Courier", "KeptReply", "ReplyStore"]

log = logging.getLogger(__name__)

GIVE_UP_SECONDS = 86_400
_ALL = 1 << 62  # "now" for reading every kept reply, whatever its next try


class KeptReply(Protocol):
    @property
    def id(self) -> int: ...
    @property
    def chat_id(self) -> int: ...
    @property
    def text(self) -> str: ...
    @property
    def markup(self) -> str | None: ...
    @property
    def created_at(self) -> int: ...
    @property
    def tries(self) -> int: ...


class ReplyStore(Protocol):
    """Where kept replies live (bot.store.outbox.Outbox, given by the composition root)."""

    async def keep(self, chat_id: int, text: str, markup: str | None, now: int, next_try: int, error: str) -> int: ...
    async def due(self, now: int, chat_id: int | None = None) -> list[Any]: ...
    async def delay(self, reply_id: int, next_at: int, error: str) -> None: ...
    async def remove(self, reply_id: int) -> None: ...
    async def next_try(self) -> int | None: ...


class Courier:
    def __init__(
        self,
        bot: Bot,
        replies: ReplyStore,
        clock: Callable[[], datetime],
        *,
        poll_seconds: float = 30.0,
        api_down: Callable[[], bool] = lambda: False,
    ) -> None:
        self.bot = bot
        self.replies = replies
        self.clock = clock
        self.poll_seconds = poll_seconds
        self.api_down = api_down  # the breaker is open: sending now would only fail
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._lock = asyncio.Lock()  # one sender at a time: kept replies go in order
        self._all_now = False  # the next tick sends every kept reply (the API is back)
        self.sent = 0

    def _now(self) -> int:
        return int(self.clock().timestamp())

    async def keep(self, chat_id: int, text: str, markup: InlineKeyboardMarkup | None, exc: BaseException) -> None:
        """Keep a reply whose send failed for a while; it goes out when sending works again."""
        now = self._now()
        reply_id = await self.replies.keep(
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

    def recovered(self) -> None:
        """The Bot API answers again: every kept reply goes now, whatever its backoff."""
        self._all_now = True
        self.wake()

    async def deliver_now(self, chat_id: int) -> int:
        """Send the kept replies of one chat now (its learner is back); how many went."""
        return await self._send_all(lambda: self.replies.due(self._now(), chat_id=chat_id))

    async def tick(self) -> int:
        """Send every kept reply whose time has come (all of them after an outage); how many went."""
        if self.api_down():
            return 0
        if self._all_now:
            self._all_now = False
            return await self._send_all(lambda: self.replies.due(_ALL), until_none=True)
        return await self._send_all(lambda: self.replies.due(self._now()))

    async def _send_all(self, read: Callable[[], Awaitable[list[Any]]], *, until_none: bool = False) -> int:
        """Read the replies to send under the lock (one owner each), then send them in order; with
        ``until_none`` read again until nothing new is left (a read gives at most a page)."""
        sent = 0
        tried: set[int] = set()
        async with self._lock:
            while True:
                kept: list[KeptReply] = [r for r in await read() if r.id not in tried]
                for reply in kept:
                    tried.add(reply.id)
                    sent += await self._send(reply)
                if not until_none or not kept or self.api_down():
                    break
        self.sent += sent
        return sent

    async def _send(self, reply: KeptReply) -> bool:
        now = self._now()
        params: dict[str, Any] = {"chat_id": reply.chat_id, "text": reply.text, "parse_mode": ParseMode.HTML}
        if reply.markup:
            params["reply_markup"] = InlineKeyboardMarkup.de_json(json.loads(reply.markup), self.bot)
        delivered = False
        try:
            await post_unread(self.bot, "sendMessage", **params)
            delivered = True
        except TelegramError as exc:
            failure = classify(exc).failure
            if failure is Failure.retry and now - reply.created_at < GIVE_UP_SECONDS:
                await self.replies.delay(reply.id, now + int(backoff_seconds(reply.tries + 1)), str(exc))
                return False
            if failure is Failure.uncertain:  # it may have arrived: a second copy would be a duplicate
                log.warning(
                    "kept reply %d to chat %d may have arrived (%s): not sent again", reply.id, reply.chat_id, exc
                )
            else:
                log.warning("kept reply %d to chat %d given up (%s)", reply.id, reply.chat_id, exc)
        await self.replies.remove(reply.id)
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
            soonest = await self.replies.next_try()
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
