"""Updates of different chats handled at the same time, those of one chat strictly in arrival order, and
a flood in one chat kept to that chat.

python-telegram-bot handles one update at a time by default: a learner's answer waits while another
learner's answer is written to the database and its verdict sent. With `concurrent_updates(True)` the
order inside a chat would be lost (a press of "next" could overtake the answer before it). This
processor keeps one FIFO queue per chat (per user for updates without a chat, e.g. poll answers).

Only updates whose turn has come count against `max_running`: python-telegram-bot's own limit is taken
before the update processor looks at the chat, so 16 updates of one chat waiting their turn would hold
every slot and stall all other chats.

A private chat with more than `flood_queue` messages waiting is flooding (a learner forwarding a batch):
`on_flood(update, tell)` is called when that starts (the app takes the chat's burst away and, at most
once per `notice_every` seconds, `tell`s it to slow down), and its waiting messages are coalesced: a
newer message supersedes the older ones still waiting, so only the latest counts. Button
presses, documents and service messages are never dropped. Groups keep every update: their members'
messages are theirs, and the group quiz has its own budget (bot/telegram/group_budget.py).

`on_start` is awaited before an update's handlers run (the inbox has written it by then), `on_done` is
called for every update once handled or superseded (the inbox marks it done there).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from telegram import Update
from telegram.ext import BaseUpdateProcessor, filters

__all__ = ["PerChatUpdateProcessor", "coalescible", "update_key"]

log = logging.getLogger(__name__)

_COALESCIBLE = filters.UpdateType.MESSAGES & ~filters.Document.ALL & ~filters.StatusUpdate.ALL
_UNLIMITED = 1 << 30  # python-telegram-bot's semaphore: effectively off (ours is taken at the turn)

FloodHook = Callable[[Update, bool], Awaitable[None]]


def update_key(update: object) -> int | None:
    """What serialises an update: its chat, else its user; None runs it without waiting."""
    if not isinstance(update, Update):
        return None
    if update.effective_chat is not None:
        return update.effective_chat.id
    if update.effective_user is not None:
        return update.effective_user.id
    return None


def coalescible(update: object) -> bool:
    """A plain message (text, command, sticker, photo...): a newer one from the same person may replace it."""
    return isinstance(update, Update) and bool(_COALESCIBLE.check_update(update))


def _sender(update: Update) -> int | None:
    return update.effective_user.id if update.effective_user is not None else None


@dataclass(eq=False)
class _Entry:
    update: object
    coroutine: Awaitable[Any]
    turn: asyncio.Event = field(default_factory=asyncio.Event)
    superseded: bool = False


@dataclass
class _Chat:
    entries: deque[_Entry] = field(default_factory=deque)  # the head runs, the rest wait in order
    flooding: bool = False


class PerChatUpdateProcessor(BaseUpdateProcessor):
    def __init__(
        self,
        max_running: int = 256,
        *,
        flood_queue: int = 3,
        notice_every: float = 60.0,
        on_flood: FloodHook | None = None,
        on_start: Callable[[object], Awaitable[None]] | None = None,
        on_done: Callable[[object], Awaitable[None]] | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        super().__init__(_UNLIMITED)
        self._running = asyncio.Semaphore(max_running)
        self._max_running = max_running
        self._flood_queue = flood_queue
        self._notice_every = notice_every
        self.on_flood = on_flood
        self.on_start = on_start
        self.on_done = on_done
        self._clock = clock
        self._chats: dict[int, _Chat] = {}
        self._noticed: dict[int, float] = {}  # chat -> when it was last told to slow down
        self._tasks: set[asyncio.Task[None]] = set()
        self.superseded = 0  # updates dropped for a newer one of the same person (a counter for logs/tests)

    @property
    def running_limit(self) -> int:
        return self._max_running

    def waiting(self, key: int) -> int:
        """Updates of one chat (or user) running or waiting their turn."""
        chat = self._chats.get(key)
        return len(chat.entries) if chat is not None else 0

    def newest_waiting_message(self, key: int) -> int | None:
        """The id of the newest message of a chat that waits its turn (a message the learner wrote before
        what the running update makes of it reached them), or None."""
        chat = self._chats.get(key)
        if chat is None:
            return None
        ids = [
            e.update.message.message_id
            for e in list(chat.entries)[1:]
            if isinstance(e.update, Update) and e.update.message is not None
        ]
        return max(ids, default=None)

    async def do_process_update(self, update: object, coroutine: Awaitable[Any]) -> None:
        key = update_key(update)
        if key is None:
            try:
                await self._start(update)
                async with self._running:
                    await coroutine
            finally:
                await self._done(update)
            return
        chat = self._chats.get(key)
        if chat is None:
            chat = self._chats[key] = _Chat()
        entry = _Entry(update, coroutine)
        chat.entries.append(entry)
        if len(chat.entries) == 1:
            entry.turn.set()
        elif key > 0 and isinstance(update, Update):
            self._arrived(key, chat, entry, update)
        try:
            await entry.turn.wait()
            if entry.superseded:
                _close(coroutine)
                return
            await self._start(update)
            async with self._running:
                await coroutine
        finally:
            if not entry.superseded:
                self._finish(key, chat, entry)
            await self._done(update)

    def _arrived(self, key: int, chat: _Chat, entry: _Entry, update: Update) -> None:
        """A message joins a queue: is the chat flooding, and which waiting messages does it replace?"""
        waiting = len(chat.entries) - 1  # the head is running
        if (waiting <= self._flood_queue and not chat.flooding) or not coalescible(update):
            return
        if not chat.flooding:
            chat.flooding = True
            log.info("chat %s is flooding (%d updates waiting): coalescing its messages", key, waiting)
            self._notice(key, update)
        sender = _sender(update)
        for older in list(chat.entries)[1:-1]:
            if (
                not older.superseded
                and isinstance(older.update, Update)
                and coalescible(older.update)
                and _sender(older.update) == sender
            ):
                older.superseded = True
                chat.entries.remove(older)
                older.turn.set()
                self.superseded += 1

    def _notice(self, key: int, update: Update) -> None:
        if self.on_flood is None:
            return
        now = self._clock()
        tell = now - self._noticed.get(key, -self._notice_every) >= self._notice_every
        if tell:
            if len(self._noticed) > 10_000:
                self._noticed.clear()
            self._noticed[key] = now
        task = asyncio.ensure_future(self._tell(update, tell))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _tell(self, update: Update, tell: bool) -> None:
        assert self.on_flood is not None
        try:
            await self.on_flood(update, tell)
        except Exception:  # a notice that cannot be sent is not worth more than a log line
            log.warning("could not tell a flooding chat to slow down", exc_info=True)

    def _finish(self, key: int, chat: _Chat, entry: _Entry) -> None:
        if chat.entries and chat.entries[0] is entry:
            chat.entries.popleft()
        else:  # cancelled while waiting
            with contextlib.suppress(ValueError):
                chat.entries.remove(entry)
        if chat.entries:
            chat.entries[0].turn.set()
        elif self._chats.get(key) is chat:  # nobody else in this chat: forget it (memory stays bounded)
            del self._chats[key]

    async def _start(self, update: object) -> None:
        if self.on_start is not None:
            try:
                await self.on_start(update)
            except Exception:  # handle it all the same: serving beats waiting for a broken disk
                log.exception("could not prepare update %s", getattr(update, "update_id", "?"))

    async def _done(self, update: object) -> None:
        if self.on_done is not None:
            try:
                await self.on_done(update)
            except Exception:
                log.exception("could not mark an update as handled")

    async def initialize(self) -> None:
        return None

    async def shutdown(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)


def _close(coroutine: Awaitable[Any]) -> None:
    """Drop a coroutine that will never run, without the "never awaited" warning."""
    close = getattr(coroutine, "close", None)
    if close is not None:
        close()
