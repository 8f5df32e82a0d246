"""[复习错题 N] under a summary (issue 25): a session of that round's mistakes only, with its own counter
and summary; under a daily push's summary too. End to end through the fake Bot API."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime

import pytest
from fakebot import MessageState
from test_one_message import FACTS, SINGLE, _key_of, write_round_bank
from tg_harness import BotEnv


@pytest.fixture
async def env(bot_settings_env: BotEnv) -> AsyncIterator[BotEnv]:
    write_round_bank(bot_settings_env.banks)
    async with bot_settings_env.run():
        yield bot_settings_env


def _wrong(key: str) -> str:
    return "ABCD"[("ABCD".index(key) + 1) % 4]


async def _answer(li: object, q: MessageState, *, right: bool) -> None:
    key = _key_of(q.text)
    if isinstance(key, tuple):
        true, false = q.button_texts[:2]  # 正确 错误, True False
        li.press(q, true if key[1] == right else false)  # type: ignore[attr-defined]
    else:
        li.press(q, key if right else _wrong(key))  # type: ignore[attr-defined]


async def test_a_rounds_mistakes_come_back_as_a_session_of_their_own(env: BotEnv) -> None:
    fake = env.fake
    li = fake.user(7401, "李雷")
    li.command("/quiz 6 round")
    missed: list[str] = []
    for position in range(1, 7):
        q = await fake.next_message(li.id)
        right = position % 2 == 0  # the odd ones wrong
        if not right:
            missed.append(_prompt(q))
        await _answer(li, q, right=right)
        await fake.edited(q)
    summary = await fake.next_message(li.id)
    assert summary.text.startswith("🏁 练习完成：答对 3/6")
    assert summary.button_texts[0] == "❌ 复习错题 3"
    li.press(summary, "❌ 复习错题 3")
    seen: list[str] = []
    for position in range(1, 4):
        q = await fake.next_message(li.id)
        assert q.text.splitlines()[0] == f"🔁 错题 {position}/3"  # its own counter
        seen.append(next(m for m in missed if m in q.text))
        await _answer(li, q, right=position != 2)
        await fake.edited(q)
    assert seen == missed  # exactly the round's mistakes, in the order they were made
    again = await fake.next_message(li.id)
    assert again.text.startswith("🏁 错题复习完成：答对 2/3")  # its own summary
    assert again.button_texts == ["❌ 复习错题 1"]  # what is still wrong, once more
    await fake.wait_for(lambda: not summary.buttons, what="the round's summary buttons to go once used")
    li.press(again, 0)
    last = await fake.next_message(li.id)
    assert last.text.startswith("🔁 错题 1/1\n")
    fake.assert_clean()


def _prompt(q: MessageState) -> str:
    return next(p for p, _ in [*SINGLE, *FACTS] if p in q.text)


async def test_a_daily_push_summary_offers_its_mistakes_and_another_round(env: BotEnv) -> None:
    fake = env.fake
    amy = fake.user(7402, "Amy", language_code="en")
    env.clock.now = datetime(2026, 3, 7, 7, 0, tzinfo=UTC)
    amy.command("/banks round")
    await fake.next_message(amy.id)
    amy.command("/subscribe 08:00 UTC 2")
    await fake.next_message(amy.id)
    env.clock.now = datetime(2026, 3, 7, 8, 0, tzinfo=UTC)
    await env.app.bot_data.deliveries.tick()
    for position in (1, 2):
        q = await fake.next_message(amy.id)
        await _answer(amy, q, right=position == 2)
        await fake.edited(q)
    summary = await fake.next_message(amy.id)
    assert summary.text.startswith("🏁") and "1/2" in summary.text
    assert summary.button_texts == ["❌ Review 1 mistake", "🔁 Another round of 2"], summary.button_texts
    amy.press(summary, 0)
    q = await fake.next_message(amy.id)
    assert q.text.splitlines()[0] == "🔁 Mistakes 1/1"
    fake.assert_clean()
