"""Scenarios across the merged features, played as real users through the fake Bot API: a Chinese student
from /start to a daily push session, an English learner's timed round, a study group's day, a teacher's
bank from upload to deletion, and restarts in the middle of it all. Each asserts what the user sees at
each step, that nothing is graded twice, and that the fake recorded no Bot API error."""

from __future__ import annotations

import functools
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import UTC, datetime
from typing import Any

import pytest
from fakebot import FakeBotServer
from tg_harness import BotEnv, answered, running
from upload_kit import ADMIN, preview_of

from bot.banks.model import Bank, Question, save_bank
from bot.config import Settings
from bot.telegram.practice import tick_timeouts


def utc(*args: int) -> datetime:
    return datetime(*args, tzinfo=UTC)


CASE_REFERENCE = (
    "1.数据并行：\n-把数据切分到多张GPU上，每张卡保存完整模型。\n2.混合精度训练：\n-使用FP16计算，减少显存占用。"
)

QUESTIONS = [
    Question(
        id="s1",
        kind="single",
        number=1,
        prompt="数据并行时，每张卡上保存的是？",
        options={"A": "完整的模型副本", "B": "模型的一层", "C": "一半参数", "D": "什么都不存"},
        answer="A",
        explanation="数据并行复制整个模型。",
    ),
    Question(
        id="f1",
        kind="fill",
        number=2,
        prompt="显存不足时，可以用___模拟更大的批次。",
        answer=["梯度累积"],
        explanation="梯度累积把几个小批次的梯度加起来再更新。",
    ),
    Question(
        id="c1",
        kind="case",
        number=3,
        prompt="某团队要在8张GPU上训练一个大模型，显存紧张。问题：应该怎样训练？",
        answer=CASE_REFERENCE,
        explanation=None,
    ),
    Question(
        id="t1",
        kind="true_false",
        number=4,
        prompt="ZeRO-3 会切分模型参数。",
        answer=True,
        explanation="第三阶段切分参数。",
    ),
    Question(
        id="s2",
        kind="single",
        number=5,
        prompt="下列哪个是参数高效微调方法？",
        options={"A": "LoRA", "B": "全量微调", "C": "剪枝", "D": "蒸馏"},
        answer="A",
        explanation="LoRA 只训练低秩矩阵。",
    ),
]
TYPED = {
    "s1": "a",
    "f1": "梯度累计",
    "c1": "用数据并行把数据切分到多张GPU上；再用混合精度FP16计算减少显存占用。",
    "t1": "对",
    "s2": "A",
}
BUTTON = {"s1": "A", "t1": "正确", "s2": "A"}


# More true/false statements, for a group's run of three.
FACTS = {
    "流水线并行会把模型按层切到不同的卡上。": True,
    "混合精度训练一定会降低模型精度。": False,
    "LoRA 需要更新全部参数。": False,
}
FACT_QUESTIONS = [
    Question(id=f"t{n}", kind="true_false", number=n, prompt=text, answer=truth, explanation="见教材。")
    for n, (text, truth) in enumerate(FACTS.items(), start=10)
]
BUTTON.update({q.id: "正确" if q.answer else "错误" for q in FACT_QUESTIONS})


def which(text: str) -> Question:
    return next(q for q in QUESTIONS + FACT_QUESTIONS if q.prompt.splitlines()[0][:12] in text)


@pytest.fixture
async def zh_env(bot_settings_env: BotEnv) -> AsyncIterator[BotEnv]:
    async with _zh_banks(bot_settings_env) as env:
        yield env


@pytest.fixture
async def group_env(bot_settings_env: BotEnv) -> AsyncIterator[BotEnv]:
    app = bot_settings_env.build()
    app.bot_data.groups.tuning.tick_seconds = 3600  # the test's clock decides when questions close
    async with _zh_banks(bot_settings_env, app, group_banks=True) as env:
        yield env


@asynccontextmanager
async def _zh_banks(bot_settings_env: BotEnv, app: Any = None, group_banks: bool = False) -> AsyncIterator[BotEnv]:
    for old in bot_settings_env.banks.glob("*.json"):
        old.unlink()
    save_bank(Bank(id="dt", title="分布式训练", source="tests", questions=QUESTIONS), bot_settings_env.banks)
    if group_banks:
        save_bank(Bank(id="facts", title="判断", source="tests", questions=FACT_QUESTIONS), bot_settings_env.banks)
    async with bot_settings_env.run(app):
        yield bot_settings_env


