"""Model help in the chat, through the fake Bot API and the fake model server: case answers judged by the
model, the [为什么?] button and /why, the opt-out; and, with no model settings, nothing of it shows."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from fakebot import FakeBotServer
from fakemodel import FakeModel, Reply, user_data
from tg_harness import BotEnv, answered, running, settings_env

from bot.grading import grade

KEY = "sk-chat-test-0a1b2c3d4e5f"
CASE_REPLY = (
    "我会先用低秩适配器微调只训练少量参数，再开启梯度检查点，并用数据并行和ZeRO切分优化器状态，最后用混合精度。"
)
EXPLANATION = "The key is right because the idea it names is the one the question is about; the others miss it."


def respond(points: str = "covered") -> Any:
    """A fake model: a case judged with every point `points` (quoting the reply), or an explanation."""

    def answer(body: dict[str, Any]) -> Reply:
        data = user_data(body)
        if "key_points" in data:
            quote = data["learner_reply"][:8]
            judged = [
                {"n": p["n"], "status": points, "evidence": quote, "reason": f"第{p['n']}点说到了。"}
                for p in data["key_points"]
            ]
            return Reply.json({"points": judged})
        return Reply.json({"explanation": EXPLANATION})

    return answer


@pytest.fixture
async def model() -> AsyncIterator[FakeModel]:
    async with FakeModel(respond()) as server:
        yield server


def ai_env(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, fake: FakeBotServer, model: FakeModel, **extra: Any
) -> BotEnv:
    settings = {"ai_url": model.url, "ai_model": "fake-model", "ai_key": KEY, "ai_timeout": 5, **extra}
    return settings_env(monkeypatch, tmp_path, fake, **settings)


@pytest.fixture
async def env(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, fake: FakeBotServer, model: FakeModel
) -> AsyncIterator[BotEnv]:
    made = ai_env(monkeypatch, tmp_path, fake, model)
    async with made.run():
        yield made


async def ask(env: BotEnv, user: Any, kind: str) -> Any:
    """Ask the user a question of `kind`; (the question message, the asked question)."""
    user.command(f"/quiz {kind}")
    message = await env.fake.next_message(user.id)
    asked = await env.engine.latest_open_asked(user.id, user.id)
    assert asked is not None and asked.question is not None
    return message, asked


def recorded(db: Path, learner_id: int) -> list[tuple[int, float]]:
    conn = sqlite3.connect(db)
    try:
        return conn.execute("SELECT outcome, score FROM attempts WHERE learner_id = ?", (learner_id,)).fetchall()
    finally:
        conn.close()


def rules_verdict(env: BotEnv, asked: Any, reply: str, lang: str) -> str:
    """The verdict the chat shows for the rules' grade alone (before the streak and review lines)."""
    import html

    from bot.study.results import AnswerResult
    from bot.telegram.verdicts import verdict_text

    verdict = grade(asked.question, reply, env.engine.concepts)
    result = AnswerResult("recorded", 0, verdict=verdict, question=asked.question)
    return html.unescape(
        verdict_text(result, lang, datetime.now(UTC))
        .replace("<blockquote expandable>", "")
        .replace("</blockquote>", "")
    )


# ----- case answers -------------------------------------------------------------------------------------------


async def test_a_case_answer_is_judged_point_by_point_and_the_score_recorded_is_the_models(
    env: BotEnv, model: FakeModel
) -> None:
    amy = env.fake.user(7101, "Amy", language_code="zh-hans")
    question, asked = await ask(env, amy, "案例")
    amy.send_text(CASE_REPLY)
    verdict = await answered(env.fake, question)
    assert verdict.text.startswith("✅")
    assert "🤖 本题由模型（fake-model）按要点评分。" in verdict.text
    points = [line for line in verdict.text.splitlines() if line.startswith("✔ ")]
    assert len(points) == len(user_data(model.requests[0])["key_points"]) >= 2
    assert all("说到了" in line for line in points)
    assert verdict.text != rules_verdict(env, asked, CASE_REPLY, "zh")
    assert user_data(model.requests[0])["learner_reply"] == CASE_REPLY
    assert recorded(env.db, amy.id) == [(2, 1.0)]  # correct, full marks: the model's judgement, not the rules'
    assert verdict.button_texts == ["➡️ 下一题", "为什么？"] and len(verdict.buttons) == 1  # one row
    assert model.headers[0]["Authorization"] == f"Bearer {KEY}"


