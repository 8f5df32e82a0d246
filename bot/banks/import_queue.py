"""Uploads are read one at a time, in the order they came, so one memory ceiling holds for all of them.

Each document is read in a child process capped at STUDYBOT_IMPORT_MEMORY_MB (bot/banks/sandbox.py); six
admins sending documents at once made six such processes, 5.4 GB together. Here each waits for the one
before it, so the ceiling of one reading process is the ceiling of all: every upload of the process (the
chat's, the teacher's desk's) goes through `import_queue()`, the one queue of its event loop. A document
that has to wait is told its place (`on_wait`); past `max_waiting` waiting, a chat's upload is refused
(`QueueFull`) rather than held: each waiting upload holds its chat's place in the update processor and its
bytes in memory.
"""

from __future__ import annotations

import asyncio
import weakref
from collections.abc import Awaitable, Callable
from typing import TypeVar

__all__ = ["ImportQueue", "QueueFull", "import_queue"]

T = TypeVar("T")


class QueueFull(Exception):
    """Too many documents are waiting to be read: `waiting` of them."""

    def __init__(self, waiting: int) -> None:
        super().__init__(f"{waiting} documents are waiting to be read")
        self.waiting = waiting


class ImportQueue:
    def __init__(self, max_waiting: int = 5) -> None:
        self.max_waiting = max_waiting
        self._lock = asyncio.Lock()  # wakes its waiters in the order they came
        self._queued = 0  # reading, or waiting to
        self.reading = 0
        self.most_at_once = 0  # reading at the same time, ever: 1 (for the logs and the tests)

    @property
    def waiting(self) -> int:
        return max(0, self._queued - 1)

    async def run(
        self,
        job: Callable[[], Awaitable[T]],
        on_wait: Callable[[int], Awaitable[None]] | None = None,
        *,
        refuse_when_full: bool = True,
    ) -> T:
        """`job()` once every import that came before it has finished; first `on_wait(n)` when `n` are
        ahead of it (the one being read counted). QueueFull when `max_waiting` are waiting already, unless
        not `refuse_when_full` (a web request, which holds no chat's place, waits its turn)."""
        ahead = self._queued
        if refuse_when_full and ahead > self.max_waiting:
            raise QueueFull(ahead - 1)
        self._queued += 1
        try:
            if ahead and on_wait is not None:
                await on_wait(ahead)
            async with self._lock:
                self.reading += 1
                self.most_at_once = max(self.most_at_once, self.reading)
                try:
                    return await job()
                finally:
                    self.reading -= 1
        finally:
            self._queued -= 1


_QUEUES: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, ImportQueue] = weakref.WeakKeyDictionary()


def import_queue() -> ImportQueue:
    """The one queue of the running event loop (the bot's; each test's loop has its own)."""
    loop = asyncio.get_running_loop()
    if loop not in _QUEUES:
        _QUEUES[loop] = ImportQueue()
    return _QUEUES[loop]
