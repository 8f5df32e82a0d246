"""Scenarios across the merged features, played as real users through the fake Bot API."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime

import pytest
from tg_harness import BotEnv

from bot.banks.model import Bank, Question, save_bank


def utc(*args: int) -> datetime:
    return datetime(*args, tzinfo=UTC)


def dump(env: BotEnv, chat: int) -> None:
    for m in env.fake.sent_to(chat):
        print(
            "---",
            m.message_id,
            m.kind,
            repr(m.text or m.caption)[:400],
            m.button_texts,
            m.poll and m.poll.get("question"),
        )


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


def which(text: str) -> Question:
    return next(q for q in QUESTIONS if q.prompt.splitlines()[0][:12] in text)


@pytest.fixture
async def zh_env(bot_settings_env: BotEnv) -> AsyncIterator[BotEnv]:
    for old in bot_settings_env.banks.glob("*.json"):
        old.unlink()
    save_bank(Bank(id="dt", title="分布式训练", source="tests", questions=QUESTIONS), bot_settings_env.banks)
    async with bot_settings_env.run():
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
        verdict = await fake.next_message(li.id)
        verdicts.setdefault(meant.kind, verdict.text)
        if {"single", "fill", "case"} <= verdicts.keys():
            break
        li.press(verdict, "➡️ 下一题")
    assert verdicts["single"].startswith("✅ 回答正确")
    assert verdicts["fill"].startswith("✅"), verdicts["fill"]  # 累计 for 累积: a homophone forgiven
    assert "1/2" not in verdicts["case"] and "要点" in verdicts["case"], verdicts["case"]
    answered = (await env.engine.stats(li.id)).total.total
    await env.settle()

    li.command("/settings")
    menu = await fake.next_message(li.id)
    li.press(menu, "🕒 时区")
    await env.settle()
    li.press(menu, "东京")
    await env.settle()
    assert "时区：Asia/Tokyo" in menu.text
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
    assert "当前：每天 08:00（Asia/Tokyo），每次 3 题" in menu.text
    li.command("/subscribe 早上7点")  # a new time, said the way people say it: the three questions stay
    reply = await fake.next_message(li.id)
    assert "已订阅：每天 07:00（Asia/Tokyo）推送 3 道题。下一次：2026-03-08 07:00" in reply.text
    daily = await env.app.bot_data.subscriptions.get(li.id, "daily")
    assert (daily.hhmm, daily.tz, daily.count) == ("07:00", "Asia/Tokyo", 3)

    env.clock.now = utc(2026, 3, 7, 21, 59)
    assert not any(p.sent for p in await env.app.bot_data.deliveries.tick())
    env.clock.now = utc(2026, 3, 7, 22, 0)  # 07:00 in Tokyo
    [progress] = await env.app.bot_data.deliveries.tick()
    assert progress.sent == 1
    q1 = await fake.next_message(li.id)
    assert q1.text.startswith("☀️ 今日练习 1/3\n")
    li.reply_to(q1, TYPED[which(q1.text).id])  # by a Telegram reply
    assert (await fake.next_message(li.id)).text.startswith("✅")
    q2 = await fake.next_message(li.id)
    assert q2.text.startswith("☀️ 今日练习 2/3\n")
    li.send_text(TYPED[which(q2.text).id])  # typed
    assert (await fake.next_message(li.id)).text.startswith("✅")
    q3 = await fake.next_message(li.id)
    assert q3.text.startswith("☀️ 今日练习 3/3\n") and q3.buttons
    li.press(q3, BUTTON[which(q3.text).id])  # by its button
    assert (await fake.next_message(li.id)).text.startswith("✅")
    summary = await fake.next_message(li.id)
    assert summary.text.startswith("🏁 今日练习完成：答对 3/3，得分 100%") and "连续 2 天" in summary.text
    assert (await env.engine.stats(li.id)).total.total == answered + 3  # each once

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
