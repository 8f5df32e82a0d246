"""What the front ends change about pushes: a chat's daily questions and evening reminder, announcements.

Each call is one transaction. `wake(due_at)` tells the push scheduler (`DeliveryService`, when one runs)
to look now when a change is due before its next look, so a subscription for a minute from now is not an
interval late; a front end calls it once it has answered the user.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, time, timedelta, tzinfo

from bot.delivery.schedule import DueSlot, next_due
from bot.delivery.service import DeliveryService
from bot.records import Subscription
from bot.store import Store, deliveries, subscriptions
from bot.zones import zone_name

__all__ = ["Subscriptions"]


class Subscriptions:
    def __init__(self, store: Store, clock: Callable[[], datetime], service: DeliveryService | None = None) -> None:
        self.store = store
        self.clock = clock
        self.service = service  # woken by changes due soon; None: no scheduler runs (tools, tests)

    async def subscribe(
        self, chat_id: int, learner_id: int, at: time, tz: tzinfo, *, count: int = 1, kind: str = "daily"
    ) -> DueSlot:
        """Switch the chat's subscription of this kind on (replacing its time, zone and count); the next push."""
        now = self.clock()
        slot = next_due(at, tz, now)
        async with self.store.write() as db:
            await subscriptions.subscribe(
                db,
                chat_id=chat_id,
                learner_id=learner_id,
                minute=at.hour * 60 + at.minute,
                tz=zone_name(tz),
                now=int(now.timestamp()),
                next_due=int(slot.due_at.timestamp()),
                count=count,
                kind=kind,
            )
        return slot

    async def stop(self, chat_id: int, kind: str) -> bool:
        """Switch the chat's subscription of this kind off; False when there was none on."""
        async with self.store.write() as db:
            return bool(await subscriptions.deactivate(db, chat_id, kind, now=int(self.clock().timestamp())))

    async def get(self, chat_id: int, kind: str = "daily") -> Subscription | None:
        async with self.store.read() as db:
            return await subscriptions.get(db, chat_id, kind)

    async def announce(self, text: str, by_chat: int) -> tuple[int, int]:
        """Queue an announcement to every chat with an active subscription; (its id, how many chats)."""
        async with self.store.write() as db:
            ann = await deliveries.create_announcement(db, text, by_chat, int(self.clock().timestamp()))
            recipients = await deliveries.count_recipients(db, ann.id)
        return ann.id, recipients

    def wake(self, due_at: datetime | None = None) -> None:
        """Let the scheduler look now, for something due at `due_at` (None: now)."""
        service = self.service
        if service is not None and (due_at is None or due_at - self.clock() < timedelta(seconds=service.poll_seconds)):
            service.wake()
