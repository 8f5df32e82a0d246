"""Telegram's flood limits as leaky buckets, on an injectable clock.

A bucket of capacity ``burst`` drains at ``rate`` per second; a counted request adds 1. A request that
would lift the level above ``burst + slack`` is a violation: it is answered 429 with
``parameters.retry_after`` (whole seconds until it would fit) and not performed. This is the model of
aiolimiter, which python-telegram-bot's AIORateLimiter uses, so a bot paced by it never trips these.
``slack`` (default 1 request) absorbs the jitter between when the client paced a request and when it
arrived here; it is not a licence to send faster.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field

__all__ = ["SEND_METHODS", "Bucket", "DrivenTime", "ManualClock", "RateRules", "VirtualTime"]

# Methods that put a new message into a chat; these count toward the flood limits.
SEND_METHODS = frozenset(
    {
        "sendMessage",
        "sendPhoto",
        "sendDocument",
        "sendPoll",
        "sendSticker",
        "sendAudio",
        "sendVideo",
        "sendAnimation",
        "sendVoice",
        "sendVideoNote",
        "sendMediaGroup",
        "sendLocation",
        "sendVenue",
        "sendContact",
        "sendDice",
        "sendInvoice",
        "sendGame",
        "sendPaidMedia",
        "sendChecklist",
        "copyMessage",
        "copyMessages",
        "forwardMessage",
        "forwardMessages",
    }
)
EDIT_METHODS = frozenset({"editMessageText", "editMessageCaption", "editMessageMedia", "editMessageReplyMarkup"})


class ManualClock:
    """A clock tests move by hand: ``clock()`` reads it, ``clock.advance(s)`` moves it."""

    def __init__(self, start: float = 1_000.0) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


class VirtualTime:
    """Monotonic time for the bot's pacing and the fake's flood rules together, where a wait takes no
    time: ``clock()`` is the real clock plus every second waited so far, ``await clock.sleep(s)`` moves it
    ``s`` on and only yields. Waits that overlap add up, so the clock runs ahead of what a real run would
    see: a budget is never kept more loosely than in real time. ``advance(s)``: people taking their time."""

    def __init__(self) -> None:
        self.offset = 0.0

    def __call__(self) -> float:
        return time.monotonic() + self.offset

    def advance(self, seconds: float) -> None:
        self.offset += seconds

    async def sleep(self, seconds: float) -> None:
        self.offset += max(0.0, seconds)
        await asyncio.sleep(0)


class DrivenTime(VirtualTime):
    """Virtual time the test drives: only ``advance(s)`` moves it, and ``await clock.sleep(s)`` returns once the
    test has moved it ``s`` on. Where `VirtualTime` adds up waits that overlap (a bot waiting for a budget
    moves the members' time too), here the bot's waits and the members' pace overlap as in real time: for
    tests that measure how long something took while people go on doing things (answers within 90 s
    while members keep sending commands). A test moves it in small steps, letting the bot work between.
    """

    def __init__(self, start: float = 1_000.0) -> None:
        super().__init__()
        self.start = self.now = start
        self._sleepers: list[tuple[float, int, asyncio.Future[None]]] = []
        self._order = itertools.count()

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        """Move time on and wake every sleeper whose time has come (in the order of their deadlines)."""
        self.now += max(0.0, seconds)
        self.offset = self.now - self.start
        while self._sleepers and self._sleepers[0][0] <= self.now + 1e-9:
            _, _, waiter = heapq.heappop(self._sleepers)
            if not waiter.done():
                waiter.set_result(None)

    async def sleep(self, seconds: float) -> None:
        if seconds <= 0:
            await asyncio.sleep(0)
            return
        waiter: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        heapq.heappush(self._sleepers, (self.now + seconds, next(self._order), waiter))
        await waiter

    @property
    def sleepers(self) -> int:
        """Waits not over yet."""
        return sum(1 for _, _, w in self._sleepers if not w.done())


@dataclass
class RateRules:
    """The flood limits the fake enforces (defaults: Telegram's published free limits)."""

    global_rate: float = 30.0  # messages per second, all chats together
    global_burst: float = 30.0
    group_rate: float = 20.0 / 60.0  # messages per second to one group (negative chat id): 20 a minute
    group_burst: float = 20.0
    private_rate: float = 1.0  # sustained messages per second to one private chat
    private_burst: float = 10.0  # a conversation may burst: question, verdict, next question...
    slack: float = 1.0
    count_edits: bool = False  # edits are not new messages; set True to count them too
    enabled: bool = True

    def counts(self, method: str) -> bool:
        return self.enabled and (method in SEND_METHODS or (self.count_edits and method in EDIT_METHODS))


@dataclass
class Bucket:
    rate: float
    burst: float
    slack: float
    level: float = 0.0
    at: float | None = None

    def _drained(self, now: float) -> float:
        if self.at is None:
            return 0.0
        return max(0.0, self.level - (now - self.at) * self.rate)

    def retry_after(self, now: float) -> int | None:
        """None when one more request fits now, else whole seconds to wait."""
        level = self._drained(now)
        if level + 1 <= self.burst + self.slack + 1e-9:
            return None
        return max(1, math.ceil((level + 1 - self.burst) / self.rate))

    def take(self, now: float) -> None:
        self.level = self._drained(now) + 1
        self.at = now


@dataclass
class Limiter:
    rules: RateRules
    clock: Callable[[], float] = time.monotonic
    global_bucket: Bucket = field(init=False)
    chats: dict[int, Bucket] = field(default_factory=dict)

    def __post_init__(self) -> None:
        r = self.rules
        self.global_bucket = Bucket(r.global_rate, r.global_burst, r.slack)

    def _chat_bucket(self, chat_id: int) -> Bucket:
        bucket = self.chats.get(chat_id)
        if bucket is None:
            r = self.rules
            if chat_id < 0:
                bucket = Bucket(r.group_rate, r.group_burst, r.slack)
            else:
                bucket = Bucket(r.private_rate, r.private_burst, r.slack)
            self.chats[chat_id] = bucket
        return bucket

    def check(self, chat_id: int | None) -> tuple[str, int] | None:
        """(rule, retry_after) when a counted request to ``chat_id`` breaks a rule; else counts it."""
        now = self.clock()
        wait = self.global_bucket.retry_after(now)
        if wait is not None:
            return ("global", wait)
        bucket = self._chat_bucket(chat_id) if chat_id is not None else None
        if bucket is not None:
            wait = bucket.retry_after(now)
            if wait is not None:
                return ("group" if chat_id is not None and chat_id < 0 else "private", wait)
        self.global_bucket.take(now)
        if bucket is not None:
            bucket.take(now)
        return None
