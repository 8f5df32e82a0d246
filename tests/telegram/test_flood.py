"""A flood in one chat is that chat's problem: one learner forwards 300 messages at once while ten others
practise; through the fake Bot API with Telegram's flood rules on, the others' replies stay prompt."""

from __future__ import annotations

import asyncio
import statistics

import pytest
from fakebot import MessageState, SimUser
from quiz_kit import errors
from tg_harness import BotEnv

FLOOD = 300
OTHERS = 10
ROUNDS = 2
THINK = 0.5


async def _question(fake, user: SimUser) -> MessageState:  # type: ignore[no-untyped-def]
    user.command("/quiz 判断")
    return await fake.next_message(user.id, timeout=30)


async def _practise(fake, user: SimUser, question: MessageState, offset: float, latencies: list[float]) -> None:  # type: ignore[no-untyped-def]
    """Answer, wait for the verdict (written into the question), ask for the next question, wait for it:
    each reply timed. A learner thinks THINK seconds between steps, so the ten together stay within the
    bot's 30 messages a second."""
    loop = asyncio.get_running_loop()
    await asyncio.sleep(offset)
    for _ in range(ROUNDS):
        start = loop.time()
        user.send_text("对")
        await fake.edited(question, timeout=30)
        latencies.append(loop.time() - start)
        await asyncio.sleep(THINK)
        start = loop.time()
        user.command("/quiz 判断")
        question = await fake.next_message(user.id, timeout=30)
        latencies.append(loop.time() - start)
        await asyncio.sleep(THINK)


async def test_one_chat_flooding_never_delays_the_others(
    http_bot_env: BotEnv, caplog: pytest.LogCaptureFixture
) -> None:
    """End to end over HTTP: the update processor's per-chat queues and the pacing are what is tested."""
    bot_env = http_bot_env
    fake = bot_env.fake
    flooder = fake.user(8000, "Flood", language_code="en")
    others = [fake.user(8100 + i, f"L{i}", language_code="en") for i in range(OTHERS)]
    questions = await asyncio.gather(*(_question(fake, u) for u in [flooder, *others]))

    started = asyncio.get_running_loop().time()

    async def flood() -> None:  # forwarded batches, 30 messages every 0.2 s while the others practise
        for i in range(FLOOD):
            flooder.send_text("对" if i % 2 else "错")
            if i % 30 == 29:
                await asyncio.sleep(0.2)

    latencies: list[float] = []
    await asyncio.gather(
        flood(),
        *(
            _practise(fake, u, q, i * THINK / OTHERS, latencies)
            for i, (u, q) in enumerate(zip(others, questions[1:], strict=True))
        ),
    )

    await fake.wait_for(lambda: fake.pending_updates() == 0, timeout=30, what="every update read")
    assert len(latencies) == OTHERS * ROUNDS * 2
    p95 = statistics.quantiles(latencies, n=20)[-1]
    assert p95 < 1.0, f"p95 {p95:.2f} s; slowest {max(latencies):.2f} s"

    # The flooder: a verdict for the first answer, one polite notice, then one reply a second at most (its
    # burst is taken away; the reply is to the latest of its waiting messages, the others were coalesced).
    await fake.wait_for(
        lambda: any("slow down" in (m.text or "") for m in fake.sent_to(flooder.id)), timeout=10, what="the notice"
    )
    processor = bot_env.app.update_processor
    await fake.wait_for(lambda: processor.waiting(flooder.id) == 0, timeout=30, what="the flooder's queue handled")
    sent = [m.text or "" for m in fake.sent_to(flooder.id)][1:]  # after the question
    elapsed = asyncio.get_running_loop().time() - started
    assert sum("slow down" in s for s in sent) == 1
    assert len(sent) <= 3 + elapsed, (len(sent), elapsed)
    assert bot_env.app.update_processor.superseded >= FLOOD - len(sent) - 10  # the rest were coalesced
    assert (await bot_env.engine.stats(flooder.id)).total.total == 1  # one answer counted, once
    fake.assert_clean()  # no 429 at all: no flood rule broken
    assert not errors(caplog)