async def test_a_chinese_student_practises_subscribes_and_gets_a_push_session(zh_env: BotEnv) -> None:
    env, fake = zh_env, zh_env.fake
    env.clock.now = utc(2026, 3, 7, 1, 0)  # 09:00 in Shanghai
    li = fake.user(8001, "李雷", language_code="zh")
    li.command("/start")
    start = await fake.next_message(li.id)
    li.press(start, "📝 练习")
    verdicts: dict[str, str] = {}
    for _ in range(8):  # tap on through the questions until a choice, a fill-in and a case were answered
        question = await fake.next_message(li.id)
        meant = which(question.text)
        if meant.id in BUTTON:
            li.press(question, BUTTON[meant.id])
        else:
            li.send_text(TYPED[meant.id])
        verdict = await answered(fake, question)
        verdicts.setdefault(meant.kind, verdict.text)
        if {"single", "fill", "case"} <= verdicts.keys():
            break
        li.press(verdict, "➡️ 下一题")
    assert verdicts["single"].startswith("✅ 回答正确")
    assert verdicts["fill"].startswith("✅"), verdicts["fill"]  # 累计 for 累积: a homophone forgiven
    assert "1/2" not in verdicts["case"] and "要点" in verdicts["case"], verdicts["case"]
    before = (await env.engine.stats(li.id)).total.total
    await env.settle()

    li.command("/settings")
    menu = await fake.next_message(li.id)
    li.press(menu, "🕒 时区")
    await env.settle()
    li.press(menu, "东京")
    await env.settle()
    assert "时区：东京时间" in menu.text
    li.press(menu, "🧩 题型")  # choice questions only, from now on
    await env.settle()
    li.press(menu, "☐ 单选")
    await env.settle()
    li.press(menu, "☐ 判断")
    await env.settle()
    li.press(menu, "« 返回")
    await env.settle()
    li.press(menu, "☀️ 每日推送")
    await env.settle()
    li.press(menu, "08:00")
    await env.settle()
    li.press(menu, "3 题")
    await env.settle()
    assert "当前：每天 08:00（东京时间），每次 3 题" in menu.text
    li.command("/subscribe 早上7点")  # a new time, said the way people say it: the three questions stay
    reply = await fake.next_message(li.id)
    assert "已订阅：每天 07:00（东京时间）推送 3 道题。下一次：2026-03-08 07:00" in reply.text
    daily = await env.app.bot_data.subscriptions.get(li.id, "daily")
    assert (daily.hhmm, daily.tz, daily.count) == ("07:00", "Asia/Tokyo", 3)
    li.command("/unsubscribe")
    assert "/subscribe" in (await fake.next_message(li.id)).text
    li.command("/subscribe 早上7点")  # "/subscribe starts them again": as they were
    assert "每天 07:00（东京时间）推送 3 道题" in (await fake.next_message(li.id)).text

    env.clock.now = utc(2026, 3, 7, 21, 59)
    assert not any(p.sent for p in await env.app.bot_data.deliveries.tick())
    env.clock.now = utc(2026, 3, 7, 22, 0)  # 07:00 in Tokyo
    [progress] = await env.app.bot_data.deliveries.tick()
    assert progress.sent == 1
    q1 = await fake.next_message(li.id)
    assert q1.text.startswith("☀️ 今日练习 1/3\n")
    li.reply_to(q1, TYPED[which(q1.text).id])  # by a Telegram reply
    assert (await answered(fake, q1)).text.startswith("✅")
    q2 = await fake.next_message(li.id)
    assert q2.text.startswith("☀️ 今日练习 2/3\n")
    li.send_text(TYPED[which(q2.text).id])  # typed
    assert (await answered(fake, q2)).text.startswith("✅")
    q3 = await fake.next_message(li.id)
    assert q3.text.startswith("☀️ 今日练习 3/3\n") and q3.buttons
    li.press(q3, BUTTON[which(q3.text).id])  # by its button
    assert (await answered(fake, q3)).text.startswith("✅")
    summary = await fake.next_message(li.id)
    assert summary.text.startswith("🏁 今日练习完成：答对 3/3，得分 100%") and "连续 2 天" in summary.text
    assert (await env.engine.stats(li.id)).total.total == before + 3  # each once

    li.command("/streak")
    assert "当前连续：2 天" in (await fake.next_message(li.id)).text
    li.command("/stats")
    picture = await fake.next_message(li.id)
    assert picture.kind == "photo" and picture.caption.startswith("李雷\n")
    assert picture.button_texts == ["🔁 复习", "❌ 错题"]
    li.command("/review")
    assert "复习" in (await fake.next_message(li.id)).text
    await env.settle()
    assert not fake.unanswered_callbacks()
    fake.assert_clean()


