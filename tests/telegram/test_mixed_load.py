"""At the limit: learners answering while a daily broadcast and an announcement go out, at the default
rates, over HTTP against the fake's flood rules (Telegram's: 30 a second in all, about one a second per
private chat). Replies come first, and hardly a request meets a 429.
"""

from __future__ import annotations

import asyncio
import statistics
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from fakebot import FakeBotServer, MessageState
from tg_harness import BotEnv, answered, running, settings_env

from bot.store import deliveries, subscriptions

SUBSCRIBERS = range(7300, 7360)  # a daily push each, then the announcement: 120 sends
LEARNERS = range(5300, 5360)  # each answers two questions while those go out
ADMIN = 9001
JITTER = 0.06  # seconds a request may take to reach Telegram's counters after it was paced


@pytest.fixture
async def env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> AsyncIterator[BotEnv]:
    async with FakeBotServer(jitter=JITTER) as fake:
        env = settings_env(monkeypatch, tmp_path, fake, push_poll_seconds=3600, admins=str(ADMIN))
        async with running(env.build(http=True)) as app:
            env.app = app
            yield env
        env.app = None


async def _due(env: BotEnv) -> None:
    engine = env.engine
    env.clock.now = datetime(2026, 3, 7, 9, 0, tzinfo=UTC)
    now = int(env.clock().timestamp())
    for chat in SUBSCRIBERS:
        env.fake.user(chat, f"S{chat}", language_code="en")
        await engine.ensure_learner(chat, f"S{chat}", "en")
        await engine.ensure_chat(chat, "private")
        async with engine.store.write() as db:
            await subscriptions.subscribe(
                db, chat_id=chat, learner_id=chat, minute=9 * 60, tz="UTC", now=now, next_due=now
            )
    async with engine.store.write() as db:
        await deliveries.create_announcement(db, "The library opens at 8 tomorrow.", ADMIN, now)


async def _verdict(fake: FakeBotServer, question: MessageState, start: float, latencies: list[float]) -> None:
    message = await answered(fake, question, timeout=60)
    latencies.append(asyncio.get_running_loop().time() - start)
    assert message.text.startswith(("✅", "❌")), message.text


async def _waves(env: BotEnv, latencies: list[float]) -> None:
    """Every learner asks for a question at once, then answers it at once: bursts well over the budget."""
    fake, loop = env.fake, asyncio.get_running_loop()
    users = [fake.user(chat, f"L{chat}", language_code="en") for chat in LEARNERS]
    for _ in range(2):
        for user in users:
            user.command("/quiz truefalse")
        questions = await asyncio.gather(*(fake.next_message(user.id, timeout=60) for user in users))
        start = loop.time()
        for user in users:
            user.send_text("对")

        await asyncio.gather(*(_verdict(fake, question, start, latencies) for question in questions))


async def test_replies_pushes_and_an_announcement_together_meet_almost_no_429(env: BotEnv) -> None:
    fake = env.fake
    await _due(env)
    broadcast = asyncio.create_task(env.app.bot_data.deliveries.tick())
    await fake.wait_for(lambda: len(fake.sends) >= 10, timeout=20, what="the broadcast under way")
    latencies: list[float] = []
    await _waves(env, latencies)
    daily, announced = await asyncio.wait_for(broadcast, 60)
    assert daily.sent == len(SUBSCRIBERS) and announced.sent == len(SUBSCRIBERS)
    assert all(len(fake.sent_to(chat)) == 2 for chat in SUBSCRIBERS)  # the push and the announcement, once each
    too_many = [r for r in fake.errors if r.status == 429]
    assert len(too_many) <= 1, [(r.method, r.params.get("chat_id"), r.description) for r in too_many]
    p95 = statistics.quantiles(latencies, n=20)[-1]
    # A wave of verdicts takes the whole budget (the pushes wait): its last one goes after learners / rate
    # seconds. Had the pushes kept their share, the replies would get a few slots a second and wait 5x that.
    budget_time = len(LEARNERS) / env.settings.send_rate
    assert p95 < budget_time + 1.5, f"verdict p95 {p95:.2f} s while the broadcast ran ({budget_time:.1f} s of budget)"