async def test_a_model_that_times_out_leaves_the_rules_verdict_exactly_as_it_was(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, fake: FakeBotServer, model: FakeModel
) -> None:
    model.answer(lambda body: Reply.json({"points": []}, delay=1.0))
    env = ai_env(monkeypatch, tmp_path, fake, model, ai_timeout=0.2)
    async with env.run():
        bo = fake.user(7102, "Bo", language_code="en")
        question, asked = await ask(env, bo, "case")
        reply = "Use data parallelism and mixed precision."
        bo.send_text(reply)
        verdict = await answered(fake, question)
        assert len(model.requests) == 1  # it was asked, and did not answer in time
        expected = rules_verdict(env, asked, reply, "en")
        assert verdict.text.split("\n\n🔥")[0] == expected
        assert "🤖" not in verdict.text and "model" not in verdict.text
        rules = grade(asked.question, reply, env.engine.concepts)
        assert recorded(env.db, bo.id) == [({"wrong": 0, "partial": 1, "correct": 2}[str(rules.outcome)], rules.score)]


async def test_a_slow_model_shows_typing_and_other_learners_are_served_meanwhile(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, http_fake: FakeBotServer, model: FakeModel
) -> None:
    """Over HTTP, by long polling, with the bot's own update processor (chats in parallel)."""
    release = asyncio.Event()
    judge = respond()

    async def slow(body: dict[str, Any]) -> Reply:
        if "key_points" in user_data(body):
            await release.wait()
        return judge(body)

    model.answer(slow)
    fake = http_fake
    env = ai_env(monkeypatch, tmp_path, fake, model)
    try:
        async with running(env.build(http=True)) as app:
            env.app = app
            amy, bo = fake.user(7103, "Amy", language_code="en"), fake.user(7104, "Bo", language_code="en")
            amy_question, _ = await ask(env, amy, "case")
            amy.send_text(CASE_REPLY)
            await fake.wait_for(lambda: model.in_flight == 1, what="the model judging Amy's answer")
            await fake.wait_for(
                lambda: any(str(r.params.get("chat_id")) == str(amy.id) for r in fake.calls("sendChatAction")),
                what="typing in Amy's chat",
            )
            assert {r.params.get("action") for r in fake.calls("sendChatAction")} == {"typing"}

            question, _ = await ask(env, bo, "判断")  # meanwhile Bo asks, answers and gets his verdict
            bo.press(question, 0)
            bo_verdict = await answered(fake, question)
            assert bo_verdict.text.startswith(("✅", "❌"))
            assert not amy_question.history  # Amy's question as it was: her verdict waits on the model

            release.set()
            verdict = await answered(fake, amy_question)
            assert "Judged point by point by a model (fake-model)" in verdict.text
    finally:
        release.set()
        env.app = None


