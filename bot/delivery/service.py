"""The push scheduler and broadcaster: due rows from the database, each claimed only when the rate limiter
lets its send go, recorded after.

One tick:
1. read the due subscriptions page by page (indexed on next_due) and decide each (send, skip past the
   catch-up window) with `schedule.decide`; those with nothing to send are moved on at once, one
   transaction per page;
2. start a send for each of the others (at most `concurrency` under way; the rate limiter sets the pace).
   A send carries its claim (`Push.claim`), which the rate limiter awaits when the send's slot comes,
   right before the request leaves: one transaction moves the subscription's next_due on and writes that
   day's delivery row 'planned'. Until then nothing is written, so a crash leaves those pushes due and
   they are sent after the restart;
3. a send that certainly did not reach Telegram (connection refused, 5xx, a 429 left over) is un-claimed
   (its row deleted, its next_due put back) and tried again after a backoff that grows to minutes, for as
   long as the catch-up window lasts (then that day's row says 'failed'); one that may have reached
   Telegram (a read timeout, a connection lost while waiting) is 'uncertain' and never resent;
4. outcomes are recorded in batches (sent + message id, failed, uncertain, skipped); a chat that is gone
   (403, chat not found) has its subscriptions switched off in the same batch;
5. then open announcements the same way, one row per announcement and chat.

A crash leaves 'planned' only rows claimed and not yet recorded: sends on the wire (about rate x round
trip) and outcomes not yet written; `recover()` marks them 'uncertain' at start-up, never resent.

What a failure means is decided by the front end's `classify` (bot/telegram/failures.py knows the
transport): nothing here knows Telegram or HTTP.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import time as _time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from datetime import time as clock_time

from bot.delivery.outcomes import Classifier, Diagnosis, Failure, NotClaimed
from bot.delivery.progress import Progress
from bot.delivery.schedule import DueSlot, decide
from bot.delivery.writes import DeliveryWrites, Extra
from bot.records import Announcement, Subscription
from bot.store import Store, deliveries, subscriptions
from bot.store.deliveries import AnnouncementRow, Claim, PushRow, SendOutcome
from bot.zones import TimeZoneError, parse_time_zone

__all__ = ["DeliveryService", "Preparer", "Push", "Sender", "Sent", "backoff_seconds"]

log = logging.getLogger("bot.delivery")


@dataclass(slots=True)
class Push:
    """One send: a daily question push, an evening reminder, or an announcement to one chat."""

    kind: str  # 'daily', 'remind' or 'announce'
    chat_id: int
    row: PushRow | AnnouncementRow  # the delivery row this send records
    learner_id: int | None = None
    count: int = 1
    banks: tuple[str, ...] | None = None
    kinds: tuple[str, ...] | None = None
    text: str | None = None  # the announcement
    done: int = 0  # messages of this push already sent: a retry goes on from there
    first_message_id: int | None = None
    asked: list[int] = field(default_factory=list)  # question keys this push asked: none asked twice
    # Awaited by the rate limiter right before the first request leaves (False: do not send). Set by the
    # service; a sender passes it with every request of the push (it claims once, then says True).
    claim: Callable[[], Awaitable[bool]] | None = None
    prepared: object | None = None  # what the sender's `prepare` made ready for it (opaque here)

    @property
    def announcement(self) -> bool:
        return isinstance(self.row, AnnouncementRow)

    @property
    def origin(self) -> str:
        """Names this push for what it starts (a practice session): the same push tried again, the same name."""
        row = self.row
        if isinstance(row, AnnouncementRow):
            return f"announce:{row.announcement_id}:{row.chat_id}"
        return f"push:{row.subscription_id}:{row.local_day}"


@dataclass(frozen=True, slots=True)
class Sent:
    """A push that went out: its (first) message id, and a write to record with its outcome."""

    message_id: int
    extra: Extra | None = None


# Sends a push; returns the (first) message id (or Sent), or None when there was nothing to send (a reminder
# to a learner who already practised today). Raises the transport's errors, or NotClaimed.
Sender = Callable[[Push], Awaitable[int | Sent | None]]
# Makes a page of daily pushes ready before their sends start (their questions picked and recorded in one
# transaction), leaving what it made in each push's `prepared`.
Preparer = Callable[[Sequence[Push]], Awaitable[None]]
Finished = Callable[[Announcement, dict[str, int]], Awaitable[None]]


def _ts(moment: datetime) -> int:
    return int(moment.timestamp())


def backoff_seconds(tries: int, base: float = 5.0, most: float = 60.0) -> float:
    """The wait before try number `tries` + 1: 5, 10, 20, 40 s, then every minute."""
    return min(most, base * 2 ** max(0, tries - 1))


def _classify_nothing(exc: BaseException) -> Diagnosis:
    return Diagnosis(Failure.permanent, f"{type(exc).__name__}: {exc}"[:300], bug=True)


@dataclass
class _Later:
    """A push that certainly did not get through: tried again at `at` (`tries` so far)."""

    at: datetime
    tries: int
    reason: str


@dataclass
class _Send:
    """One push under way, with what un-claiming it needs."""

    push: Push
    progress: Progress
    deadline: datetime  # past it, a push that keeps failing is given up
    claim: Claim | None = None  # daily/remind; None for an announcement
    tries: int = 0
    claimed: bool = False
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)

    @property
    def key(self) -> PushRow | AnnouncementRow | int:
        """What one send at a time is kept per: a subscription, or an announcement's chat."""
        row = self.push.row
        return row if isinstance(row, AnnouncementRow) else row.subscription_id