async def test_an_english_learner_runs_a_timed_round_then_answers_with_two_questions_open(zh_env: BotEnv) -> None:
    env, fake = zh_env, zh_env.fake
    env.clock.now = utc(2026, 3, 7, 1, 0)
    amy = fake.user(8101, "Amy", language_code="zh")  # a Chinese app, an English learner
    amy.command("/lang en")
    assert (await fake.next_message(amy.id)).text == "Language set to English."
    amy.command("/quiz 3 timer 30")
    first = await fake.next_message(amy.id)
    assert first.text.startswith("📝 Practice 1/3 · ⏱ 30 s to answer\n")
    env.clock.advance(seconds=31)  # she lets it run out
    assert await tick_timeouts(env.app) == 1
    timed_out = await answered(fake, first)  # said in the question's own message
    assert timed_out.text.startswith("⏰ Time is up") and "does not count" in timed_out.text
    for position in (2, 3):
        question = await fake.next_message(amy.id)
        assert question.text.startswith(f"📝 Practice {position}/3 · ⏱ 30 s")
        amy.send_text(TYPED[which(question.text).id])
        verdict = await answered(fake, question)
        assert verdict.text.startswith("✅ Correct"), verdict.text
    summary = await fake.next_message(amy.id)
    assert summary.text.startswith("🏁 Practice done: 2/2 right, score 100% · ⏰ 1 timed out (not counted)")
    assert (await env.engine.stats(amy.id)).total.total == 2

    # A choice question, then a case: a bare letter is for the one question that takes letters.
    amy.command("/quiz 单选")
    choice = await fake.next_message(amy.id)
    amy.command("/quiz 案例")
    case = await fake.next_message(amy.id)
    assert "【Case analysis】" in case.text
    amy.send_text(BUTTON[which(choice.text).id])
    verdict = await answered(fake, choice)  # the choice question's own message takes the verdict
    assert verdict.text.startswith("✅"), verdict.text
    open_now = await env.engine.latest_open_asked(amy.id, amy.id)
    assert open_now is not None and open_now.question.id == "c1"  # the case still waits for its answer
    amy.send_text(TYPED["c1"])
    assert (await answered(fake, case)).text.startswith("✅")

    amy.command("/quiz")
    older = await fake.next_message(amy.id)
    amy.command("/quiz")
    newer = await fake.next_message(amy.id)
    amy.send_text(TYPED[which(newer.text).id])  # two open: the newest is meant, its own message says so
    verdict = await answered(fake, newer)
    meant = which(newer.text)
    assert verdict.text.startswith("✅"), verdict.text
    assert not older.history  # the older question is left as it was
    assert await env.engine.latest_open_asked(amy.id, amy.id) is not None
    assert which(older.text).id != meant.id

    amy.command("/why")  # no model help configured: said plainly, in English
    why = await fake.next_message(amy.id)
    if meant.explanation:  # the last answered question's own explanation, else a plain no
        assert why.text == f"📖 The bank's explanation:\n{meant.explanation}"
    else:
        assert why.text.startswith("Explanations by a model are not switched on here")
    fake.assert_clean()


