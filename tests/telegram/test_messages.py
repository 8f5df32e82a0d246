"""Messages that read well, end to end through the fake Bot API (which parses every HTML message): a case
verdict with its points first and the reference folded away, the review as a plan, English plurals, a
bank's language, and a streak's milestone and first freeze explained."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

from tg_harness import BotEnv, answered

from bot.telegram.verdicts import review_plan

NOW = datetime(2026, 3, 2, 1, 0, tzinfo=UTC)


async def test_a_case_verdict_shows_the_points_first_and_folds_the_reference_away(bot_env: BotEnv) -> None:
    fake, engine = bot_env.fake, bot_env.engine
    li = fake.user(9101, "李雷")
    li.command("/quiz 案例")
    q = await fake.next_message(li.id)
    asked = await engine.latest_open_asked(li.id, li.id)
    li.send_text("先做知识蒸馏，用大模型当教师模型训练小模型；再做模型量化。")
    lines = (await answered(fake, q)).text.splitlines()
    verdict = q  # the whole message: its entities count from the question's first character
    assert lines[0][0] in "✅🟡❌"
    assert lines[1].startswith("要点覆盖 ") and "/" in lines[1]  # the score's reason, right under it
    assert "<blockquote expandable>参考答案\n" in verdict.raw_text
    [quote] = [e for e in verdict.entities if e["type"] == "expandable_blockquote"]
    before = verdict.text.encode("utf-16-le")[: quote["offset"] * 2].decode("utf-16-le").split("\n\n", 1)[1]
    assert "要点覆盖" in before and asked.question.answer.strip()[:20] not in before  # the points come first
    folded = verdict.text.encode("utf-16-le")[quote["offset"] * 2 : (quote["offset"] + quote["length"]) * 2]
    assert folded.decode("utf-16-le").startswith("参考答案\n" + asked.question.answer.strip().splitlines()[0])
    assert "🔁" in lines[-1] and "分钟后复习" not in verdict.text  # the review reads as a plan
    fake.assert_clean()


async def test_an_english_case_verdict_is_all_english_outside_the_banks_own_words(bot_env: BotEnv) -> None:
    fake = bot_env.fake
    amy = fake.user(9102, "Amy", language_code="en")
    amy.command("/quiz case")
    q = await fake.next_message(amy.id)
    amy.send_text("Use knowledge distillation with a teacher model, then quantization.")
    verdict = await answered(fake, q)
    lines = verdict.text.splitlines()
    assert lines[1].startswith("Key points covered: ")
    assert "<blockquote expandable>Reference answer\n" in verdict.raw_text
    assert "🔁 I'll ask you again" in verdict.text or "🔁 Review again in" in verdict.text
    fake.assert_clean()


def test_the_review_reads_as_a_plan() -> None:
    assert review_plan(NOW + timedelta(minutes=10), NOW, "zh") == "🔁 过一会儿再考你一次"
    assert review_plan(NOW + timedelta(hours=5), NOW, "en") == "🔁 I'll ask you again later today"
    assert review_plan(NOW + timedelta(hours=23), NOW, "zh") == "🔁 明天再考你一次"
    assert review_plan(NOW + timedelta(days=1, hours=3), NOW, "en") == "🔁 I'll ask you again tomorrow"
    assert review_plan(NOW + timedelta(days=3), NOW, "zh") == "🔁 3 天后再复习"
    assert review_plan(NOW + timedelta(days=2), NOW, "en") == "🔁 Review again in 2 days"


async def test_english_plurals_and_a_banks_language(bot_env: BotEnv) -> None:
    fake = bot_env.fake
    amy = fake.user(9103, "Amy", language_code="en")
    amy.command("/quiz truefalse")
    q = await fake.next_message(amy.id)
    amy.send_text("true")
    await fake.edited(q)
    amy.command("/streak")
    streak = (await fake.next_message(amy.id)).text
    assert "Current streak: 1 day\n" in streak and "Longest: 1 day\n" in streak
    assert "🎯 Next milestone: 7 days (6 to go)" in streak
    amy.command("/subscribe 08:00 UTC 1")
    assert "Subscribed: 1 question every day" in (await fake.next_message(amy.id)).text
    amy.command("/subscribe 08:00 UTC 2")
    assert "Subscribed: 2 questions every day" in (await fake.next_message(amy.id)).text
    amy.command("/banks")
    banks = (await fake.next_message(amy.id)).text
    rows = [line for line in banks.splitlines() if line.startswith(("☑", "☐"))]
    assert rows and all("(Chinese · " in row and row.endswith(" questions)") for row in rows)
    li = fake.user(9104, "李雷")
    li.command("/banks")
    assert "（中文 · " in (await fake.next_message(li.id)).text
    everything = " ".join(m.text or "" for m in fake.sent_to(amy.id))
    assert "(s)" not in everything and not re.search(r"\b1 (days|questions)\b", everything)
    fake.assert_clean()


async def test_a_week_in_a_row_is_celebrated_and_the_first_freeze_explained(bot_env: BotEnv) -> None:
    fake, env = bot_env.fake, bot_env
    li = fake.user(9105, "李雷")
    verdicts = []
    for day in range(7):
        env.clock.now = datetime(2026, 3, 2, 2, 0, tzinfo=UTC) + timedelta(days=day)
        li.command("/quiz 判断")
        q = await fake.next_message(li.id)
        li.send_text("对")
        verdicts.append((await answered(fake, q)).text)
    assert all("补签卡" not in v and "里程碑" not in v for v in verdicts[:6])
    assert "🔥 连续 7 天" in verdicts[6]
    assert "🎉 连续 7 天，里程碑达成！" in verdicts[6]
    assert "🧊 你得到了第一张补签卡！" in verdicts[6] and "自动用掉" in verdicts[6]

    li.command("/quiz 判断")  # the same day again: nothing is earned twice, and the streak is not said again
    q = await fake.next_message(li.id)
    li.send_text("错")
    again = (await answered(fake, q)).text
    assert "补签卡" not in again and "里程碑" not in again and "连续" not in again
    li.command("/streak")
    shown = (await fake.next_message(li.id)).text
    assert "🧊 补签卡：1 张" in shown and "补签卡：哪天漏练了，自动用一张" in shown
    assert "🎉 连续 7 天，了不起！" in shown and "🎯 下一个里程碑：30 天（还差 23 天）" in shown
    fake.assert_clean()
