"""Tap first (issue 16, item 4) through the fake Bot API: /start's buttons, the settings menu edited in
place, the reminder's button, the deep link from a group, and /subscribe with times as people write them."""

from __future__ import annotations

from datetime import UTC, datetime

from tg_harness import BotEnv


def utc(*args: int) -> datetime:
    return datetime(*args, tzinfo=UTC)


async def test_start_shows_buttons_that_do_what_the_commands_do(bot_env: BotEnv) -> None:
    env, fake = bot_env, bot_env.fake
    li = fake.user(6001, "李雷", language_code="zh")
    li.command("/start")
    start = await fake.next_message(li.id)
    assert start.button_texts[:2] == ["📝 练习", "📚 题库"] and start.button_texts[-2:] == ["☀️ 每日推送", "⚙️ 设置"]

    li.press(start, "📝 练习")  # a question, as /quiz sends it
    question = await fake.next_message(li.id)
    assert question.buttons or question.poll
    assert await env.engine.latest_open_asked(li.id, li.id) is not None

    li.press(start, "📚 题库")  # the bank list, as /banks shows it, in place of the greeting
    await env.settle()
    assert "题库" in start.text and "全部题库" in " ".join(start.button_texts)
    li.press(start, "« 返回")
    await env.settle()

    li.press(start, "⚙️ 设置")  # the settings menu in place of the greeting: no new message
    await env.settle()
    assert start.text.startswith("设置") and start.history and "🌐 语言" in start.button_texts
    li.press(start, "« 返回")
    await env.settle()
    assert start.text.startswith("你好，李雷") and start.button_texts[0] == "📝 练习"
    assert fake.sent_to(li.id)[-1] is question  # every screen was an edit of the one message
    fake.assert_clean()


async def test_the_settings_menu_changes_settings_in_place(bot_env: BotEnv) -> None:
    env, fake = bot_env, bot_env.fake
    env.clock.now = utc(2026, 3, 7, 6, 0)
    amy = fake.user(6101, "Amy", language_code="en")
    amy.command("/settings")
    menu = await fake.next_message(amy.id)
    assert menu.text.startswith("Settings") and "Time zone: Beijing time" in menu.text
    edits_before = len(fake.calls("editMessageText"))

    amy.press(menu, "🕒 Time zone")
    await env.settle()
    assert menu.text.startswith("Time zone") and "it is 14:00 there" in menu.text
    amy.press(menu, "London")
    await env.settle()
    assert (await env.engine.settings(amy.id)).tz == "Europe/London"
    assert "Time zone: London time" in menu.text  # back on the main screen, changed

    amy.press(menu, "🧩 Kinds")
    await env.settle()
    amy.press(menu, "☐ Fill")
    await env.settle()
    amy.press(menu, "☐ Single")
    await env.settle()
    assert (await env.engine.settings(amy.id)).kinds == ("fill", "single")
    assert "☑ Fill-in" in menu.button_texts and "☑ Single choice" in menu.button_texts
    amy.press(menu, "Every kind")
    await env.settle()
    assert (await env.engine.settings(amy.id)).kinds is None
    amy.press(menu, "« Back")
    await env.settle()

    amy.press(menu, "📊 Quiz polls: off")
    await env.settle()
    assert (await env.engine.settings(amy.id)).poll is True and "📊 Quiz polls: on" in menu.button_texts

    amy.press(menu, "☀️ Daily")
    await env.settle()
    amy.press(menu, "07:00")
    await env.settle()
    amy.press(menu, "3 q.")
    await env.settle()
    daily = await env.app.bot_data.subscriptions.get(amy.id, "daily")
    assert daily is not None and daily.active and (daily.hhmm, daily.tz, daily.count) == ("07:00", "Europe/London", 3)
    assert "☑ 07:00" in menu.button_texts and "☑ 3 q." in menu.button_texts
    amy.press(menu, "⏹")
    await env.settle()
    assert not (await env.app.bot_data.subscriptions.get(amy.id, "daily")).active

    amy.press(menu, "« Back")
    await env.settle()
    amy.press(menu, "🌐 Language")
    await env.settle()
    amy.press(menu, "中文")
    await env.settle()
    assert (await env.engine.settings(amy.id)).language == "zh" and menu.text.startswith("设置")
    assert len(fake.sent_to(amy.id)) == 1  # one message, edited each time
    assert len(fake.calls("editMessageText")) - edits_before >= 12
    fake.assert_clean()


