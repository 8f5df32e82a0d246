"""/review, /streak, /banks, /lang, /settings and /report, end to end through the fake Bot API server."""

from __future__ import annotations

import pytest
from quiz_kit import errors, wrong_letter
from tg_harness import BotEnv, answered

from bot.store import subscriptions


async def test_review_brings_back_a_missed_question(bot_env: BotEnv) -> None:
    fake, engine = bot_env.fake, bot_env.engine
    li = fake.user(4001, "李雷")
    li.command("/review")
    assert (await fake.next_message(li.id)).text.startswith("现在没有需要复习的题目")
    li.command("/quiz 单选")
    q = await fake.next_message(li.id)
    missed = await engine.latest_open_asked(li.id, li.id)
    li.press(q, wrong_letter(missed.question))
    verdict = await answered(fake, q)
    assert verdict.text.startswith("❌") and "过一会儿再考你一次" in verdict.text.splitlines()[-1]
    li.command("/review")  # due in minutes, not yet
    assert "分钟后到期" in (await fake.next_message(li.id)).text  # in words, never a timestamp
    li.press(verdict)  # another question, so the missed one is not the last asked (never asked twice in a row)
    second = await fake.next_message(li.id)
    other = await engine.latest_open_asked(li.id, li.id)
    assert other.question.kind == missed.question.kind
    li.send_text(other.question.letters)
    await fake.edited(second)
    bot_env.clock.advance(days=1)
    li.command("/review")
    again = await fake.next_message(li.id)
    asked = await engine.latest_open_asked(li.id, li.id)
    assert asked.question.id == missed.question.id and asked.bank_id == missed.bank_id
    li.press(again, asked.question.letters)
    verdict = await answered(fake, again)
    assert verdict.text.startswith("✅") and verdict.button_texts == ["➡️ 下一道复习题"]
    li.press(verdict)  # the other question is due too by now
    await fake.next_message(li.id)
    assert (await engine.latest_open_asked(li.id, li.id)).question.id == other.question.id
    fake.assert_clean()


async def test_streak(bot_env: BotEnv) -> None:
    fake = bot_env.fake
    amy = fake.user(4002, "Amy", language_code="en")
    amy.command("/streak")
    first = await fake.next_message(amy.id)
    assert "Current streak: 0 days" in first.text and "start a streak" in first.text
    amy.command("/quiz fill")
    q = await fake.next_message(amy.id)
    amy.send_text("no idea")
    verdict = await answered(fake, q)
    assert "🔥 1-day streak" in verdict.text  # the day's first answer began it: said once
    amy.command("/streak")
    shown = await fake.next_message(amy.id)
    assert "Current streak: 1 day\n" in shown.text and "Longest: 1 day\n" in shown.text
    assert "Done for today" in shown.text
    fake.assert_clean()


async def test_banks_list_and_choose(bot_env: BotEnv) -> None:
    fake, engine = bot_env.fake, bot_env.engine
    li = fake.user(4003, "李雷")
    li.command("/banks")
    listing = await fake.next_message(li.id)
    assert "distributed-training-2025" in listing.text and "finetuning-2025" in listing.text
    assert "当前练习：全部题库" in listing.text and listing.button_texts[-2:] == ["☑ 全部题库", "« 返回"]
    press = li.press(listing, 1)  # the second bank in the list
    title = "2025 年大模型微调优化（含答案与解析）"  # the bank's title, never its id
    assert (await fake.callback_answer(press)).text == f"当前练习：{title}"
    await fake.wait_for(lambda: f"当前练习：{title}" in listing.text, what="the list to update")
    assert listing.button_texts[1].startswith("☑ ") and not listing.button_texts[-2].startswith("☑")
    again = li.press(listing, 1)
    assert "已经是" in (await fake.callback_answer(again)).text
    assert (await engine.settings(li.id)).banks == ("finetuning-2025",)
    for _ in range(3):
        li.command("/quiz")
        await fake.next_message(li.id)
        assert (await engine.latest_open_asked(li.id, li.id)).bank_id == "finetuning-2025"
    li.command("/banks nosuch")
    assert "没有这个题库：nosuch" in (await fake.next_message(li.id)).text
    li.command("/banks all")
    assert "全部题库" in (await fake.next_message(li.id)).text
    assert (await engine.settings(li.id)).banks is None
    assert fake.unanswered_callbacks() == []
    fake.assert_clean()


