"""A daily push of N questions as a short session, through the whole bot and the fake server (issue 16, 2).

The scheduler's own timer is slow here (conftest.py): tests move the clock and call `tick()`.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from fakebot import Fault
from session_kit import statement_of, truth_of, write_banks
from tg_harness import BotEnv, answered


def utc(*args: int) -> datetime:
    return datetime(*args, tzinfo=UTC)


async def tick(env: BotEnv) -> list:
    assert env.app is not None
    return await env.app.bot_data.deliveries.tick()


async def pushed(env: BotEnv, user_id: int, lang: str = "zh") -> tuple[Any, Any]:
    """A learner practising the five true/false facts subscribes to 3 questions at 08:00 UTC; at 08:00 the
    push goes, once. Returns the learner and the message the push sent."""
    fake = env.fake
    env.clock.now = utc(2026, 3, 7, 7, 0)
    user = fake.user(user_id, "Learner", language_code=lang)
    user.command("/subscribe 08:00 UTC 3")
    await fake.next_message(user_id)
    await env.engine.update_settings(user_id, banks=["facts"])
    env.clock.now = utc(2026, 3, 7, 8, 0)
    [progress] = await tick(env)
    assert progress.sent == 1
    assert await tick(env) == []  # the push went once
    return user, await fake.next_message(user_id)


async def test_a_push_of_three_is_a_session_without_repeats_and_survives_a_restart(bot_settings_env: BotEnv) -> None:
    env = bot_settings_env
    write_banks(env.banks)
    fake = env.fake
    async with env.run():
        amy, q1 = await pushed(env, 7201, "en")
        assert q1.text.splitlines()[0] == "☀️ Today's practice 1/3"
        assert len(fake.sent_to(amy.id)) == 2  # the /subscribe reply and this one question, nothing more
        amy.press(q1, "True" if truth_of(q1.text) else "False")
        assert (await answered(fake, q1)).text.startswith("✅")
        q2 = await fake.next_message(amy.id)
        assert q2.text.splitlines()[0] == "☀️ Today's practice 2/3"
        await env.settle()
    async with env.run():  # a restart mid-session: the next answer brings the next question
        amy.send_text("false" if truth_of(q2.text) else "true")
        assert (await answered(fake, q2)).text.startswith("❌")
        q3 = await fake.next_message(amy.id)
        assert q3.text.splitlines()[0] == "☀️ Today's practice 3/3"
        assert len({statement_of(q.text) for q in (q1, q2, q3)}) == 3  # no repeats within the push
        amy.send_text("true" if truth_of(q3.text) else "false")
        assert (await answered(fake, q3)).text.startswith("✅")
        summary = await fake.next_message(amy.id)
        assert summary.text == "🏁 Today's practice done: 2/3 right, score 67% · 🔥 1-day streak"
        amy.send_text("true")  # the session is over: nothing is open
        assert "No question is waiting" in (await fake.next_message(amy.id)).text
    fake.assert_clean()


async def test_yesterdays_unanswered_push_questions_close_when_the_next_push_starts(
    bot_settings_env: BotEnv,
) -> None:
    env = bot_settings_env
    write_banks(env.banks)
    fake = env.fake
    async with env.run():
        amy, q1 = await pushed(env, 7202, "en")
        amy.send_text("true" if truth_of(q1.text) else "false")
        assert (await answered(fake, q1)).text.startswith("✅")
        yesterday = await fake.next_message(amy.id)
        assert "Today's practice 2/3" in yesterday.text  # left unanswered
        env.clock.now = utc(2026, 3, 8, 8, 0)
        [progress] = await tick(env)
        assert progress.sent == 1
        today = await fake.next_message(amy.id)
        assert today.text.splitlines()[0] == "☀️ Today's practice 1/3"
        late = amy.press(yesterday, 0)  # yesterday's question is closed: a press of it counts for nothing
        assert (await fake.callback_answer(late)).text == "This question is closed."
        amy.send_text("true" if truth_of(today.text) else "false")  # answers today's question
        assert (await answered(fake, today)).text.startswith("✅")
        assert "Today's practice 2/3" in (await fake.next_message(amy.id)).text
        stats = await env.engine.stats(amy.id)
        assert (stats.total.total, stats.total.wrong) == (2, 0)  # the closed question is not a wrong answer
    fake.assert_clean()


async def test_a_push_session_in_chinese_ends_with_its_summary(bot_settings_env: BotEnv) -> None:
    env = bot_settings_env
    write_banks(env.banks)
    fake = env.fake
    async with env.run():
        li, question = await pushed(env, 7203)
        for n in (1, 2, 3):
            question = question if n == 1 else await fake.next_message(li.id)
            assert question.text.splitlines()[0] == f"☀️ 今日练习 {n}/3"
            li.press(question, "正确" if truth_of(question.text) else "错误")
            assert (await answered(fake, question)).text.startswith("✅")
        summary = await fake.next_message(li.id)
        assert summary.text == "🏁 今日练习完成：答对 3/3，得分 100% · 🔥 连续 1 天"
    fake.assert_clean()


async def test_a_push_that_did_not_get_through_sends_the_question_it_recorded(bot_settings_env: BotEnv) -> None:
    """The first send fails with a 500 (it certainly did not arrive): the push is tried again later and
    sends the same recorded question, still 1/3; the day is pushed once."""
    env = bot_settings_env
    write_banks(env.banks)
    fake = env.fake
    env.clock.now = utc(2026, 3, 7, 7, 0)
    async with env.run():
        amy = fake.user(7204, "Amy", language_code="en")
        amy.command("/subscribe 08:00 UTC 3")
        await fake.next_message(amy.id)
        await env.engine.update_settings(amy.id, banks=["facts"])
        env.clock.now = utc(2026, 3, 7, 8, 0)
        fake.fail(Fault.server_error(), method="sendMessage", chat_id=amy.id, times=1)
        [first] = await tick(env)
        assert first.sent == 0
        recorded = await env.engine.latest_open_asked(amy.id, amy.id)
        assert recorded is not None and recorded.message_id is None  # asked, never shown
        env.clock.advance(minutes=1)
        [again] = await tick(env)
        assert again.sent == 1
        question = await fake.next_message(amy.id)
        assert question.text.splitlines()[0] == "☀️ Today's practice 1/3"
        shown = await env.engine.latest_open_asked(amy.id, amy.id)
        assert shown.id == recorded.id and shown.message_id == question.message_id
        assert await tick(env) == []
        amy.press(question, "True" if truth_of(question.text) else "False")
        assert (await answered(fake, question)).text.startswith("✅")
        assert "Today's practice 2/3" in (await fake.next_message(amy.id)).text
