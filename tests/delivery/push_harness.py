"""The push scheduler's test harness: a store, the fake server, a paced bot, a movable clock.

``PushEnv.service(...)`` builds a `DeliveryService` whose sends are plain text messages through an
ExtBot that has the app's rate limiter (OutgoingBudget), so pacing, 429s and errors are the real ones.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, time, timedelta
from types import SimpleNamespace
from typing import Any

from fakebot import FakeBotServer
from telegram.ext import ExtBot

from bot.delivery.schedule import next_due
from bot.delivery.service import DeliveryService, Push
from bot.delivery.spacing import Spacer
from bot.store import Store
from bot.telegram.failures import classify
from bot.telegram.pacing import OutgoingBudget, push_args
from bot.telegram.transport import AiohttpRequest
from bot.zones import parse_time_zone, zone_name

__all__ = ["PushEnv", "StepClock"]

from tg_harness import StepClock


@dataclass
class PushEnv:
    fake: FakeBotServer
    store: Store
    clock: StepClock
    bots: list[ExtBot[Any]] = field(default_factory=list)
    sends: list[tuple[int, datetime, str]] = field(default_factory=list)  # (chat, clock, kind) per success

    async def bot(
        self,
        *,
        send_rate: float = 30,
        broadcast_rate: float = 25,
        read_timeout: float = 5.0,
        max_retries: int = 3,
        chat_rate: float = 1.0,
    ) -> ExtBot[Any]:
        budget = OutgoingBudget(send_rate, broadcast_rate, max_retries=max_retries, chat_rate=chat_rate)
        bot: ExtBot[Any] = ExtBot(
            self.fake.token,
            base_url=self.fake.api_url,
            rate_limiter=budget,
            request=AiohttpRequest(128, read_timeout=read_timeout, write_timeout=0.0),
        )
        await bot.initialize()
        self.bots.append(bot)
        return bot

    def sender(self, bot: ExtBot[Any]) -> Any:
        async def send(push: Push) -> int:
            msg = await bot.send_message(
                push.chat_id,
                f"{push.kind} {push.row} {push.text or ''}",
                rate_limit_args=push_args(push.claim),
            )
            self.sends.append((push.chat_id, self.clock(), push.kind))
            return msg.message_id

        return send

    def service(self, bot: ExtBot[Any], *, rate: float = 25, **kwargs: Any) -> DeliveryService:
        budget = bot.rate_limiter
        assert isinstance(budget, OutgoingBudget)
        options: dict[str, Any] = {
            "catchup": timedelta(hours=3),
            "backoff": 0.05,
            "backoff_most": 0.2,
            "poll_seconds": 0.05,
            "classify": classify,
            "spacer": Spacer(rate, paused_until=lambda: budget.paused_until),
            **kwargs,
        }
        return DeliveryService(self.store, options.pop("sender", None) or self.sender(bot), clock=self.clock, **options)

    async def subscribe(
        self,
        chat_id: int,
        at: str,
        tz: str,
        *,
        kind: str = "daily",
        count: int = 1,
        due: datetime | None = None,
        user: bool = True,
    ) -> int:
        """A chat (and a simulated user for it on the fake) with a subscription; returns its id."""
        if user and chat_id > 0:
            self.fake.user(chat_id, f"L{chat_id}")
        zone = parse_time_zone(tz)
        hh, mm = (int(x) for x in at.split(":"))
        first = due or next_due(time(hh, mm), zone, self.clock()).due_at
        now = int(self.clock().timestamp())

        def write(conn: Any) -> int:
            conn.execute(
                "INSERT OR IGNORE INTO chats (id, kind, created_at) VALUES (?, ?, ?)",
                (chat_id, "private" if chat_id > 0 else "group", now),
            )
            conn.execute("INSERT OR IGNORE INTO learners (id, created_at) VALUES (?, ?)", (abs(chat_id), now))
            return int(
                conn.execute(
                    "INSERT INTO subscriptions (chat_id, learner_id, kind, minute, tz, count, active, next_due,"
                    " updated_at) VALUES (?, ?, ?, ?, ?, ?, 1, ?, ?) RETURNING id",
                    (chat_id, abs(chat_id), kind, hh * 60 + mm, zone_name(zone), count, int(first.timestamp()), now),
                ).fetchone()[0]
            )

        return await self.store.transaction(write)

    async def rows(self, sql: str, *params: Any) -> list[tuple[Any, ...]]:
        async with self.store.read() as db:
            return [tuple(r) for r in await db.execute_fetchall(sql, params)]

    async def delivery(self, subscription_id: int, local_day: int) -> Any:
        """The push's row for that day: status, tries, message_id, error (None when there is none)."""
        rows = await self.rows(
            "SELECT status, tries, message_id, error FROM deliveries WHERE subscription_id = ? AND local_day = ?",
            subscription_id,
            local_day,
        )
        return (
            SimpleNamespace(**dict(zip(("status", "tries", "message_id", "error"), rows[0], strict=True)))
            if rows
            else None
        )
