"""/quiz and answering, end to end through the fake Bot API server."""

from __future__ import annotations

import logging

import pytest
from tg_harness import BotEnv


async def test_single_choice_by_button(bot_env: BotEnv, caplog: pytest.LogCaptureFixture) -> None:
    fake = bot_env.fake
    li = fake.user(3001, "李雷")
    li.command("/quiz 单选")
    q = await fake.next_message(li.id)
    assert q.text.startswith("【单选题】")
    asked = await bot_env.engine.latest_open_asked(li.id, li.id)
    key = asked.question.letters
    press = li.press(q, key)
    answer = await fake.callback_answer(press)
    assert answer.text.startswith("✅")
    verdict = await fake.next_message(li.id)
    assert verdict.text.startswith("✅")
    fake.assert_clean()
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
