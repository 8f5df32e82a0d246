"""Turns to send in a group: what the group plan (bot/telegram/group_budget.py) cannot fit now waits here,
and goes when the group's budget allows, the most urgent first.

``async with turns.turn(chat, kind) as ticket:`` waits for a turn, then the holder sends. A turn counts
one request in the group's ledger when it is granted; the rate limiter tells `observe` of every
message request it lets go (`OutgoingBudget.on_request`, bot/telegram/pacing.py): the holder's first
takes the counted one (stamped again: it goes now), anything more is counted beside it, and a turn that
sent nothing gives its count back. A turn inside a turn for the same group is that turn (a /reveal whose
answer is the result sends it at once).

One dispatcher per group while something waits: it grants every waiter that fits now, the lowest
(priority, round, arrival) first, then sleeps until the next could fit or someone new arrives. A
command's round is how many commands of the same member were waiting when it came, so one member's
ten commands do not hold back another member's one. Only the dispatcher sleeps, on the clock passed in,
so a test's virtual clock moves as it would in real time.
"""

from __future__ import annotations

import asyncio
import contextvars
import itertools
from collections.abc import AsyncIterator, Awaitable, Callable, Coroutine
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any

from bot.telegram.group_budget import PRIORITY, GroupBudget, Kind

__all__ = ["GroupTurns", "Ticket", "detached"]

MIN_PAUSE = 0.01  # the dispatcher never spins: a wait that came out as 0 with nothing granted is this

_HELD: contextvars.ContextVar[Ticket | None] = contextvars.ContextVar("group_turn", default=None)


def detached(job: Coroutine[Any, Any, Any]) -> asyncio.Task[Any]:
    """A task that holds no turn, whoever starts it: a task started inside a turn must not send in it."""
    context = contextvars.copy_context()
    context.run(_HELD.set, None)
    return asyncio.get_running_loop().create_task(job, context=context)


@dataclass(eq=False)
class Ticket:
    """A granted turn: its chat, its kind, when its counted request is stamped, whether it sent."""

    chat_id: int
    kind: Kind
    at: float
    used: bool = False
    quote: int | None = None  # the member's command its answers reply to


@dataclass(eq=False)
class _Waiter:
    kind: Kind
    key: tuple[int, int, int]
    member: int | None
    granted: asyncio.Future[Ticket]
    not_before: float = 0.0


@dataclass
class _Group:
    waiters: list[_Waiter] = field(default_factory=list)
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    dispatcher: asyncio.Task[None] | None = None


