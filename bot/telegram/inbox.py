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

An update that cannot be stored or read (bot/telegram/update_check.py) is logged once, kept in the dead
letters with its error, confirmed and skipped: in a getUpdates answer it is replaced by a bare
`{"update_id": N}` that python-telegram-bot reads (so the offset moves past it) and the inbox drops.

When the database cannot be written at all (a read-only or full disk), `flush()` raises for the first
`DEGRADED_AFTER` seconds, so a short fault costs nothing (updates stay unconfirmed and come again); after
that it stops waiting: updates are fetched and handled from memory (a learner whose answer cannot be saved
is told so) and written when the database is back. The fault is logged once a minute.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections import deque
from collections.abc import Callable, Sequence
from datetime import timedelta
from typing import Any, Protocol

from telegram import Bot, Update
from telegram._utils.defaultvalue import DefaultValue
from telegram._utils.types import ODVInput, TimePeriod
from telegram.error import NetworkError
from telegram.ext import ExtBot
from telegram.request import BaseRequest, RequestData

from bot.logsetup import Throttled
from bot.telegram.update_check import Unreadable, examine, shown

__all__ = ["ConfirmingRequest", "Inbox", "InboxBot", "InboxQueue", "UpdateJournal"]

log = logging.getLogger(__name__)

KEEP_SECONDS = 86_400  # handled rows are kept a day; Telegram keeps unconfirmed updates 24 hours
MAX_REPLAYS = 3
DEGRADED_AFTER = 15.0  # seconds of an unwritable database before updates are handled without being kept
MAX_UNWRITTEN = 5_000  # updates held in memory while the database cannot be written (the oldest go)
RETRY_SECONDS = 1.0  # between tries to write while the database fails


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
        self,
        new: list[tuple[int, str]],
        handled: list[int],
        now: int,
        prune_before: int | None = None,
        dead: list[tuple[int | None, str, str]] | None = None,
    ) -> list[tuple[int, str, str]]: ...


