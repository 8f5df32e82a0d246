"""The offline harness's virtual time: the bot's pacing waits on the fake's clock and takes no real time,
and the pace it keeps is still Telegram's, checked by the fake's flood rules on that same clock."""

from __future__ import annotations

from fakebot import VirtualTime
from tg_harness import BotEnv

BURST = 8  # a private chat's burst (STUDYBOT_CHAT_BURST's default); then one message a second
MORE = 30  # messages past the burst


async def test_a_private_chat_gets_its_burst_then_one_message_a_second_on_virtual_time(bot_env: BotEnv) -> None:
    fake = bot_env.fake
    clock = fake.clock
    assert isinstance(clock, VirtualTime)
    amy = fake.user(9101, "Amy", language_code="en")
    waited = clock.offset
    for _ in range(BURST + MORE):
        amy.command("/quiz single")
    for _ in range(BURST + MORE):
        await fake.next_message(amy.id)
    sends = [at for at, chat, _ in fake.sends if chat == amy.id]
    assert len(sends) == BURST + MORE
    # A token bucket's bound: any run of messages fits the burst plus one a second over its span (the
    # bucket also fills while real time passes, which is part of the virtual clock).
    for i, first in enumerate(sends):
        for j in range(i + 1, len(sends)):
            assert j - i + 1 <= BURST + (sends[j] - first) + 1, (i, j, sends[j] - first)
    # Half a minute of pacing: the virtual clock's, not the test's.
    assert clock.offset - waited >= MORE / 2
    fake.assert_clean()  # the fake's flood rules, on the same clock, saw nothing broken


async def test_sleeping_moves_the_clock_and_yields() -> None:
    clock = VirtualTime()
    before = clock()
    await clock.sleep(30)
    await clock.sleep(-1)  # a wait already over does not move time back
    assert 30 <= clock() - before < 31
    clock.advance(61)
    assert 91 <= clock() - before < 92
