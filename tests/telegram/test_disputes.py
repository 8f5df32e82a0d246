""" "My answer should count" end to end through the fake Bot API: a learner disputes a fill-in verdict, an
admin accepts it in /reports (the bank file, the regrade, the streak and /top), or declines it; a restart
between the dispute and the decision; a second press; a non-admin's press; each learner told once."""

from __future__ import annotations

import json
import logging
from collections.abc import AsyncIterator

import pytest
from fakebot import FakeBotServer, MessageState, SimUser
from quiz_kit import errors
from tg_harness import BotEnv, answered
from upload_kit import ADMIN

from bot.banks.model import Bank, Kind, Question, save_bank
from bot.config import Settings

PLUTO = Question(id="f1", kind=Kind.fill, number=1, prompt="2006 年，冥王星被重新归类为 ____。", answer=["矮行星"])
SEEING = Question(
    id="c1",
    kind=Kind.case,
    number=2,
    prompt="案例：一架望远镜拍到的星像总是模糊，怎样改进观测？",
    answer="1.自适应光学：用可变形镜实时校正大气湍流造成的波前畸变。\n2.选址：把望远镜建在高海拔、干燥、大气稳定的地方。",
)
TOLD = "你对第 1 题的回答已被老师认可为正确"
TOLD_EN = "Your answer to question 1 was accepted as correct by a teacher"


def _astro_only(env: BotEnv, monkeypatch: pytest.MonkeyPatch) -> BotEnv:
    monkeypatch.setenv("STUDYBOT_ADMINS", str(ADMIN))
    env.settings = Settings()
    save_bank(Bank(id="astro", title="天文入门", source="astro.txt", questions=[PLUTO, SEEING]), env.banks)
    return env


@pytest.fixture
def astro_env(bot_settings_env: BotEnv, monkeypatch: pytest.MonkeyPatch) -> BotEnv:
    return _astro_only(bot_settings_env, monkeypatch)


@pytest.fixture
async def env(astro_env: BotEnv) -> AsyncIterator[BotEnv]:
    async with astro_env.run():
        yield astro_env


async def _text(fake: FakeBotServer, user: SimUser | int) -> MessageState:
    return await fake.next_message(user if isinstance(user, int) else user.id, timeout=15)


async def answer_privately(env: BotEnv, user: SimUser, reply: str, kind: str = "fill") -> MessageState:
    """/quiz KIND astro, then the typed reply; the verdict."""
    fake = env.fake
    user.command(f"/quiz {kind} astro")
    question = await _text(fake, user)
    env.clock.advance(seconds=20)
    user.send_text(reply)
    return await answered(fake, question, timeout=15)


async def dispute(env: BotEnv, user: SimUser, verdict: MessageState) -> str:
    """[我的答案应该算对] / [My answer should count] under the verdict; the text of the press's answer."""
    label = "My answer should count" if user.language_code == "en" else "我的答案应该算对"
    press = user.press(verdict, label)
    return (await env.fake.callback_answer(press)).text or ""


async def reports(env: BotEnv, admin: SimUser) -> list[MessageState]:
    """/reports: every message it sends (the flagged keys first)."""
    fake = env.fake
    before = len(fake.sent_to(admin.id))
    admin.command("/reports")
    await env.settle()
    first = await _text(fake, admin)
    sent = fake.sent_to(admin.id)[before:]
    for _ in sent[1:]:
        await _text(fake, admin)  # move the cursor past them
    assert sent[0] is first
    return sent


async def flushed(env: BotEnv) -> None:
    """Every update handled and every notice the decisions made sent."""
    await env.settle()
    assert env.app is not None
    await env.app.bot_data.dispute_notices.flush()


def told(fake: FakeBotServer, user: SimUser, words: str) -> list[str]:
    return [m.text for m in fake.sent_to(user.id) if m.text and words in m.text]


def saved_alternates(env: BotEnv) -> list[str]:
    data = json.loads((env.banks / "astro.json").read_text(encoding="utf-8"))
    return next(q for q in data["questions"] if q["id"] == "f1")["alternates"]


