"""Pushes spread evenly over each second, and none while the bot is paused by a 429.

The rate limiter's sliding window lets a whole second's budget go at once; a broadcast would then
send in bursts of 25 simultaneous requests, and when Telegram answers one of them 429 the other 24
are already on the wire, i.e. requests made inside the retry_after. Starting pushes one by one at
1/rate intervals means each is usually answered before the next leaves (on a near link), so a 429
finds nothing else in flight; the limiter still has the last word on every request.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable

__all__ = ["Spacer"]


class Spacer:
    """`await spacer()` returns at the next start time: `1/rate` after the previous, after any pause."""

    def __init__(
        self,
        rate: float,
        *,
        paused_until: Callable[[], float] = lambda: 0.0,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], Awaitable[object]] = asyncio.sleep,
    ) -> None:
        self.interval = 1.0 / rate if rate > 0 else 0.0
        self._paused_until = paused_until
        self._clock = clock
        self._sleep = sleep
        self._next = 0.0
        self._lock = asyncio.Lock()

    async def __call__(self) -> None:
        async with self._lock:  # one start time handed out at a time, in arrival order
            while True:
                now = self._clock()
                start = max(self._next, self._paused_until(), now)
                if start <= now:
                    # A schedule, not a delay after each wake-up: oversleeping does not slow the pace.
                    self._next = max(self._next, now - self.interval / 2) + self.interval
                    return
                await self._sleep(start - now)
