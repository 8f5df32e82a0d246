"""A restart between question and answer: old buttons, typed answers and ticks keep working."""

from __future__ import annotations

import pytest
from quiz_kit import errors
from tg_harness import BotEnv, answered, running


async def test_answers_after_a_restart(http_settings_env: BotEnv, caplog: pytest.LogCaptureFixture) -> None:
    """End to end over HTTP by long polling: a process stops, a new one serves the same database."""
    env = http_settings_env
    fake = env.fake
    li, amy, bo = fake.user(5001, "李雷"), fake.user(5002, "Amy", language_code="en"), fake.user(5003, "Bo")

    async with running(env.build(http=True)) as app:
        engine = app.bot_data.engine
        li.command("/quiz 单选")
        single = await fake.next_message(li.id)
        single_asked = await engine.latest_open_asked(li.id, li.id)
        amy.command("/quiz fill")
        fill = await fake.next_message(amy.id)
        fill_asked = await engine.latest_open_asked(amy.id, amy.id)
        bo.command("/quiz 多选")
        multi = await fake.next_message(bo.id)
        multi_asked = await engine.latest_open_asked(bo.id, bo.id)
        key = multi_asked.question.letters
        bo.press(multi, key[0])
        await fake.wait_for(lambda: any("☑" in b for b in multi.button_texts), what="the first tick")
    assert not app.running

    async with running(env.build(http=True)) as app:  # a new process on the same database
        engine = app.bot_data.engine
        li.press(single, single_asked.question.letters)
        verdict = await answered(fake, single)
        assert verdict.text.startswith("✅") and verdict.button_texts == ["➡️ 下一题"]  # the old buttons gone

        amy.send_text(fill_asked.question.blanks()[0][0])
        verdict = await answered(fake, fill)
        assert verdict.text.startswith("✅ Correct")

        for letter in key[1:]:
            bo.press(multi, letter)
        await fake.wait_for(lambda: sum("☑" in b for b in multi.button_texts) == len(key), what="every tick")
        bo.press(multi, multi.button_texts[-1])
        verdict = await answered(fake, multi)
        assert verdict.text.startswith("✅")
        old_data = single.history[-1][1]["inline_keyboard"][0][0]["callback_data"]
        again = li.press_data(single, old_data)  # the same old button once more
        assert "已经答过" in (await fake.callback_answer(again)).text
        stats = [await engine.stats(u.id) for u in (li, amy, bo)]
        assert [s.total.correct for s in stats] == [1, 1, 1]
    assert fake.unanswered_callbacks() == []
    fake.assert_clean()
    assert not errors(caplog)