async def test_a_reminder_carries_a_button_that_asks_a_question(bot_env: BotEnv) -> None:
    env, fake = bot_env, bot_env.fake
    env.clock.now = utc(2026, 3, 7, 6, 0)
    ann = fake.user(6201, "Ann", language_code="zh")
    ann.command("/remind 晚上8点半")
    assert "20:30" in (await fake.next_message(ann.id)).text
    today = env.clock.now.date().toordinal()
    async with env.engine.store.write() as db:  # she practised yesterday: the streak is at risk
        await db.execute(
            "INSERT INTO streaks (learner_id, current, longest, last_day) VALUES (?, 4, 4, ?)", (ann.id, today - 1)
        )
    env.clock.now = utc(2026, 3, 7, 12, 30)  # 20:30 in Shanghai
    [progress] = await env.app.bot_data.deliveries.tick()
    assert progress.sent == 1
    reminder = await fake.next_message(ann.id)
    assert reminder.button_texts == ["📝 来一题"]
    ann.press(reminder)
    question = await fake.next_message(ann.id)
    assert question.buttons or question.poll
    fake.assert_clean()


async def test_a_private_command_in_a_group_links_to_the_private_chat_that_runs_it(bot_env: BotEnv) -> None:
    fake = bot_env.fake
    bob = fake.user(6301, "Bob", language_code="en")
    group = fake.group(-6300, "Study", members=[bob.id])
    bob.command("/streak", chat=group)
    answer = await fake.next_message(group.id)
    assert "/streak works only in a private chat" in answer.text
    [button] = [b for row in answer.buttons for b in row]
    assert button["url"] == "https://t.me/studybot_test_bot?start=streak"
    # Telegram opens the private chat and sends "/start streak": the streak is shown, not the greeting.
    bob.command("/start " + button["url"].rpartition("=")[2])
    streak = await fake.next_message(bob.id)
    assert "Current streak" in streak.text
    bob.command("/start settings")
    assert (await fake.next_message(bob.id)).text.startswith("Settings")
    bob.command("/start nonsense")  # an unknown payload: the greeting
    assert (await fake.next_message(bob.id)).button_texts[0] == "📝 Practice"
    fake.assert_clean()


async def test_subscribe_reads_times_as_people_write_them_and_names_the_problem(bot_env: BotEnv) -> None:
    env, fake = bot_env, bot_env.fake
    env.clock.now = utc(2026, 3, 7, 1, 0)
    li = fake.user(6401, "李雷", language_code="zh")
    li.command("/subscribe 早上7点")  # the first time, no zone typed: asked, with the zones of Chinese learners
    asked = await fake.next_message(li.id)
    assert asked.text.startswith("每天 07:00 推送，按哪个时区？") and "/subscribe 07:00 伦敦" in asked.text
    assert asked.button_texts == ["北京时间", "香港时间", "台北时间", "澳门时间", "新加坡时间", "乌鲁木齐时间"]
    assert await env.app.bot_data.subscriptions.get(li.id, "daily") is None  # nothing assumed meanwhile
    li.press(asked, "香港时间")
    reply = await fake.edited(asked)
    assert "已订阅：每天 07:00（香港时间）" in reply.text and reply.buttons == []
    assert "Asia/Hong_Kong" not in reply.text and (await env.engine.settings(li.id)).tz == "Asia/Hong_Kong"
    li.command("/subscribe 晚上9点半 东京 3")
    reply = await fake.next_message(li.id)
    assert "每天 21:30（东京时间）推送 3 道题" in reply.text
    li.command("/subscribe 25点")
    assert "看不懂时间「25点」：小时应在 0–23" in (await fake.next_message(li.id)).text
    li.command("/subscribe 7:30 火星")
    assert "不认识时区「火星」" in (await fake.next_message(li.id)).text
    amy = fake.user(6402, "Amy", language_code="en")
    amy.command("/subscribe 7:30 am New York")
    assert "at 07:30 (New York time)" in (await fake.next_message(amy.id)).text
    amy.command("/subscribe 13pm")
    assert 'the time "13pm": with am/pm the hour must be 1–12' in (await fake.next_message(amy.id)).text
    daily = await env.app.bot_data.subscriptions.get(amy.id, "daily")
    assert (daily.hhmm, daily.tz) == ("07:30", "America/New_York")
    fake.assert_clean()


