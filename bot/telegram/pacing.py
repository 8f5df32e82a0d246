"""One outgoing budget for everything the bot sends: replies first, pushes fill what replies leave.

Telegram allows a bot about 30 messages per second in all, 20 per minute in one group and about one
per second in one private chat (short bursts pass); a 429 answer means "nothing more until
retry_after", without saying whether that meant the chat or the whole bot. This rate limiter plugs
into python-telegram-bot (`ApplicationBuilder().rate_limiter(...)`) and enforces, for
message-sending methods:

- a global budget of `send_rate` new messages in any one-second window (0 lifts it; edits wait for
  pauses but do not count here);
- at most `group_per_minute` messages in any 60-second window to one group chat;
- new messages to one private chat at `chat_rate` per second after a burst of `chat_burst`, so the
  bot rarely meets the per-chat 429 at all;
- pushes (sent with `rate_limit_args=PUSH`) also stay under `broadcast_rate` per second, wait while
  a reply is ready to go (a reply still waiting for its own chat's turn holds back nobody), and leave
  room in the global budget for the replies to come: as many slots a second as replies took lately
  (the most of the last second and the average of the last five), and one more. So a learner answering
  during a long broadcast or an announcement gets the verdict at once, and replies never queue behind
  pushes that filled the window;
- a private chat that floods the bot loses its burst (`hold_back`): one message a second while it
  floods, so it never takes the others' share of the global budget;
- a 429 on a request to one chat pauses that chat until `retry_after` has passed; everything pauses
  when 429s come from `several_chats` chats within `several_seconds`, when the bot is near its overall
  rate (`near_share` of the global limit in the last second: a 429 then most likely means the bot's
  own limit, and sending to another chat inside its retry_after would meet another), or for a request
  that names no chat. The request is then tried again, at most `max_retries` times.

Every request but getMe (the probe) first passes the circuit breaker (bot/telegram/breaker.py): while the
Bot API does not answer, pushes wait and replies fail after a moment as not sent, so that nothing more
goes out into a stall than what was on the wire when it began.

A push can carry a `claim` coroutine in its rate_limit_args (`push_args(claim)`): it is awaited when
the push's slot is granted, right before the request goes on the wire, and when it returns False the
request is not made (`NotClaimed`). The push scheduler records a push as under way only there, so a
crash leaves "uncertain" only what was really on the wire.

`on_request(method, chat)`, when set, is told of each message request right before it goes on the wire
(the group plan, bot/telegram/group_turns.py, counts every message to a group there).

Why written here rather than aiolimiter or python-telegram-bot's AIORateLimiter: both are leaky buckets,
which allow a full burst on top of the steady rate, i.e. up to twice the limit inside one window;
Telegram's per-group rule counts a sliding minute. Neither has a notion of reply-before-push priority,
of a per-chat pause, or of taking several limits at once (a request takes its chat's, the global and
the broadcast budget together, or none of them).
"""

from __future__ import annotations

import asyncio
import logging
import math
import time
import warnings
from collections import deque
from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any, Protocol

from telegram.error import RetryAfter
from telegram.ext import BaseRateLimiter

from bot.delivery.outcomes import NotClaimed
from bot.telegram.breaker import Breaker

__all__ = [
    "PUSH",
    "NotClaimed",
    "OutgoingBudget",
    "SlidingWindow",
    "TokenBucket",
    "is_group_chat",
    "push_args",
    "retry_after_seconds",
]

log = logging.getLogger(__name__)

PUSH: dict[str, Any] = {"push": True}
REPLY_MEMORY = 5.0  # seconds of replies the room kept for them is reckoned from


def push_args(claim: Callable[[], Awaitable[bool]] | None = None) -> dict[str, Any]:
    """rate_limit_args of a push; `claim` is awaited when its slot is granted (see the module docstring)."""
    return {"push": True, "claim": claim} if claim is not None else PUSH


# Methods that post or change a message in a chat: a group's 20 a minute counts them all.
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
# Of those, the ones that put a new message into a chat: what the global budget and a private chat's pace count.
_NEW_MESSAGE_METHODS = frozenset(m for m in _MESSAGE_METHODS if not m.startswith(("edit", "stop")))


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