async def test_an_opted_out_learner_is_never_sent_to_the_model_and_can_opt_back_in(
    env: BotEnv, model: FakeModel
) -> None:
    fake = env.fake
    cy = fake.user(7105, "Cy", language_code="en")
    cy.command("/settings ai off")
    said = await fake.next_message(cy.id)
    assert said.text.startswith("Off: your answers are no longer sent to a model")
    assert not [m for m in fake.sent_to(cy.id) if "Settings" in (m.text or "")]  # /settings itself did not answer

    question, asked = await ask(env, cy, "case")
    cy.send_text(CASE_REPLY)
    verdict = await answered(fake, question)
    assert model.requests == []
    assert verdict.text.split("\n\n🔥")[0] == rules_verdict(env, asked, CASE_REPLY, "en")

    cy.command("/settings ai")  # the state, with a button that switches it back on
    state = await fake.next_message(cy.id)
    assert state.text.startswith("Case answers judged by a model: off")
    press = cy.press(state, "🤖 Model grading on")
    assert (await fake.callback_answer(press)).text == "Case answers judged by a model: on"
    await fake.wait_for(lambda: state.button_texts == ["🤖 Model grading off"], what="the button flipped")

    question, _ = await ask(env, cy, "case")
    cy.send_text(CASE_REPLY)
    verdict = await answered(fake, question)
    assert len(model.requests) == 1 and "Judged point by point by a model" in verdict.text


async def test_when_many_answers_wait_on_the_model_the_next_gets_the_rules_verdict_at_once(
    env: BotEnv, model: FakeModel
) -> None:
    from bot.telegram.model_help import WAITING

    assert env.app is not None
    hal = env.fake.user(7111, "Hal", language_code="en")
    question, asked = await ask(env, hal, "case")
    env.app.bot_data.model_waiting = WAITING  # as if that many answers were waiting on a slow model
    try:
        hal.send_text(CASE_REPLY)
        verdict = await answered(env.fake, question)
    finally:
        env.app.bot_data.model_waiting = 0
    assert model.requests == []
    assert verdict.text.split("\n\n🔥")[0] == rules_verdict(env, asked, CASE_REPLY, "en")


async def test_with_model_help_why_is_in_the_menu_and_in_help(env: BotEnv) -> None:
    menus = [str(c.params.get("commands")) for c in env.fake.calls("setMyCommands")]
    assert any("'why'" in m for m in menus)
    ivy = env.fake.user(7112, "Ivy", language_code="en")
    ivy.command("/help")
    assert "/why — Why the key of your last question is right" in (await env.fake.next_message(ivy.id)).text


# ----- explanations ----------------------------------------------------------------------------------------------


async def test_why_under_a_verdict_explains_and_a_second_press_comes_from_the_cache(
    env: BotEnv, model: FakeModel
) -> None:
    fake = env.fake
    di = fake.user(7106, "Di", language_code="en")
    question, _ = await ask(env, di, "判断")
    di.press(question, 0)
    verdict = await answered(fake, question)
    assert verdict.button_texts == ["➡️ Next question", "Why?"]
    first = di.press(verdict, "Why?")
    assert (await fake.callback_answer(first)).text == "Asking the model to explain…"
    explained = await fake.next_message(di.id)
    assert explained.text == f"🤖 Why (written by a model, fake-model; the key is the bank's):\n{EXPLANATION}"
    assert explained.reply_to is not None and explained.reply_to.message_id == verdict.message_id

    di.press(verdict, "Why?")
    again = await fake.next_message(di.id)
    assert again.text == explained.text
    assert len(model.requests) == 1  # the second one came from the cache

    di.command("/why")  # the same question, answered last: the cache again
    assert (await fake.next_message(di.id)).text == explained.text
    assert len(model.requests) == 1


async def test_why_before_any_answer_says_what_to_do(env: BotEnv, model: FakeModel) -> None:
    ed = env.fake.user(7107, "Ed", language_code="zh")
    ed.command("/why")
    assert (await env.fake.next_message(ed.id)).text == "你还没有答过题。先发 /quiz 答一道题，再发 /why。"
    assert model.requests == []


async def test_why_when_the_model_fails_falls_back_to_the_banks_explanation(env: BotEnv, model: FakeModel) -> None:
    model.answer(lambda body: Reply(status=500))
    fay = env.fake.user(7108, "Fay", language_code="en")
    question, asked = await ask(env, fay, "判断")
    fay.press(question, 0)
    await env.fake.edited(question)
    fay.command("/why")
    said = await env.fake.next_message(fay.id)
    if asked.question.explanation:
        assert said.text == "📖 The bank's explanation:\n" + asked.question.explanation.strip()
    else:
        assert said.text == "The model could not explain it just now; please try again later."


