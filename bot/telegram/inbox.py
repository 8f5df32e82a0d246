"""The update inbox: every update is kept in SQLite before Telegram is told it arrived, until it is handled.

Telegram forgets an update once it is confirmed: by the next getUpdates call with a higher offset, or by
a 2xx answer to the webhook request. python-telegram-bot confirms a batch as soon as it is in the update
queue, so a crash lost every update fetched but not yet handled. Here:

- `InboxQueue.put` (where the updater and the webhook hand over updates) records each new update in
  memory and drops one seen before (Telegram sends again what was not confirmed at a crash);
- `flush()` writes them, and the updates handled meanwhile, in one transaction; the next getUpdates waits
  for it (`ConfirmingRequest`), the webhook answers only after it, and a handler starts only after it;
- the update processor calls `handled()` when an update is done (bot/telegram/ordering.py); a handler
  that answers its update later (a group's command waiting for the group's message budget) `hold`s it
  first and `release`s it once answered: the update is handled when both have said so;
- at start-up `open()` hands back the updates a crash left unhandled, to be handled before new ones.

Why not confirm an update only once it is handled, by holding the getUpdates offset back: the offset is
one number and getUpdates returns at most 100 updates after it, so one slow handler (a document being
read, a chat waiting its turn at one message a second) would hide every newer update from the bot. Kept
in SQLite, an update can be confirmed at once and still survive a crash.

An update handed out again at three start-ups in a row (each time the process died while handling it)
is given up and logged, so one poisoned update cannot keep the bot from starting.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections import deque
from collections.abc import Callable
from typing import Any, Protocol

from telegram import Bot, Update
from telegram.error import NetworkError
from telegram.request import BaseRequest, RequestData

__all__ = ["ConfirmingRequest", "Inbox", "InboxQueue", "UpdateJournal"]

log = logging.getLogger(__name__)

KEEP_SECONDS = 86_400  # handled rows are kept a day; Telegram keeps unconfirmed updates 24 hours
MAX_REPLAYS = 3


class WaitingUpdate(Protocol):
    @property
    def update_id(self) -> int: ...
    @property
    def body(self) -> str: ...
    @property
    def replays(self) -> int: ...


class UpdateJournal(Protocol):
    """Where updates are kept (bot.store.updates.UpdateLog, given by the composition root)."""

    async def open(self, now: int, keep_seconds: int) -> tuple[list[Any], list[int]]: ...
    async def write(
        self, new: list[tuple[int, str]], handled: list[int], now: int, prune_before: int | None = None
    ) -> None: ...


class Inbox:
    def __init__(
        self, *, clock: Callable[[], float] = time.time, remember: int = 100_000, max_replays: int = MAX_REPLAYS
    ) -> None:
        self._clock = clock
        self._journal: UpdateJournal | None = None
        self._known: set[int] = set()
        self._order: deque[int] = deque()
        self._remember = remember
        self._max_replays = max_replays
        self._new: list[tuple[int, str]] = []
        self._bodies: dict[int, str] = {}  # update_id -> JSON as Telegram sent it, until accepted
        self._handled: list[int] = []
        self._held: dict[int, int] = {}  # update_id -> how many of (processor, holder) have yet to say "done"
        self._queued = 0  # items (new or handled) handed to the inbox so far
        self._written = 0  # of those, the ones committed
        self._error: BaseException | None = None
        self._writer: asyncio.Task[None] | None = None
        self._changed = asyncio.Event()
        self._last_prune = 0.0
        self.replayed: set[int] = set()  # update ids handed out again at this start-up

    @property
    def is_open(self) -> bool:
        return self._journal is not None

    async def open(self, journal: UpdateJournal, bot: Bot) -> list[Update]:
        """Start keeping updates in `journal`; the updates a crash left unhandled, oldest first."""
        now = int(self._clock())
        found, recent = await journal.open(now, KEEP_SECONDS)
        waiting: list[WaitingUpdate] = found
        self._journal, self._last_prune = journal, now
        for update_id in recent:
            self._remember_id(update_id)
        out: list[Update] = []
        for row in waiting:
            update = None
            if row.replays < self._max_replays:
                try:
                    update = Update.de_json(json.loads(row.body), bot)
                except (ValueError, TypeError, KeyError):
                    log.exception("update %d in the inbox cannot be read: given up", row.update_id)
            else:
                log.error(
                    "update %d was being handled at %d crashes in a row: given up: %s",
                    row.update_id,
                    row.replays,
                    row.body[:2000],
                )
            if update is None:
                self.handled(row.update_id)
            else:
                out.append(update)
                self.replayed.add(row.update_id)
        if out:
            log.info("inbox: %d updates fetched before the last stop were not handled: handling them now", len(out))
        await self.flush()
        return out

    def _remember_id(self, update_id: int) -> None:
        self._known.add(update_id)
        self._order.append(update_id)
        while len(self._order) > self._remember:
            self._known.discard(self._order.popleft())

    def raw(self, data: bytes) -> None:
        """The getUpdates answer as it came: its updates' JSON is kept as it is (cheaper than rebuilding it
        from python-telegram-bot's objects), ready for `accept`."""
        try:
            items = json.loads(data).get("result")
        except (ValueError, AttributeError):
            return
        if isinstance(items, list):
            for item in items:
                if isinstance(item, dict) and isinstance(item.get("update_id"), int):
                    self.keep_body(item["update_id"], json.dumps(item, ensure_ascii=False))

    def keep_body(self, update_id: int, body: str) -> None:
        if len(self._bodies) > 10_000:  # never accepted (the updater stopped): do not keep them forever
            self._bodies.clear()
        self._bodies[update_id] = body

    def accept(self, update: Update) -> bool:
        """Keep a new update (written at the next flush); False when it was seen before: drop it."""
        body = self._bodies.pop(update.update_id, None)
        if update.update_id in self._known:
            log.info("update %d was seen before (sent again after a restart): not handled again", update.update_id)
            return False
        self._remember_id(update.update_id)
        if body is None:
            body = json.dumps(update.to_dict(), ensure_ascii=False)
        self._new.append((update.update_id, body))
        self._queued += 1
        self._schedule()
        return True

    def hold(self, update_id: int) -> None:
        """The update is answered later than its handler returns: not handled until `release`."""
        self._held[update_id] = 2

    def release(self, update_id: int) -> None:
        """The held update's answer is done."""
        self.handled(update_id)

    def handled(self, update_id: int) -> None:
        left = self._held.pop(update_id, 0) - 1
        if left > 0:  # held: the other of the two has yet to finish
            self._held[update_id] = left
            return
        self._handled.append(update_id)
        self._queued += 1
        self._schedule()

    def _schedule(self) -> None:
        if self._journal is not None and (self._writer is None or self._writer.done()):
            self._writer = asyncio.ensure_future(self._write())

    async def _write(self) -> None:
        assert self._journal is not None
        while self._new or self._handled:
            new, handled, upto = self._new, self._handled, self._queued
            self._new, self._handled = [], []
            now = int(self._clock())
            prune = now - self._last_prune > 3600
            try:
                await self._journal.write(new, handled, now, now - KEEP_SECONDS if prune else None)
            except Exception as exc:  # keep them for the next try; whoever waits is told
                self._new, self._handled = new + self._new, handled + self._handled
                self._error = exc
                log.error("the update inbox cannot be written: %s", exc)
                self._wake()
                return
            self._error = None
            self._written = upto
            if prune:
                self._last_prune = now
            self._wake()

    def _wake(self) -> None:
        self._changed.set()
        self._changed = asyncio.Event()

    async def flush(self) -> None:
        """Return once everything handed to the inbox so far is written; raise when it cannot be."""
        target = self._queued
        while self._journal is not None and self._written < target:
            changed = self._changed
            self._schedule()
            await changed.wait()
            if self._error is not None and self._written < target:
                raise self._error