async def test_a_new_time_zone_takes_the_daily_questions_along(bot_env: BotEnv) -> None:
    env, fake = bot_env, bot_env.fake
    env.clock.now = utc(2026, 3, 7, 1, 0)
    amy = fake.user(6501, "Amy", language_code="en")
    amy.command("/subscribe 7:00 3")  # asked once, with the zones of English learners
    asked = await fake.next_message(amy.id)
    assert asked.button_texts[:2] == ["London time", "New York time"] and "Beijing time" not in asked.button_texts
    amy.press(asked, "London time")
    assert "at 07:00 (London time)" in (await fake.edited(asked)).text
    amy.command("/subscribe 7:00 3")  # once: the second time the zone she has stands
    assert "at 07:00 (London time)" in (await fake.next_message(amy.id)).text
    amy.command("/settings tz New York")  # a place of two words, typed
    assert "Time zone: New York time" in (await fake.next_message(amy.id)).text
    daily = await env.app.bot_data.subscriptions.get(amy.id, "daily")
    assert (daily.hhmm, daily.tz, daily.count) == ("07:00", "America/New_York", 3)  # 07:00 where she is now
    amy.command("/settings tz UTC+15")
    assert 'the time zone "UTC+15": a UTC offset is between -12 and +14 hours' in (await fake.next_message(amy.id)).text
    amy.command("/settings tz Atlantis")
    assert 'Unknown time zone "Atlantis"' in (await fake.next_message(amy.id)).text
    amy.command("/settings")
    menu = await fake.next_message(amy.id)
    amy.press(menu, "🕒 Time zone")
    await env.settle()
    amy.press(menu, "Tokyo")
    await env.settle()
    daily = await env.app.bot_data.subscriptions.get(amy.id, "daily")
    assert (daily.hhmm, daily.tz) == ("07:00", "Asia/Tokyo")
    assert "daily at 07:00 (Tokyo time)" in menu.text
    fake.assert_clean()


async def test_the_tap_first_flow_over_http(http_bot_env: BotEnv) -> None:
    """The same screens through long polling and JSON, as `studybot run` serves them."""
    fake = http_bot_env.fake
    li = fake.user(6601, "李雷", language_code="zh")
    li.command("/start")
    start = await fake.next_message(li.id, timeout=10)
    li.press(start, "☀️ 每日推送")
    await fake.wait_for(lambda: (start.text or "").startswith("每日推送"), timeout=10, what="the daily screen")
    li.press(start, "21:00")
    await fake.wait_for(lambda: "北京时间" in start.button_texts, timeout=10, what="the zone asked")
    li.press(start, "北京时间")
    await fake.wait_for(lambda: "☑ 21:00" in start.button_texts, timeout=10, what="21:00 ticked")
    li.press(start, "« 返回")
    await fake.wait_for(lambda: (start.text or "").startswith("你好"), timeout=10, what="the greeting")
    li.press(start, "⚙️ 设置")
    await fake.wait_for(lambda: "每日推送：每天 21:00" in (start.text or ""), timeout=10, what="the settings")
    assert len(fake.sent_to(li.id)) == 1
    fake.assert_clean()
