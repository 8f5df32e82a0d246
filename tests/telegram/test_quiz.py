"""/quiz and every way of answering, end to end through the fake Bot API server."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from quiz_kit import LONG_EXPLANATION, errors, write_awkward_banks, wrong_letter
from tg_harness import BotEnv, answered

from bot.telegram.callbacks import CallbackCodec


@pytest.fixture
async def awkward(bot_settings_env: BotEnv) -> AsyncIterator[BotEnv]:
    """The bot with the seed banks plus one bank per awkward question (see quiz_kit.AWKWARD)."""
    write_awkward_banks(bot_settings_env.banks)
    async with bot_settings_env.run():
        yield bot_settings_env


async def test_single_choice_by_button(http_bot_env: BotEnv, caplog: pytest.LogCaptureFixture) -> None:
    """End to end over HTTP, by long polling (the other tests here run offline)."""
    fake, engine = http_bot_env.fake, http_bot_env.engine
    li = fake.user(3001, "李雷")
    li.command("/quiz 单选")
    q = await fake.next_message(li.id)
    assert q.text.startswith("【单选题】")
    asked = await engine.latest_open_asked(li.id, li.id)
    options = asked.question.options
    assert [b[:1] for b in q.button_texts] == list(options)  # one button per option, starting with its letter
    press = li.press(q, asked.question.letters)
    assert (await fake.callback_answer(press)).text.startswith("✅")
    verdict = await answered(fake, q)  # written into the question's own message
    assert q.text.startswith("【单选题】") and f"✅ {asked.question.letters}. " in q.text  # the choice marked
    lines = verdict.text.splitlines()
    assert lines[0].startswith("✅")
    assert any(line.startswith("正确答案：" + asked.question.letters) for line in lines)
    if asked.question.explanation:
        assert "解析：" in verdict.text
    assert verdict.button_texts == ["➡️ 下一题"]  # the answer buttons gave way to it
    # a second press of the same (now removed) button: a toast, and nothing changes
    again = li.press_data(q, q.history[-1][1]["inline_keyboard"][0][0]["callback_data"])
    assert "已经答过" in (await fake.callback_answer(again)).text
    assert await engine.latest_open_asked(li.id, li.id) is None
    assert (await engine.stats(li.id)).total.total == 1
    assert len(fake.sent_to(li.id)) == 1  # one message per question
    fake.assert_clean()
    assert not errors(caplog)


async def test_true_false_buttons_and_english(bot_env: BotEnv) -> None:
    fake = bot_env.fake
    li = fake.user(3002, "李雷")
    li.command("/quiz 判断")
    q = await fake.next_message(li.id)
    assert q.button_texts == ["正确", "错误"]
    asked = await bot_env.engine.latest_open_asked(li.id, li.id)
    wrong = "错误" if asked.question.answer else "正确"
    press = li.press(q, wrong)
    assert (await fake.callback_answer(press)).text.startswith("❌")
    verdict = await answered(fake, q)
    assert verdict.text.startswith("❌ 回答错误")
    assert "正确答案：" + ("正确" if asked.question.answer else "错误") in verdict.text

    amy = fake.user(3003, "Amy", language_code="en-US")
    amy.command("/quiz truefalse")
    q = await fake.next_message(amy.id)
    assert q.text.startswith("【True/false】")  # one name per kind in a language
    assert q.button_texts == ["True", "False"]  # one language per message
    asked = await bot_env.engine.latest_open_asked(amy.id, amy.id)
    amy.press(q, "True" if asked.question.answer else "False")
    verdict = await answered(fake, q)
    assert verdict.text.startswith("✅ Correct") and "Next question" in verdict.button_texts[0]
    fake.assert_clean()


async def test_multiple_choice_toggles_and_submit(bot_env: BotEnv) -> None:
    fake, engine = bot_env.fake, bot_env.engine
    li = fake.user(3004, "李雷")
    li.command("/quiz 多选")
    q = await fake.next_message(li.id)
    asked = await engine.latest_open_asked(li.id, li.id)
    key = asked.question.letters
    assert "提交" in q.button_texts[-1]
    empty = li.press(q, q.button_texts[-1])
    assert "至少" in (await fake.callback_answer(empty)).text
    first = key[0]
    press = li.press(q, first)
    assert (await fake.callback_answer(press)).text == f"已选：{first}"
    await fake.wait_for(lambda: any("☑" in b for b in q.button_texts), what="the tick")
    assert next(b for b in q.button_texts if "☑" in b).startswith(f"{first}. ☑")
    li.press(q, first)  # untick
    await fake.wait_for(lambda: not any("☑" in b for b in q.button_texts), what="the untick")
    for letter in key:
        li.press(q, letter)
    await fake.wait_for(lambda: sum("☑" in b for b in q.button_texts) == len(key), what="all ticks")
    assert await engine.selection(asked.id, li.id) == "".join(sorted(key))
    li.press(q, q.button_texts[-1])
    verdict = await answered(fake, q)
    assert verdict.text.startswith("✅")
    assert all(f"✅ {letter}. " in q.text for letter in key)
    assert q.button_texts == ["➡️ 下一题"]  # the options and [提交] gave way to it
    assert fake.unanswered_callbacks() == []
    fake.assert_clean()


async def test_typed_answers_fill_letters_and_nonsense(bot_env: BotEnv, caplog: pytest.LogCaptureFixture) -> None:
    fake, engine = bot_env.fake, bot_env.engine
    li = fake.user(3005, "李雷")
    li.send_text("你好")
    assert "没有待回答的题目" in (await fake.next_message(li.id)).text
    li.command("/quiz 填空")
    q = await fake.next_message(li.id)
    assert q.text.startswith("【填空题】") and q.reply_markup is None
    asked = await engine.latest_open_asked(li.id, li.id)
    li.send_text(asked.question.blanks()[0][0])
    verdict = await answered(fake, q)  # the typed answer's verdict goes to the question's message
    assert verdict.text.startswith("✅")

    li.command("/quiz single")
    q = await fake.next_message(li.id)
    asked = await engine.latest_open_asked(li.id, li.id)
    li.send_text("嗯……")  # not an answer: said so, nothing recorded, the question stays open
    hint = await fake.next_message(li.id)
    assert hint.text.startswith("❓")
    assert (await engine.latest_open_asked(li.id, li.id)).id == asked.id
    li.send_text(wrong_letter(asked.question).lower())
    verdict = await answered(fake, q)
    assert verdict.text.startswith("❌")
    assert f"❌ {wrong_letter(asked.question)}. " in q.text and q.button_texts == ["➡️ 下一题"]
    assert (await engine.stats(li.id)).total.total == 2
    fake.assert_clean()
    assert not errors(caplog)


async def test_next_button_once(bot_env: BotEnv) -> None:
    fake, engine = bot_env.fake, bot_env.engine
    li = fake.user(3006, "李雷")
    li.command("/quiz 填空")
    q = await fake.next_message(li.id)
    li.send_text("不知道")
    verdict = await answered(fake, q)
    data = verdict.find_button(0)["callback_data"]
    li.press(verdict)
    q2 = await fake.next_message(li.id)
    assert q2.text.startswith("【填空题】")  # the filter of the /quiz is kept
    second = li.press_data(verdict, data)  # the same button again: a toast, no second question
    assert "已经发出" in (await fake.callback_answer(second)).text
    assert q.reply_markup is None
    assert len(fake.sent_to(li.id)) == 2
    asked = await engine.latest_open_asked(li.id, li.id)
    assert asked.message_id == q2.message_id
    fake.assert_clean()


async def test_bad_arguments_forged_and_stale_buttons(bot_env: BotEnv) -> None:
    fake = bot_env.fake
    li = fake.user(3007, "李雷")
    amy = fake.user(3008, "Amy", language_code="en")
    li.command("/quiz 随便 <script>")
    reply = await fake.next_message(li.id)
    assert "看不懂这些参数：随便, <script>" in reply.text and "distributed-training-2025" in reply.text
    amy.command("/quiz nonsense")
    assert (await fake.next_message(amy.id)).text.startswith("These arguments are not understood: nonsense")
    amy.command("/nosuchcommand")
    assert "There is no command /nosuchcommand" in (await fake.next_message(amy.id)).text
    amy.send_sticker()
    assert "I can only read text" in (await fake.next_message(amy.id)).text

    li.command("/quiz 单选")
    q = await fake.next_message(li.id)
    codec = CallbackCodec.from_token(fake.token)
    forged = li.press_data(q, "1a:1:A.AAAAAA")
    assert (await fake.callback_answer(forged)).text == "这个按钮已失效。"
    stale = li.press_data(q, codec.encode("answer", 999999, "A"))
    assert "找不到这道题" in (await fake.callback_answer(stale)).text
    theirs = amy.press_data(q, q.find_button(0)["callback_data"])  # someone else's private question
    assert "another learner" in (await fake.callback_answer(theirs)).text
    junk = li.press_data(q, "\u202e" * 10)
    assert (await fake.callback_answer(junk)).text == "这个按钮已失效。"
    assert q.reply_markup is not None and await bot_env.engine.latest_open_asked(li.id, li.id) is not None
    assert fake.unanswered_callbacks() == []
    fake.assert_clean()


async def test_html_escaping_and_long_questions_split(awkward: BotEnv) -> None:
    fake = awkward.fake
    li = fake.user(3009, "李雷")
    li.command("/quiz esc")
    q = await fake.next_message(li.id)
    assert "Which is <b>bold</b> & x < y?" in q.text and "A. <i>" in q.text and not q.entities
    li.press(q, "B")
    verdict = await answered(fake, q)
    assert verdict.text.startswith("✅") and "B. a & b" in verdict.text and "Because & and < must" in verdict.text

    li.command("/quiz huge")
    first = await fake.next_message(li.id)
    second = await fake.next_message(li.id)
    assert first.reply_markup is None and second.button_texts == ["A. yes", "B. no"]
    assert len(first.text) <= 4096 and "line 0:" in first.text and "line 59:" in second.text
    li.press(second, "A")  # a question of two messages: its verdict is a message of its own
    assert (await fake.next_message(li.id)).text.startswith("✅")
    fake.assert_clean()


async def test_option_letters_t_and_f_are_letters(awkward: BotEnv) -> None:
    fake = awkward.fake
    li = fake.user(3010, "李雷")
    li.command("/quiz tkey")
    q = await fake.next_message(li.id)
    li.press(q, "F")
    assert (await answered(fake, q)).text.startswith("✅")
    fake.assert_clean()


async def test_quiz_polls(awkward: BotEnv, caplog: pytest.LogCaptureFixture) -> None:
    fake, engine = awkward.fake, awkward.engine
    li = fake.user(3011, "李雷")
    li.command("/quiz sky poll")
    poll_msg = await fake.next_message(li.id)
    poll = poll_msg.poll
    assert poll["type"] == "quiz" and not poll["is_anonymous"] and poll["correct_option_ids"] == [0]
    assert [o["text"] for o in poll["options"]] == ["正确", "错误"]
    assert poll["question"] == "1. The sky is blue & <clear>." and poll["explanation"] == "Rayleigh scattering."
    li.answer_poll(poll_msg, [0])
    after = await fake.next_message(li.id)
    assert after.text.startswith("✅ 回答正确") and "Rayleigh" not in after.text  # the poll showed it
    assert after.button_texts == ["➡️ 下一题"]
    assert (await engine.stats(li.id)).total.correct == 1

    # several correct options; the explanation is too long for the poll, so it follows as a message
    li.command("/quiz primes poll")
    poll_msg = await fake.next_message(li.id)
    poll = poll_msg.poll
    assert poll["correct_option_ids"] == [0, 1, 3] and poll["allows_multiple_answers"]
    assert "explanation" not in poll
    li.answer_poll(poll_msg, [0, 1])
    after = await fake.next_message(li.id)
    assert after.text.startswith("🟡") and LONG_EXPLANATION.split("\n")[0] in after.text

    # options over 100 characters: buttons instead of a poll
    li.command("/quiz bigopt poll")
    q = await fake.next_message(li.id)
    assert q.poll is None and q.button_texts[0].startswith("A.")
    li.press(q, "A")
    assert (await answered(fake, q)).text.startswith("✅")
    fake.assert_clean()
    assert not errors(caplog)


async def test_typed_answer_to_a_poll_stops_it_and_poll_setting(awkward: BotEnv) -> None:
    fake, engine = awkward.fake, awkward.engine
    amy = fake.user(3012, "Amy", language_code="en")
    amy.command("/settings poll on")
    assert "Quiz polls: on" in (await fake.next_message(amy.id)).text
    amy.command("/quiz esc")
    poll_msg = await fake.next_message(amy.id)
    assert poll_msg.poll is not None and poll_msg.poll["correct_option_ids"] == [1]
    amy.send_text("C")
    verdict = await fake.next_message(amy.id)
    assert verdict.text.startswith("❌ Wrong")
    await fake.wait_for(lambda: poll_msg.poll["is_closed"], what="the poll to be stopped")
    assert (await engine.stats(amy.id)).total.wrong == 1
    fake.assert_clean()


async def test_edited_messages_are_ignored(bot_env: BotEnv) -> None:
    fake = bot_env.fake
    li = fake.user(3013, "李雷")
    li.command("/quiz 填空")
    q = await fake.next_message(li.id)
    typed = li.send_text("随便写写")
    await fake.edited(q)
    li.edit(typed, "改一下")
    li.command("/streak")
    assert "连续" in (await fake.next_message(li.id)).text
    assert len(fake.sent_to(li.id)) == 2
    assert (await bot_env.engine.stats(li.id)).total.total == 1
    fake.assert_clean()


async def test_a_next_press_on_a_message_without_buttons_edits_nothing(bot_env: BotEnv) -> None:
    """Signed "next" data on a message that shows no button (a replayed press): a question, no futile edit."""
    fake = bot_env.fake
    amy = fake.user(7301, "Amy", language_code="en")
    amy.command("/help")
    plain = await fake.next_message(amy.id)
    assert not plain.buttons
    amy.press_data(plain, CallbackCodec.from_token(fake.token).encode("next", "q999999"))
    question = await fake.next_message(amy.id)
    assert question.buttons  # the press still asks the next question
    await fake.wait_for(lambda: not fake.unanswered_callbacks(), timeout=10, what="the press answered")
    assert fake.calls("editMessageReplyMarkup") == []
    fake.assert_clean()