class InboxQueue(asyncio.Queue[object]):
    """The application's update queue: a new update is kept in the inbox, one seen before is dropped."""

    def __init__(self, inbox: Inbox) -> None:
        super().__init__()
        self.inbox = inbox

    async def put(self, item: object) -> None:
        if isinstance(item, Update) and self.inbox.is_open and not self.inbox.accept(item):
            return
        await super().put(item)


class ConfirmingRequest(BaseRequest):
    """The getUpdates connection: each call (which confirms the updates before its offset) first waits
    until the updates fetched so far are written to the inbox."""

    def __init__(self, inner: BaseRequest, inbox: Inbox) -> None:
        self._inner = inner
        self._inbox = inbox

    @property
    def read_timeout(self) -> float | None:
        return self._inner.read_timeout

    async def initialize(self) -> None:
        await self._inner.initialize()

    async def shutdown(self) -> None:
        await self._inner.shutdown()

    async def do_request(
        self,
        url: str,
        method: str,
        request_data: RequestData | None = None,
        read_timeout: Any = BaseRequest.DEFAULT_NONE,
        write_timeout: Any = BaseRequest.DEFAULT_NONE,
        connect_timeout: Any = BaseRequest.DEFAULT_NONE,
        pool_timeout: Any = BaseRequest.DEFAULT_NONE,
    ) -> tuple[int, bytes]:
        try:
            await self._inbox.flush()
        except Exception as exc:  # not confirmed: the updater tries again after a pause
            raise NetworkError(f"the update inbox cannot be written ({exc}); updates stay unconfirmed") from exc
        code, payload = await self._inner.do_request(
            url, method, request_data, read_timeout, write_timeout, connect_timeout, pool_timeout
        )
        if code == 200 and self._inbox.is_open:
            self._inbox.raw(payload)
        return code, payload