async def test_a_study_group_day(group_env: BotEnv) -> None:
    env, fake = group_env, group_env.fake
    minute = functools.partial(env.fake.clock.advance, 61)
    env.clock.now = utc(2026, 3, 7, 0, 0)  # 08:00 in Shanghai
    wang = fake.user(8201, "王老师", language_code="zh-hans")
    li = fake.user(8202, "李雷", language_code="zh-hans")
    tom = fake.user(8203, "Tom", language_code="en")
    late = fake.user(8204, "晚到的人", language_code="zh-hans")
    group = fake.group(-1008200, "分布式训练学习群", admins=[wang], members=[li, tom, late])
    group.add_bot(by=wang)
    assert (await fake.next_message(group.id)).text.startswith("大家好！")

    tom.command("/start", group)  # an English member: the group's language, with a way to his own chat
    hello = await fake.next_message(group.id)
    assert hello.text.startswith("大家好！") and hello.button_texts == ["💬 打开私聊：/start"]
    minute()
    tom.command("/quiz 3 timer 30", group)  # a timer is for private chats: the group's usage says so
    usage = await fake.next_message(group.id)
    assert usage.text.startswith("看不懂这些参数：timer, 30\n用法：/quiz [题数] [题型] [题库] [poll]")
    minute()
    tom.command("/quiz 单选", group)  # the group stays Chinese
    question = await fake.next_message(group.id)
    assert "【单选题】" in question.text and "点按钮或回复本消息作答" in question.text
    meant = which(question.text)
    toast = await fake.callback_answer(li.press(question, BUTTON[meant.id]))
    assert toast.text.startswith("✅")
    by_reply = tom.reply_to(question, "B")  # wrong (the key is A): counted, no reaction in front of the group
    bare = wang.send_text("a", group)  # one question open: a bare letter counts, and it is right
    await fake.wait_for(lambda: bare.reactions, what="a reaction to the right bare letter")
    assert bare.reactions == [{"type": "emoji", "emoji": "👍"}] and by_reply.reactions == []
    again = li.reply_to(question, "C")  # Li answered by button already: not counted twice
    await env.settle()
    assert {r.name: r.answered for r in await env.engine.top(group.id, "today")} == {"李雷": 1, "Tom": 1, "王老师": 1}
    assert again.reactions == [] and fake.sent_to(group.id)[-1] is question  # quietly not counted again
    minute()
    tom.command("/reveal", group)
    result = await fake.next_message(group.id)
    assert result.text.startswith("🏁 揭晓") and "李雷" in result.text and "Tom" in result.text
    minute()
    li.command("/top", group)
    board = await fake.next_message(group.id)
    assert board.text.startswith("🏆 本群排行榜") and "🥇" in board.text

    minute()
    li.command("/quiz 3 判断", group)
    for i in range(1, 4):
        step = await fake.next_message(group.id)
        assert step.text.startswith(f"📚 第 {i}/3 题\n【判断题】"), step.text
        await fake.callback_answer(li.press(step, BUTTON[which(step.text).id]))
        minute()
        li.command("/reveal", group)
        assert (await fake.next_message(group.id)).text.startswith("🏁 揭晓")
    run_board = await fake.next_message(group.id)
    assert run_board.text.splitlines()[0] == "🏁 本轮 3 题结束" and "李雷 — 30 分（答对 3/3）" in run_board.text

    minute()
    tom.command("/settings close 21:00", group)
    assert (await fake.next_message(group.id)).text.startswith("抱歉，只有群管理员")
    minute()
    wang.command("/settings close 21:00", group)
    assert (await fake.next_message(group.id)).text.startswith("每日一题将在每天 21:00（北京时间）截止")
    assert "每日一题截止：21:00" in (await fake.next_message(group.id)).text
    minute()
    wang.command("/subscribe 09:00", group)
    assert "每天 09:00（北京时间）" in (await fake.next_message(group.id)).text

    env.clock.now = utc(2026, 3, 7, 1, 0)  # 09:00: the daily question
    [progress] = await env.app.bot_data.deliveries.tick()
    assert progress.sent == 1
    daily = await fake.next_message(group.id)
    assert "⏱ 21:00 截止" in daily.text
    meant = which(daily.text)
    assert (await fake.callback_answer(li.press(daily, BUTTON[meant.id]))).text.startswith("✅")
    env.clock.now = utc(2026, 3, 7, 12, 30)  # 20:30: a late member still finds the buttons
    minute()
    assert await env.app.bot_data.groups.tick() == 0
    assert (await fake.callback_answer(late.press(daily, BUTTON[meant.id]))).text.startswith("✅")
    env.clock.now = utc(2026, 3, 7, 13, 0)  # 21:00: closed with its result
    minute()
    assert await env.app.bot_data.groups.tick() == 1
    closed = await fake.next_message(group.id)
    assert closed.text.startswith("🏁 揭晓") and "晚到的人" in closed.text

    minute()
    tom.command("/stats", group)  # the group's picture, in the group's language
    picture = await fake.next_message(group.id)
    assert picture.kind == "photo" and picture.caption.startswith("分布式训练学习群\n")
    assert "共答" in picture.caption, picture.caption
    minute()
    tom.command("/streak", group)  # private only: a link to the private chat, said in the group's language
    link = await fake.next_message(group.id)
    assert link.text.startswith("/streak 只能在私聊中使用"), link.text
    [button] = [b for row in link.buttons for b in row]
    tom.command("/start " + button["url"].rpartition("=")[2])
    assert "Current streak" in (await fake.next_message(tom.id)).text  # his own chat: his language
    minute()
    tom.command("/why", group)  # private too, though registered by the model-help feature
    why = await fake.next_message(group.id)
    assert why.text.startswith("/why 只能在私聊中使用") and why.buttons[0][0]["url"].endswith("?start=why")
    tom.command("/start why")
    assert (await fake.next_message(tom.id)).text.startswith("📖 The bank's explanation:")
    await env.settle()
    assert not fake.unanswered_callbacks()
    fake.assert_clean()


