"""The offline harness's virtual time: the bot's pacing waits on the fake's clock and takes no real time,
and the pace it keeps is still Telegram's, checked by the fake's flood rules on that same clock."""

from __future__ import annotations

import time

from fakebot import VirtualTime
from tg_harness import BotEnv

BURST = 8  # a private chat's burst (STUDYBOT_CHAT_BURST's default); then one message a second


async def test_a_private_chat_gets_its_burst_then_one_message_a_second_on_virtual_time(bot_env: BotEnv) -> None:
    fake = bot_env.fake
    clock = fake.clock
    assert isinstance(clock, VirtualTime)
    amy = fake.user(9101, "Amy", language_code="en")
    started, waited = time.monotonic(), clock.offset
    for _ in range(BURST + 6):
        amy.command("/quiz single")
    for _ in range(BURST + 6):
        await fake.next_message(amy.id)
    sends = [at for at, chat, _ in fake.sends if chat == amy.id]
    assert len(sends) == BURST + 6
    gaps = [b - a for a, b in zip(sends[BURST - 1 :], sends[BURST:], strict=False)]
    assert min(gaps) >= 0.9, gaps  # past the burst, a message a second (the bucket's edge may round down)
    # The five seconds and more of waiting were the virtual clock's, not the test's.
    assert clock.offset - waited >= 5
    assert clock.offset - waited > 2 * (time.monotonic() - started)
    fake.assert_clean()  # the fake's flood rules, on the same clock, saw nothing broken


async def test_sleeping_moves_the_clock_and_yields() -> None:
    clock = VirtualTime()
    before = clock()
    await clock.sleep(30)
    await clock.sleep(-1)  # a wait already over does not move time back
    assert 30 <= clock() - before < 31
    clock.advance(61)
    assert 91 <= clock() - before < 92
