"""A circuit breaker for the Bot API: when it stops answering, stop sending into it, and say when it is back.

A push or a verdict sent while the API stalls (accepts the request and never answers) or resets the
connection may or may not have been acted on: it is uncertain, never resent (a second copy would be a
duplicate). So the fewer requests go out into such an outage the better:

- the transport (bot/telegram/transport.py) tells the breaker when each request starts and ends; one that
  fails with a timeout, a reset or a refused connection, or answers 502/503/504 (a proxy with no Telegram
  behind it), opens the breaker at once;
- a request that has waited much longer than answers usually take (`stall_after`: ten times the recent
  round trip, at least `stall_floor`) opens it too, before any timeout: a stalled API is found in a
  fraction of a second instead of a read timeout;
- while it is open the rate limiter (bot/telegram/pacing.py) starts no new push (they wait, unclaimed:
  nothing is recorded for them, nothing is lost) and a reply waits at most `reply_wait` before it fails
  as "not sent" (the verdict is kept and sent later, bot/telegram/courier.py);
- one cheap request (`probe`: getMe) is tried, then again at growing intervals; when one is answered the
  breaker closes, everything waiting goes, and `on_recovery` callbacks run (the courier sends its kept
  replies at once).

Without a probe the breaker never opens (a bot built without one behaves as before).
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import time
from collections.abc import Awaitable, Callable

from telegram.error import NetworkError

__all__ = ["Breaker", "Unreachable"]

log = logging.getLogger(__name__)


class Unreachable(NetworkError):
    """Not sent: the Bot API is not answering (the breaker is open). Certainly not acted on."""


class Breaker:
    """Open while the Bot API does not answer (see the module docstring)."""

    def __init__(
        self,
        *,
        stall_floor: float = 0.25,
        stall_most: float = 5.0,
        reply_wait: float = 1.0,
        push_wait: float = 600.0,
        probe_first: float = 0.2,
        probe_most: float = 10.0,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], Awaitable[object]] = asyncio.sleep,
    ) -> None:
        self.stall_floor, self.stall_most = stall_floor, stall_most
        self.reply_wait, self.push_wait = reply_wait, push_wait
        self.probe_first, self.probe_most = probe_first, probe_most
        self._clock, self._sleep = clock, sleep
        self.probe: Callable[[], Awaitable[object]] | None = None
        self.on_recovery: list[Callable[[], None]] = []
        self._closed = asyncio.Event()
        self._closed.set()
        self._released = False  # stopping: nothing waits any more
        self._ids = itertools.count()
        self._in_flight: dict[int, float] = {}  # request -> start, oldest first
        self._watched_since = 0.0  # requests started before the last recovery do not open it again
        self._round_trip: float | None = None  # smoothed, of answered requests
        self._prober: asyncio.Task[None] | None = None
        self._probe_wait = probe_first
        self.opened = 0  # times it opened
        self.reason = ""

    # ----- what the transport reports ----------------------------------------------------------------

    def begin(self) -> int:
        """A request leaves; the ticket to `end` it with."""
        ticket = next(self._ids)
        self._in_flight[ticket] = self._clock()
        return ticket

    def end(self, ticket: int, *, answered: bool) -> None:
        started = self._in_flight.pop(ticket, None)
        if answered and started is not None:
            took = self._clock() - started
            self._round_trip = took if self._round_trip is None else 0.8 * self._round_trip + 0.2 * took

    def fail(self, reason: str) -> None:
        """A request met a timeout, a reset, a refused connection or a gateway error."""
        self._open(reason)

    # ----- what the rate limiter asks ----------------------------------------------------------------

    @property
    def stall_after(self) -> float:
        """How long a request may go unanswered before the API counts as stalled."""
        usual = 10 * self._round_trip if self._round_trip is not None else 0.0
        return min(self.stall_most, max(self.stall_floor, usual))

    @property
    def is_open(self) -> bool:
        if self.probe is not None and self._closed.is_set() and self._in_flight:
            ticket, started = next(iter(self._in_flight.items()))
            waited = self._clock() - started
            if started >= self._watched_since and waited > self.stall_after:
                self._in_flight.pop(ticket)  # counted once: it may still be answered, or time out
                self._open(f"no answer for {waited:.1f} s")
        return not self._closed.is_set()

    async def wait(self, *, push: bool) -> None:
        """Return when the API answers again; raise Unreachable when it does not within the wait allowed."""
        if not self.is_open:
            return
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._closed.wait(), self.push_wait if push else self.reply_wait)
        if self._released or not self._closed.is_set():
            raise Unreachable(f"not sent: the Bot API is not answering ({self.reason})")

    def release(self) -> None:
        """The bot is stopping: nothing waits for the API any more (waiting sends fail as not sent)."""
        self._released = True
        self._closed.set()  # wakes the waiters; `wait` then sees `_released`
        if self._prober is not None:
            self._prober.cancel()

    # ----- opening, probing, closing -----------------------------------------------------------------

    def _open(self, reason: str) -> None:
        if self.probe is None or self._released or not self._closed.is_set():
            return
        self._closed.clear()
        self.opened += 1
        self.reason = reason
        log.warning("the Bot API is not answering (%s): new sends wait, probing with getMe", reason)
        self._prober = asyncio.get_running_loop().create_task(self._probe_until_answered(), name="studybot-probe")

    async def _probe_until_answered(self) -> None:
        assert self.probe is not None
        opened_at, tries = self._clock(), 0
        wait = self._probe_wait
        while True:
            await self._sleep(wait)
            tries += 1
            try:
                await self.probe()
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # still down: try again later
                log.info("probe %d of the Bot API failed: %s", tries, exc)
                wait = min(self.probe_most, wait * 2)
                continue
            break
        # Opened again soon after the last recovery: probe later next time (a stall that getMe escapes).
        healthy_for = opened_at - self._watched_since
        self._probe_wait = min(self.probe_most, self._probe_wait * 2) if healthy_for < 30 else self.probe_first
        self._watched_since = self._clock()
        self._prober = None
        self._closed.set()
        log.warning("the Bot API answers again after %.1f s (%d probes): sending", self._clock() - opened_at, tries)
        for callback in self.on_recovery:
            try:
                callback()
            except Exception:
                log.exception("a recovery callback failed")
