"""A learner who answers while a broadcast is under way gets the verdict at once, through the whole bot."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from fakebot import FakeBotServer
from tg_harness import BotEnv, settings_env

from bot.store import subscriptions

SUBSCRIBERS = 40
PACE = 10  # messages per second in all: the broadcast takes about 4 s
# Pushes are started faster than the budget lets them out, so they queue in the rate limiter: the verdict
# must overtake that queue, not only the scheduler's own spacing.
PUSH_PACE = 20


@pytest.fixture
async def slow_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, fake: FakeBotServer) -> AsyncIterator[BotEnv]:
    env = settings_env(monkeypatch, tmp_path, fake, push_poll_seconds=3600, send_rate=PACE, broadcast_rate=PUSH_PACE)
    async with env.run():
        yield env


def _pushes_sent(fake: FakeBotServer) -> int:
    return sum(
        1
        for r in fake.requests
        if r.method == "sendMessage"
        and r.status == 200
        and int(r.params.get("chat_id", 0)) in range(7000, 7000 + SUBSCRIBERS)
    )


async def test_a_verdict_overtakes_a_long_broadcast(slow_env: BotEnv) -> None:
    env, fake = slow_env, slow_env.fake
    env.clock.now = datetime(2026, 3, 7, 9, 0, tzinfo=UTC)
    lea = fake.user(6500, "Lea", language_code="en")
    lea.command("/quiz truefalse")
    question = await fake.next_message(lea.id)
    assert question.buttons
    now = int(env.clock().timestamp())
    for chat in range(7000, 7000 + SUBSCRIBERS):
        fake.user(chat, f"L{chat}")
        await env.engine.ensure_learner(chat, f"L{chat}")
        await env.engine.ensure_chat(chat, "private")
        async with env.engine.store.write() as db:
            await subscriptions.subscribe(
                db, chat_id=chat, learner_id=chat, minute=9 * 60, tz="UTC", now=now, next_due=now
            )

    broadcast = asyncio.create_task(env.app.bot_data.deliveries.tick())
    await fake.wait_for(lambda: _pushes_sent(fake) >= 10, timeout=20, what="the broadcast under way")
    lea.send_text("对")
    pushes_when_answered = _pushes_sent(fake)
    verdict = await fake.next_message(lea.id, timeout=10)
    pushes_when_judged = _pushes_sent(fake)
    assert verdict.text[0] in "✅❌"
    # The verdict took the next free slot ahead of the queued pushes (at most one push, already past the
    # limiter, can land between); without the reply-first rule a dozen or more go first.
    assert pushes_when_judged - pushes_when_answered <= 1
    assert pushes_when_judged < SUBSCRIBERS - 10

    [progress] = await broadcast
    assert progress.sent == SUBSCRIBERS
    assert _pushes_sent(fake) == SUBSCRIBERS  # each once
    # Paced at departure; arrivals jitter by a send or two at a window's edges on a busy machine, so the
    # pace is read over two seconds (an unpaced broadcast would put all 40 in one).
    assert fake.max_sends_in_window(None, 2.0) <= 2 * PACE + 2
    fake.assert_clean()