# ----- with no model settings ------------------------------------------------------------------------------------


async def test_without_model_settings_no_button_no_menu_entry_and_why_shows_the_bank(bot_env: BotEnv) -> None:
    env, fake = bot_env, bot_env.fake
    assert env.app is not None and env.app.bot_data.model_help is None
    gus = fake.user(7109, "Gus", language_code="en")
    question, asked = await ask(env, gus, "判断")
    gus.press(question, 0)
    verdict = await answered(fake, question)
    assert verdict.button_texts == ["➡️ Next question"]
    gus.command("/why")
    said = await fake.next_message(gus.id)
    if asked.question.explanation:
        assert said.text == "📖 The bank's explanation:\n" + asked.question.explanation.strip()
    else:
        assert said.text.startswith("Explanations by a model are not switched on here")
    menus = [c.params for c in fake.calls("setMyCommands")]
    assert menus and not any("why" in str(m.get("commands")) for m in menus)

    gus.command("/settings ai off")  # not a setting here: the settings command answers as before
    answer = await fake.next_message(gus.id)
    assert not answer.text.startswith("Off:")


# ----- an admin's upload: [AI 补读] ------------------------------------------------------------------------------

UPLOAD = """一、单选题
1.梯度累积的主要作用是什么？
A.在显存有限时模拟更大的批大小
B.提高学习率
答案：A
2.下列哪种做法属于参数高效微调？
A.LoRA
B.全量微调
C.从头预训练
（参考：第一项是对的，只训练低秩矩阵。）
3.BF16 与 FP16 相比的优点是什么？
A.指数位更多，不易溢出
B.尾数位更多
答案：F
"""

READ_BACK = {
    "2.": {
        "number": 2,
        "kind": "single",
        "prompt": "下列哪种做法属于参数高效微调？",
        "options": {"A": "LoRA", "B": "全量微调", "C": "从头预训练"},
        "answer": "A",
        "explanation": "只训练低秩矩阵。",
    },
    "3.": {
        "number": 3,
        "kind": "single",
        "prompt": "BF16 与 FP16 相比的优点是什么？",
        "options": {"A": "指数位更多，不易溢出", "B": "尾数位更多"},
        "answer": "F",
    },
}


async def test_an_uploads_left_out_passages_are_read_for_the_admin_to_confirm(env: BotEnv, model: FakeModel) -> None:
    from telegram import InlineKeyboardMarkup, Update
    from telegram.ext import CommandHandler

    from bot.banks.importer import import_text
    from bot.records import PendingUpload
    from bot.telegram.context import CustomContext
    from bot.telegram.model_reading import offers_reading, read_for_upload, reading_button

    result = import_text(UPLOAD, source="upload.txt", bank_id="upload")
    assert [lo.number for lo in result.left_out] == [2, 3] and len(result.bank.questions) == 1
    assert set(result.passages) == {lo.first_line for lo in result.left_out}

    def read(body: dict[str, Any]) -> Reply:
        passage = user_data(body)["passage"]
        return Reply.json({"questions": [q for start, q in READ_BACK.items() if passage.startswith(start)]})

    model.answer(read)
    seen: dict[str, Any] = {}

    async def upload_flow(update: Update, context: CustomContext) -> None:  # what admin.py's preview does
        assert offers_reading(context, result)
        held = PendingUpload(42, 1, 1, "upload", "upload.txt", "{}", 0, digest="0123abcdef")
        button = InlineKeyboardMarkup([[reading_button(context, "zh", held)]])
        seen["reading"] = reading = await read_for_upload(context, update.effective_chat.id, result, "zh")
        await context.reply(reading.report, reply_markup=button)

    assert env.app is not None
    env.app.add_handler(
        CommandHandler("uploadtest", upload_flow), group=-100
    )  # a group of its own: in a group, the first handler that matches runs
    admin = env.fake.user(7110, "Admin", language_code="zh")
    admin.command("/uploadtest")
    report = await env.fake.next_message(admin.id)

    sent = [user_data(body)["passage"] for body in model.requests]
    assert len(sent) == 2 and all(p in UPLOAD and "梯度累积" not in p for p in sent)  # only the left-out passages
    reading = seen["reading"]
    assert [q.id for q in reading.added] == ["single-2"] and reading.added[0].answer == "A"
    assert reading.added[0].meta["question_source"] == "model"
    assert [q.id for q in reading.result.bank.questions] == ["single-1", "single-2"]  # document order
    assert [lo.number for lo in reading.still_left_out] == [3] and "F" in reading.still_left_out[0].zh
    assert "模型（fake-model）读了 2 段未导入的文字，读出 1 题" in report.text
    assert "single-2（单选题）下列哪种做法属于参数高效微调？ —— 答案：A" in report.text
    assert "仍未导入 1 题" in report.text and "确认" in report.text
    assert report.button_texts == ["🤖 AI 补读"]


