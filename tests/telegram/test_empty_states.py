"""Every empty state has a next step (issue 25): nothing due for review, a filter that holds nothing, no
mistakes yet, each with buttons, and the time of the next review in words. End to end through the fake Bot
API."""

from __future__ import annotations

from quiz_kit import wrong_letter
from tg_harness import BotEnv, answered


async def test_nothing_due_says_when_in_words_and_offers_a_new_question_and_the_menu(bot_env: BotEnv) -> None:
    fake, engine = bot_env.fake, bot_env.engine
    li = fake.user(4901, "李雷")
    li.command("/quiz 单选")
    q = await fake.next_message(li.id)
    missed = await engine.latest_open_asked(li.id, li.id)
    li.press(q, wrong_letter(missed.question))
    await answered(fake, q)
    li.command("/review")
    empty = await fake.next_message(li.id)
    assert "分钟后到期" in empty.text and ":" not in empty.text  # in words, never a timestamp
    assert empty.button_texts == ["📝 练习", "🏠 主菜单"]
    li.press(empty, "📝 练习")  # a new question a tap away
    following = await fake.next_message(li.id)
    assert following.buttons and following.message_id != empty.message_id
    li.press(empty, "🏠 主菜单")  # the main menu in place of the empty state
    await bot_env.settle()
    assert empty.text.startswith("你好") and "🔁 复习 · 0" in empty.button_texts
    fake.assert_clean()


async def test_a_filter_with_nothing_and_no_mistakes_yet_each_have_buttons(bot_env: BotEnv) -> None:
    fake = bot_env.fake
    amy = fake.user(4902, "Amy", language_code="en")
    amy.command("/review")  # a new learner: nothing ever answered
    empty = await fake.next_message(amy.id)
    assert empty.button_texts == ["📝 Practice", "🏠 Menu"]
    amy.command("/stats")
    stats = await fake.next_message(amy.id)
    missed = next((b for b in stats.button_texts if "❌" in b), None)
    if missed is not None:  # the stats' [mistakes] button for a learner without any
        amy.press(stats, missed)
        none = await fake.next_message(amy.id)
        assert none.button_texts == ["📝 Practice", "🏠 Menu"]
    for lang in ("zh", "ja"):
        user = fake.user(4903 if lang == "zh" else 4904, "X", language_code=lang)
        user.command("/review")
        assert (await fake.next_message(user.id)).button_texts[-1] in ("🏠 主菜单", "🏠 メニュー")
    fake.assert_clean()
