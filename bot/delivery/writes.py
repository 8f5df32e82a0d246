"""The push scheduler's writes, grouped: every claim and outcome waiting is written in one transaction.

A push is claimed right before its request leaves (its row 'planned': a crash leaves it uncertain, never
resent), so a claim cannot wait for a batch to fill up. Instead writes are committed in rounds: while one
round's transaction runs, the claims and outcomes that arrive queue up, and the next round takes them all.
One push waits for at most the round under way and its own; a thousand pushes a second make rounds of a
few each instead of a thousand transactions. Outcomes are not waited for (their rows say 'planned' until
written: a crash in between leaves them uncertain, like the sends on the wire); `flush()` writes the rest.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

from bot.store import Store, deliveries, subscriptions
from bot.store.deliveries import AnnouncementRow, Claim, SendOutcome

__all__ = ["DeliveryWrites", "Extra"]

log = logging.getLogger("bot.delivery")

# A write of the sender's that belongs with a push's outcome (the messages that show its question): run in
# the outcome's transaction, so the push is recorded sent with it or not at all.
Extra = Callable[[sqlite3.Connection], None]


@dataclass(slots=True)
class _Outcome:
    outcome: SendOutcome
    gone_chat: int | None
    extra: Extra | None


class DeliveryWrites:
    """Claims and outcomes of one scheduler, written in rounds (see the module docstring)."""

    def __init__(self, store: Store, clock: Callable[[], datetime]) -> None:
        self._store, self._clock = store, clock
        self._claims: list[tuple[Claim | AnnouncementRow, asyncio.Future[bool]]] = []
        self._outcomes: list[_Outcome] = []
        self.runner: asyncio.Task[None] | None = None  # the round under way (a crash test cancels it)
        self.on_runner: Callable[[asyncio.Task[None]], None] | None = None

    async def claim(self, what: Claim | AnnouncementRow) -> bool:
        """Write a push's 'planned' row (moving its subscription on); False when it is not to be sent."""
        done: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        self._claims.append((what, done))
        self._kick()
        return await done

    def record(self, outcome: SendOutcome, gone_chat: int | None = None, extra: Extra | None = None) -> None:
        """Write an outcome in the next round (a gone chat's subscriptions switched off with it)."""
        self._outcomes.append(_Outcome(outcome, gone_chat, extra))
        self._kick()

    async def flush(self) -> None:
        """Return once everything given so far is written."""
        while self.runner is not None:
            await asyncio.wait([self.runner])

    def _kick(self) -> None:
        if self.runner is None:
            self.runner = asyncio.get_running_loop().create_task(self._run(), name="studybot-delivery-writes")
            if self.on_runner is not None:
                self.on_runner(self.runner)

    async def _run(self) -> None:
        try:
            while self._claims or self._outcomes:
                claims, self._claims = self._claims, []
                outcomes, self._outcomes = self._outcomes, []
                now = int(self._clock().timestamp())
                try:
                    results = await self._store.transaction(
                        functools.partial(_write, claims=claims, outcomes=outcomes, now=now)
                    )
                except Exception as exc:
                    log.exception("writing %d claims and %d push outcomes failed", len(claims), len(outcomes))
                    for _, done in claims:
                        if not done.done():
                            done.set_exception(exc)
                    continue
                for (_, done), ok in zip(claims, results, strict=True):
                    if not done.done():
                        done.set_result(ok)
        finally:
            self.runner = None


def _write(
    conn: sqlite3.Connection,
    *,
    claims: list[tuple[Claim | AnnouncementRow, asyncio.Future[bool]]],
    outcomes: list[_Outcome],
    now: int,
) -> list[bool]:
    results: list[bool] = []
    for what, _ in claims:
        if isinstance(what, AnnouncementRow):
            [ok] = deliveries.claim_announcement(conn, what.announcement_id, [what.chat_id], now)
        else:
            [ok] = deliveries.claim(conn, [what], now)
        results.append(ok)
    deliveries.record(conn, [o.outcome for o in outcomes], now)
    gone = [o.gone_chat for o in outcomes if o.gone_chat is not None]
    if gone:
        subscriptions.deactivate_chats(conn, gone, now)
    for o in outcomes:
        if o.extra is not None:
            conn.execute("SAVEPOINT extra")
            try:
                o.extra(conn)
            except Exception:  # a bug in one push's extra write must not lose the others' outcomes
                conn.execute("ROLLBACK TO extra")
                log.exception("a write recorded with the push to chat %s failed", o.outcome.row)
            conn.execute("RELEASE extra")
    return results
