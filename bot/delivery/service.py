"""The push scheduler and broadcaster: due rows from the database, claimed before the send, paced by the
bot's rate limiter, recorded after.

One tick:
1. read a page of due subscriptions (indexed on next_due), decide each (send, skip past the catch-up
   window) with `schedule.decide`;
2. for a chunk of them, take a send slot each (a semaphore bounds the sends in flight), then in ONE
   transaction move each subscription's next_due on and write that day's delivery row 'planned';
3. send them concurrently (the rate limiter sets the pace, not this loop); a send that certainly did
   not happen (5xx, connection refused) is retried with backoff, at most `max_retries` times;
4. record outcomes in batches (sent + message id, failed, uncertain, skipped); a chat that is gone
   (403, chat not found) has its subscriptions switched off in the same batch;
5. then open announcements the same way, one row per announcement and chat.

Memory stays flat: one page of rows, at most `concurrency` sends, a bounded buffer of outcomes.
A crash leaves at most the claimed-but-unrecorded rows 'planned'; `recover()` marks them 'uncertain'
at start-up and they are never resent.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time as _time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from datetime import time as clock_time

from bot.delivery.outcomes import Failure, classify
from bot.delivery.progress import Progress
from bot.delivery.schedule import DueSlot, TimeZoneError, decide, parse_time_zone
from bot.store import Store, deliveries, subscriptions
from bot.store.deliveries import Announcement, Claim, Outcome
from bot.store.subscriptions import Subscription

__all__ = ["DeliveryService", "Push", "Sender"]

log = logging.getLogger("bot.delivery")


@dataclass(slots=True)
class Push:
    """One send: a daily question push, an evening reminder, or an announcement to one chat."""

    kind: str  # 'daily', 'remind' or 'announce'
    chat_id: int
    key: int  # subscription id, or announcement id
    second: int  # local day (date.toordinal), or chat id
    learner_id: int | None = None
    count: int = 1
    banks: tuple[str, ...] | None = None
    kinds: tuple[str, ...] | None = None
    text: str | None = None  # the announcement
    done: int = 0  # messages of this push already sent: a retry goes on from there
    first_message_id: int | None = None

    @property
    def announcement(self) -> bool:
        return self.kind == "announce"


# Sends a push; returns the (first) message id, or None when there was nothing to send (a reminder to a
# learner who already practised today). Raises python-telegram-bot's errors.
Sender = Callable[[Push], Awaitable[int | None]]
Finished = Callable[[Announcement, dict[str, int]], Awaitable[None]]


def _ts(moment: datetime) -> int:
    return int(moment.timestamp())


class _Recorder:
    """Outcomes buffered and written in one transaction per batch (flushed by size, age and at the end)."""

    def __init__(
        self,
        store: Store,
        clock: Callable[[], datetime],
        monotonic: Callable[[], float],
        size: int = 64,
        age: float = 0.25,
    ) -> None:
        self._store, self._clock, self._monotonic = store, clock, monotonic
        self._size, self._age = size, age
        self._outcomes: list[Outcome] = []
        self._gone: list[int] = []
        self._since = monotonic()
        self._lock = asyncio.Lock()

    async def add(self, outcome: Outcome, gone_chat: int | None = None) -> None:
        self._outcomes.append(outcome)
        if gone_chat is not None:
            self._gone.append(gone_chat)
        if len(self._outcomes) >= self._size or self._monotonic() - self._since >= self._age:
            await self.flush()

    async def flush(self) -> None:
        async with self._lock:
            outcomes, gone = self._outcomes, self._gone
            self._outcomes, self._gone, self._since = [], [], self._monotonic()
            if not outcomes and not gone:
                return
            now = _ts(self._clock())

            def write(conn: object) -> None:
                deliveries.record(conn, outcomes, now)  # type: ignore[arg-type]
                if gone:
                    subscriptions.deactivate_chats(conn, gone, now)  # type: ignore[arg-type]

            await self._store.transaction(write)


class DeliveryService:
    """Daily pushes, reminders and announcements (see the module docstring)."""

    def __init__(
        self,
        store: Store,
        sender: Sender,
        *,
        clock: Callable[[], datetime],
        catchup: timedelta = timedelta(hours=3),
        concurrency: int = 48,
        page: int = 500,
        chunk: int = 16,
        poll_seconds: float = 5.0,
        max_retries: int = 3,
        backoff: float = 1.0,
        progress_seconds: float = 5.0,
        stop_timeout: float = 10.0,
        finished: Finished | None = None,
        spacer: Callable[[], Awaitable[None]] | None = None,
        monotonic: Callable[[], float] = _time.monotonic,
    ) -> None:
        self.store = store
        self.sender = sender
        self.clock = clock
        self.catchup = catchup
        self.concurrency = concurrency
        self.page = page
        self.chunk = max(1, min(chunk, concurrency))
        self.poll_seconds = poll_seconds
        self.max_retries = max_retries
        self.backoff = backoff
        self.progress_seconds = progress_seconds
        self.stop_timeout = stop_timeout
        self.finished = finished
        self.spacer = spacer
        self.monotonic = monotonic
        self._slots = asyncio.Semaphore(concurrency)
        self._tasks: set[asyncio.Task[None]] = set()
        self._recorder = _Recorder(store, clock, monotonic)
        self._wake = asyncio.Event()
        self._stopping = False
        self._runner: asyncio.Task[None] | None = None
        self._tick_lock = asyncio.Lock()

    # ----- lifecycle ------------------------------------------------------------------------------------

    async def recover(self) -> int:
        """At start-up: rows left 'planned' by a crash become 'uncertain' (logged, counted, never resent)."""
        now = _ts(self.clock())
        async with self.store.write() as db:
            lost = await deliveries.mark_planned_uncertain(db, now)
            lost_ann = await deliveries.mark_announcements_uncertain(db, now)
        for row in lost:
            log.warning(
                "push of subscription %d for day %d was in flight at a crash: uncertain, not resent",
                row.subscription_id,
                row.local_day,
            )
        for row in lost_ann:
            log.warning(
                "announcement %d to chat %d was in flight at a crash: uncertain, not resent",
                row.subscription_id,
                row.local_day,
            )
        total = len(lost) + len(lost_ann)
        log.info("delivery recovery: %d sends in flight at the last stop marked uncertain", total)
        return total

    def start(self) -> asyncio.Task[None]:
        """Recover, then tick every `poll_seconds` (or sooner when woken) until `stop()`."""
        self._stopping = False
        self._runner = asyncio.create_task(self._run(), name="studybot-deliveries")
        return self._runner

    async def stop(self) -> None:
        """Claim nothing more, let the sends in flight finish (up to `stop_timeout`), record them."""
        self._stopping = True
        self._wake.set()
        runner, self._runner = self._runner, None
        if runner is None:
            return
        try:
            await asyncio.wait_for(asyncio.shield(runner), self.stop_timeout)
        except TimeoutError:
            log.warning(
                "deliveries did not finish within %.0f s: cancelling; their rows stay uncertain", self.stop_timeout
            )
            runner.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await runner

    def wake(self) -> None:
        """Run a tick soon (a new announcement, a subscription due within the poll interval)."""
        self._wake.set()

    async def _run(self) -> None:
        await self.recover()
        while not self._stopping:
            try:
                await self.tick()
            except asyncio.CancelledError:
                raise
            except Exception:  # a bug or a database hiccup must not end the scheduler: log, go on
                log.exception("delivery tick failed")
            if self._stopping:
                break
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), self.poll_seconds)
            self._wake.clear()

    # ----- one tick -------------------------------------------------------------------------------------

    async def tick(self) -> list[Progress]:
        """Send everything due now, then open announcements; returns the batches' counters."""
        async with self._tick_lock:
            done: list[Progress] = []
            now = self.clock()
            daily = await self._due_batch(now)
            if daily is not None:
                done.append(daily)
            async with self.store.read() as db:
                announcements = await deliveries.open_announcements(db)
            for ann in announcements:
                if self._stopping:
                    break
                done.append(await self._announcement_batch(ann))
            return done

    async def _due_batch(self, now: datetime) -> Progress | None:
        now_ts = _ts(now)
        async with self.store.read() as db:
            total = await subscriptions.count_due(db, now_ts)
        if not total:
            return None
        progress = Progress(f"pushes due at {now:%Y-%m-%d %H:%M} UTC", total, self.monotonic, self.progress_seconds)
        log.info("%s: %d subscriptions due", progress.label, total)
        seen: list[tuple[int, int | None]] = []
        while not self._stopping:
            async with self.store.read() as db:
                page = await subscriptions.due(db, now_ts, self.page)
            if not page or [(s.id, s.next_due) for s in page] == seen:
                break  # done, or nothing on the page could be moved on (changed meanwhile): next tick
            seen = [(s.id, s.next_due) for s in page]
            await self._claim_page(page, now, progress)
        await self._drain()
        log.info(progress.summary())
        return progress

    async def _take_slots(self, most: int) -> int:
        """Wait for one send slot, then take the free ones up to `most` without waiting (no head-of-line
        blocking behind a slow send)."""
        await self._slots.acquire()
        taken = 1
        while taken < most and not self._slots.locked():
            await self._slots.acquire()  # returns at once while the semaphore is not locked
            taken += 1
        return taken

    async def _claim_page(self, page: list[Subscription], now: datetime, progress: Progress) -> None:
        """Decide the page, then claim and launch it in chunks as send slots come free."""
        decided: list[tuple[Claim, Push | None]] = []
        bad_zone: list[Subscription] = []
        for sub in page:
            claim, push = self._decide(sub, now, progress)
            if claim is None:
                bad_zone.append(sub)
            else:
                decided.append((claim, push))
        if bad_zone:
            async with self.store.write() as db:
                for sub in bad_zone:
                    log.error("subscription %d has an unreadable time zone %r: switched off", sub.id, sub.tz)
                    await subscriptions.deactivate(db, sub.chat_id, sub.kind, now=_ts(now))
        i = 0
        while i < len(decided) and not self._stopping:
            left = sum(push is not None for _, push in decided[i : i + self.chunk])
            slots = await self._take_slots(left) if left else 0
            chunk: list[tuple[Claim, Push | None]] = []
            with_push = 0
            while i < len(decided) and (decided[i][1] is None or with_push < slots):
                with_push += decided[i][1] is not None
                chunk.append(decided[i])
                i += 1
            for _ in range(slots - with_push):  # never: the chunk holds as many pushes as slots taken
                self._slots.release()
            await self._claim_chunk(chunk, progress)

    async def _claim_chunk(self, chunk: list[tuple[Claim, Push | None]], progress: Progress) -> None:
        """One transaction moves the subscriptions on and writes the rows; then the sends start."""
        claims = [claim for claim, _ in chunk]
        wanted = sum(push is not None for _, push in chunk)
        now_ts = _ts(self.clock())
        try:
            claimed = await self.store.transaction(lambda conn: deliveries.claim(conn, claims, now_ts))
        except BaseException:
            for _ in range(wanted):
                self._slots.release()
            raise
        for (_, push), ok in zip(chunk, claimed, strict=True):
            if push is None:
                continue
            if ok:
                self._launch(push, progress)
            else:
                self._slots.release()
                progress.count("skipped")  # already pushed that day (e.g. re-subscribed), or changed meanwhile

    def _decide(self, sub: Subscription, now: datetime, progress: Progress) -> tuple[Claim | None, Push | None]:
        try:
            tz = parse_time_zone(sub.tz)
        except TimeZoneError:
            return None, None
        assert sub.next_due is not None  # due() only returns rows with a next_due
        due_at = datetime.fromtimestamp(sub.next_due, UTC)
        slot = DueSlot(due_at.astimezone(tz).date(), due_at)
        at = clock_time(sub.minute // 60, sub.minute % 60)
        decision = decide(slot, at, tz, now, self.catchup)
        skip_day = None
        if decision.skipped is not None:
            skip_day = decision.skipped.local_date.toordinal()
            late = now - decision.skipped.due_at
            log.info(
                "subscription %d (chat %d): the %s push of %s is %.1f h late, past the catch-up window: skipped",
                sub.id,
                sub.chat_id,
                sub.kind,
                decision.skipped.local_date,
                late / timedelta(hours=1),
            )
            progress.count("skipped")
        send_day = decision.send.local_date.toordinal() if decision.send is not None else None
        claim = Claim(sub.id, sub.next_due, _ts(decision.following.due_at), send_day, skip_day)
        if send_day is None:
            return claim, None
        push = Push(
            sub.kind,
            sub.chat_id,
            sub.id,
            send_day,
            learner_id=sub.learner_id,
            count=sub.count,
            banks=sub.banks,
            kinds=sub.kinds,
        )
        return claim, push

    async def _announcement_batch(self, ann: Announcement) -> Progress:
        async with self.store.read() as db:
            total = await deliveries.count_recipients(db, ann.id)
        progress = Progress(f"announcement {ann.id}", total, self.monotonic, self.progress_seconds)
        log.info("%s: %d chats to reach", progress.label, total)
        after: int | None = None
        while not self._stopping:
            async with self.store.read() as db:
                chats = await deliveries.announcement_recipients(db, ann.id, after, self.page)
            if not chats:
                break
            after = chats[-1]
            start = 0
            while start < len(chats) and not self._stopping:
                taken = await self._take_slots(min(self.chunk, len(chats) - start))
                part = chats[start : start + taken]
                start += taken
                now_ts = _ts(self.clock())
                claimed = await self.store.transaction(
                    lambda conn, part=part, now_ts=now_ts: deliveries.claim_announcement(conn, ann.id, part, now_ts)
                )
                for chat_id, ok in zip(part, claimed, strict=True):
                    if ok:
                        self._launch(Push("announce", chat_id, ann.id, chat_id, text=ann.text), progress)
                    else:
                        self._slots.release()
        await self._drain()
        log.info(progress.summary())
        if not self._stopping:
            async with self.store.write() as db:
                await deliveries.finish_announcement(db, ann.id, _ts(self.clock()))
            async with self.store.read() as db:
                counts = await deliveries.announcement_counts(db, ann.id)
            if self.finished is not None:
                try:
                    await self.finished(ann, counts)
                except Exception:
                    log.exception("could not report announcement %d to chat %d", ann.id, ann.by_chat)
        return progress

    # ----- sends ----------------------------------------------------------------------------------------

    def _launch(self, push: Push, progress: Progress) -> None:
        task = asyncio.create_task(self._deliver(push, progress))
        self._tasks.add(task)
        task.add_done_callback(self._done)

    def _done(self, task: asyncio.Task[None]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("recording a push failed", exc_info=task.exception())

    async def _drain(self) -> None:
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)
        await self._recorder.flush()

    async def _deliver(self, push: Push, progress: Progress) -> None:
        try:
            outcome, gone = await self._attempts(push, progress)
        finally:
            self._slots.release()
        progress.count("sent" if outcome.status == "sent" else outcome.status, gone=gone is not None)
        await self._recorder.add(outcome, gone)

    async def _attempts(self, push: Push, progress: Progress) -> tuple[Outcome, int | None]:
        tries = 0
        while True:
            tries += 1
            if self.spacer is not None:
                await self.spacer()
            try:
                message_id = await self.sender(push)
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                verdict = classify(exc)
                what = f"{push.kind} push to chat {push.chat_id}"
                if verdict.failure is Failure.retry and tries <= self.max_retries:
                    progress.retries += 1
                    delay = self.backoff * 2 ** (tries - 1)
                    log.info("%s failed (%s): retry %d in %.1f s", what, verdict.reason, tries, delay)
                    await asyncio.sleep(delay)
                    continue
                if verdict.failure is Failure.migrated and verdict.new_chat_id and tries <= self.max_retries:
                    log.info("%s: the group moved to %d; sending there", what, verdict.new_chat_id)
                    push.chat_id = verdict.new_chat_id
                    continue
                if verdict.failure is Failure.gone:
                    log.info("%s: chat gone (%s); its subscriptions are switched off", what, verdict.reason)
                    return self._outcome(push, "failed", tries, verdict.reason), push.chat_id
                if verdict.failure is Failure.uncertain:
                    log.warning("%s: may or may not have arrived (%s): uncertain, not resent", what, verdict.reason)
                    return self._outcome(push, "uncertain", tries, verdict.reason), None
                if verdict.failure is Failure.permanent and not _is_telegram(exc):
                    log.error("%s: a bug of ours", what, exc_info=exc)
                else:
                    log.warning("%s failed: %s", what, verdict.reason)
                return self._outcome(push, "failed", tries, verdict.reason), None
            if message_id is None:
                return self._outcome(push, "skipped", tries, "nothing to send"), None
            return self._outcome(push, "sent", tries, None, message_id), None

    @staticmethod
    def _outcome(push: Push, status: str, tries: int, error: str | None, message_id: int | None = None) -> Outcome:
        return Outcome(
            push.announcement, push.key, push.second, status, message_id or push.first_message_id, error, tries
        )


def _is_telegram(exc: BaseException) -> bool:
    from telegram.error import TelegramError

    return isinstance(exc, TelegramError)