class Window(Protocol):
    def delay(self, now: float) -> float: ...
    def take(self, now: float) -> None: ...
    @property
    def idle(self) -> bool: ...


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

    def used(self, now: float) -> int:
        """Events in the window that ends now."""
        while self._times and self._times[0] <= now - self.period:
            self._times.popleft()
        return len(self._times)

    @property
    def idle(self) -> bool:
        return not self._times


class _Recent:
    """Times of recent events, kept for `memory` seconds: how many came lately, and when the oldest of the
    last second leaves it."""

    __slots__ = ("_memory", "_times")

    def __init__(self, memory: float) -> None:
        self._memory = memory
        self._times: deque[float] = deque()

    def add(self, now: float) -> None:
        self._times.append(now)

    def count(self, now: float, within: float | None = None) -> int:
        while self._times and self._times[0] <= now - self._memory:
            self._times.popleft()
        if within is None or within >= self._memory:
            return len(self._times)
        return sum(1 for t in self._times if t > now - within)

    def leaves(self, now: float) -> float:
        """Seconds until the oldest event of the last second is out of it."""
        self.count(now)
        return self._times[0] + min(1.0, self._memory) - now if self._times else 0.0


class TokenBucket:
    """`burst` events at once, then `rate` per second: how Telegram treats one private chat."""

    __slots__ = ("_at", "_level", "burst", "rate")

    def __init__(self, rate: float, burst: int) -> None:
        self.rate = rate
        self.burst = max(1, burst)
        self._level = 0.0  # events still "in the bucket", draining at `rate`
        self._at = 0.0

    def _drained(self, now: float) -> float:
        return max(0.0, self._level - (now - self._at) * self.rate)

    def delay(self, now: float) -> float:
        over = self._drained(now) + 1 - self.burst
        return 0.0 if over <= 1e-9 else over / self.rate

    def take(self, now: float) -> None:
        self._level = self._drained(now) + 1
        self._at = now

    def spend(self, now: float) -> None:
        """Take the burst away: from now on `rate` per second (until it refills, `burst / rate` seconds)."""
        self._level = max(self._drained(now), float(self.burst))
        self._at = now

    @property
    def idle(self) -> bool:
        return self._level <= 0.0 or self.rate <= 0

    def empty_at(self, now: float) -> bool:
        return self._drained(now) <= 0.0


@dataclass
class _Pause:
    """A 429's pause, then one request at a time until one gets through: requests released together at
    the end of a pause would all meet the next 429 (and Telegram lengthens the pause for each)."""

    until: float = 0.0
    probing: bool = False  # the pause is over, and no request has got through since
    busy: bool = False  # the first request after the pause is on its way

    def delay(self, now: float) -> float:
        wait = self.until - now
        if wait > 0:
            return wait
        return 0.02 if self.probing and self.busy else 0.0

    def paused(self, now: float, seconds: float) -> None:
        self.until = max(self.until, now + seconds)
        self.probing = True


@dataclass
class _Chat:
    """One chat's own budget: its window and a pause after a 429 meant for it."""

    window: Window | None
    pause: _Pause = field(default_factory=_Pause)
    last_use: float = 0.0


@dataclass
class _Shared:
    replies_ready: int = 0  # replies whose own chat lets them go, waiting only for the global budget
    recent_429: deque[tuple[float, str | None]] = field(default_factory=deque)


