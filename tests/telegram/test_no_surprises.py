"""No surprises (issue 25): a question copied into two banks is asked once in a session, and a brand-new
learner's first question is one answered by a tap, not a long case. End to end through the fake Bot API."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from tg_harness import BotEnv

from bot.banks.model import Bank, Question, save_bank

TWIN = "The same statement, copied into two banks."


@pytest.fixture
async def env(bot_settings_env: BotEnv) -> AsyncIterator[BotEnv]:
    for old in bot_settings_env.banks.glob("*.json"):
        old.unlink()
    for bank_id in ("left", "right"):  # one statement in both banks, in slightly different spacing
        prompt = TWIN if bank_id == "left" else "The same  statement, copied into two banks. "
        twin = Question(id=f"{bank_id}-1", kind="true_false", number=1, prompt=prompt, answer=True)
        save_bank(Bank(id=bank_id, title=bank_id.title(), source="tests", questions=[twin]), bot_settings_env.banks)
    cases = [
        Question(id=f"c{i}", kind="case", number=i, prompt=f"Case {i}: " + "a long story. " * 20, answer="Think.")
        for i in range(1, 21)
    ]
    quick = Question(id="s1", kind="single", number=21, prompt="Pick A.", options={"A": "a", "B": "b"}, answer="A")
    save_bank(Bank(id="mixed", title="Mixed", source="tests", questions=[*cases, quick]), bot_settings_env.banks)
    async with bot_settings_env.run():
        yield bot_settings_env


async def test_a_question_in_two_banks_is_asked_once_in_a_round(env: BotEnv) -> None:
    fake = env.fake
    li = fake.user(7401, "李雷")
    li.command("/quiz 2 left right")
    first = await fake.next_message(li.id)
    assert TWIN in " ".join(first.text.split())
    li.press(first, "正确")
    await fake.edited(first)
    ended = await fake.next_message(li.id)  # nothing else to ask: the round ends, its twin never asked
    assert ended.text.startswith("🏁 练习完成：答对 1/1"), ended.text
    assert (await env.engine.stats(li.id)).total.total == 1
    fake.assert_clean()


async def test_a_new_learner_starts_with_a_question_answered_by_a_tap(env: BotEnv) -> None:
    fake = env.fake
    amy = fake.user(7402, "Amy", language_code="en")
    amy.command("/quiz mixed")  # twenty cases and one single choice: the first is the single choice
    first = await fake.next_message(amy.id)
    assert first.text.startswith("【Single choice】") and first.buttons
    amy.press(first, "A")
    await fake.edited(first)
    amy.command("/quiz mixed")  # from then on, any kind
    assert (await fake.next_message(amy.id)).text.startswith("【Case analysis】")
    fake.assert_clean()
