"""Group study chats end to end: several simulated members, the fake Bot API server, a movable clock.

The fake counts edits toward the flood limits here (``count_edits=True``): the live count under a
question is a group request like any other.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any

import pytest
from fakebot import FakeBotServer, MessageState, RateRules, SimGroup, SimUser
from quiz_kit import errors, wrong_letter
from tg_harness import BotEnv, running

from bot.telegram.groups import GROUPS, GroupQuiz

BOT = "studybot_test_bot"


@pytest.fixture
async def fake() -> AsyncIterator[FakeBotServer]:
    async with FakeBotServer(rules=RateRules(count_edits=True)) as server:
        yield server


def _quick(app: Any, *, edit_seconds: float = 0.2) -> Any:
    """The group quiz with test timings: the closer looks every 50 ms, counts are edited fast."""
    groups: GroupQuiz = app.bot_data[GROUPS]
    groups.tuning.tick_seconds = 0.05
    groups.tuning.edit_seconds = edit_seconds
    return app


@pytest.fixture
async def env(bot_settings_env: BotEnv) -> AsyncIterator[BotEnv]:
    async with running(_quick(bot_settings_env.build())) as app:
        bot_settings_env.app = app
        yield bot_settings_env
    bot_settings_env.app = None


def members(fake: FakeBotServer) -> tuple[SimUser, SimUser, SimUser, SimUser, SimGroup]:
    amy = fake.user(7001, "Amy", language_code="en")  # the group's admin
    bob = fake.user(7002, "Bob", language_code="en")
    cat = fake.user(7003, "Cat", language_code="en")
    dan = fake.user(7004, "Dan", language_code="en")
    group = fake.group(-1007000, "Study <group>", admins=[amy], members=[bob, cat, dan])
    return amy, bob, cat, dan, group


async def ask(env: BotEnv, user: SimUser, group: SimGroup, command: str = "/quiz single") -> tuple[MessageState, Any]:
    """``command`` in the group; the question message and its asked row."""
    user.command(command, group)
    question = await env.fake.next_message(group.id)

    async def attached() -> Any:
        asked = await env.engine.latest_open_asked(group.id)
        return asked if asked is not None and asked.message_id == question.message_id else None

    for _ in range(250):  # the message id is stored right after the send returns
        if (asked := await attached()) is not None:
            return question, asked
        await asyncio.sleep(0.02)
    raise AssertionError("the question was not attached to its message")


async def press(env: BotEnv, user: SimUser, message: MessageState, button: str, after: float = 0.0) -> Any:
    """Move the clock ``after`` seconds, press, and return the private callback answer."""
    env.clock.advance(seconds=after)
    return await env.fake.callback_answer(user.press(message, button))


async def test_each_member_answers_once_privately_and_the_asker_reveals(env: BotEnv,
                                                                      caplog: pytest.LogCaptureFixture) -> None:
    fake, engine = env.fake, env.engine
    amy, bob, cat, dan, group = members(fake)
    question, asked = await ask(env, bob, group)
    assert "Revealed in 60 s, one answer each" in question.text
    key, wrong = asked.question.letters, wrong_letter(asked.question)
    assert asked.learner_id == bob.id

    right = await press(env, cat, question, key, after=2)
    assert right.text.startswith("✅ Correct +10 points")
    assert right.show_alert == bool(asked.question.explanation)
    assert len(right.text) <= 200
    missed = await press(env, dan, question, wrong, after=3)
    assert missed.text.startswith("❌ Wrong") and "Answer: " + key in missed.text
    assert (await press(env, bob, question, key, after=1)).text.startswith("✅")
    again = await press(env, cat, question, wrong)  # a second answer changes nothing
    assert again.text == "You already answered this question; it stays as it was." and not again.show_alert
    again = await press(env, dan, question, key)
    assert "already answered" in again.text

    # the group sees a count, never a message per answer
    await fake.wait_for(lambda: "👥 3 answered" in question.text, what="the live count")
    assert len(fake.sent_to(group.id)) == 1
    assert question.button_texts and question.history  # still answerable, edited in place

    old_data = question.find_button(key)["callback_data"]
    bob.command("/reveal", group)  # the member who asked
    result = await fake.next_message(group.id)
    lines = result.text.splitlines()
    assert lines[0] == "🏁 Result"
    assert "Answer: " + key in result.text
    assert "✅ Right (2): Cat (2.0 s), Bob (6.0 s)" in lines
    assert "❌ Wrong (1): Dan" in lines
    assert result.button_texts == ["➡️ Next question"]
    assert result.reply_to is question
    await fake.wait_for(lambda: question.reply_markup is None, what="the closed question's buttons to go")
    assert "🔒 Revealed · 3 answered" in question.text
    closed = await fake.callback_answer(amy.press_data(question, old_data))  # the old button, after the close
    assert closed.text == "This question is closed."

    # points and the members' own progress
    top = await engine.top(group.id, "all")  # ties: by member id
    assert [(r.name, r.points, r.correct, r.answered) for r in top] == [
        ("Bob", 10, 1, 1), ("Cat", 10, 1, 1), ("Dan", 0, 0, 1)]
    for user, correct in ((cat, 1), (bob, 1), (dan, 0)):
        stats = await engine.stats(user.id)
        assert (stats.total.total, stats.total.correct) == (1, correct)
        assert stats.streak.current == 1
        assert await engine.next_question(user.id, review_only=True) is not None
    assert len(fake.sent_to(group.id)) == 2
    assert not any(m for u in (amy, bob, cat, dan) for m in fake.sent_to(u.id))  # nothing private but toasts
    fake.assert_clean()
    assert not errors(caplog)
