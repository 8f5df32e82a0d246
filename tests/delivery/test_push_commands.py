"""/subscribe, /unsubscribe, /remind and /announce through the whole bot and the fake server."""

from __future__ import annotations

from datetime import UTC, datetime

from tg_harness import BotEnv

from bot.store import subscriptions


def utc(*args: int) -> datetime:
    return datetime(*args, tzinfo=UTC)


async def tick(env: BotEnv) -> list:
    assert env.app is not None
    return await env.app.bot_data.deliveries.tick()


async def test_subscribe_explains_bad_arguments_then_pushes_the_questions_at_the_local_time(bot_env: BotEnv) -> None:
    env, fake = bot_env, bot_env.fake
    env.clock.now = utc(2026, 3, 7, 6, 0)
    amy = fake.user(5001, "Amy", language_code="en")
    amy.command("/subscribe 25:00")
    reply = await fake.next_message(amy.id)
    assert 'the time "25:00": the hour must be 0–23' in reply.text and "/subscribe [HH:MM] [TZ] [N]" in reply.text
    amy.command("/subscribe 8:30 Mars/Olympus")
    assert 'Unknown time zone "Mars/Olympus"' in (await fake.next_message(amy.id)).text
    amy.command("/subscribe 08:30 europe/berlin 2")
    reply = await fake.next_message(amy.id)
    assert "2 questions every day at 08:30 (Berlin time)" in reply.text and "2026-03-07 08:30" in reply.text
    env.clock.now = utc(2026, 3, 7, 7, 29)  # 08:29 in Berlin
    assert await tick(env) == []
    env.clock.now = utc(2026, 3, 7, 7, 30)
    [progress] = await tick(env)
    assert progress.sent == 1
    first = await fake.next_message(amy.id)  # a session: one question now, the next after the answer
    assert "Today's practice 1/2" in (first.text or "") and first.buttons
    assert await tick(env) == []  # once
    amy.command("/unsubscribe")
    assert "stopped" in (await fake.next_message(amy.id)).text
    env.clock.now = utc(2026, 3, 8, 7, 30)
    assert await tick(env) == []
    fake.assert_clean()


async def test_in_a_group_only_admins_subscribe_and_the_group_gets_its_question(bot_env: BotEnv) -> None:
    env, fake = bot_env, bot_env.fake
    env.clock.now = utc(2026, 3, 7, 6, 0)
    boss, joe = fake.user(5101, "Boss", language_code="en"), fake.user(5102, "Joe", language_code="en")
    group = fake.group(-5100, "Study", admins=[boss.id], members=[joe.id])
    joe.command("/subscribe 09:00 UTC", chat=group)
    assert "Only the group's admins" in (await fake.next_message(group.id)).text
    boss.command("/subscribe 09:00 UTC", chat=group)
    assert "This group gets 1 daily question at 09:00 (UTC)" in (await fake.next_message(group.id)).text
    assert len(fake.calls("getChatMember")) == 2
    env.clock.now = utc(2026, 3, 7, 9, 0)
    [progress] = await tick(env)
    assert progress.sent == 1
    question = await fake.next_message(group.id)
    assert question.buttons or question.poll
    fake.assert_clean()


async def test_the_evening_reminder_comes_only_when_the_streak_is_at_risk_and_once_a_day(bot_env: BotEnv) -> None:
    env, fake = bot_env, bot_env.fake
    env.clock.now = utc(2026, 3, 7, 6, 0)
    ann, bob = fake.user(5201, "Ann", language_code="en"), fake.user(5202, "Bob", language_code="en")
    for user in (ann, bob):
        user.command("/remind 20:30")  # in the learner's own zone (the default, Asia/Shanghai)
        assert "at 20:30 (Beijing time)" in (await fake.next_message(user.id)).text
    today = env.clock.now.date().toordinal()
    async with env.engine.store.write() as db:  # Ann practised yesterday (streak at risk); Bob today
        await db.execute(
            "INSERT INTO streaks (learner_id, current, longest, last_day) VALUES (?, 4, 4, ?)", (ann.id, today - 1)
        )
        await db.execute(
            "INSERT INTO streaks (learner_id, current, longest, last_day) VALUES (?, 2, 2, ?)", (bob.id, today)
        )
    env.clock.now = utc(2026, 3, 7, 12, 30)  # 20:30 in Shanghai
    [progress] = await tick(env)
    assert (progress.sent, progress.skipped) == (1, 1)
    assert "Your streak is 4 days" in (await fake.next_message(ann.id)).text
    assert fake.sent_to(bob.id)[-1].text.startswith("OK: at 20:30")  # nothing new for Bob
    env.clock.now = utc(2026, 3, 7, 15, 0)
    assert await tick(env) == []  # never more than one a day
    ann.command("/remind off")
    assert "switched off" in (await fake.next_message(ann.id)).text
    async with env.engine.store.read() as db:
        assert (await subscriptions.get(db, ann.id, "remind")).active is False
    ann.command("/remind")
    assert "The reminder time is missing" in (await fake.next_message(ann.id)).text
    fake.assert_clean()


async def test_announce_is_for_admins_and_reaches_every_subscriber_once(bot_env: BotEnv) -> None:
    env, fake = bot_env, bot_env.fake
    env.clock.now = utc(2026, 3, 7, 6, 0)
    admin, eve = fake.user(9001, "Admin", language_code="en"), fake.user(5301, "Eve", language_code="en")
    subs = [fake.user(5310 + i, f"S{i}", language_code="en") for i in range(3)]
    for user in subs:
        user.command("/subscribe 21:00 UTC")
        await fake.next_message(user.id)
    eve.command("/announce hello")
    assert "Only admins" in (await fake.next_message(eve.id)).text
    admin.command("/announce")
    assert "Usage" in (await fake.next_message(admin.id)).text
    admin.command("/announce Exam on <Friday>\nGood luck")
    assert "queued for 3 subscribed chats" in (await fake.next_message(admin.id)).text
    progress = await tick(env)
    assert [p.sent for p in progress] == [3]
    for user in subs:
        assert (await fake.next_message(user.id)).text == "📢 Exam on <Friday>\nGood luck"
    assert "3 sent, 0 failed" in (await fake.next_message(admin.id)).text
    assert await tick(env) == []
    assert fake.sent_to(eve.id)[-1].text.startswith("Only admins")
    fake.assert_clean()
