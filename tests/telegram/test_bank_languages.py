"""A learner is told when banks ask in another language, and sees the banks of their own language first
(issue 25). End to end through the fake Bot API."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from test_one_message import write_round_bank
from tg_harness import BotEnv

from bot.banks.language import bank_language


@pytest.fixture
async def env(bot_settings_env: BotEnv) -> AsyncIterator[BotEnv]:
    write_round_bank(bot_settings_env.banks)  # an English bank beside the Chinese ones
    async with bot_settings_env.run():
        yield bot_settings_env


async def test_an_english_learner_sees_english_banks_first_and_is_told_the_others_are_chinese(env: BotEnv) -> None:
    fake, banks = env.fake, env.engine.banks
    assert bank_language(banks["round"]) == "en" and any(bank_language(b) == "zh" for b in banks.values())
    amy = fake.user(7501, "Amy", language_code="en")
    amy.command("/banks")
    listing = await fake.next_message(amy.id)
    assert listing.button_texts[0] == "Round"  # her language's bank first
    assert "Banks marked Chinese ask in Chinese" in listing.text
    ja = fake.user(7502, "Ken", language_code="ja")
    ja.command("/banks")
    assert "「中国語」と表示された題庫" in (await fake.next_message(ja.id)).text
    li = fake.user(7503, "李雷", language_code="zh")
    li.command("/banks")
    chinese = await fake.next_message(li.id)
    assert chinese.button_texts[0] != "Round" and "标为“英文”的题库" in chinese.text
    li.press(chinese, "Round")  # a button still chooses its bank after the order changed
    await env.settle()
    assert (await env.engine.settings(li.id)).banks == ("round",)
    fake.assert_clean()


async def test_the_greeting_says_when_no_bank_asks_in_the_learners_language(bot_env: BotEnv) -> None:
    """Only the Chinese seed banks: an English learner is told at /start, before the first question; a
    Chinese learner is not (and with an English bank beside them, nobody is: see the test above)."""
    fake = bot_env.fake
    assert {bank_language(b) for b in bot_env.engine.banks.values()} == {"zh"}
    amy = fake.user(7511, "Amy", language_code="en")
    amy.command("/start")
    greeting = await fake.next_message(amy.id)
    assert "Every question bank here is in Chinese" in greeting.text
    li = fake.user(7512, "李雷", language_code="zh")
    li.command("/start")
    assert "题库都是" not in (await fake.next_message(li.id)).text
    fake.assert_clean()


async def test_with_a_bank_in_her_language_the_greeting_says_nothing_of_languages(env: BotEnv) -> None:
    amy = env.fake.user(7513, "Amy", language_code="en")
    amy.command("/start")
    assert "Every question bank here" not in (await env.fake.next_message(amy.id)).text
