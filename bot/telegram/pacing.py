"""One outgoing budget for everything the bot sends: replies first, pushes fill what replies leave.

Telegram allows a bot about 30 messages per second in all and 20 per minute in one group; a 429
answer means "nothing more until retry_after". This rate limiter plugs into python-telegram-bot
(`ApplicationBuilder().rate_limiter(...)`) and enforces, for message-sending methods:

- a global budget of `send_rate` messages in any one-second window (0 lifts it);
- at most `group_per_minute` messages in any 60-second window to one group chat;
- pushes (sent with `rate_limit_args=PUSH`) also stay under `broadcast_rate` per second and wait while
  any reply is waiting, so a learner answering during a long broadcast gets the verdict at once;
- after a 429 every request (of any method) waits until `retry_after` has passed, then the request is
  tried again, at most `max_retries` times.

Why written here rather than aiolimiter or python-telegram-bot's AIORateLimiter: both are leaky buckets,
which allow a full burst on top of the steady rate, i.e. up to twice the limit inside one window;
Telegram's per-group rule counts a sliding minute. Neither has a notion of reply-before-push priority.
"""

from __future__ import annotations

import asyncio
import logging
import time
import warnings
from collections import deque
from collections.abc import Callable, Coroutine
from datetime import timedelta
from typing import Any

from telegram.error import RetryAfter
from telegram.ext import BaseRateLimiter

__all__ = ["PUSH", "OutgoingBudget", "SlidingWindow", "is_group_chat", "retry_after_seconds"]

log = logging.getLogger(__name__)

PUSH: dict[str, Any] = {"push": True}

# Methods that post or change a message in a chat count against Telegram's message limits.
_MESSAGE_METHODS = frozenset(
    m.lower()
    for m in (
        "sendMessage",
        "sendPhoto",
        "sendDocument",
        "sendPoll",
        "sendAnimation",
        "sendAudio",
        "sendVideo",
        "sendVoice",
        "sendSticker",
        "sendMediaGroup",
        "sendLocation",
        "sendContact",
        "sendDice",
        "copyMessage",
        "forwardMessage",
        "editMessageText",
        "editMessageReplyMarkup",
        "editMessageCaption",
        "editMessageMedia",
        "stopPoll",
    )
)


def retry_after_seconds(exc: RetryAfter) -> float:
    """The pause a 429 asks for, whether python-telegram-bot gives it as seconds or a timedelta."""
    with warnings.catch_warnings():  # reading the int form warns of the timedelta switch to come
        warnings.simplefilter("ignore")
        value = exc.retry_after
    return value.total_seconds() if isinstance(value, timedelta) else float(value)


def is_group_chat(chat_id: object) -> bool:
    """Groups and supergroups have negative ids (channels too, which the bot does not post in)."""
    if isinstance(chat_id, int):
        return chat_id < 0
    return isinstance(chat_id, str) and chat_id.startswith("-")


class SlidingWindow:
    """At most `limit` events in any `period` seconds (an exact log of recent event times)."""

    __slots__ = ("_times", "limit", "period")

    def __init__(self, limit: int, period: float) -> None:
        self.limit = limit
        self.period = period
        self._times: deque[float] = deque()

    def delay(self, now: float) -> float:
        """Seconds until one more event fits (0 when it fits now)."""
        while self._times and self._times[0] <= now - self.period:
            self._times.popleft()
        if len(self._times) < self.limit:
            return 0.0
        return self._times[0] + self.period - now

    def take(self, now: float) -> None:
        self._times.append(now)

    @property
    def idle(self) -> bool:
        return not self._times


class OutgoingBudget(BaseRateLimiter[dict[str, Any]]):
    """The bot's single outgoing budget (see the module docstring)."""

    def __init__(
        self,
        send_rate: float = 30.0,
        broadcast_rate: float = 25.0,
        *,
        paid_broadcast: bool = False,
        group_per_minute: int = 20,
        max_retries: int = 3,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._clock = clock
        self._global = SlidingWindow(int(send_rate), 1.0) if send_rate > 0 else None
        # Paid broadcasts are outside the free 30/s budget: they are paced by broadcast_rate alone.
        self._paid = paid_broadcast
        self._broadcast = SlidingWindow(int(broadcast_rate), 1.0) if broadcast_rate > 0 else None
        self._group_per_minute = group_per_minute
        self._groups: dict[str, SlidingWindow] = {}
        self._max_retries = max_retries
        self._paused_until = 0.0
        self._replies_waiting = 0
        self.retry_after_count = 0

    async def initialize(self) -> None:
        return None

    async def shutdown(self) -> None:
        return None

    @property
    def paused_until(self) -> float:
        return self._paused_until

    def _windows(self, chat_key: str | None, push: bool) -> list[SlidingWindow]:
        windows: list[SlidingWindow] = []
        if self._global is not None and not (push and self._paid):
            windows.append(self._global)
        if push and self._broadcast is not None:
            windows.append(self._broadcast)
        if chat_key is not None:
            window = self._groups.get(chat_key)
            if window is None:
                window = self._groups[chat_key] = SlidingWindow(self._group_per_minute, 60.0)
                self._forget_idle_groups()
            windows.append(window)
        return windows

    def _forget_idle_groups(self) -> None:
        # Keep memory bounded for bots in many groups: drop windows with no event in the last minute.
        if len(self._groups) > 1024:
            now = self._clock()
            for key in [k for k, w in self._groups.items() if w.delay(now) == 0 and w.idle]:
                del self._groups[key]

    async def _wait_for_slot(self, chat_key: str | None, push: bool) -> None:
        if not push:
            self._replies_waiting += 1
        try:
            while True:
                now = self._clock()
                wait = self._paused_until - now
                windows = self._windows(chat_key, push)
                wait = max([wait, *(w.delay(now) for w in windows)])
                if push and self._replies_waiting:
                    wait = max(wait, 0.002)  # let waiting replies take the next slot first
                if wait <= 0:
                    for w in windows:
                        w.take(now)
                    return
                await asyncio.sleep(wait)
        finally:
            if not push:
                self._replies_waiting -= 1

    async def _wait_for_pause(self) -> None:
        while (wait := self._paused_until - self._clock()) > 0:
            await asyncio.sleep(wait)

    async def process_request(
        self,
        callback: Callable[..., Coroutine[Any, Any, bool | dict[str, Any] | list[dict[str, Any]]]],
        args: Any,
        kwargs: dict[str, Any],
        endpoint: str,
        data: dict[str, Any],
        rate_limit_args: dict[str, Any] | None,
    ) -> bool | dict[str, Any] | list[dict[str, Any]]:
        push = bool(rate_limit_args and rate_limit_args.get("push"))
        counted = endpoint.lower() in _MESSAGE_METHODS
        chat_id = data.get("chat_id")
        chat_key = str(chat_id) if counted and is_group_chat(chat_id) else None
        attempt = 0
        while True:
            if counted:
                await self._wait_for_slot(chat_key, push)
            else:
                await self._wait_for_pause()
            try:
                return await callback(*args, **kwargs)
            except RetryAfter as exc:
                seconds = retry_after_seconds(exc)
                self._paused_until = max(self._paused_until, self._clock() + float(seconds))
                self.retry_after_count += 1
                attempt += 1
                log.warning("Telegram said 429 on %s: all sending paused for %.1f s", endpoint, seconds)
                if attempt > self._max_retries:
                    raise
