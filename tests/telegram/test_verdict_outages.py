"""Verdicts through a failing Bot API: none lost beyond the requests on the wire, none sent twice.

Over HTTP (the bot as `studybot run` builds it, with short timeouts) against the fake: a kept verdict goes
out within seconds of the API answering again, whatever its backoff (the engine's clock stands still here,
so only the recovery can send it); a verdict delivered but answered too late is not sent again; and a kept
verdict has one owner even when the courier's round and a learner's press reach it at once.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any

import pytest
from fakebot import FakeBotServer, Fault
from telegram.error import NetworkError
from tg_harness import BotEnv, running

from bot.telegram.transport import AiohttpRequest

LEARNERS = range(4500, 4508)
READ_TIMEOUT = 1.0
VERDICT_MARKS = ("✅", "❌")


@pytest.fixture
async def env(http_settings_env: BotEnv) -> AsyncIterator[BotEnv]:
    request = AiohttpRequest(256, read_timeout=READ_TIMEOUT, write_timeout=0.0)
    async with running(http_settings_env.build(http=True, request=request)) as app:
        http_settings_env.app = app
        yield http_settings_env
    http_settings_env.app = None


async def _asked(fake: FakeBotServer) -> list[Any]:
    users = [fake.user(chat, f"L{chat}", language_code="en") for chat in LEARNERS]
    for user in users:
        user.command("/quiz truefalse")
    await asyncio.gather(*(fake.next_message(user.id, timeout=20) for user in users))
    return users


def _verdicts(fake: FakeBotServer, chat: int) -> list[str]:
    """Every verdict shown in the chat: a message of its own, or written into its question's message."""
    texts = [m.text or "" for m in fake.sent_to(chat)]
    return [t for t in texts if t.startswith(VERDICT_MARKS) or any(f"\n\n{mark}" in t for mark in VERDICT_MARKS)]


async def _kept(env: BotEnv) -> int:
    async with env.engine.store.read() as db:
        return next(iter(await db.execute_fetchall("SELECT count(*) FROM outbox")))[0]


async def test_kept_verdicts_go_out_within_seconds_of_the_api_answering_again_each_once(env: BotEnv) -> None:
    fake = env.fake
    users = await _asked(fake)
    # The API is behind a proxy with nothing behind it: every verdict and every probe answers 502.
    fake.fail(Fault.server_error(502), method="editMessageText", times=None)  # the verdict's edit
    fake.fail(Fault.server_error(502), method="sendMessage", times=None)
    fake.fail(Fault.server_error(502), method="getMe", times=None)
    for user in users:
        user.send_text("对")
    for _ in range(100):
        if await _kept(env) == len(users):
            break
        await asyncio.sleep(0.1)
    assert await _kept(env) == len(users)  # each verdict kept, none lost
    back = asyncio.get_running_loop().time()
    fake.clear_faults()
    await fake.wait_for(lambda: all(_verdicts(fake, u.id) for u in users), timeout=10, what="every verdict")
    took = asyncio.get_running_loop().time() - back
    assert took < 5.0  # within seconds (the backoff alone would wait for a clock that stands still)
    await asyncio.sleep(1.0)
    assert [len(_verdicts(fake, u.id)) for u in users] == [1] * len(users)
    assert await _kept(env) == 0


async def test_verdicts_delivered_but_answered_too_late_are_not_sent_again(env: BotEnv) -> None:
    fake = env.fake
    users = await _asked(fake)
    fake.fail(Fault.answered_late(READ_TIMEOUT + 0.5), method="editMessageText", times=len(users))
    for user in users:
        user.send_text("对")
    await fake.wait_for(lambda: all(_verdicts(fake, u.id) for u in users), timeout=10, what="every verdict")
    await fake.wait_for(
        lambda: sum(1 for r in fake.calls("editMessageText") if r.status == 200) >= len(LEARNERS),
        timeout=10,
        what="the late answers",
    )
    # Whatever the courier and the breaker do next (its backoff passed, the API answering again):
    env.clock.advance(seconds=600)
    env.app.bot_data.courier.wake()
    await asyncio.sleep(1.5)
    assert [len(_verdicts(fake, u.id)) for u in users] == [1] * len(users)
    assert await _kept(env) == 0


async def test_a_kept_verdict_reached_by_the_courier_and_a_press_at_once_goes_once(env: BotEnv) -> None:
    fake = env.fake
    [amy, *_] = await _asked(fake)
    courier = env.app.bot_data.courier
    await courier.keep(amy.id, "✅ kept verdict", None, NetworkError("Bad Gateway"))
    env.clock.advance(seconds=60)  # its next try has come
    sent = await asyncio.gather(courier.tick(), courier.deliver_now(amy.id), courier.tick())
    assert sum(sent) == 1
    assert _verdicts(fake, amy.id) == ["✅ kept verdict"]