class Inbox:
    def __init__(
        self,
        *,
        clock: Callable[[], float] = time.time,
        remember: int = 100_000,
        max_replays: int = MAX_REPLAYS,
        monotonic: Callable[[], float] = time.monotonic,
        degraded_after: float = DEGRADED_AFTER,
    ) -> None:
        self._clock = clock
        self._monotonic = monotonic
        self.degraded_after = degraded_after
        self._failing_since: float | None = None  # monotonic time of the first failed write in a row
        self._fault_log = Throttled(log, 60.0, monotonic)
        self._dead: list[tuple[int | None, str, str]] = []
        self._buried: set[int] = set()  # ids replaced by a bare update in a getUpdates answer: dropped
        self._journal: UpdateJournal | None = None
        self._known: set[int] = set()
        self._order: deque[int] = deque()
        self._remember = remember
        self._max_replays = max_replays
        self._new: list[tuple[int, str]] = []
        self._bodies: dict[int, str] = {}  # update_id -> JSON as Telegram sent it, until accepted
        self._parsed: dict[int, Update] = {}  # update_id -> read by `raw`, until the bot hands it on (InboxBot)
        self.bot: Bot | None = None  # what `raw` reads updates with (their shortcuts call it)
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
                except Exception as exc:  # whatever a malformed field makes python-telegram-bot raise
                    why = f"cannot be read ({type(exc).__name__})"
                    self._bury(Unreadable(row.update_id, shown(row.body), why), again=True)
            else:
                why = f"was being handled at {row.replays} crashes in a row: given up"
                self._bury(Unreadable(row.update_id, shown(row.body), why), again=True)
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

    def raw(self, data: bytes, bot: Bot | None = None) -> bytes:
        """The getUpdates answer as it came: its updates' JSON is kept as it is (cheaper than rebuilding it
        from python-telegram-bot's objects), ready for `accept`. An update that cannot be kept or read is
        buried and replaced by a bare one, so that python-telegram-bot reads the answer and confirms it;
        the answer to hand on (`data` itself unless something was replaced)."""
        try:
            answer = json.loads(data)
            items = answer.get("result")
        except (ValueError, AttributeError, RecursionError):
            return data
        if not isinstance(items, list):
            return data
        bot = bot or self.bot
        if len(self._parsed) > 10_000:  # never handed on (the updater stopped): do not keep them forever
            self._parsed.clear()
        replaced = False
        for i, item in enumerate(items):
            checked = examine(item, bot)
            if isinstance(checked, Unreadable):
                self._bury(checked)
                if checked.update_id is not None:
                    self._buried.add(checked.update_id)
                    items[i] = {"update_id": checked.update_id}
                else:  # no id to confirm it by: python-telegram-bot must not see it at all
                    items[i] = None
                replaced = True
            else:
                self.keep_body(checked.update.update_id, checked.body)
                self._parsed[checked.update.update_id] = checked.update
        if not replaced:
            return data
        answer["result"] = [item for item in items if item is not None]
        return json.dumps(answer).encode()

    def bury(self, dead: Unreadable) -> None:
        """An update that cannot be handled (a webhook body, say): logged once, kept as a dead letter with
        its error at the next write, never handled; Telegram sending it again is dropped."""
        self._bury(dead)

    def _bury(self, dead: Unreadable, *, again: bool = False) -> None:
        """`again`: an update kept before (handed out at start-up), known already."""
        if dead.update_id is not None and not again:
            if dead.update_id in self._known:
                return  # buried already (or handled): sent again
            self._remember_id(dead.update_id)
        log.warning(
            "update %s cannot be handled: %s; kept in dead_updates and skipped: %s",
            dead.update_id if dead.update_id is not None else "(no id)",
            dead.error,
            dead.body[:300],
        )
        self._dead.append((dead.update_id, dead.body, dead.error))
        self._queued += 1
        self._schedule()

    def parsed(self, item: dict[str, Any], bot: Bot) -> Update:
        """The update of one item of a getUpdates answer: as `raw` read it, else read now."""
        update = self._parsed.pop(item.get("update_id"), None)  # type: ignore[arg-type]
        return update if update is not None else Update.de_json(item, bot)

    def keep_body(self, update_id: int, body: str) -> None:
        if len(self._bodies) > 10_000:  # never accepted (the updater stopped): do not keep them forever
            self._bodies.clear()
        self._bodies[update_id] = body

    def accept(self, update: Update) -> bool:
        """Keep a new update (written at the next flush); False when it was seen before: drop it."""
        body = self._bodies.pop(update.update_id, None)
        if update.update_id in self._buried:  # the bare stand-in of a buried update
            self._buried.discard(update.update_id)
            return False
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
        while self._journal is not None and (self._new or self._handled or self._dead):
            new, handled, dead, upto = self._new, self._handled, self._dead, self._queued
            self._new, self._handled, self._dead = [], [], []
            now = int(self._clock())
            prune = now - self._last_prune > 3600
            try:
                failed = await self._journal.write(new, handled, now, now - KEEP_SECONDS if prune else None, dead)
            except Exception as exc:  # the database's fault: keep them for the next try; whoever waits is told
                self._new, self._handled, self._dead = new + self._new, handled + self._handled, dead + self._dead
                self._unwritten()
                self._error = exc
                if self._failing_since is None:
                    self._failing_since = self._monotonic()
                self._fault_log(logging.ERROR, "the update inbox cannot be written: %s", exc)
                self._wake()
                await asyncio.sleep(RETRY_SECONDS)  # one writer tries again; whoever comes meanwhile waits for it
                continue
            for update_id, _, error in failed or ():
                log.warning("update %s cannot be stored: %s; kept in dead_updates and skipped", update_id, error)
            if self._failing_since is not None:
                log.info("the update inbox is written again")
            self._error, self._failing_since = None, None
            self._written = upto
            if prune:
                self._last_prune = now
            self._wake()

    def _unwritten(self) -> None:
        """While the database cannot be written, hold at most MAX_UNWRITTEN new updates (they are handled
        from memory all the same; the oldest are forgotten first)."""
        if len(self._new) > MAX_UNWRITTEN:
            dropped = len(self._new) - MAX_UNWRITTEN
            self._new = self._new[dropped:]
            log.warning("the update inbox cannot be written: %d handled updates will not be kept", dropped)
        if len(self._handled) > 4 * MAX_UNWRITTEN:
            self._handled = self._handled[-4 * MAX_UNWRITTEN :]

    @property
    def degraded(self) -> bool:
        """The database has failed to take the inbox's writes for DEGRADED_AFTER seconds: updates are
        handled without being kept."""
        return self._failing_since is not None and self._monotonic() - self._failing_since >= self.degraded_after

    def _wake(self) -> None:
        self._changed.set()
        self._changed = asyncio.Event()

    async def close(self) -> None:
        """Stop writing (before the store closes): what could not be written by now stays unwritten."""
        writer, self._writer = self._writer, None
        self._journal = None
        if writer is not None and not writer.done():
            writer.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await writer

    async def flush(self) -> None:
        """Return once everything handed to the inbox so far is written; raise when it cannot be, unless
        the database has been failing long enough that the bot serves without it (`degraded`)."""
        target = self._queued
        while self._journal is not None and self._written < target:
            if self._error is not None and self.degraded:
                return  # kept in memory, written when the database is back
            changed = self._changed
            self._schedule()
            await changed.wait()
            if self._error is not None and self._written < target:
                if self.degraded:
                    return
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
            payload = self._inbox.raw(payload)
        return code, payload


class InboxBot(ExtBot[Any]):
    """The application's bot: getUpdates' answer is read once. The inbox reads every update of it (to keep
    it, or to bury one that cannot be read, `Inbox.raw`); python-telegram-bot's own `get_updates` would
    read each again, which cost about as much as everything else done with a typed answer but grading."""

    __slots__ = ("_inbox",)

    def __init__(self, *args: Any, inbox: Inbox, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        with self._unfrozen():
            self._inbox = inbox
        inbox.bot = self

    async def get_updates(
        self,
        offset: int | None = None,
        limit: int | None = None,
        timeout: TimePeriod | None = None,
        allowed_updates: Sequence[str] | None = None,
        *,
        read_timeout: ODVInput[float] = BaseRequest.DEFAULT_NONE,
        write_timeout: ODVInput[float] = BaseRequest.DEFAULT_NONE,
        connect_timeout: ODVInput[float] = BaseRequest.DEFAULT_NONE,
        pool_timeout: ODVInput[float] = BaseRequest.DEFAULT_NONE,
        api_kwargs: dict[str, Any] | None = None,
    ) -> tuple[Update, ...]:
        # As python-telegram-bot's: the long poll's wait is added to the read timeout.
        base = self._request[0].read_timeout if isinstance(read_timeout, DefaultValue) else read_timeout
        wait = timeout.total_seconds() if isinstance(timeout, timedelta) else timeout
        data = {"timeout": timeout, "offset": offset, "limit": limit, "allowed_updates": allowed_updates}
        result = await self._post(
            "getUpdates",
            data,
            read_timeout=(base or 0) + (wait or 0),
            write_timeout=write_timeout,
            connect_timeout=connect_timeout,
            pool_timeout=pool_timeout,
            api_kwargs=api_kwargs,
        )
        updates = tuple(self._inbox.parsed(item, self) for item in result)
        for update in updates:
            self.insert_callback_data(update)
        return updates