async def test_an_admin_presses_ai_read_under_the_preview_and_confirms_what_the_model_read(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, fake: FakeBotServer, model: FakeModel
) -> None:
    """The whole chat flow: upload → preview with [AI 补读] → the model reads only the left-out passages →
    a new preview of the import with them → [导入 2 题] → the bank is live with the question read."""
    from upload_kit import ADMIN, preview_of

    def read(body: dict[str, Any]) -> Reply:
        passage = user_data(body)["passage"]
        return Reply.json({"questions": [q for start, q in READ_BACK.items() if passage.startswith(start)]})

    model.answer(read)
    monkeypatch.setenv("STUDYBOT_ADMINS", str(ADMIN))
    made = ai_env(monkeypatch, tmp_path, fake, model)
    async with made.run():
        admin = fake.user(ADMIN, "老师", language_code="zh")
        preview = await preview_of(fake, admin, UPLOAD.encode(), "upload.txt", "text/plain")
        assert preview.button_texts == ["导入 1 题", "取消", "🤖 AI 补读"]
        read_data = preview.find_button("🤖 AI 补读")["callback_data"]
        admin.press(preview, "🤖 AI 补读")
        second = await fake.next_message(admin.id, timeout=30)
        while not second.buttons:
            second = await fake.next_message(admin.id, timeout=30)
        assert len(model.requests) == 2  # the two left-out passages, nothing else
        assert second.button_texts == ["导入 2 题", "取消"]
        assert "读出 1 题" in (second.text or "") and not (made.banks / "upload.json").exists()
        admin.press(second, "导入 2 题")
        done = await fake.next_message(admin.id, timeout=15)
        assert "upload" in (done.text or "")
        assert [q.id for q in made.engine.banks["upload"].questions] == ["single-1", "single-2"]
        # the first preview's upload is gone: its button, pressed again, says so
        answer = await fake.callback_answer(admin.press_data(preview, read_data))
        assert answer.show_alert and "重新发送" in (answer.text or "")


async def test_the_settings_menu_switches_model_grading_with_model_help_on(env: BotEnv) -> None:
    fake = env.fake
    ana = fake.user(7120, "Ana", language_code="zh")
    ana.command("/settings")
    menu = await fake.next_message(ana.id)
    assert "案例分析题由模型按要点评分：开" in (menu.text or "")
    await fake.callback_answer(ana.press(menu, "🤖 关闭模型评分"))
    await fake.wait_for(lambda: "🤖 开启模型评分" in menu.button_texts or None, 5, "the switch flipped in place")
    ana.command("/settings")
    again = await fake.next_message(ana.id)
    assert "案例分析题由模型按要点评分：关" in (again.text or "")
