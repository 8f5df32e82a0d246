"""The Bot API stalls or resets connections at push time: the whole bot over HTTP against the fake.

Only the requests on the wire when the outage began may be lost (uncertain, never resent); the circuit
breaker (bot/telegram/breaker.py) stops every other push from going out into it, and they all go, once
each, when the API answers again.
"""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from fakebot import FakeBotServer, Fault
from tg_harness import BotEnv, running, settings_env

from bot.store import subscriptions
from bot.telegram.transport import AiohttpRequest

LEARNERS = range(7100, 7140)  # 40 learners due at 09:00
READ_TIMEOUT = 1.5  # the bot's, here: a stalled request is given up after it


@pytest.fixture
async def env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, fake: FakeBotServer) -> AsyncIterator[BotEnv]:
    yield settings_env(monkeypatch, tmp_path, fake, push_poll_seconds=3600, broadcast_rate=25)


async def _subscribed(env: BotEnv) -> None:
    engine = env.engine
    env.clock.now = datetime(2026, 3, 7, 9, 0, tzinfo=UTC)
    now = int(env.clock().timestamp())
    for chat in LEARNERS:
        env.fake.user(chat, f"L{chat}", language_code="en")
        await engine.ensure_learner(chat, f"L{chat}", "en")
        await engine.ensure_chat(chat, "private")
        async with engine.store.write() as db:
            await subscriptions.subscribe(
                db, chat_id=chat, learner_id=chat, minute=9 * 60, tz="UTC", now=now, next_due=now
            )


def _pushes(fake: FakeBotServer) -> Counter[int]:
    return Counter(m.chat_id for chat in LEARNERS for m in fake.sent_to(chat))


def _into_outage(fake: FakeBotServer) -> list[int]:
    """The pushes that reached the fake while it stalled or reset: the ones on the wire."""
    return [chat for method, chat, fault in fake.faulted if method == "sendMessage" and chat in LEARNERS]


async def _statuses(env: BotEnv) -> dict[str, int]:
    async with env.engine.store.read() as db:
        rows = await db.execute_fetchall("SELECT status, count(*) FROM deliveries GROUP BY status")
    return dict(rows)  # type: ignore[arg-type]


async def _broadcast_through(env: BotEnv, fault: Fault, seconds: float) -> tuple[dict[str, int], list[int]]:
    """Start the 09:00 broadcast; after 10 pushes the API fails with ``fault`` for ``seconds``, then
    answers again. Returns the day's statuses and the pushes that went into the outage."""
    fake = env.fake
    request = AiohttpRequest(256, read_timeout=READ_TIMEOUT, write_timeout=0.0)
    async with running(env.build(http=True, request=request)) as app:
        env.app = app
        await _subscribed(env)
        broadcast = asyncio.create_task(app.bot_data.deliveries.tick())
        await fake.wait_for(lambda: sum(_pushes(fake).values()) >= 10, timeout=20, what="the broadcast under way")
        fake.fail(fault, times=None)  # every method: getMe (the probe) and getUpdates too
        await asyncio.sleep(seconds)
        fake.clear_faults()
        [progress] = await asyncio.wait_for(broadcast, 30)
        assert progress.sent + progress.uncertain == len(LEARNERS)
        return await _statuses(env), _into_outage(fake)


async def test_a_stalled_api_loses_only_the_pushes_on_the_wire_and_the_rest_go_once_it_answers(env: BotEnv) -> None:
    statuses, on_the_wire = await _broadcast_through(env, Fault.stalled(), 3.0)
    got = _pushes(env.fake)
    assert max(got.values()) == 1  # nobody twice
    assert statuses == {"sent": len(LEARNERS) - len(on_the_wire), "uncertain": len(on_the_wire)}
    assert set(got) == set(LEARNERS) - set(on_the_wire)  # every other learner got the push
    # Found stalled within a fraction of a second at 25 pushes a second, not after the 1.5 s read timeout
    # (before the breaker, all 30 pushes left went out into the stall).
    assert 1 <= len(on_the_wire) <= 15
    env.fake.assert_clean()


async def test_resetting_connections_lose_only_the_pushes_on_the_wire(env: BotEnv) -> None:
    statuses, on_the_wire = await _broadcast_through(env, Fault.connection_reset(), 2.0)
    got = _pushes(env.fake)
    assert max(got.values()) == 1
    assert statuses == {"sent": len(LEARNERS) - len(on_the_wire), "uncertain": len(on_the_wire)}
    assert set(got) == set(LEARNERS) - set(on_the_wire)
    assert 1 <= len(on_the_wire) <= 3  # the first reset opens the breaker: only what left beside it
    env.fake.assert_clean()