class GroupTurns:
    """Every group's waiting turns (see the module docstring)."""

    def __init__(self, budget: GroupBudget, sleep: Callable[[float], Awaitable[object]] = asyncio.sleep) -> None:
        self.budget = budget
        self._sleep = sleep
        self._groups: dict[int, _Group] = {}
        self._order = itertools.count()
        self.observed = False  # the rate limiter reports requests: unused turns give their count back
        self.held = 0  # turns being used now

    def current(self, chat_id: int) -> Ticket | None:
        """The turn this task holds for ``chat_id``, if any."""
        ticket = _HELD.get()
        return ticket if ticket is not None and ticket.chat_id == chat_id else None

    def waiting(self, chat_id: int, kind: Kind | None = None) -> int:
        group = self._groups.get(chat_id)
        if group is None:
            return 0
        return sum(1 for w in group.waiters if kind is None or w.kind == kind)

    @asynccontextmanager
    async def turn(
        self,
        chat_id: int,
        kind: Kind,
        *,
        member: int | None = None,
        quote: int | None = None,
        wait: bool = True,
        on_wait: Callable[[], Awaitable[object]] | None = None,
        not_before: float = 0.0,
    ) -> AsyncIterator[Ticket | None]:
        """Hold a turn to send a ``kind`` message to the group. ``wait=False``: now or never (None when the
        group has no room now); ``on_wait`` is awaited once when the turn must wait; ``quote``: the message
        the turn's answers reply to; ``not_before``: no earlier than that time of the clock (the live
        count's few seconds between two edits, waited by the dispatcher like the rest)."""
        held = self.current(chat_id)
        if held is not None:
            yield held
            return
        ticket = self._now(chat_id, kind, not_before)
        if ticket is None:
            if not wait:
                yield None
                return
            ticket = await self._wait(chat_id, kind, member, on_wait, not_before)
        ticket.quote = quote
        token = _HELD.set(ticket)
        self.held += 1
        try:
            yield ticket
        finally:
            self.held -= 1
            _HELD.reset(token)
            self._end(ticket)

    def observe(self, method: str, chat: str | None) -> None:
        """A message request is going out (the rate limiter's report): count it in its group's plan."""
        self.observed = True
        if chat is None or not chat.startswith("-"):
            return
        try:
            chat_id = int(chat)
        except ValueError:  # a channel's @name: not a group the plan knows
            return
        ticket = _HELD.get()
        if ticket is not None and ticket.chat_id == chat_id and not ticket.used:
            ticket.used = True
            ticket.at = self.budget.restamp(chat_id, ticket.at)
            return
        self.budget.note(chat_id)

    # ----- granting ----------------------------------------------------------------------------------

    def _wait_of(self, chat_id: int, waiter: _Waiter) -> float:
        return max(self.budget.wait(chat_id, waiter.kind), waiter.not_before - self.budget.clock())

    def _now(self, chat_id: int, kind: Kind, not_before: float) -> Ticket | None:
        """A turn at once: it fits, and no waiter that would go first fits too (nor one of its kind waits)."""
        if self.budget.wait(chat_id, kind) > 0 or not_before > self.budget.clock():
            return None
        group = self._groups.get(chat_id)
        if group is not None and any(
            PRIORITY[w.kind] <= PRIORITY[kind] and (w.kind == kind or self._wait_of(chat_id, w) <= 0)
            for w in group.waiters
        ):
            return None
        return Ticket(chat_id, kind, self.budget.take(chat_id))

    async def _wait(
        self,
        chat_id: int,
        kind: Kind,
        member: int | None,
        on_wait: Callable[[], Awaitable[object]] | None,
        not_before: float,
    ) -> Ticket:
        group = self._groups.get(chat_id)
        if group is None:
            group = self._groups[chat_id] = _Group()
        same = sum(1 for w in group.waiters if member is not None and w.member == member and w.kind == kind)
        granted: asyncio.Future[Ticket] = asyncio.get_running_loop().create_future()
        waiter = _Waiter(kind, (PRIORITY[kind], same, next(self._order)), member, granted, not_before)
        group.waiters.append(waiter)
        self._kick(chat_id, group)
        try:
            if on_wait is not None:
                await on_wait()
            return await waiter.granted
        except BaseException:
            if waiter in group.waiters:
                group.waiters.remove(waiter)
            elif waiter.granted.done() and not waiter.granted.cancelled():
                self._end(waiter.granted.result())  # granted just as it was given up: the count goes back
            raise

    def _kick(self, chat_id: int, group: _Group) -> None:
        if group.dispatcher is None:
            group.dispatcher = detached(self._dispatch(chat_id, group))
        else:
            group.wake.set()

    async def _dispatch(self, chat_id: int, group: _Group) -> None:
        try:
            while group.waiters:
                self._grant(chat_id, group)
                if not group.waiters:
                    break
                wait = min(self._wait_of(chat_id, w) for w in group.waiters)
                group.wake.clear()
                await self._pause(max(wait, MIN_PAUSE), group.wake)
        finally:
            group.dispatcher = None
            if not group.waiters and self._groups.get(chat_id) is group:
                del self._groups[chat_id]

    def _grant(self, chat_id: int, group: _Group) -> None:
        """Every waiter that fits now, the most urgent first (each granted one is counted before the next)."""
        while True:
            fitting = [w for w in group.waiters if self._wait_of(chat_id, w) <= 0]
            if not fitting:
                return
            best = min(fitting, key=lambda w: w.key)
            group.waiters.remove(best)
            if not best.granted.done():  # else it was given up meanwhile
                best.granted.set_result(Ticket(chat_id, best.kind, self.budget.take(chat_id)))

    async def _pause(self, seconds: float, wake: asyncio.Event) -> None:
        """Sleep ``seconds`` on the clock passed in, or less when someone new arrives or a count comes back."""
        sleeper = asyncio.ensure_future(self._sleep(seconds))
        waker = asyncio.ensure_future(wake.wait())
        try:
            await asyncio.wait({sleeper, waker}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            sleeper.cancel()
            waker.cancel()

    async def close(self) -> None:
        """Stop every dispatcher (at the bot's stop; whoever still waits is cancelled by its owner)."""
        tasks = [g.dispatcher for g in self._groups.values() if g.dispatcher is not None]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self._groups.clear()

    def _end(self, ticket: Ticket) -> None:
        if ticket.used or not self.observed:
            return
        self.budget.give_back(ticket.chat_id, ticket.at)
        group = self._groups.get(ticket.chat_id)
        if group is not None and group.dispatcher is not None:
            group.wake.set()
