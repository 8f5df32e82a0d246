"""Everything a tap away (issue 25) through the fake Bot API: from /start, by taps only, a learner reaches
one question, a round of 5 · 10 · 20, review with the due count, streak, stats, the banks, the daily push,
the reminder (on, moved, off) and the settings; every screen is the one greeting edited in place, and
each has « 返回."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime

import pytest
from tg_harness import BotEnv

from bot.banks.model import save_bank
from tests.telegram.test_stats import BANK
from tests.telegram.test_stats import _bank as stats_bank


@pytest.fixture
async def env(bot_settings_env: BotEnv) -> AsyncIterator[BotEnv]:
    save_bank(stats_bank(), bot_settings_env.banks)  # five single-choice questions, key A
    async with bot_settings_env.run():
        yield bot_settings_env


async def test_every_learner_feature_is_reached_by_taps_from_start(env: BotEnv) -> None:
    fake = env.fake
    env.clock.now = datetime(2026, 3, 7, 1, 0, tzinfo=UTC)
    li = fake.user(7501, "李雷", language_code="zh")
    li.command("/start")
    start = await fake.next_message(li.id)
    assert start.button_texts == [
        "📝 练习", "📚 题库", "🎯 5 题", "🎯 10 题", "🎯 20 题",
        "🔁 复习 · 0", "🔥 连续打卡", "📈 统计", "☀️ 每日推送", "⚙️ 设置",
    ]  # fmt: skip

    li.press(start, "🔁 复习 · 0")  # nothing due yet: said so
    assert "复习" in (await fake.next_message(li.id)).text

    li.press(start, "📚 题库")  # the banks in place (it used to be a new message with no way back)
    await env.settle()
    assert "题库" in start.text.splitlines()[0]
    li.press(start, "Stats demo")  # choose a bank: the list is edited, the way back stays
    await env.settle()
    assert (await env.engine.settings(li.id)).banks == (BANK,)
    assert start.button_texts[-1] == "« 返回"
    li.press(start, "« 返回")
    await env.settle()

    li.press(start, "📝 练习")  # one question, answered wrong: a review will be due
    question = await fake.next_message(li.id)
    li.send_text("B")
    assert "❌" in (await fake.edited(question)).text

    li.press(start, "🎯 5 题")  # a round, counted
    first = await fake.next_message(li.id)
    running = await env.engine.sessions.running_round(li.id, li.id)
    assert running is not None and running.total == 5 and "1/5" in (first.text or first.poll["question"])
    li.press(start, "🎯 10 题")  # during a round: asked, never restarted silently
    chooser = await fake.next_message(li.id)
    assert len(chooser.buttons[0]) == 2

    li.press(start, "🔥 连续打卡")  # in place, with the way back
    await env.settle()
    assert "连续" in start.text and start.button_texts == ["« 返回"]
    li.press(start, "« 返回")
    await env.settle()
    assert start.button_texts[0] == "📝 练习"

    li.press(start, "📈 统计")  # a picture is a message of its own
    photo = await fake.next_message(li.id, timeout=30)
    assert photo.kind == "photo" and photo.button_texts == ["🔁 复习", "❌ 错题"]

    env.clock.advance(days=2)  # the mistake's review is due by now: the greeting counts it
    li.press(start, "☀️ 每日推送")
    await env.settle()
    li.press(start, "« 返回")  # straight back to the greeting it was opened from
    await env.settle()
    assert "🔁 复习 · 1" in start.button_texts
    li.press(start, "🔁 复习 · 1")
    review = await fake.next_message(li.id)
    assert review.text == question.history[0][0]  # the question missed, again

    li.press(start, "☀️ 每日推送")  # the daily push, subscribed by taps
    await env.settle()
    li.press(start, "07:00")
    await env.settle()
    assert start.text.startswith("每天 07:00 推送，按哪个时区？")  # the first time: the zone asked, not assumed
    assert await env.app.bot_data.subscriptions.get(li.id, "daily") is None
    li.press(start, "香港时间")
    await env.settle()
    daily = await env.app.bot_data.subscriptions.get(li.id, "daily")
    assert daily is not None and daily.active and (daily.hhmm, daily.tz) == ("07:00", "Asia/Hong_Kong")
    assert start.text.startswith("每日推送") and "☑ 07:00" in start.button_texts
    li.press(start, "« 返回")  # the way back it came by, through the zone question
    await env.settle()
    assert start.text.startswith("你好，李雷")
    li.press(start, "⚙️ 设置")
    await env.settle()
    assert start.text.startswith("设置")

    li.press(start, "⏰ 学习提醒：关")  # the reminder: on, moved, off
    await env.settle()
    assert start.text.startswith("学习提醒")
    li.press(start, "20:00")
    await env.settle()
    remind = await env.app.bot_data.subscriptions.get(li.id, "remind")
    # in the zone she chose for the daily push
    assert remind is not None and remind.active and (remind.hhmm, remind.tz) == ("20:00", "Asia/Hong_Kong")
    li.press(start, "22:00")
    await env.settle()
    assert (await env.app.bot_data.subscriptions.get(li.id, "remind")).hhmm == "22:00"
    assert "☑ 22:00" in start.button_texts
    li.press(start, "⏹")
    await env.settle()
    assert not (await env.app.bot_data.subscriptions.get(li.id, "remind")).active
    li.press(start, "« 返回")
    await env.settle()
    assert "⏰ 学习提醒：关" in start.button_texts
    li.press(start, "« 返回")
    await env.settle()
    assert start.text.startswith("你好，李雷")

    screens = [text for text, _ in start.history]
    assert len(screens) >= 14  # every screen was an edit of the greeting
    assert all(start.message_id != m.message_id for m in fake.sent_to(li.id)[1:])
    fake.assert_clean()


async def test_the_menu_speaks_english_and_japanese(env: BotEnv) -> None:
    fake = env.fake
    amy = fake.user(7502, "Amy", language_code="en")
    amy.command("/start")
    start = await fake.next_message(amy.id)
    assert "🎯 10 q." in start.button_texts and "🔥 Streak" in start.button_texts
    amy.press(start, "⚙️ Settings")
    await env.settle()
    amy.press(start, "⏰ Reminder: off")
    await env.settle()
    assert start.text.startswith("Reminder") and start.button_texts[-1] == "« Back"
    yui = fake.user(7503, "Yui", language_code="ja")
    yui.command("/start")
    greeting = await fake.next_message(yui.id)
    assert "🎯 20 問" in greeting.button_texts and "📈 統計" in greeting.button_texts
    fake.assert_clean()
