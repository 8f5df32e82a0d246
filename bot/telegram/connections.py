"""The webhook server's connections, kept within what the process can hold.

Nothing timed out a slow webhook client (aiohttp keeps an idle connection for an hour and waits for a
request's headers for ever), so a thousand half-open connections stayed open; at the common limit of
1,024 open files, `accept()` then failed in a loop, the event loop logged a traceback for each failure,
and the bot's own requests to the Bot API (verdicts) could not open a socket. Here:

- `raise_open_files_limit()` raises the soft limit of open files to the hard one at start;
- `ConnectionGuard` holds at most `max_connections` webhook connections (past that, a new one takes the
  place of the one that has waited longest for a request, or is closed when all are handling one) and
  closes a connection that has been idle, or has not finished sending a request, `idle_seconds` after
  it opened or after its last request was answered (Telegram opens a new one when it needs it); time
  spent handling a request does not count;
- `quiet_accept_errors(loop)`: a failing `accept()` is logged once per minute with a count.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable, Iterator
from typing import Any

from aiohttp import web

from bot.logsetup import Throttled

try:
    import resource
except ImportError:  # pragma: no cover - not on Linux or macOS
    resource = None  # type: ignore[assignment]

__all__ = [
    "FD_RESERVE",
    "ConnectionGuard",
    "GuardedSite",
    "open_files_limit",
    "quiet_accept_errors",
    "raise_open_files_limit",
]

log = logging.getLogger(__name__)

FD_RESERVE = 200  # files kept for the database, the Bot API connections, the import process, logs


def open_files_limit() -> int | None:
    """The soft limit of open files of this process (None where it cannot be read)."""
    if resource is None:
        return None
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    return None if soft == resource.RLIM_INFINITY else int(soft)


def raise_open_files_limit() -> tuple[int, int] | None:
    """Raise the soft limit of open files to the hard limit; (before, after) when it changed."""
    if resource is None:
        return None
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == soft:
        return None
    try:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    except (ValueError, OSError):  # macOS refuses RLIM_INFINITY: leave it as it is
        return None
    return int(soft), int(hard)


def quiet_accept_errors(loop: asyncio.AbstractEventLoop, clock: Callable[[], float] = time.monotonic) -> None:
    """The event loop logs every failed `accept()` (out of files: EMFILE) with its traceback, about once a
    second per listening socket, for as long as it lasts: here once per minute, with the count."""
    throttled = Throttled(log, 60.0, clock)
    previous = loop.get_exception_handler()

    def handler(loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        if str(context.get("message", "")).startswith("socket.accept() out of system resource"):
            throttled(
                logging.ERROR,
                "cannot accept webhook connections: %s (open files at the limit?)",
                context.get("exception"),
            )
            return
        if previous is not None:
            previous(loop, context)
        else:
            loop.default_exception_handler(context)

    loop.set_exception_handler(handler)


class _Guarded(asyncio.Protocol):
    """aiohttp's protocol for one connection, with the time it has been waiting for a request."""

    def __init__(self, inner: asyncio.Protocol, guard: ConnectionGuard) -> None:
        self.inner = inner
        self.guard = guard
        self.transport: asyncio.Transport | None = None
        self.since = guard.clock()  # opened, or its last request answered
        self.busy = 0  # requests being handled

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        if len(self.guard.open) >= self.guard.max_connections and not self.guard.evict():
            self.guard.refused += 1
            self.guard.refusals(
                logging.WARNING,
                "webhook: %d connections handling requests, the most allowed: closing a new one",
                len(self.guard.open),
            )
            transport.abort()
            return
        self.transport = transport
        self.guard.open[transport] = self
        self.inner.connection_made(transport)

    def data_received(self, data: bytes) -> None:
        self.inner.data_received(data)

    def eof_received(self) -> bool | None:
        return self.inner.eof_received()

    def connection_lost(self, exc: Exception | None) -> None:
        if self.transport is None:
            return  # refused: aiohttp never saw it
        self.guard.open.pop(self.transport, None)
        self.inner.connection_lost(exc)

    def pause_writing(self) -> None:
        self.inner.pause_writing()

    def resume_writing(self) -> None:
        self.inner.resume_writing()


class ConnectionGuard:
    """Counts and times the webhook's connections; `sweep()` (run by `GuardedSite`) closes the idle ones."""

    def __init__(self, max_connections: int, idle_seconds: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.max_connections = max_connections
        self.idle_seconds = idle_seconds
        self.clock = clock
        self.open: dict[asyncio.Transport, _Guarded] = {}
        self.refused = 0  # new connections closed: every open one was handling a request
        self.evicted = 0  # idle connections closed to make room for a new one
        self.timed_out = 0
        self.refusals = Throttled(log, 60.0, clock)

    def wrap(self, factory: Callable[[], asyncio.Protocol]) -> Callable[[], asyncio.Protocol]:
        return lambda: _Guarded(factory(), self)

    @contextlib.contextmanager
    def handling(self, transport: asyncio.BaseTransport | None) -> Iterator[None]:
        """A request of this connection is being handled: its time does not count as waiting."""
        conn = self.open.get(transport) if transport is not None else None  # type: ignore[arg-type]
        if conn is not None:
            conn.busy += 1
        try:
            yield
        finally:
            if conn is not None:
                conn.busy -= 1
                conn.since = self.clock()

    def evict(self) -> bool:
        """At the limit: close the connection that has waited longest for a request (a new one is likelier
        to be Telegram with an update than one that has sent nothing for seconds); False when every
        connection is handling a request."""
        waiting = [c for c in self.open.values() if not c.busy]
        if not waiting:
            return False
        oldest = min(waiting, key=lambda c: c.since)
        assert oldest.transport is not None
        self.open.pop(oldest.transport, None)
        oldest.transport.abort()
        self.evicted += 1
        self.refusals(
            logging.WARNING, "webhook: %d connections open, the most allowed: closing the idlest", len(self.open) + 1
        )
        return True

    def sweep(self) -> int:
        """Close every connection that has waited `idle_seconds` for a request; how many."""
        now = self.clock()
        idle = [c for c in self.open.values() if not c.busy and now - c.since >= self.idle_seconds]
        for conn in idle:
            assert conn.transport is not None
            conn.transport.abort()  # nothing is owed to it; abort frees the file at once
        self.timed_out += len(idle)
        return len(idle)


class GuardedSite(web.BaseSite):
    """aiohttp's TCP site, its connections held by a `ConnectionGuard`."""

    __slots__ = ("_guard", "_host", "_port", "_sweeper")

    def __init__(self, runner: web.BaseRunner, host: str, port: int, guard: ConnectionGuard) -> None:
        super().__init__(runner, backlog=128)
        self._host, self._port, self._guard = host, port, guard
        self._sweeper: asyncio.Task[None] | None = None

    @property
    def name(self) -> str:
        return f"http://{self._host}:{self._port}"

    async def start(self) -> None:
        await super().start()
        server = self._runner.server
        assert server is not None
        loop = asyncio.get_running_loop()
        self._server = await loop.create_server(
            self._guard.wrap(server), self._host, self._port, backlog=self._backlog, reuse_address=True
        )
        self._sweeper = asyncio.ensure_future(self._sweep())

    async def _sweep(self) -> None:
        every = max(0.1, min(1.0, self._guard.idle_seconds / 4))
        while True:
            await asyncio.sleep(every)
            self._guard.sweep()

    async def stop(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
        await super().stop()
