"""A question is one message (issue 25): the verdict is written into the question's own message, a poll
needs no header message, and a 10-question round stays within 12 messages sent and 12 edits in each mode.
End to end through the fake Bot API, which validates every request against the spec."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from fakebot import FakeBotServer, MessageState
from tg_harness import BotEnv

from bot.banks.model import Bank, Question, save_bank
from bot.telegram.practice import summary_text

# Twelve short questions, half single choice, half true/false: a round of 10 draws from them.
SINGLE = [(f"Which letter is number {i}?", "ABCD"[i % 4]) for i in range(6)]
FACTS = [(f"Statement {i}: even numbers are divisible by two.", True) for i in range(3)] + [
    (f"Statement {i}: the sun is cold.", False) for i in range(3, 6)
]
SEND = ("sendMessage", "sendPoll", "sendPhoto", "sendDocument")
EDIT = ("editMessageText", "editMessageReplyMarkup", "editMessageCaption", "stopPoll")


def write_round_bank(folder: Path) -> None:
    questions = [
        Question(
            id=f"s{i}",
            kind="single",
            number=40 + i,
            prompt=prompt,
            options={"A": "alpha", "B": "beta", "C": "gamma", "D": "delta"},
            answer=key,
            explanation=f"It is {key}.",
        )
        for i, (prompt, key) in enumerate(SINGLE)
    ]
    questions += [
        Question(id=f"t{i}", kind="true_false", number=60 + i, prompt=prompt, answer=truth, explanation="So it is.")
        for i, (prompt, truth) in enumerate(FACTS)
    ]
    save_bank(Bank(id="round", title="Round", source="tests", questions=questions), folder)


@pytest.fixture
async def env(bot_settings_env: BotEnv) -> AsyncIterator[BotEnv]:
    write_round_bank(bot_settings_env.banks)
    async with bot_settings_env.run():
        yield bot_settings_env


def _requests_to(fake: FakeBotServer, chat_id: int, methods: tuple[str, ...]) -> int:
    names = {m.lower() for m in methods}
    return sum(1 for r in fake.requests if r.method.lower() in names and str(r.params.get("chat_id")) == str(chat_id))


def _key_of(text: str) -> str | tuple[str, bool]:
    for prompt, key in SINGLE:
        if prompt in text:
            return key
    return ("tf", next(truth for prompt, truth in FACTS if prompt in text))


async def test_a_button_round_of_ten_is_ten_questions_ten_edits_and_a_summary(env: BotEnv) -> None:
    fake = env.fake
    li = fake.user(7301, "李雷")
    li.command("/quiz 10 round")
    questions: list[MessageState] = []
    for position in range(1, 11):
        q = await fake.next_message(li.id)
        questions.append(q)
        first, second = q.text.splitlines()[:2]
        assert first == f"📝 练习 {position}/10"
        assert not any(f"】{n}." in second for n in range(40, 66))  # the bank's number is never shown beside it
        key = _key_of(q.text)
        if isinstance(key, tuple):
            li.press(q, "正确" if key[1] else "错误")
        else:
            li.press(q, key if position % 3 else "ABCD"[("ABCD".index(key) + 1) % 4])  # every third wrong
        done = await fake.edited(q)
        assert done.text.startswith(f"📝 练习 {position}/10\n")
        assert "✅" in done.text or "❌" in done.text
        assert done.buttons == []  # in a round the next question comes by itself: no button left to press
    summary = await fake.next_message(li.id)
    assert summary.text.startswith("🏁")
    sent = _requests_to(fake, li.id, SEND)
    edits = _requests_to(fake, li.id, EDIT)
    assert sent == 11 and edits == 10, (sent, edits)  # the goal: at most 12 of each
    wrong = questions[2]  # the third was answered wrong: its choice marked ❌, the key marked once
    assert "❌" in wrong.text and wrong.text.count("正确答案") == 1
    wrong_ones = sum("❌" in q.text for q in questions)
    mistakes = [f"❌ 复习错题 {wrong_ones}"] if wrong_ones else []
    # every end has a next step
    assert summary.button_texts == [*mistakes, "🔁 再来一轮 10 题", "➡️ 下一题", "☀️ 订阅每日"]
    li.press(summary, "🔁 再来一轮")
    again = await fake.next_message(li.id)
    assert again.text.startswith("📝 练习 1/10\n")  # a new round like the last one
    await fake.wait_for(lambda: not summary.buttons, what="the summary's buttons to go once used")
    fake.assert_clean()


async def test_a_poll_round_of_ten_has_no_header_messages_and_one_summary(env: BotEnv) -> None:
    fake = env.fake
    amy = fake.user(7302, "Amy", language_code="en")
    amy.command("/quiz 10 poll round")
    for position in range(1, 11):
        poll = await fake.next_message(amy.id)
        assert poll.kind == "poll", poll.text  # no header message before it
        assert poll.poll["question"].startswith(f"📝 {position}/10 ")
        amy.answer_poll(poll, list(poll.params["correct_option_ids"]))
    summary = await fake.next_message(amy.id)
    assert summary.text.startswith("🏁")
    sent = _requests_to(fake, amy.id, SEND)
    edits = _requests_to(fake, amy.id, EDIT)
    assert sent == 11 and edits == 0, (sent, edits)  # ten polls and the summary; a vote needs no edit
    fake.assert_clean()


async def test_a_single_question_gets_its_verdict_in_place_with_one_row_of_buttons(env: BotEnv) -> None:
    fake = env.fake
    li = fake.user(7303, "李雷")
    li.command("/quiz round")
    q = await fake.next_message(li.id)
    key = _key_of(q.text)
    li.press(q, ("正确" if key[1] else "错误") if isinstance(key, tuple) else key)
    done = await fake.edited(q)
    assert "✅" in done.text and len(done.buttons) == 1 and done.button_texts[0].endswith("下一题")
    li.press(done, 0)
    following = await fake.next_message(li.id)  # the next question, a message of its own
    assert following.message_id != q.message_id and following.buttons
    assert _requests_to(fake, li.id, SEND) == 2
    fake.assert_clean()


def _summary(lang: str, **tally: int | float) -> str:
    from bot.store.sessions import SessionTally
    from bot.study.sessions import Session, SessionSummary
    from bot.study.streaks import StreakView

    session = Session(1, 1, 1, "quiz", 10, 10, None, False, None, None, True)
    counts = {"asked": 10, "answered": 10, "correct": 10, "partial": 0, "score": 10.0, "timed_out": 0, **tally}
    streak = StreakView(current=0, longest=0, freezes=0, today_done=True, at_risk=False)
    return summary_text(SessionSummary(session, SessionTally(**counts), streak, None), lang)  # type: ignore[arg-type]


def test_a_summary_counts_what_was_answered_and_says_where_partial_credit_makes_the_score() -> None:
    assert _summary("zh", correct=8, partial=1, score=8.5) == "🏁 练习完成：答对 8/10，得分 85%（含部分得分）"
    assert _summary("en", answered=9, correct=9, score=9.0, timed_out=1) == (
        "🏁 Practice done: 9/9 right, score 100% · ⏰ 1 timed out (not counted)"
    )
    assert _summary("en", correct=7, score=7.0) == "🏁 Practice done: 7/10 right, score 70%"  # no partial: no note


async def test_a_second_round_asked_during_one_asks_first_and_restarting_closes_the_old_question(env: BotEnv) -> None:
    """No surprises: `/quiz 3` during a round of 10 asks [继续] [重新开始 3 题]; going on keeps the round
    as it was; starting again starts the new one and takes the old open question's buttons off."""
    fake = env.fake
    li = fake.user(7304, "李雷")
    li.command("/quiz 10 round")
    first = await fake.next_message(li.id)
    li.command("/quiz 3 round")
    chooser = await fake.next_message(li.id)
    assert chooser.text == "你有一轮练习还没做完（做到第 1/10 题）：接着做，还是重新开始？"
    assert chooser.button_texts == ["▶️ 继续", "🔄 重新开始 3 题"]
    li.press(chooser, "▶️ 继续")
    await fake.wait_for(lambda: not chooser.buttons, what="the choice made")
    assert chooser.text == "好的，接着答上面的第 1/10 题。" and first.buttons  # the round goes on as it was
    assert (await env.engine.latest_open_asked(li.id, li.id)).message_id == first.message_id

    li.command("/quiz 3 round")
    chooser = await fake.next_message(li.id)
    li.press(chooser, "🔄 重新开始")
    new = await fake.next_message(li.id)
    assert new.text.startswith("📝 练习 1/3\n")
    await fake.wait_for(lambda: not first.buttons, what="the old question's buttons to go")
    assert (await env.engine.latest_open_asked(li.id, li.id)).message_id == new.message_id
    fake.assert_clean()
