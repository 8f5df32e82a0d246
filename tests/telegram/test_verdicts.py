"""A verdict is never lost: one that cannot be sent while Telegram fails is kept and sent when it works
again, and pressing the answered question again repeats the verdict."""

from __future__ import annotations

import pytest
from fakebot import Fault
from quiz_kit import errors
from tg_harness import BotEnv


async def _question(env: BotEnv, user):  # type: ignore[no-untyped-def]
    user.command("/quiz 判断")
    return await env.fake.next_message(user.id)


async def _back_up(env: BotEnv) -> None:
    """Telegram works again; the courier's next try comes."""
    env.fake.clear_faults()
    env.clock.advance(seconds=10)
    env.app.bot_data.courier.wake()


async def test_a_verdict_lost_to_500s_is_kept_repeated_on_a_press_and_sent_later(
    bot_env: BotEnv, caplog: pytest.LogCaptureFixture
) -> None:
    env, fake = bot_env, bot_env.fake
    amy = fake.user(4101, "Amy", language_code="en")
    question = await _question(env, amy)
    # A minute of 500s: the verdict's edit of its question fails, so it is kept and sent later.
    fake.fail(Fault.server_error(), method="editMessageText", chat_id=amy.id, times=None)
    other = question.buttons[0][1]["callback_data"]
    press = amy.press(question, 0)
    first = await fake.callback_answer(press)
    assert first.text.startswith(("✅", "❌"))
    await fake.wait_for(
        lambda: any(r.method == "editMessageText" and r.status == 500 for r in fake.requests),
        what="the verdict's failed send",
    )
    assert (await env.engine.stats(amy.id)).total.total == 1  # the answer is recorded all the same

    again = amy.press_data(question, other)  # the other answer: "already answered", with the first verdict
    repeated = await fake.callback_answer(again)
    assert repeated.text.startswith("You already answered this question") and first.text in repeated.text

    await _back_up(env)
    verdict = await fake.next_message(amy.id, timeout=10)
    assert verdict.text.startswith(first.text) and verdict.buttons  # the full verdict, "next" button and all
    async with env.engine.store.read() as db:
        assert list(await db.execute_fetchall("SELECT count(*) FROM outbox")) == [(0,)]
    assert not [r for r in fake.rejected]
    assert not errors(caplog)


async def test_a_verdict_behind_429s_past_the_retries_is_kept_and_sent(bot_env: BotEnv) -> None:
    env, fake = bot_env, bot_env.fake
    bo = fake.user(4102, "Bo", language_code="en")
    await _question(env, bo)
    fake.fail(Fault.too_many_requests(1), method="editMessageText", chat_id=bo.id, times=4)  # one more than the retries
    bo.send_text("对")
    await fake.wait_for(lambda: len([f for f in fake.faulted if f[1] == bo.id]) == 4, timeout=10, what="four 429s")
    await fake.wait_for(lambda: env.app.bot_data.courier.sent == 0 and _kept(env), timeout=10, what="kept")
    await _back_up(env)
    verdict = await fake.next_message(bo.id, timeout=10)
    assert verdict.text.startswith(("✅", "❌"))
    fake.assert_clean()  # no request inside a retry_after


def _kept(env: BotEnv) -> bool:
    import sqlite3

    conn = sqlite3.connect(env.db)
    try:
        return conn.execute("SELECT count(*) FROM outbox").fetchone()[0] == 1
    finally:
        conn.close()
