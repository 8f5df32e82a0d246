"""The question meant, and /quiz rounds: end to end through the fake Bot API (issue 16, items 1 and 2).

The banks are session_kit's: one fill-in per bank, so `/quiz <bank>` asks a known question, and five
true/false facts for the rounds.
"""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from session_kit import CITIES, statement_of, truth_of, write_banks
from tg_harness import BotEnv, answered, running

from bot.telegram.practice import tick_timeouts


@pytest.fixture
async def env(bot_settings_env: BotEnv) -> AsyncIterator[BotEnv]:
    write_banks(bot_settings_env.banks)
    async with bot_settings_env.run():
        yield bot_settings_env


# ----- 1. the question meant --------------------------------------------------------------------------


async def test_a_telegram_reply_to_the_first_question_answers_the_first(env: BotEnv) -> None:
    """Three open questions; a reply to the first with its answer is graded against the first, and the
    verdict names it; the third stays open and is what a plain typed answer then answers."""
    fake = env.fake
    li = fake.user(7101, "李雷")
    questions = []
    for bank in CITIES:
        li.command(f"/quiz {bank}")
        questions.append(await fake.next_message(li.id))
    li.reply_to(questions[0], "Paris")
    verdict = await answered(fake, questions[0])  # written into the question it answers, so no label is needed
    assert verdict.text.startswith("✅") and "France" in questions[0].text
    open_now = await env.engine.latest_open_asked(li.id, li.id)
    assert open_now is not None and open_now.question.id == "f-oslo"
    li.send_text("Oslo")  # no reply: the latest open one
    assert (await answered(fake, questions[2])).text.startswith("✅")
    li.send_text("Rome")  # the one left
    assert (await answered(fake, questions[1])).text.startswith("✅")
    assert len(fake.sent_to(li.id)) == 3  # one message per question
    assert (await env.engine.stats(li.id)).total.correct == 3
    fake.assert_clean()


async def test_a_reply_to_an_answered_question_says_so_and_grades_nothing(env: BotEnv) -> None:
    fake = env.fake
    amy = fake.user(7102, "Amy", language_code="en")
    amy.command("/quiz paris")
    paris = await fake.next_message(amy.id)
    amy.command("/quiz rome")
    await fake.next_message(amy.id)
    amy.reply_to(paris, "Paris")
    verdict = await answered(fake, paris)
    assert verdict.text.startswith("✅")
    amy.reply_to(paris, "Lyon")  # again, to the same question: not graded twice, not moved to Rome
    again = await fake.next_message(amy.id)
    assert "already answered" in again.text and "✅" in again.text
    stats = await env.engine.stats(amy.id)
    assert stats.total.total == 1
    assert (await env.engine.latest_open_asked(amy.id, amy.id)).question.id == "f-rome"
    fake.assert_clean()


async def test_a_typed_answer_racing_a_button_press_counts_once_for_that_question(env: BotEnv) -> None:
    """Question 1 of a round is answered by its button while the learner types an answer to it too: the
    typed answer (written before the verdict and question 2 came) is not graded again, and not against
    question 2, which stays open."""
    fake = env.fake
    li = fake.user(7103, "李雷")
    li.command("/quiz 2 facts")
    q1 = await fake.next_message(li.id)
    truth = truth_of(q1.text)
    li.press(q1, "正确" if truth else "错误")
    li.send_text("对" if truth else "错")  # both queued before either is handled
    await env.settle()
    verdict = await answered(fake, q1)
    assert verdict.text.startswith("✅")
    q2 = await fake.next_message(li.id)
    assert q2.text.startswith("☀️") is False and "练习 2/2" in q2.text
    again = await fake.next_message(li.id)
    assert "已经答过" in again.text
    stats = await env.engine.stats(li.id)
    assert stats.total.total == 1  # once
    still = await env.engine.latest_open_asked(li.id, li.id)
    assert still is not None and still.position == 2 and statement_of(still.question.prompt) in q2.text
    fake.assert_clean()


# ----- 2. /quiz rounds ----------------------------------------------------------------------------------


