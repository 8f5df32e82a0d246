"""/stats end to end through the fake Bot API server: a PNG of the expected size that follows the data."""

from __future__ import annotations

import io
from collections.abc import AsyncIterator

import pytest
from fakebot import FakeBotServer, MessageState
from PIL import Image
from tg_harness import BotEnv

from bot.banks.model import Bank, Question, save_bank
from bot.pictures import HEIGHT_PX, WIDTH_PX
from bot.study.group_stats import streak_of_days
from bot.telegram.stats import caption

BANK = "statsdemo"


def _bank() -> Bank:
    questions = [
        Question(
            id=f"s-{n}",
            kind="single",
            number=n,
            prompt=f"Question {n}: which letter is right?",
            options={"A": "alpha", "B": "beta", "C": "gamma"},
            answer="A",
        )
        for n in range(1, 6)
    ]
    return Bank(id=BANK, title="Stats demo", source="tests", questions=questions)


@pytest.fixture
async def env(bot_settings_env: BotEnv) -> AsyncIterator[BotEnv]:
    save_bank(_bank(), bot_settings_env.banks)
    async with bot_settings_env.run():
        yield bot_settings_env


def _png(fake: FakeBotServer, photo: MessageState) -> bytes:
    assert photo.kind == "photo"
    return fake.files[photo.extra["photo"][0]["file_id"]].content


async def _stats(fake: FakeBotServer, user: object, chat: object = None) -> tuple[MessageState, bytes]:
    target = chat if chat is not None else user
    user.command("/stats", chat)  # type: ignore[attr-defined]
    photo = await fake.next_message(target.id, timeout=30)  # type: ignore[attr-defined]
    return photo, _png(fake, photo)


async def _answer(fake: FakeBotServer, user: object, reply: str) -> None:
    user.command(f"/quiz {BANK}")  # type: ignore[attr-defined]
    question = await fake.next_message(user.id)  # type: ignore[attr-defined]
    assert "Question" in (question.text or "")
    user.send_text(reply)  # type: ignore[attr-defined]
    await fake.edited(question)  # the verdict, written into the question's message


async def test_private_stats_picture_decodes_and_follows_the_answers(env: BotEnv) -> None:
    fake = env.fake
    amy = fake.user(5001, "Amy", language_code="en")

    amy.command("/stats")  # a new learner: what to do first rather than an empty picture
    first = await fake.next_message(amy.id)
    assert first.kind == "text" and "No practice yet" in first.text
    assert first.button_texts == ["🎯 5 q.", "📝 Practice"]

    await _answer(fake, amy, "A")
    photo, before = await _stats(fake, amy)
    with Image.open(io.BytesIO(before)) as img:
        assert img.format == "PNG" and img.size == (WIDTH_PX, HEIGHT_PX)
    assert photo.extra["photo"][0]["width"] == WIDTH_PX  # the fake decoded it too
    assert photo.caption is not None and "Amy" in photo.caption
    await _answer(fake, amy, "B")
    await _answer(fake, amy, "A")
    photo, after = await _stats(fake, amy)
    with Image.open(io.BytesIO(after)) as img:
        assert img.size == (WIDTH_PX, HEIGHT_PX)
    assert after != before
    lines = photo.caption.splitlines()
    assert lines[0] == "Amy"
    assert lines[1].startswith("3 answered, 2 right, 0 partly right: 67% of the points")
    assert lines[2].endswith(" 67% (3 answered)")
    assert lines[3] == "Streak in days: current 1, longest 1"
    assert photo.extra["caption_entities"][0]["type"] == "bold"
    fake.assert_clean()


async def test_chinese_caption_and_group_picture(env: BotEnv) -> None:
    fake, engine = env.fake, env.engine
    li = fake.user(5002, "李雷", language_code="zh-hans")
    han = fake.user(5003, "韩梅梅", language_code="zh-hans")
    group = fake.group(-100500, "刷题小组", members=[li, han])
    group.add_bot(li)
    assert (await fake.next_message(group.id)).text.startswith("大家好！")  # the welcome

    _, empty = await _stats(fake, li, group)
    # Group answers are recorded as a push to the group would record them.
    await engine.ensure_chat(group.id, "supergroup", group.title)
    for member in (li, han):
        await engine.ensure_learner(member.id, member.first_name)
    pick = await engine.next_question(li.id, banks=[BANK])
    asked = await engine.ask(group.id, None, pick)
    assert (await engine.answer(li.id, asked, "A")).recorded
    assert (await engine.answer(han.id, asked, "B")).recorded

    photo, full = await _stats(fake, li, group)
    with Image.open(io.BytesIO(full)) as img:
        assert img.size == (WIDTH_PX, HEIGHT_PX)
    assert full != empty
    lines = photo.caption.splitlines()
    assert lines[0] == "刷题小组"
    assert lines[1] == "共答 2 题，全对 1 题，部分对 0 题，得分率 50%"
    assert lines[2] == "单选题 50%（2 题）"
    assert lines[3] == "当前连续 1 天，最长连续 1 天"
    # The learner's own picture in private counts the group answer too, and differs from the group's.
    photo, own = await _stats(fake, li)
    assert own != full and photo.caption.splitlines()[1].startswith("共答 1 题")
    fake.assert_clean()


def test_group_streak_follows_the_learner_rules() -> None:
    assert streak_of_days([], 100) == streak_of_days([], 100)
    view = streak_of_days([95, 96, 97, 99, 100], 100)
    assert (view.current, view.longest, view.today_done) == (2, 3, True)
    gone = streak_of_days([95, 96, 97], 100)
    assert gone.current == 0 and gone.longest == 3


def test_caption_stays_within_telegram_limits() -> None:
    from bot.records import Tally
    from bot.study.streaks import StreakView
    from bot.telegram.stats import StatsView

    kinds = {f"kind-{i}-" + "x" * 40: Tally(10, 5, 1, 4, 6.0) for i in range(40)}
    view = StatsView("<Group & co>", Tally(400, 200, 40, 160, 240.0), kinds, StreakView(3, 9, 0, True, False))
    text = caption(view, "en")
    assert len(text) <= 1024
    assert text.startswith("<b>&lt;Group &amp; co&gt;</b>") and text.endswith("current 3, longest 9")
