"""/stats to act on, through the fake Bot API (issue 16, item 6): the picture's buttons practise the
mistakes and the reviews due, and the caption counts partial credit."""

from __future__ import annotations

import io
from collections.abc import AsyncIterator

import pytest
from PIL import Image
from tg_harness import BotEnv

from bot.banks.model import save_bank
from bot.pictures import HEIGHT_PX, WIDTH_PX
from bot.records import Tally
from bot.study.streaks import StreakView
from bot.telegram.stats import StatsView, caption
from tests.telegram.test_stats import BANK
from tests.telegram.test_stats import _bank as stats_bank


@pytest.fixture
async def env(bot_settings_env: BotEnv) -> AsyncIterator[BotEnv]:
    save_bank(stats_bank(), bot_settings_env.banks)  # five single-choice questions, key A
    async with bot_settings_env.run():
        yield bot_settings_env


async def test_the_stats_buttons_practise_the_mistakes_and_the_reviews(env: BotEnv) -> None:
    fake = env.fake
    li = fake.user(7001, "李雷", language_code="zh")
    li.command("/stats")  # nothing to picture yet: what to do first, with the buttons that do it
    first = await fake.next_message(li.id)
    assert "还没有练习记录" in first.text and first.button_texts == ["🎯 5 题", "📝 练习"]

    han = fake.user(7002, "韩梅梅", language_code="zh")
    han.command(f"/quiz {BANK}")
    right = await fake.next_message(han.id)
    han.send_text("A")  # right
    assert "✅" in (await fake.edited(right)).text
    han.command("/stats")
    photo = await fake.next_message(han.id, timeout=30)
    assert photo.kind == "photo" and photo.button_texts == ["🔁 复习", "❌ 错题"]
    png = fake.files[photo.extra["photo"][0]["file_id"]].content
    with Image.open(io.BytesIO(png)) as image:
        assert image.size == (WIDTH_PX, HEIGHT_PX)
    han.command("/stats 26")  # more weeks on request: another picture of the same size
    longer = await fake.next_message(han.id, timeout=30)
    assert fake.files[longer.extra["photo"][0]["file_id"]].content != png
    han.press(photo, "❌ 错题")  # nothing missed yet
    assert "还没有答错过的题目" in (await fake.next_message(han.id)).text

    li.command(f"/quiz {BANK}")
    question = await fake.next_message(li.id)
    shown = question.text  # as asked (its verdict is written into it next)
    li.send_text("B")  # wrong
    assert "❌" in (await fake.edited(question)).text
    li.command(f"/quiz {BANK}")
    other = await fake.next_message(li.id)
    assert other.text != shown
    li.send_text("A")  # right
    assert "✅" in (await fake.edited(other)).text
    env.clock.advance(days=2)  # the mistake's review is due by now
    li.command("/stats")
    photo = await fake.next_message(li.id, timeout=30)
    assert png != fake.files[photo.extra["photo"][0]["file_id"]].content

    li.press(photo, "🔁 复习")  # the review due: the question missed
    review = await fake.next_message(li.id)
    assert review.text == shown and review.buttons
    li.press(review, "A")
    assert "✅" in (await fake.edited(review)).text

    li.press(photo, "❌ 错题")  # the most-missed question again, on demand
    again = await fake.next_message(li.id)
    assert again.text == shown and again.buttons
    fake.assert_clean()


async def test_a_group_picture_has_no_private_buttons(env: BotEnv) -> None:
    fake = env.fake
    amy = fake.user(7101, "Amy", language_code="en")
    group = fake.group(-7100, "Class", members=[amy.id])
    amy.command("/stats", group)
    photo = await fake.next_message(group.id, timeout=30)
    assert photo.kind == "photo" and photo.buttons == []
    fake.assert_clean()


def test_the_caption_counts_partial_credit() -> None:
    streak = StreakView(current=1, longest=1, freezes=0, today_done=True, at_risk=False)
    case = Tally(total=2, correct=0, partial=2, wrong=0, score=1.5)  # two case answers at 75%
    view = StatsView("Amy", case, {"case": case}, streak)
    lines = caption(view, "en").splitlines()
    assert lines[1].endswith(": 75% of the points")
    assert lines[2] == "Case analysis 75% (2 answered)"