class DeliveryService:
    """Daily pushes, reminders and announcements (see the module docstring)."""

    def __init__(
        self,
        store: Store,
        sender: Sender,
        *,
        clock: Callable[[], datetime],
        classify: Classifier = _classify_nothing,
        catchup: timedelta = timedelta(hours=3),
        concurrency: int = 48,
        page: int = 500,
        chunk: int = 64,
        poll_seconds: float = 5.0,
        max_retries: int = 3,
        backoff: float = 5.0,
        backoff_most: float = 60.0,
        progress_seconds: float = 5.0,
        stop_timeout: float = 10.0,
        finished: Finished | None = None,
        spacer: Callable[[], Awaitable[None]] | None = None,
        monotonic: Callable[[], float] = _time.monotonic,
        prepare: Preparer | None = None,
    ) -> None:
        self.store = store
        self.sender = sender
        self.prepare = prepare
        self.clock = clock
        self.classify = classify
        self.catchup = catchup
        self.concurrency = concurrency
        self.page = page
        self.chunk = max(1, chunk)  # daily pushes prepared together (one transaction), just before they go
        self.poll_seconds = poll_seconds
        self.max_retries = max_retries  # group moves followed in a row
        self.backoff = backoff
        self.backoff_most = backoff_most
        self.progress_seconds = progress_seconds
        self.stop_timeout = stop_timeout
        self.finished = finished
        self.spacer = spacer
        self.monotonic = monotonic
        self._slots = asyncio.Semaphore(concurrency)
        self._tasks: set[asyncio.Task[None]] = set()
        self._busy: set[AnnouncementRow | int] = set()  # sends under way (see _Send.key)
        self._later: dict[AnnouncementRow | int, _Later] = {}  # sends waiting to be tried again
        self._writes = DeliveryWrites(store, clock)
        self._writes.on_runner = self._track
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
        for ann in lost_ann:
            log.warning(
                "announcement %d to chat %d was in flight at a crash: uncertain, not resent",
                ann.announcement_id,
                ann.chat_id,
            )
        total = len(lost) + len(lost_ann)
        log.info("delivery recovery: %d sends in flight at the last stop marked uncertain", total)
        return total

    def start(self) -> asyncio.Task[None]:
        """Recover, then tick every `poll_seconds` (or sooner when woken, or when a retry is due) until `stop()`."""
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

    def _next_wait(self) -> float:
        wait = self.poll_seconds
        if self._later:
            soonest = min(later.at for later in self._later.values())
            wait = min(wait, max(0.0, (soonest - self.clock()).total_seconds()))
        return wait

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
                await asyncio.wait_for(self._wake.wait(), self._next_wait())
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

    def _waiting(self, key: AnnouncementRow | int, now: datetime) -> bool:
        """Under way, or waiting for its next try."""
        later = self._later.get(key)
        return key in self._busy or (later is not None and later.at > now)

    async def _due_batch(self, now: datetime) -> Progress | None:
        now_ts = _ts(now)
        async with self.store.read() as db:
            total = await subscriptions.count_due(db, now_ts)
        if not total:
            return None
        progress = Progress(f"pushes due at {now:%Y-%m-%d %H:%M} UTC", total, self.monotonic, self.progress_seconds)
        log.info("%s: %d subscriptions due", progress.label, total)
        after: tuple[int, int] | None = None
        while not self._stopping:
            async with self.store.read() as db:
                page = await subscriptions.due_after(db, now_ts, after, self.page)
            if not page:
                break
            last = page[-1]
            assert last.next_due is not None
            after = (last.next_due, last.id)
            await self._start_page([s for s in page if not self._waiting(s.id, now)], now, progress)
        await self._drain()
        log.info(progress.summary())
        return progress

    async def _start_page(self, page: list[Subscription], now: datetime, progress: Progress) -> None:
        """Decide the page; move on at once what has nothing to send, start a send for the rest."""
        quiet: list[Claim] = []
        sends: list[_Send] = []
        bad_zone: list[Subscription] = []
        for sub in page:
            decided = self._decide(sub, now, progress)
            if decided is None:
                bad_zone.append(sub)
            elif isinstance(decided, _Send):
                sends.append(decided)
            else:
                quiet.append(decided)
        if bad_zone:
            async with self.store.write() as db:
                for sub in bad_zone:
                    log.error("subscription %d has an unreadable time zone %r: switched off", sub.id, sub.tz)
                    await subscriptions.deactivate(db, sub.chat_id, sub.kind, now=_ts(now))
        if quiet:
            now_ts = _ts(now)
            await self.store.transaction(lambda conn: deliveries.claim(conn, quiet, now_ts))
        for first in range(0, len(sends), self.chunk):
            if self._stopping:
                break
            chunk = sends[first : first + self.chunk]
            if self.prepare is not None:
                await self.prepare([send.push for send in chunk])
            for send in chunk:
                if self._stopping:
                    break
                await self._slots.acquire()
                self._launch(send)

    def _decide(self, sub: Subscription, now: datetime, progress: Progress) -> Claim | _Send | None:
        """None for an unreadable zone; a Claim alone when there is nothing to send; else the send."""
        try:
            tz = parse_time_zone(sub.tz)
        except TimeZoneError:
            return None
        assert sub.next_due is not None  # due() only returns rows with a next_due
        due_at = datetime.fromtimestamp(sub.next_due, UTC)
        slot = DueSlot(due_at.astimezone(tz).date(), due_at)
        at = clock_time(sub.minute // 60, sub.minute % 60)
        decision = decide(slot, at, tz, now, self.catchup)
        later = self._later.pop(sub.id, None)
        skip_day, skip_status, skip_error = None, "skipped", None
        if decision.skipped is not None:
            skip_day = decision.skipped.local_date.toordinal()
            late = (now - decision.skipped.due_at) / timedelta(hours=1)
            if later is not None:  # tried and never got through within the catch-up window
                skip_status, skip_error = "failed", f"gave up after {later.tries} tries: {later.reason}"[:300]
                log.warning(
                    "subscription %d (chat %d): the %s push of %s did not get through in %.1f h (%s): given up",
                    sub.id,
                    sub.chat_id,
                    sub.kind,
                    decision.skipped.local_date,
                    late,
                    later.reason,
                )
                progress.count("failed")
            else:
                log.info(
                    "subscription %d (chat %d): the %s push of %s is %.1f h late, past the catch-up window: skipped",
                    sub.id,
                    sub.chat_id,
                    sub.kind,
                    decision.skipped.local_date,
                    late,
                )
                progress.count("skipped")
            later = None
        send_day = decision.send.local_date.toordinal() if decision.send is not None else None
        claim = Claim(sub.id, sub.next_due, _ts(decision.following.due_at), send_day, skip_day, skip_status, skip_error)
        if decision.send is None or send_day is None:
            return claim
        push = Push(
            sub.kind,
            sub.chat_id,
            PushRow(sub.id, send_day),
            learner_id=sub.learner_id,
            count=sub.count,
            banks=sub.banks,
            kinds=sub.kinds,
        )
        return _Send(
            push,
            progress,
            decision.send.due_at + self.catchup,
            claim=claim,
            tries=later.tries if later is not None else 0,
        )

    async def _announcement_batch(self, ann: Announcement) -> Progress:
        async with self.store.read() as db:
            total = await deliveries.count_recipients(db, ann.id)
        progress = Progress(f"announcement {ann.id}", total, self.monotonic, self.progress_seconds)
        log.info("%s: %d chats to reach", progress.label, total)
        deadline = datetime.fromtimestamp(ann.created_at, UTC) + self.catchup
        now = self.clock()
        after: int | None = None
        while not self._stopping:
            async with self.store.read() as db:
                chats = await deliveries.announcement_recipients(db, ann.id, after, self.page)
            if not chats:
                break
            after = chats[-1]
            for chat_id in chats:
                if self._stopping:
                    break
                key = AnnouncementRow(ann.id, chat_id)
                if self._waiting(key, now):
                    continue
                later = self._later.pop(key, None)
                push = Push("announce", chat_id, key, text=ann.text)
                await self._slots.acquire()
                self._launch(_Send(push, progress, max(deadline, now), tries=later.tries if later else 0))
        await self._drain()
        log.info(progress.summary())
        if not self._stopping and not any(
            isinstance(k, AnnouncementRow) and k.announcement_id == ann.id for k in self._later
        ):
            async with self.store.read() as db:
                left = await deliveries.count_recipients(db, ann.id)
            if not left:
                await self._finish_announcement(ann)
        return progress

    async def _finish_announcement(self, ann: Announcement) -> None:
        async with self.store.write() as db:
            await deliveries.finish_announcement(db, ann.id, _ts(self.clock()))
        async with self.store.read() as db:
            counts = await deliveries.announcement_counts(db, ann.id)
        if self.finished is not None:
            try:
                await self.finished(ann, counts)
            except Exception:
                log.exception("could not report announcement %d to chat %d", ann.id, ann.by_chat)

    # ----- claims ---------------------------------------------------------------------------------------

    async def _claim(self, send: _Send) -> bool:
        """Write the push's row (and move its subscription on) now that its request is about to leave."""
        async with send.lock:
            if send.claimed:
                return True
            if self._stopping and send.push.done == 0:
                return False  # stopping: what has not left stays due for the next start
            row = send.push.row
            if isinstance(row, AnnouncementRow):
                ok = await self._writes.claim(row)
            else:
                assert send.claim is not None
                ok = await self._writes.claim(send.claim)
            send.claimed = ok
            return ok

    async def _unclaim(self, send: _Send) -> None:
        """A push that certainly did not get through: as if it had never been claimed."""
        async with send.lock:
            if not send.claimed:
                return
            now_ts = _ts(self.clock())
            row = send.push.row
            if isinstance(row, AnnouncementRow):
                await self.store.transaction(
                    lambda conn: deliveries.unclaim_announcement(conn, row.announcement_id, row.chat_id)
                )
            else:
                assert send.claim is not None
                claim = send.claim
                await self.store.transaction(lambda conn: deliveries.unclaim(conn, claim, now_ts))
            send.claimed = False

    # ----- sends ----------------------------------------------------------------------------------------

    def _launch(self, send: _Send) -> None:
        send.push.claim = functools.partial(self._claim, send)
        self._busy.add(send.key)
        task = asyncio.create_task(self._deliver(send))
        self._tasks.add(task)
        task.add_done_callback(functools.partial(self._done, send))

    def _track(self, task: asyncio.Task[None]) -> None:
        """The writes' round under way counts as work in flight (drained, and cancelled by a crash)."""
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def _done(self, send: _Send, task: asyncio.Task[None]) -> None:
        self._tasks.discard(task)
        self._busy.discard(send.key)
        if not task.cancelled() and task.exception() is not None:
            log.error("recording a push failed", exc_info=task.exception())

    async def _drain(self) -> None:
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)
        await self._writes.flush()

    async def _deliver(self, send: _Send) -> None:
        try:
            result = await self._attempts(send)
        finally:
            self._slots.release()
        if result is not None:
            outcome, gone, extra = result
            send.progress.count(outcome.status, gone=gone is not None)
            self._writes.record(outcome, gone, extra)

    async def _attempts(self, send: _Send) -> tuple[SendOutcome, int | None, Extra | None] | None:
        """Send until done; the outcome to record, or None when there is nothing to record (not claimed,
        or un-claimed to be tried again later)."""
        push, moved = send.push, 0
        what = f"{push.kind} push to chat {push.chat_id}"
        while True:
            send.tries += 1
            if self.spacer is not None:
                await self.spacer()
            try:
                result = await self.sender(push)
            except asyncio.CancelledError:
                raise
            except NotClaimed:
                send.progress.count("skipped")  # already pushed that day (e.g. re-subscribed), or changed meanwhile
                return None
            except Exception as exc:
                diagnosis = self.classify(exc)
                if diagnosis.failure is Failure.migrated and diagnosis.new_chat_id and moved < self.max_retries:
                    moved += 1
                    log.info("%s: the group moved to %d; sending there", what, diagnosis.new_chat_id)
                    push.chat_id = diagnosis.new_chat_id
                    continue
                if diagnosis.failure is Failure.retry:
                    if await self._again_later(send, diagnosis):
                        return None
                    continue
                failed = self._failed(send, diagnosis, exc)
                return None if failed is None else (*failed, None)
            if result is None:
                if not await self._claim(send):  # nothing was sent: the subscription still moves on
                    send.progress.count("skipped")
                    return None
                return self._outcome(send, "skipped", "nothing to send"), None, None
            if not send.claimed:  # a sender that did not hand the claim to its request: claimed after the send
                await self._claim(send)
            sent = result if isinstance(result, Sent) else Sent(result)
            return self._outcome(send, "sent", None, sent.message_id), None, sent.extra

    async def _again_later(self, send: _Send, diagnosis: Diagnosis) -> bool:
        """A send that did not get through: True when it waits for a later tick (un-claimed), False when
        it is tried again here (part of it was sent already); raises nothing, records nothing."""
        push = send.push
        now = self.clock()
        delay = backoff_seconds(send.tries, self.backoff, self.backoff_most)
        retry_at = now + timedelta(seconds=delay)
        what = f"{push.kind} push to chat {push.chat_id}"
        if retry_at > send.deadline:
            return await self._give_up(send, diagnosis)
        send.progress.retries += 1
        log.info("%s did not get through (%s): try %d in %.0f s", what, diagnosis.reason, send.tries + 1, delay)
        if push.done:  # some of its messages are out: go on from there, in this task
            await asyncio.sleep(delay)
            return False
        await self._unclaim(send)
        self._later[send.key] = _Later(retry_at, send.tries, diagnosis.reason)
        asyncio.get_running_loop().call_later(delay, self.wake)
        return True

    async def _give_up(self, send: _Send, diagnosis: Diagnosis) -> bool:
        push = send.push
        log.warning(
            "%s push to chat %d did not get through in %d tries (%s): given up",
            push.kind,
            push.chat_id,
            send.tries,
            diagnosis.reason,
        )
        reason = f"gave up after {send.tries} tries: {diagnosis.reason}"[:300]
        if push.done or send.claimed:
            self._writes.record(self._outcome(send, "failed", reason))
        elif isinstance(row := push.row, AnnouncementRow):
            now_ts = _ts(self.clock())
            await self.store.transaction(
                lambda conn: deliveries.fail_announcement(
                    conn, row.announcement_id, row.chat_id, reason, send.tries, now_ts
                )
            )
        else:  # not claimed: claim it to move the subscription on, and record the day as failed
            if await self._claim(send):
                self._writes.record(self._outcome(send, "failed", reason))
        send.progress.count("failed")
        return True

    def _failed(self, send: _Send, diagnosis: Diagnosis, exc: BaseException) -> tuple[SendOutcome, int | None] | None:
        push = send.push
        what = f"{push.kind} push to chat {push.chat_id}"
        if not send.claimed and not push.done:
            # It failed before its request left (e.g. the question could not be picked): nothing to record;
            # the subscription stays due and the next tick tries again.
            log.error(
                "%s failed before it was sent: %s", what, diagnosis.reason, exc_info=exc if diagnosis.bug else None
            )
            self._later[send.key] = _Later(
                self.clock() + timedelta(seconds=self.backoff_most), send.tries, diagnosis.reason
            )
            return None
        if diagnosis.failure is Failure.gone:
            log.info("%s: chat gone (%s); its subscriptions are switched off", what, diagnosis.reason)
            return self._outcome(send, "failed", diagnosis.reason), push.chat_id
        if diagnosis.failure is Failure.uncertain:
            log.warning("%s: may or may not have arrived (%s): uncertain, not resent", what, diagnosis.reason)
            return self._outcome(send, "uncertain", diagnosis.reason), None
        if diagnosis.bug:
            log.error("%s: a bug of ours", what, exc_info=exc)
        else:
            log.warning("%s failed: %s", what, diagnosis.reason)
        return self._outcome(send, "failed", diagnosis.reason), None

    @staticmethod
    def _outcome(send: _Send, status: str, error: str | None, message_id: int | None = None) -> SendOutcome:
        push = send.push
        return SendOutcome(push.row, status, message_id or push.first_message_id, error, send.tries)