async def test_quiz_round_with_a_timer_runs_on_the_injected_clock(env: BotEnv) -> None:
    """`/quiz 3 timer 30`: one question at a time under its header; time runs out by the engine's clock
    (no sleeping); a time-out is said, not counted, and the next comes; a summary ends it."""
    fake, clock = env.fake, env.clock
    amy = fake.user(7104, "Amy", language_code="en")
    amy.command("/quiz 3 timer 30 facts")
    q1 = await fake.next_message(amy.id)
    assert q1.text.splitlines()[0] == "📝 Practice 1/3 · ⏱ 30 s to answer"
    amy.press(q1, "True" if truth_of(q1.text) else "False")
    assert (await answered(fake, q1)).text.startswith("✅")
    q2 = await fake.next_message(amy.id)
    assert q2.text.startswith("📝 Practice 2/3")
    assert statement_of(q2.text) != statement_of(q1.text)
    clock.advance(seconds=29)
    assert await tick_timeouts(env.app) == 0  # not yet
    clock.advance(seconds=2)
    await tick_timeouts(env.app)
    timeout = await answered(fake, q2)  # said in the question's own message
    assert timeout.text.startswith("⏰ Time is up") and "does not count" in timeout.text
    q3 = await fake.next_message(amy.id)
    assert q3.text.startswith("📝 Practice 3/3")
    assert len({statement_of(q.text) for q in (q1, q2, q3)}) == 3  # no repeats within a round
    assert not q2.buttons  # its buttons went with the time-out; an old press of one is refused
    late = amy.press_data(q2, q2.history[-1][1]["inline_keyboard"][0][0]["callback_data"])
    assert "closed" in (await fake.callback_answer(late)).text
    amy.send_text("true" if not truth_of(q3.text) else "false")  # question 3, answered wrong
    verdict = await answered(fake, q3)
    assert verdict.text.startswith("❌") and not verdict.buttons  # in a round the next comes by itself
    summary = await fake.next_message(amy.id)
    assert summary.text.startswith("🏁 Practice done: 1/2 right, score 50%")  # the time-out apart, not counted
    assert "⏰ 1 timed out (not counted)" in summary.text and "🔥 1-day streak" in summary.text
    stats = await env.engine.stats(amy.id)
    assert stats.total.total == 2  # the timed-out question is no wrong answer
    fake.assert_clean()


@pytest.mark.parametrize(
    ("command", "expected"),
    [
        ("/quiz 99", "1 to 50 questions"),
        ("/quiz 5 timer 2", "5 to 600 seconds"),
        ("/quiz 5 timer", "write the seconds"),
        ("/quiz 5 timer soon", "write the seconds"),
    ],
)
async def test_quiz_round_arguments_that_cannot_be_used_are_named(env: BotEnv, command: str, expected: str) -> None:
    fake = env.fake
    amy = fake.user(7105, "Amy", language_code="en")
    amy.command(command)
    reply = await fake.next_message(amy.id)
    assert expected in reply.text and command.split()[-1] in reply.text
    assert await env.engine.latest_open_asked(amy.id, amy.id) is None


async def test_quiz_round_in_chinese_words(env: BotEnv) -> None:
    fake = env.fake
    li = fake.user(7106, "李雷")
    li.command("/quiz 2题 限时 20秒 facts")
    q1 = await fake.next_message(li.id)
    assert q1.text.splitlines()[0] == "📝 练习 1/2 · ⏱ 限时 20 秒"
    li.send_text("对" if truth_of(q1.text) else "错")
    assert (await answered(fake, q1)).text.startswith("✅")
    q2 = await fake.next_message(li.id)
    assert q2.text.startswith("📝 练习 2/2")
    li.send_text("错" if truth_of(q2.text) else "对")
    assert (await answered(fake, q2)).text.startswith("❌")
    summary = await fake.next_message(li.id)
    assert summary.text.startswith("🏁 练习完成：答对 1/2，得分 50%") and "连续 1 天" in summary.text
    # every end has a next step: the round's mistakes first
    assert summary.button_texts == ["❌ 复习错题 1", "🔁 再来一轮 2 题", "➡️ 下一题", "☀️ 订阅每日"]
    li.press(summary, "☀️ 订阅每日")  # the daily screen as a new message; the summary stays as it was
    daily = await fake.next_message(li.id)
    assert daily.text.startswith("每日推送") and summary.history == []
    li.press(daily, "07:00")  # her first subscription: the zone asked, not assumed
    await fake.wait_for(lambda: "北京时间" in daily.button_texts, what="the zone asked")
    assert daily.text.startswith("每天 07:00 推送，按哪个时区？")
    li.press(daily, "北京时间")
    await fake.wait_for(lambda: "☑ 07:00" in daily.button_texts, what="07:00 ticked")
    li.command("/quiz 2题 facts")  # subscribed now: the next summary does not offer it again
    for _ in range(2):
        q = await fake.next_message(li.id)
        li.send_text("对" if truth_of(q.text) else "错")
        await answered(fake, q)
    again = await fake.next_message(li.id)
    assert again.text.startswith("🏁") and "☀️ 订阅每日" not in again.button_texts
    fake.assert_clean()


