"""A study group's day, end to end through the fake Bot API: the bot is added and says hello in the
language of the admin who added it, the daily question stays open for the day (a member who comes by
hours later still finds its buttons), one English member does not switch a Chinese group, replies are
acknowledged with a reaction when right, a bare letter counts while one question can take it, and /top on the
first day is one board."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime
from typing import Any

import pytest
from fakebot import FakeBotServer, MessageState, RateRules, SimGroup, SimUser, VirtualTime
from quiz_kit import wrong_letter
from tg_harness import BotEnv

from bot.store import subscriptions
from bot.telegram.callbacks import CallbackCodec
from bot.telegram.group_quiz import GroupQuiz


@pytest.fixture
async def fake() -> AsyncIterator[FakeBotServer]:
    server = FakeBotServer(rules=RateRules(count_edits=True), clock=VirtualTime())
    yield server
    await server.stop()


def _quick(env: BotEnv) -> Any:
    app = env.build()
    groups: GroupQuiz = app.bot_data.groups
    groups.tuning.tick_seconds = 3600  # the test's clock decides; `tick()` is called by hand
    groups.tuning.edit_seconds = 0.2
    return app


@pytest.fixture
async def env(bot_settings_env: BotEnv) -> AsyncIterator[BotEnv]:
    async with bot_settings_env.run(_quick(bot_settings_env)):
        yield bot_settings_env


def _groups(env: BotEnv) -> GroupQuiz:
    assert env.app is not None
    return env.app.bot_data.groups


def _key_button(asked: Any) -> str:
    """The label of the right button of a single-choice or true/false question (zh)."""
    question = asked.question
    if question.kind.value == "true_false":
        return "正确" if question.answer else "错误"
    return question.letters


async def _press_right(env: BotEnv, user: SimUser, message: MessageState, asked: Any) -> Any:
    codec = CallbackCodec.from_token(env.fake.token)
    question = asked.question
    if question.kind.value == "true_false":
        data = codec.encode("answer", asked.id, "1" if question.answer else "0")
    elif question.kind.value == "single":
        data = codec.encode("answer", asked.id, question.letters)
    else:
        for letter in question.letters:
            await env.fake.callback_answer(user.press_data(message, codec.encode("toggle", asked.id, letter)))
        data = codec.encode("submit", asked.id)
    return await env.fake.callback_answer(user.press_data(message, data))


def chinese_group(fake: FakeBotServer) -> tuple[SimUser, SimUser, SimUser, SimGroup]:
    wang = fake.user(8101, "王老师", language_code="zh-hans")  # the admin who adds the bot
    li = fake.user(8102, "李雷", language_code="zh-hans")
    tom = fake.user(8103, "Tom", language_code="en")  # an English member of a Chinese group
    group = fake.group(-1008100, "分布式训练学习群", admins=[wang], members=[li, tom])
    return wang, li, tom, group


async def test_added_to_a_group_the_bot_says_hello_in_the_adders_language_once(env: BotEnv) -> None:
    fake = env.fake
    wang, _li, tom, group = chinese_group(fake)
    group.add_bot(by=wang)
    hello = await fake.next_message(group.id)
    assert hello.text.startswith("大家好！")
    assert "/quiz" in hello.text and "点按钮或回复题目作答" in hello.text and "/subscribe" in hello.text
    assert (await env.engine.chat(group.id)).language == "zh"
    wang._member_update(group.chat(), "member", "administrator")  # promoted: not a new arrival
    await env.settle()
    assert len(fake.sent_to(group.id)) == 1

    english = fake.group(-1008200, "Reading club", admins=[tom])
    english.add_bot(by=tom)
    assert (await fake.next_message(english.id)).text.startswith("Hello everyone!")
    fake.assert_clean()


async def test_one_english_members_quiz_leaves_a_chinese_group_in_chinese(env: BotEnv) -> None:
    fake = env.fake
    wang, li, tom, group = chinese_group(fake)
    group.add_bot(by=wang)
    await fake.next_message(group.id)  # the welcome

    tom.command("/quiz truefalse", group)
    question = await fake.next_message(group.id)
    assert "判断题" in question.text and "点按钮或回复本消息作答" in question.text
    assert [b.split()[0] for b in question.button_texts] == ["正确", "错误"]
    await env.settle()
    asked = await env.engine.latest_open_asked(group.id)
    toast = await _press_right(env, tom, question, asked)
    assert toast.text.startswith("✅ Correct")  # the verdict is Tom's own: in his language
    await _press_right(env, li, question, asked)
    tom.command("/reveal", group)
    result = await fake.next_message(group.id)
    assert result.text.startswith("🏁 揭晓") and "正确答案：" in result.text and "Answer" not in result.text
    tom.command("/top", group)
    assert (await fake.next_message(group.id)).text.startswith("🏆 本群排行榜")

    tom.command("/settings lang en", group)  # not an admin
    assert (await fake.next_message(group.id)).text.startswith("抱歉，只有群管理员")
    wang.command("/settings lang en", group)
    assert (await fake.next_message(group.id)).text == "The group's language is English now."
    await fake.next_message(group.id)  # the settings, shown after the change
    li.command("/top", group)
    assert (await fake.next_message(group.id)).text.startswith("🏆 Leaderboard")
    fake.assert_clean()


async def test_the_daily_question_is_open_for_the_day_and_a_late_member_still_answers(env: BotEnv) -> None:
    fake, engine = env.fake, env.engine
    wang, li, _tom, group = chinese_group(fake)
    late = fake.user(8109, "晚到的人", language_code="zh-hans")
    group.members.add(late.id)  # in the group, silent until the evening
    group.add_bot(by=wang)
    await fake.next_message(group.id)
    env.clock.now = datetime(2026, 3, 7, 0, 0, tzinfo=UTC)  # 08:00 in Shanghai
    wang.command("/subscribe 09:00 Asia/Shanghai", group)
    assert "每天 09:00（Asia/Shanghai）" in (await fake.next_message(group.id)).text

    env.clock.now = datetime(2026, 3, 7, 1, 0, tzinfo=UTC)  # 09:00 in Shanghai: the push
    [progress] = await env.app.bot_data.deliveries.tick()
    assert progress.sent == 1
    question = await fake.next_message(group.id)
    assert "⏱ 22:00 截止，每人答一次" in question.text
    asked = await engine.latest_open_asked(group.id)
    assert asked.learner_id is None and asked.closes_at == datetime(2026, 3, 7, 14, 0, tzinfo=UTC)

    env.clock.now = datetime(2026, 3, 7, 1, 5, tzinfo=UTC)
    assert (await _press_right(env, li, question, asked)).text.startswith("✅")
    env.clock.now = datetime(2026, 3, 7, 2, 0, tzinfo=UTC)  # an hour later: still open
    assert await _groups(env).tick() == 0
    li.command("/quiz single", group)  # a /quiz beside the day's question is not refused
    beside = await fake.next_message(group.id)
    assert "单选题" in beside.text and "秒后揭晓" in beside.text

    env.clock.now = datetime(2026, 3, 7, 12, 30, tzinfo=UTC)  # 20:30 in Shanghai, hours later
    assert await _groups(env).tick() == 1  # the /quiz question is revealed; the day's one is not
    await fake.next_message(group.id)
    assert question.buttons  # the late member finds the buttons
    assert (await _press_right(env, late, question, asked)).text.startswith("✅")
    await fake.wait_for(lambda: "👥 已有 2 人作答" in question.text, what="the live count")
    assert "⏱ 22:00 截止" in question.text

    env.clock.now = datetime(2026, 3, 7, 14, 0, tzinfo=UTC)  # 22:00: closed, with the result
    assert await _groups(env).tick() == 1
    result = await fake.next_message(group.id)
    assert result.text.startswith("🏁 揭晓") and "李雷" in result.text and "晚到的人" in result.text
    await fake.wait_for(lambda: question.reply_markup is None, what="the buttons to go at the close")
    assert "🔒 已揭晓 · 2 人作答" in question.text
    fake.assert_clean()


async def test_admins_set_the_closing_time_and_the_next_push_closes_yesterdays_question(env: BotEnv) -> None:
    fake, engine = env.fake, env.engine
    wang, li, _tom, group = chinese_group(fake)
    group.add_bot(by=wang)
    await fake.next_message(group.id)
    env.clock.now = datetime(2026, 3, 7, 12, 0, tzinfo=UTC)  # 20:00 in Shanghai
    wang.command("/subscribe 21:30 Asia/Shanghai", group)
    await fake.next_message(group.id)
    li.command("/settings close 23:00", group)
    assert (await fake.next_message(group.id)).text.startswith("抱歉，只有群管理员")
    wang.command("/settings close 22:00", group)
    assert (await fake.next_message(group.id)).text.startswith("每日一题将在每天 22:00（Asia/Shanghai）截止")
    assert "每日一题截止：22:00" in (await fake.next_message(group.id)).text

    env.clock.now = datetime(2026, 3, 7, 13, 30, tzinfo=UTC)  # the 21:30 push: 22:00 is too near
    await env.app.bot_data.deliveries.tick()
    first = await fake.next_message(group.id)
    assert "⏱ 03-08 21:30 截止" in first.text  # open until tomorrow's push, which comes before 22:00
    asked = await engine.latest_open_asked(group.id)
    assert asked.closes_at == datetime(2026, 3, 8, 13, 30, tzinfo=UTC)

    env.clock.now = datetime(2026, 3, 8, 13, 30, tzinfo=UTC)  # the next push (the closer has not looked yet)
    await env.app.bot_data.deliveries.tick()
    result = await fake.next_message(group.id)
    assert result.text.startswith("🏁 揭晓") and result.reply_to is first  # yesterday's, revealed first
    second = await fake.next_message(group.id)
    assert "⏱ 03-09 21:30 截止" in second.text
    assert [a.id for a in await engine.open_asked(group.id)] == [asked.id + 1]
    fake.assert_clean()


async def test_right_replies_get_a_reaction_and_a_bare_letter_counts_while_one_question_takes_it(env: BotEnv) -> None:
    fake, engine = env.fake, env.engine
    wang, li, tom, group = chinese_group(fake)
    group.add_bot(by=wang)
    await fake.next_message(group.id)

    li.command("/quiz fill", group)
    fill = await fake.next_message(group.id)
    assert "回复本消息作答" in fill.text
    await env.settle()
    asked = await engine.latest_open_asked(group.id)
    reply = li.reply_to(fill, asked.question.blanks()[0][0])
    await fake.wait_for(lambda: reply.reactions, what="a reaction to the counted reply")
    assert reply.reactions == [{"type": "emoji", "emoji": "👍"}]
    assert len(fake.sent_to(group.id)) == 2  # no message for it: the reaction says it all
    unread = tom.reply_to(fill, "嗯…")  # nothing to read: a 🤔, and the question stays open for Tom
    await fake.wait_for(lambda: unread.reactions, what="a reaction to a reply that is no answer")
    assert unread.reactions == [{"type": "emoji", "emoji": "🤔"}]
    li.command("/reveal", group)
    await fake.next_message(group.id)

    li.command("/quiz single", group)
    single = await fake.next_message(group.id)
    assert "点按钮或回复本消息作答" in single.text
    await env.settle()
    asked = await engine.latest_open_asked(group.id)
    chat = tom.send_text("hello everyone", group)  # chat, not an answer: left alone
    bare = tom.send_text(asked.question.letters.lower(), group)  # a bare letter, no reply
    await fake.wait_for(lambda: bare.reactions, what="a reaction to the bare letter")
    assert not chat.reactions
    assert {r.name: r.answered for r in await engine.top(group.id, "today")} == {"李雷": 1, "Tom": 1}
    wrong = li.send_text(wrong_letter(asked.question), group)
    await env.settle()  # the wrong letter counted too, without a reaction: a 👍 says right
    assert wrong.reactions == []
    assert {r.name: r.answered for r in await engine.top(group.id, "today")} == {"李雷": 2, "Tom": 1}

    fake.assert_clean()


async def test_a_bare_letter_two_open_questions_could_take_is_not_guessed(env: BotEnv) -> None:
    fake, engine = env.fake, env.engine
    wang, li, _tom, group = chinese_group(fake)
    group.add_bot(by=wang)
    await fake.next_message(group.id)
    now = int(env.clock().timestamp())
    async with engine.store.write() as db:  # a daily push of single-choice questions, due now
        await subscriptions.subscribe(
            db, chat_id=group.id, learner_id=wang.id, minute=0, tz="UTC", now=now, next_due=now, kinds=["single"]
        )
    await env.app.bot_data.deliveries.tick()
    daily = await fake.next_message(group.id)
    li.command("/quiz single", group)
    quiz = await fake.next_message(group.id)
    await env.settle()
    assert len(await engine.open_asked(group.id)) == 2

    ambiguous = li.send_text("A", group)
    notice = await fake.next_message(group.id)
    assert notice.text == "现在有 2 道题在进行：请用“回复”回答你要答的那道题。"
    assert notice.reply_to is ambiguous and not ambiguous.reactions
    assert await engine.top(group.id, "today") == []
    meant = li.reply_to(daily, "A")  # a reply says which
    await fake.wait_for(lambda: meant.reactions, what="the reply counted")
    assert [r.answered for r in await engine.top(group.id, "today")] == [1]
    assert quiz.buttons
    fake.assert_clean()


async def test_top_on_the_first_day_is_one_board(env: BotEnv) -> None:
    fake, engine = env.fake, env.engine
    wang, li, _tom, group = chinese_group(fake)
    group.add_bot(by=wang)
    await fake.next_message(group.id)
    li.command("/quiz truefalse", group)
    question = await fake.next_message(group.id)
    await env.settle()
    await _press_right(env, li, question, await engine.latest_open_asked(group.id))
    li.command("/reveal", group)
    await fake.next_message(group.id)
    wang.command("/top", group)
    board = (await fake.next_message(group.id)).text
    assert board.splitlines() == ["🏆 本群排行榜", "", "今天 · 本周 · 总榜", "🥇 李雷 — 10 分（答对 1/1）"]
    fake.assert_clean()


async def test_a_run_of_questions_ends_with_its_own_board(env: BotEnv) -> None:
    fake, engine = env.fake, env.engine
    wang, li, tom, group = chinese_group(fake)
    group.add_bot(by=wang)
    await fake.next_message(group.id)
    li.command("/quiz 3 判断", group)
    for i in range(1, 4):
        question = await fake.next_message(group.id)
        assert question.text.startswith(f"📚 第 {i}/3 题\n【判断题】")
        await env.settle()
        asked = await engine.latest_open_asked(group.id)
        await _press_right(env, li, question, asked)
        if i == 2:
            await _press_right(env, tom, question, asked)
        li.command("/reveal", group)
        assert (await fake.next_message(group.id)).text.startswith("🏁 揭晓")
    board = await fake.next_message(group.id)
    assert board.text.splitlines() == [
        "🏁 本轮 3 题结束",
        "",
        "🥇 李雷 — 30 分（答对 3/3）",
        "🥈 Tom — 10 分（答对 1/1）",
    ]
    li.command("/quiz", group)  # the run is over: a single question again
    assert not (await fake.next_message(group.id)).text.startswith("📚")
    fake.assert_clean()


async def test_the_daily_question_and_its_closing_time_survive_a_restart(bot_settings_env: BotEnv) -> None:
    env, fake = bot_settings_env, bot_settings_env.fake
    wang, li, _tom, group = chinese_group(fake)
    env.clock.now = datetime(2026, 3, 7, 0, 0, tzinfo=UTC)
    async with env.run(_quick(env)):
        group.add_bot(by=wang)
        await fake.next_message(group.id)
        wang.command("/subscribe 09:00 Asia/Shanghai", group)
        await fake.next_message(group.id)
        env.clock.now = datetime(2026, 3, 7, 1, 0, tzinfo=UTC)
        await env.app.bot_data.deliveries.tick()
        question = await fake.next_message(group.id)
        asked = await env.engine.latest_open_asked(group.id)
    env.clock.now = datetime(2026, 3, 7, 9, 0, tzinfo=UTC)  # 17:00 in Shanghai, after a restart
    async with env.run(_quick(env)):
        assert await _groups(env).tick() == 0
        assert (await _press_right(env, li, question, asked)).text.startswith("✅")
        await fake.wait_for(lambda: "👥 已有 1 人作答" in question.text, what="the live count after the restart")
        assert "⏱ 22:00 截止，每人答一次 · 点按钮或回复本消息作答" in question.text
    fake.assert_clean()