async def test_a_dispute_accepted_regrades_the_attempts_and_top_and_streak_follow(env: BotEnv) -> None:
    fake, engine = env.fake, env.engine
    admin = fake.user(ADMIN, "Teacher", language_code="en")
    li, han = fake.user(8101, "李雷"), fake.user(8102, "韩梅梅")
    amy = fake.user(8103, "Amy", language_code="en")
    group = fake.group(-1008100, "天文社", admins=[han], members=[li, amy])

    # In the group: Li's reply is refused, Han's is right.
    han.command("/quiz fill astro", group)
    question = await _text(fake, group.id)
    env.clock.advance(seconds=5)
    li.reply_to(question, "Dwarf Planet")
    han.reply_to(question, "矮行星")
    await env.settle()
    han.command("/reveal", group)
    await _text(fake, group.id)
    han.command("/top", group)
    board = (await _text(fake, group.id)).text
    assert "🥇 韩梅梅 — 10 分（答对 1/1）" in board and "🥈 李雷 — 0 分（答对 0/1）" in board

    # In private: the same reply, refused, with the button; Amy gives it too and does not dispute.
    verdict = await answer_privately(env, li, "dwarf planet")
    assert verdict.text.startswith("❌") and "我的答案应该算对" in verdict.button_texts
    assert (await answer_privately(env, amy, "dwarf planet")).text.startswith("❌")
    streak_before = (await engine.streak(li.id)).current
    assert "已提交给老师核对" in await dispute(env, li, verdict)
    await fake.wait_for(lambda: "我的答案应该算对" not in verdict.button_texts, what="the used button to go")
    assert (await engine.stats(li.id)).total.correct == 0  # nothing credited before a teacher decides

    listing = await reports(env, admin)
    assert listing[0].text == "There are no open reports."
    disputed = listing[1]
    assert disputed.text.splitlines()[:4] == [
        "🙋 My answer should count: astro f1 (1 dispute)",
        "【Fill-in】2006 年，冥王星被重新归类为 ____。",
        "Current key: 矮行星",
        "1. “dwarf planet” × 1",
    ]
    assert disputed.button_texts == ["Accept", "Decline"]
    answers = listing[2].text.splitlines()
    assert answers[:3] == [
        "Common wrong answers (fill-in and case)",
        "1. astro f1: 4 attempts, 25% right",
        "   “dwarf planet” × 3",
    ]

    amy.command("/report dwarf planet is right too")  # Amy reports the key instead of disputing
    assert (await _text(fake, amy)).text.startswith("Thank you")
    admin.press(disputed, "Accept")
    done = (await _text(fake, admin)).text
    assert done == (
        "✅ Accepted “dwarf planet” as an answer to astro f1 (written into the bank): 3 attempts regraded, "
        "2 learners told.\nCurrent key: 矮行星 或 dwarf planet"
    )
    li_told = (await _text(fake, li)).text
    assert li_told.startswith("✅ " + TOLD) and "「dwarf planet」" in li_told
    assert (await _text(fake, amy)).text.startswith("✅ " + TOLD_EN)
    fixed = (await _text(fake, amy)).text  # and, the key changed by the acceptance, her report is fixed
    assert fixed.startswith("🛠 The question you reported was fixed") and "矮行星 或 dwarf planet" in fixed
    await fake.wait_for(lambda: disputed.reply_markup is None, what="the decided reply's buttons to go")
    assert saved_alternates(env) == ["dwarf planet"]

    # Every attempt with that reply is right now: stats, the group's board, and the streak as it was.
    assert (await engine.stats(li.id)).total.correct == 2 and (await engine.stats(amy.id)).total.correct == 1
    assert (await engine.streak(li.id)).current == streak_before == 1
    han.command("/top", group)
    board = (await _text(fake, group.id)).text
    assert "李雷 — 10 分（答对 1/1）" in board and "韩梅梅 — 10 分（答对 1/1）" in board

    # A later answer with that reply is right at once; it has no button.
    tom = fake.user(8104, "汤姆")
    later = await answer_privately(env, tom, "Dwarf planet")
    assert later.text.startswith("✅") and "我的答案应该算对" not in later.button_texts

    # The same button pressed again decides nothing and tells nobody again.
    again = admin.press_data(disputed, disputed.history[0][1]["inline_keyboard"][0][0]["callback_data"])
    assert (await fake.callback_answer(again)).text == "This answer was decided already: accepted."
    await flushed(env)
    assert len(told(fake, li, TOLD)) == 1 and len(told(fake, amy, TOLD_EN)) == 1
    assert fake.unanswered_callbacks() == []
    fake.assert_clean()


async def test_a_dispute_declined_tells_the_learner_the_key(env: BotEnv) -> None:
    fake, engine = env.fake, env.engine
    admin = fake.user(ADMIN, "老师")
    li, han = fake.user(8201, "李雷"), fake.user(8202, "韩梅梅")
    verdict = await answer_privately(env, li, "矮星")
    await dispute(env, li, verdict)
    listing = await reports(env, admin)
    assert listing[0].text == "目前没有待处理的反馈。"
    assert listing[1].text.splitlines()[0] == "🙋 我的答案应该算对：astro f1（1 条）"
    admin.press(listing[1], "不接受")
    assert (await _text(fake, admin)).text == "已不接受「矮星」（astro f1）：通知 1 位学习者。"
    assert (await _text(fake, li)).text == "你对第 1 题的回答「矮星」（天文入门）经老师核对，没有被认可。答案：矮行星"
    assert saved_alternates(env) == [] and (await engine.stats(li.id)).total.correct == 0

    # Han gives the same reply: a teacher declined it already, so Han is told at once, with the key.
    verdict = await answer_privately(env, han, "矮星。")
    press = han.press(verdict, "我的答案应该算对")
    await fake.callback_answer(press)
    assert (await _text(fake, han)).text == "老师之前已经核对过这个回答（「矮星。」），没有认可。答案：矮行星"
    assert (await reports(env, admin))[1].text.startswith("常见的错误回答")  # no dispute left open
    fake.assert_clean()