async def test_a_round_survives_a_restart(bot_settings_env: BotEnv) -> None:
    """Mid-round the bot restarts: the learner's next answer is graded and brings the next question."""
    env = bot_settings_env
    write_banks(env.banks)
    fake = env.fake
    li = fake.user(7107, "李雷")
    async with env.run():
        li.command("/quiz 3 facts")
        q1 = await fake.next_message(li.id)
        li.send_text("对" if truth_of(q1.text) else "错")
        assert (await answered(fake, q1)).text.startswith("✅")
        q2 = await fake.next_message(li.id)
        assert "练习 2/3" in q2.text
        await env.settle()
    async with env.run():  # a new application on the same database
        li.send_text("对" if truth_of(q2.text) else "错")
        got = await answered(fake, q2)
        assert got.text.startswith("✅")
        q3 = await fake.next_message(li.id)
        assert "练习 3/3" in q3.text
        assert len({statement_of(q.text) for q in (q1, q2, q3)}) == 3
        li.press(q3, "正确" if truth_of(q3.text) else "错误")
        assert (await answered(fake, q3)).text.startswith("✅")
        assert (await fake.next_message(li.id)).text.startswith("🏁 练习完成：答对 3/3，得分 100%")
    fake.assert_clean()


async def test_a_typed_answer_racing_a_button_press_is_not_moved_to_an_older_open_question(
    http_settings_env: BotEnv,
) -> None:
    """An older question is open too: the typed answer meant for the pressed one must not answer it. Over
    HTTP by long polling, as `studybot run` fetches them: the press and the typed answer come in one batch,
    and the typed one waits its turn while the verdict is written into the pressed question's message."""
    env = http_settings_env
    write_banks(env.banks)
    async with running(env.build(http=True)) as app:
        env.app = app
        await _racing_an_older_question(env)
    env.app = None


async def _racing_an_older_question(env: BotEnv) -> None:
    fake = env.fake
    li = fake.user(7108, "李雷")
    li.command("/quiz paris")
    paris = await fake.next_message(li.id)
    li.command("/quiz facts")
    fact = await fake.next_message(li.id)
    truth = truth_of(fact.text)
    li.press(fact, "正确" if truth else "错误")
    li.send_text("对" if truth else "错")
    assert (await answered(fake, fact)).text.startswith("✅")  # the press: its own message's question
    again = await fake.next_message(li.id)
    assert "已经答过" in again.text
    open_now = await env.engine.latest_open_asked(li.id, li.id)
    assert open_now is not None and open_now.question.id == "f-paris"
    assert (await env.engine.stats(li.id)).total.total == 1
    li.send_text("Paris")  # written after the verdict: the older open question it is
    assert (await answered(fake, paris)).text.startswith("✅")
    fake.assert_clean()


async def test_the_job_queue_keeps_time_limits_by_itself(env: BotEnv) -> None:
    """Nobody calls the timer here: the application's job queue looks every second (on the engine's clock)."""
    fake = env.fake
    amy = fake.user(7109, "Amy", language_code="en")
    amy.command("/quiz 1 timer 5 facts")
    question = await fake.next_message(amy.id)
    assert question.text.startswith("📝 Practice 1/1 · ⏱ 5 s to answer")
    env.clock.advance(seconds=6)
    assert (await answered(fake, question)).text.startswith("⏰ Time is up")
    assert (await fake.next_message(amy.id)).text.startswith(
        "🏁 Done: no question was answered · ⏰ 1 timed out (not counted)"
    )


async def test_answers_typed_in_a_row_go_to_the_open_questions_newest_first(env: BotEnv) -> None:
    """Several answers typed before any verdict came: each goes to the next open question (the learner's own
    earlier answer shows they knew the newest was answered), none is refused as answered already."""
    fake = env.fake
    li = fake.user(7110, "李雷")
    questions = []
    for bank in CITIES:
        li.command(f"/quiz {bank}")
        questions.append(await fake.next_message(li.id))
    for city in ("Oslo", "Rome", "Paris"):
        li.send_text(city)
    await env.settle()
    for question, (country, _) in zip(questions, CITIES.values(), strict=True):
        verdict = await answered(fake, question)  # each in its own question's message
        assert country in question.text and verdict.text.startswith("✅")
    assert (await env.engine.stats(li.id)).total.correct == 3
    fake.assert_clean()