class OutgoingBudget(BaseRateLimiter[dict[str, Any]]):
    """The bot's single outgoing budget (see the module docstring)."""

    def __init__(
        self,
        send_rate: float = 28.0,
        broadcast_rate: float = 25.0,
        *,
        paid_broadcast: bool = False,
        group_per_minute: int = 20,
        chat_rate: float = 1.0,
        chat_burst: int = 8,
        several_chats: int = 3,
        several_seconds: float = 5.0,
        near_share: float = 0.8,
        max_retries: int = 3,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], Awaitable[object]] = asyncio.sleep,
    ) -> None:
        self._clock, self._sleep = clock, sleep  # waits are on ``clock``'s time: tests pass a virtual pair
        self._global = SlidingWindow(int(send_rate), 1.0) if send_rate > 0 else None
        # Paid broadcasts are outside the free 30/s budget: they are paced by broadcast_rate alone.
        self._paid = paid_broadcast
        self._broadcast = SlidingWindow(int(broadcast_rate), 1.0) if broadcast_rate > 0 else None
        self._group_per_minute = group_per_minute
        self._chat_rate = chat_rate
        self._chat_burst = chat_burst
        self._several_chats = several_chats
        self._several_seconds = several_seconds
        self._near_share = near_share
        self._replies = _Recent(REPLY_MEMORY)  # replies' new messages: the room pushes leave for them
        self._pushes = _Recent(1.0)  # pushes' new messages in the global budget
        self._chats: dict[str, _Chat] = {}
        self._max_retries = max_retries
        self._pause_all = _Pause()
        self._state = _Shared()
        self.breaker = Breaker(clock=clock, sleep=sleep)
        self.retry_after_count = 0
        self.chat_pauses = 0  # 429s that paused one chat only
        self.global_pauses = 0  # 429s that paused everything
        self.on_request: Callable[[str, str | None], None] | None = None  # see the module docstring

    async def initialize(self) -> None:
        return None

    async def shutdown(self) -> None:
        return None

    @property
    def paused_until(self) -> float:
        """Until when everything is paused (a global 429)."""
        return self._pause_all.until

    def hold_back(self, chat_id: object) -> None:
        """A private chat that floods the bot gets no burst: one message a second while it floods."""
        chat = self._chat(str(chat_id))
        if isinstance(chat.window, TokenBucket):
            chat.window.spend(self._clock())

    def chat_paused_until(self, chat_id: object) -> float:
        chat = self._chats.get(str(chat_id))
        return chat.pause.until if chat is not None else 0.0

    # ----- the budgets -------------------------------------------------------------------------------

    def _chat(self, chat_key: str) -> _Chat:
        chat = self._chats.get(chat_key)
        if chat is None:
            window: Window | None
            if is_group_chat(chat_key):
                window = SlidingWindow(self._group_per_minute, 60.0)
            elif self._chat_rate > 0:
                window = TokenBucket(self._chat_rate, self._chat_burst)
            else:
                window = None
            chat = self._chats[chat_key] = _Chat(window)
            self._forget_idle_chats()
        return chat

    def _forget_idle_chats(self) -> None:
        # Memory stays bounded for bots in many chats: drop chats with an empty budget and no pause.
        if len(self._chats) > 4096:
            now = self._clock()
            for key in [
                k
                for k, c in self._chats.items()
                if c.pause.until <= now and not c.pause.probing and _empty(c.window, now)
            ]:
                del self._chats[key]

    def _global_windows(self, push: bool) -> list[SlidingWindow]:
        windows: list[SlidingWindow] = []
        if self._global is not None and not (push and self._paid):
            windows.append(self._global)
        if push and self._broadcast is not None:
            windows.append(self._broadcast)
        return windows

    def _probes(self, chat: _Chat | None) -> list[_Pause]:
        """The pauses this request, about to leave, is the first one after."""
        probes = [
            p
            for p in (self._pause_all, chat.pause if chat is not None else None)
            if p is not None and p.probing and not p.busy
        ]
        for p in probes:
            p.busy = True
        return probes

    async def _wait_for_slot(self, endpoint: str, chat_key: str | None, push: bool) -> list[_Pause]:
        chat = self._chat(chat_key) if chat_key is not None else None
        # New messages count everywhere; edits only against a group's 20 a minute (Telegram's 30 a second
        # and a private chat's pace are about messages sent, and verdicts come with an edit each).
        new = endpoint in _NEW_MESSAGE_METHODS
        paced = chat is not None and (new or is_group_chat(chat_key))
        ready = False
        try:
            while True:
                now = self._clock()
                own = 0.0
                if chat is not None:
                    own = chat.pause.delay(now)
                    if paced and chat.window is not None:
                        own = max(own, chat.window.delay(now))
                if not push and (own <= 0) != ready:  # a reply counts as ready once its chat lets it go
                    ready = own <= 0
                    self._state.replies_ready += 1 if ready else -1
                windows = self._global_windows(push) if new else []
                wait = max([own, self._pause_all.delay(now), *(w.delay(now) for w in windows)])
                shared = new and self._global is not None and self._global in windows
                if push and self._state.replies_ready:
                    wait = max(wait, 0.002)  # let ready replies take the next slot first
                elif push and shared:
                    wait = max(wait, self._room_for_replies(now))
                if wait <= 0:
                    for w in windows:
                        w.take(now)
                    if shared:
                        (self._pushes if push else self._replies).add(now)
                    if chat is not None:
                        chat.last_use = now
                        if paced and chat.window is not None:
                            chat.window.take(now)
                    return self._probes(chat)
                await self._sleep(wait)
        finally:
            if ready:
                self._state.replies_ready -= 1

    def _room_for_replies(self, now: float) -> float:
        """How long a push waits so that the global budget keeps room for the replies to come."""
        assert self._global is not None
        lately = max(self._replies.count(now, 1.0), self._replies.count(now) / REPLY_MEMORY)
        room = self._global.limit - 1 - math.ceil(lately)  # pushes' share of a second
        if self._pushes.count(now) < room:
            return 0.0
        return max(0.002, self._pushes.leaves(now))

    async def _wait_for_pause(self, chat_key: str | None) -> list[_Pause]:
        while True:
            now = self._clock()
            chat = self._chats.get(chat_key) if chat_key is not None else None
            wait = max(self._pause_all.delay(now), chat.pause.delay(now) if chat is not None else 0.0)
            if wait <= 0:
                return self._probes(chat)
            await self._sleep(wait)

    def _pause(self, endpoint: str, chat_key: str | None, seconds: float) -> None:
        """Whom a 429 pauses: the chat it was about, unless it looks like the bot's own limit."""
        now = self._clock()
        recent = self._state.recent_429
        recent.append((now, chat_key))
        while recent and recent[0][0] < now - self._several_seconds:
            recent.popleft()
        chats = {key for _, key in recent if key is not None}
        at_limit = self._global is not None and self._global.used(now) >= self._near_share * self._global.limit
        if chat_key is None or len(chats) >= self._several_chats or at_limit:
            self._pause_all.paused(now, seconds)
            self.global_pauses += 1
            why = (
                "a request for no chat"
                if chat_key is None
                else "the bot is near its overall rate"
                if at_limit
                else f"{len(chats)} chats at once"
            )
            log.warning("Telegram said 429 on %s (%s): all sending paused for %.1f s", endpoint, why, seconds)
            return
        self._chat(chat_key).pause.paused(now, seconds)
        self.chat_pauses += 1
        log.warning("Telegram said 429 on %s to chat %s: that chat paused for %.1f s", endpoint, chat_key, seconds)

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
        claim = rate_limit_args.get("claim") if rate_limit_args else None
        method = endpoint.lower()
        counted = method in _MESSAGE_METHODS
        chat_id = data.get("chat_id")
        chat_key = str(chat_id) if chat_id is not None else None
        attempt = 0
        gated = method != "getme"  # getMe is the breaker's probe
        while True:
            if gated:
                await self.breaker.wait(push=push)
            if counted:
                probes = await self._wait_for_slot(method, chat_key, push)
            else:
                probes = await self._wait_for_pause(chat_key)
            if gated and self.breaker.is_open:  # opened while this one waited for its slot: wait again
                for pause in probes:
                    pause.busy = False
                continue
            through = False
            try:
                if claim is not None:
                    if not await claim():
                        raise NotClaimed(endpoint)
                    claim = None  # claimed once: a retry after a 429 is the same push
                if counted and self.on_request is not None:
                    self.on_request(method, chat_key)
                result = await callback(*args, **kwargs)
                through = True
                return result
            except RetryAfter as exc:
                seconds = retry_after_seconds(exc)
                self.retry_after_count += 1
                self._pause(endpoint, chat_key, seconds)
                attempt += 1
                if attempt > self._max_retries:
                    raise
            except Exception:
                through = True  # not a 429: Telegram let it through (or it never left): the pause is over
                raise
            finally:
                for pause in probes:
                    pause.busy = False
                    if through:
                        pause.probing = False


def _empty(window: Window | None, now: float) -> bool:
    if window is None:
        return True
    if isinstance(window, TokenBucket):
        return window.empty_at(now)
    return window.delay(now) == 0 and window.idle