async def test_a_case_answer_can_be_accepted_too(env: BotEnv) -> None:
    fake = env.fake
    admin = fake.user(ADMIN, "老师")
    li = fake.user(8301, "李雷")
    paraphrase = "装一个会变形的镜子抵消空气抖动，再搬到高山上去"
    verdict = await answer_privately(env, li, paraphrase, kind="case")
    assert not verdict.text.startswith("✅") and "我的答案应该算对" in verdict.button_texts
    await dispute(env, li, verdict)
    listing = await reports(env, admin)
    admin.press(listing[1], "接受")
    assert "重新判分 1 次作答" in (await _text(fake, admin)).text
    assert (await _text(fake, li)).text.startswith("✅ 你对第 2 题的回答已被老师认可为正确")
    data = json.loads((env.banks / "astro.json").read_text(encoding="utf-8"))
    assert data["questions"][1]["alternates"] == [paraphrase]
    assert (await env.engine.stats(li.id)).total.correct == 1


async def test_a_restart_between_the_dispute_and_the_decision(astro_env: BotEnv) -> None:
    """The dispute, the admin's list and its buttons, and an untold learner all survive restarts of the
    application on the same SQLite file."""
    env = astro_env
    fake = env.fake
    admin = fake.user(ADMIN, "Teacher", language_code="en")
    li, amy = fake.user(8401, "李雷"), fake.user(8402, "Amy", language_code="en")

    async with env.run():
        verdict = await answer_privately(env, li, "dwarf planet")
        await dispute(env, li, verdict)
        listing = await reports(env, admin)
    assert not env.app

    async with env.run():  # a new application on the same database
        assert (await env.engine.stats(li.id)).total.correct == 0
        # The button of the list sent before the restart works; the learner is told once.
        admin.press(listing[1], "Accept")
        assert "1 attempt regraded" in (await _text(fake, admin)).text
        assert TOLD in (await _text(fake, li)).text
        assert (await env.engine.stats(li.id)).total.correct == 1
        # Amy disputes another reply; it is decided while nobody sends the notices (as if the process
        # died right after the decision was recorded).
        amy_verdict = await answer_privately(env, amy, "a dwarf")
        await dispute(env, amy, amy_verdict)
        env.app.bot_data.disputes.listeners.clear()
        admin.press((await reports(env, admin))[1], "Decline")
        await _text(fake, admin)
        await env.settle()
        assert told(fake, amy, "did not accept") == []

    async with env.run():  # told at start-up, once
        await fake.wait_for(lambda: told(fake, amy, "did not accept"), what="Amy's notice")
        again = admin.press_data(listing[1], listing[1].history[0][1]["inline_keyboard"][0][0]["callback_data"])
        assert (await fake.callback_answer(again)).text == "This answer was decided already: accepted."
        await flushed(env)
    async with env.run():
        await flushed(env)
    assert len(told(fake, li, TOLD)) == 1 and len(told(fake, amy, "did not accept")) == 1
    assert saved_alternates(env) == ["dwarf planet"]
    fake.assert_clean()


async def test_only_admins_decide_and_only_the_learner_disputes(env: BotEnv, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, "bot.admin")
    fake = env.fake
    admin = fake.user(ADMIN, "Teacher", language_code="en")
    li, eve = fake.user(8501, "李雷"), fake.user(8502, "Eve", language_code="en")
    verdict = await answer_privately(env, li, "dwarf planet")

    # Eve presses Li's button (its data copied): not her answer, nothing filed.
    data = next(b["callback_data"] for row in verdict.buttons for b in row if b["text"] == "我的答案应该算对")
    press = eve.press_data(verdict, data)
    assert (await fake.callback_answer(press)).text == "This is not your answer."
    assert (await reports(env, admin))[1].text.startswith("Common wrong answers")

    await dispute(env, li, verdict)
    second = li.press_data(verdict, data)  # the same button once more: once is enough
    assert (await fake.callback_answer(second)).text == "你已经提交过这次作答，老师核对后会告诉你结果。"
    listing = await reports(env, admin)
    assert "1. “dwarf planet” × 1" in listing[1].text

    # Eve presses the admin's [Accept]: refused, nothing changes.
    refused = eve.press(listing[1], "Accept")
    answer = await fake.callback_answer(refused)
    assert answer.text == "Only admins can import banks or handle reports." and answer.show_alert
    await flushed(env)
    assert saved_alternates(env) == [] and (await env.engine.stats(li.id)).total.correct == 0
    assert told(fake, li, TOLD) == [] and listing[1].button_texts == ["Accept", "Decline"]
    assert "1. “dwarf planet” × 1" in (await reports(env, admin))[1].text  # still open
    assert any("refused a dispute decision to non-admin 8502" in r.getMessage() for r in caplog.records)
    assert not errors(caplog)
    fake.assert_clean()