async def test_lang_switches_everything(bot_env: BotEnv) -> None:
    fake, engine = bot_env.fake, bot_env.engine
    li = fake.user(4004, "李雷", language_code="zh-hans")
    li.command("/lang")
    prompt = await fake.next_message(li.id)
    assert prompt.button_texts == ["☑ 中文", "English", "日本語"]  # every language of bot/locale's list
    press = li.press(prompt, "English")
    assert (await fake.callback_answer(press)).text == "Language set to English."
    await fake.wait_for(lambda: prompt.button_texts == ["中文", "☑ English", "日本語"], what="the buttons to follow")
    assert (await engine.settings(li.id)).language == "en"
    li.command("/help")
    assert (await fake.next_message(li.id)).text.startswith("Commands")
    li.command("/lang klingon")
    assert "Unsupported language: klingon" in (await fake.next_message(li.id)).text
    li.command("/lang 中文")
    assert (await fake.next_message(li.id)).text == "已切换为中文。"
    li.command("/quiz 填空")
    assert (await fake.next_message(li.id)).text.startswith("【填空题】")
    fake.assert_clean()


async def test_settings_show_and_change(bot_env: BotEnv, caplog: pytest.LogCaptureFixture) -> None:
    fake, engine = bot_env.fake, bot_env.engine
    li = fake.user(4005, "李雷")
    li.command("/settings")
    shown = await fake.next_message(li.id)
    expected = ("语言：中文", "时区：北京时间", "题库：全部题库", "题型：全部题型", "投票模式：关", "每日推送：关")
    for line in expected:
        assert line in shown.text
    await engine.ensure_chat(li.id, "private")
    async with engine.store.write() as db:
        await subscriptions.subscribe(
            db, chat_id=li.id, learner_id=li.id, minute=9 * 60 + 30, tz="Asia/Shanghai", now=0, next_due=None
        )
    li.command("/settings kinds 多选 判断")
    changed = await fake.next_message(li.id)
    assert "题型：多选题、判断题" in changed.text and "每日推送：每天 09:30（北京时间）" in changed.text
    li.command("/quiz")
    await fake.next_message(li.id)
    assert str((await engine.latest_open_asked(li.id, li.id)).question.kind) in ("multiple", "true_false")
    li.command("/settings tz Mars/Olympus")
    assert "不认识时区「Mars/Olympus」" in (await fake.next_message(li.id)).text
    li.command("/settings kinds 作文")
    assert "没有这个题型：作文" in (await fake.next_message(li.id)).text
    li.command("/settings colour blue")
    assert (await fake.next_message(li.id)).text.startswith("用法：")
    li.command("/settings tz UTC+8")
    assert "时区：UTC+08:00" in (await fake.next_message(li.id)).text
    fake.assert_clean()
    assert not errors(caplog)


async def test_report_flags_the_last_question(bot_env: BotEnv) -> None:
    fake, engine = bot_env.fake, bot_env.engine
    amy = fake.user(4006, "Amy", language_code="en")
    amy.command("/report")
    assert (await fake.next_message(amy.id)).text.startswith("There is no question to report yet")
    amy.command("/quiz single")
    await fake.next_message(amy.id)
    asked = await engine.latest_open_asked(amy.id, amy.id)
    amy.command("/report the key should be <C> & not B")
    done = await fake.next_message(amy.id)
    assert done.text.startswith(f"Thank you! Your report on question {asked.question.number} of {asked.bank_id}")
    [flagged] = await engine.flagged_reports()
    assert (flagged.qid, flagged.count, flagged.comments) == (asked.question.id, 1, ("the key should be <C> & not B",))
    async with engine.store.read() as db:
        assert list(await db.execute_fetchall("SELECT learner_id FROM reports")) == [(amy.id,)]
    fake.assert_clean()