# A teacher's bank: question 2 has no key (left out, with its line); replaced later with a changed one.
ML = """机器学习小测
一、单选题
1. 梯度下降沿着什么方向更新参数？
A. 梯度方向  B. 负梯度方向  C. 随机方向
答案：B
2. 学习率过大会怎样？
A. 收敛变慢  B. 可能发散
3. 过拟合时训练误差通常？
A. 很低  B. 很高
答案：A
二、判断题
4. 批量归一化可以加速训练。
答案：对
"""
ML_KEYS = {"梯度下降": "B", "过拟合": "A", "批量归一化": "对", "早停": "对"}


def ml_key(text: str) -> str:
    return next(key for start, key in ML_KEYS.items() if start in text)


@pytest.fixture
async def teacher_env(bot_settings_env: BotEnv, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[BotEnv]:
    monkeypatch.setenv("STUDYBOT_ADMINS", str(ADMIN))
    bot_settings_env.settings = Settings()
    async with bot_settings_env.run():
        yield bot_settings_env


async def test_a_teachers_bank_from_upload_to_deletion(teacher_env: BotEnv) -> None:
    env, fake = teacher_env, teacher_env.fake
    env.clock.now = utc(2026, 3, 7, 1, 0)  # 09:00 in Shanghai
    teacher = fake.user(ADMIN, "张老师", language_code="zh")
    li = fake.user(8301, "李雷", language_code="zh")

    preview = await preview_of(fake, teacher, ML.encode(), "ml.txt", "text/plain")
    text = "\n".join(m.text or "" for m in fake.sent_to(teacher.id))
    assert "导入 3 题（单选题 2 · 判断题 1），未导入 1 题" in text
    assert "第 6 行：第 2 题没有答案，未导入" in text and "这将新建题库 ml。" in text
    assert "ml" not in env.engine.banks  # nothing before the confirmation
    teacher.press(preview, "导入 3 题")
    done = await fake.next_message(teacher.id)
    assert done.text.startswith("已导入题库 ml（机器学习小测），来自 ml.txt：共 3 题") and "ml" in env.engine.banks

    li.command("/banks ml")
    assert (await fake.next_message(li.id)).text == "当前练习：机器学习小测"
    li.command("/subscribe 早上8点 北京 3")
    assert "每天 08:00（北京时间）推送 3 道题" in (await fake.next_message(li.id)).text
    li.command("/quiz")
    question = await fake.next_message(li.id)
    li.send_text(ml_key(question.text))  # a question of the teacher's bank, answered right
    assert (await answered(fake, question)).text.startswith("✅")

    li.command("/quiz")
    waiting = await fake.next_message(li.id)  # open while the teacher rewords every question
    before = (await env.engine.stats(li.id)).total.total

    changed = (
        ML.replace("梯度下降沿着", "梯度下降每一步沿着")
        .replace("过拟合时训练误差通常", "过拟合时训练集上的误差通常")
        .replace("批量归一化可以", "批量归一化通常可以")
        + "5. 早停可以减轻过拟合。\n答案：对\n"
    )
    preview = await preview_of(fake, teacher, changed.encode(), "ml-v2.txt", "text/plain")
    assert "将替换题库「机器学习小测」（现有 3 题）。" in _preview(fake, teacher, preview)
    teacher.press(preview, "导入 4 题")
    done = await fake.next_message(teacher.id)
    assert "它替换了原有的同名题库" in done.text and len(env.engine.banks["ml"].questions) == 4

    # Li answers what she saw: not graded by the reworded question's key, and told the question is over.
    meant = ml_key(waiting.text)
    toast = await fake.callback_answer(li.press(waiting, {"对": "正确"}.get(meant, meant)))
    assert toast.text == "这道题已经结束作答。"
    assert (await env.engine.stats(li.id)).total.total == before

    teacher.command("/banks")
    await fake.next_message(teacher.id)  # the list
    manager = await fake.next_message(teacher.id)
    teacher.press(manager, "🗑 删除 机器学习小测")
    ask = await fake.next_message(teacher.id)
    assert ask.text.startswith("删除题库「机器学习小测」（ml，4 题）？") and "ml" in env.engine.banks
    teacher.press(ask, "删除 4 题")
    deleted = await fake.next_message(teacher.id)
    assert deleted.text.startswith("已删除题库「机器学习小测」（ml）") and "ml" not in env.engine.banks

    env.clock.now = utc(2026, 3, 8, 0, 0)  # 08:00 the next day: the push comes, from the banks left
    [progress] = await env.app.bot_data.deliveries.tick()
    assert progress.sent == 1
    first = await fake.next_message(li.id)
    assert first.text.startswith("☀️ 今日练习 1/3\n") and not any(start in first.text for start in ML_KEYS)
    fake.assert_clean()


def _preview(fake: FakeBotServer, admin: Any, last: Any) -> str:
    """Every part of the preview up to ``last`` since the admin's last document."""
    sent = fake.sent_to(admin.id)
    start = max(i for i, m in enumerate(sent) if (m.text or "").startswith("📄"))
    return "\n".join(m.text or "" for m in sent[start : sent.index(last) + 1])


async def test_restarts_in_the_middle_of_a_round_a_push_session_and_an_upload(
    bot_settings_env: BotEnv, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("STUDYBOT_ADMINS", str(ADMIN))
    env = bot_settings_env
    env.settings = Settings()
    fake = env.fake
    env.clock.now = utc(2026, 3, 7, 1, 0)
    li = fake.user(8401, "李雷", language_code="zh")
    teacher = fake.user(ADMIN, "张老师", language_code="zh")
    async with _zh_banks(env):
        li.command("/quiz 3 timer 30")
        q1 = await fake.next_message(li.id)
        li.send_text(TYPED[which(q1.text).id])
        assert (await answered(fake, q1)).text.startswith("✅")
        q2 = await fake.next_message(li.id)
        assert q2.text.startswith("📝 练习 2/3 · ⏱ 限时 30 秒")
        preview = await preview_of(fake, teacher, ML.encode(), "ml.txt", "text/plain")
    fake.clock.advance(61)  # a restart takes a while
    async with env.run():  # the same database, a new application
        env.clock.advance(seconds=10)
        li.reply_to(q2, TYPED[which(q2.text).id])
        verdict = await answered(fake, q2)
        assert verdict.text.startswith("✅"), verdict.text
        q3 = await fake.next_message(li.id)
        assert q3.text.startswith("📝 练习 3/3 · ⏱ 限时 30 秒")
    fake.clock.advance(61)
    async with env.run():
        env.clock.advance(seconds=31)  # question 3 runs out while the bot was down and after
        assert await tick_timeouts(env.app) == 1
        assert (await answered(fake, q3)).text.startswith("⏰")
        summary = await fake.next_message(li.id)
        assert summary.text.startswith("🏁 练习完成：答对 2/2，得分 100% · ⏰ 超时 1 题（不计分）"), summary.text
        teacher.press(preview, "导入 3 题")  # the preview from before two restarts still works
        assert (await fake.next_message(teacher.id)).text.startswith("已导入题库 ml")

        li.command("/subscribe 早上10点 北京 3")
        await fake.next_message(li.id)
        env.clock.now = utc(2026, 3, 7, 2, 0)  # 10:00 in Shanghai
        await env.app.bot_data.deliveries.tick()
        p1 = await fake.next_message(li.id)
        assert p1.text.startswith("☀️ 今日练习 1/3")
        li.send_text("A" if "【单选题】" in p1.text else "对")
        await fake.edited(p1)
        p2 = await fake.next_message(li.id)
        assert p2.text.startswith("☀️ 今日练习 2/3")
    fake.clock.advance(61)
    async with env.run():
        li.send_text("B" if "【单选题】" in p2.text else "错")  # typed after the restart: answers question 2
        verdict = await answered(fake, p2)
        assert verdict.text.startswith(("✅", "❌")) and "已经答过" not in verdict.text
        p3 = await fake.next_message(li.id)
        assert p3.text.startswith("☀️ 今日练习 3/3")
        total = (await env.engine.stats(li.id)).total.total
        assert total == 2 + 2  # the round's two, the push's two: each once
    fake.assert_clean()


async def test_a_push_session_over_http(http_settings_env: BotEnv) -> None:
    """The Chinese student's daily session through long polling and JSON, as `studybot run` serves it."""
    env, fake = http_settings_env, http_settings_env.fake
    for old in env.banks.glob("*.json"):
        old.unlink()
    save_bank(Bank(id="dt", title="分布式训练", source="tests", questions=QUESTIONS), env.banks)
    env.clock.now = utc(2026, 3, 7, 1, 0)
    li = fake.user(8501, "李雷", language_code="zh")
    async with running(env.build(http=True)) as app:
        env.app = app
        li.command("/settings kinds 单选 判断")
        await fake.next_message(li.id, timeout=10)
        li.command("/subscribe 早上7点 北京 3")
        assert "每天 07:00（北京时间）推送 3 道题" in (await fake.next_message(li.id, timeout=10)).text
        env.clock.now = utc(2026, 3, 7, 23, 0)  # 07:00 the next day in Shanghai
        [progress] = await app.bot_data.deliveries.tick()
        assert progress.sent == 1
        q1 = await fake.next_message(li.id, timeout=10)
        li.reply_to(q1, TYPED[which(q1.text).id])
        assert (await answered(fake, q1, timeout=10)).text.startswith("✅")
        q2 = await fake.next_message(li.id, timeout=10)
        li.send_text(TYPED[which(q2.text).id])
        assert (await answered(fake, q2, timeout=10)).text.startswith("✅")
        q3 = await fake.next_message(li.id, timeout=10)
        li.press(q3, BUTTON[which(q3.text).id])
        assert (await answered(fake, q3, timeout=10)).text.startswith("✅")
        summary = await fake.next_message(li.id, timeout=10)
        assert summary.text.startswith("🏁 今日练习完成：答对 3/3")
        assert (await app.bot_data.engine.stats(li.id)).total.total == 3
    env.app = None
    fake.assert_clean()


async def test_a_round_goes_on_when_its_open_question_is_reworded(teacher_env: BotEnv) -> None:
    env, fake = teacher_env, teacher_env.fake
    teacher = fake.user(ADMIN, "张老师", language_code="zh")
    li = fake.user(8302, "李雷", language_code="zh")
    teacher.press(await preview_of(fake, teacher, ML.encode(), "ml.txt", "text/plain"), "导入 3 题")
    await fake.next_message(teacher.id)
    li.command("/quiz 2 ml 单选")
    first = await fake.next_message(li.id)
    assert first.text.startswith("📝 练习 1/2")
    reworded = ML.replace("梯度下降沿着", "梯度下降每一步沿着").replace("过拟合时训练误差", "过拟合时训练集误差")
    teacher.press(await preview_of(fake, teacher, reworded.encode(), "ml.txt", "text/plain"), "导入 3 题")
    await fake.next_message(teacher.id)
    toast = await fake.callback_answer(li.press(first, ml_key(first.text)))
    assert toast.text == "这道题已经结束作答。"  # not graded by the new wording's key
    second = await fake.next_message(li.id)  # and the round does not wait for a message to go on
    assert second.text.startswith("📝 练习 2/2") and ("每一步" in second.text or "训练集误差" in second.text)
    li.press(second, ml_key(second.text))
    assert (await answered(fake, second)).text.startswith("✅")
    # the question closed under it is no answer: the summary counts the one answered
    assert (await fake.next_message(li.id)).text.startswith(
        "🏁 练习完成：答对 1/1"
    )  # the question closed under it is no answer
    assert (await env.engine.stats(li.id)).total.total == 1
    fake.assert_clean()
