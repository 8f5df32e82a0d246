"""Group study chats end to end: several simulated members, the fake Bot API server, a movable clock.

The fake counts edits toward the flood limits here (``count_edits=True``): the live count under a
question is a group request like any other.
"""

from __future__ import annotations

import asyncio
import random
import sqlite3
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from typing import Any

import pytest
from fakebot import FakeBotServer, MessageState, RateRules, SimGroup, SimUser, VirtualTime
from quiz_kit import errors, wrong_letter
from tg_harness import BotEnv, running

from bot.store import subscriptions
from bot.telegram.callbacks import CallbackCodec
from bot.telegram.group_quiz import GroupQuiz

BOT = "studybot_test_bot"


@pytest.fixture
async def fake() -> AsyncIterator[FakeBotServer]:
    server = FakeBotServer(rules=RateRules(count_edits=True), clock=VirtualTime())
    yield server
    await server.stop()


@pytest.fixture
async def http_fake() -> AsyncIterator[FakeBotServer]:
    async with FakeBotServer(rules=RateRules(count_edits=True)) as server:
        yield server


def _quick(app: Any, *, edit_seconds: float = 0.2) -> Any:
    """The group quiz with test timings: counts are edited fast, and the closer looks only at start-up
    (and when a test calls `tick()`: question time is the test's clock, moved by hand)."""
    groups: GroupQuiz = app.bot_data.groups
    groups.tuning.tick_seconds = 3600
    groups.tuning.edit_seconds = edit_seconds
    return app


def _groups(env: BotEnv) -> GroupQuiz:
    assert env.app is not None
    return env.app.bot_data.groups


@pytest.fixture
async def env(bot_settings_env: BotEnv) -> AsyncIterator[BotEnv]:
    async with bot_settings_env.run(_quick(bot_settings_env.build())):
        yield bot_settings_env


def members(fake: FakeBotServer) -> tuple[SimUser, SimUser, SimUser, SimUser, SimGroup]:
    amy = fake.user(7001, "Amy", language_code="en")  # the group's admin
    bob = fake.user(7002, "Bob", language_code="en")
    cat = fake.user(7003, "Cat", language_code="en")
    dan = fake.user(7004, "Dan", language_code="en")
    group = fake.group(-1007000, "Study <group>", admins=[amy], members=[bob, cat, dan])
    return amy, bob, cat, dan, group


async def ask(env: BotEnv, user: SimUser, group: SimGroup, command: str = "/quiz single") -> tuple[MessageState, Any]:
    """``command`` in the group; the question message and its asked row."""
    user.command(command, group)
    question = await env.fake.next_message(group.id)
    await env.settle()  # the message id is stored right after the send returns
    asked = await env.engine.latest_open_asked(group.id)
    assert asked is not None and asked.message_id == question.message_id
    return question, asked


async def press(env: BotEnv, user: SimUser, message: MessageState, button: str, after: float = 0.0) -> Any:
    """Move the clock ``after`` seconds, press, and return the private callback answer."""
    env.clock.advance(seconds=after)
    return await env.fake.callback_answer(user.press(message, button))


async def answer_right(env: BotEnv, user: SimUser, message: MessageState, asked: Any) -> Any:
    """Answer any button question rightly (ticks and submit for multiple choice); the last callback answer."""
    codec = CallbackCodec.from_token(env.fake.token)
    question = asked.question
    if question.kind.value == "true_false":
        return await env.fake.callback_answer(
            user.press_data(message, codec.encode("answer", asked.id, "1" if question.answer else "0"))
        )
    if question.kind.value == "single":
        return await env.fake.callback_answer(
            user.press_data(message, codec.encode("answer", asked.id, question.letters))
        )
    for letter in question.letters:
        await env.fake.callback_answer(user.press_data(message, codec.encode("toggle", asked.id, letter)))
    return await env.fake.callback_answer(user.press_data(message, codec.encode("submit", asked.id)))


async def test_each_member_answers_once_privately_and_the_asker_reveals(
    env: BotEnv, caplog: pytest.LogCaptureFixture
) -> None:
    fake, engine = env.fake, env.engine
    amy, bob, cat, dan, group = members(fake)
    question, asked = await ask(env, bob, group)
    assert "Revealed in 60 s, one answer each" in question.text
    key, wrong = asked.question.letters, wrong_letter(asked.question)
    assert asked.learner_id == bob.id

    right = await press(env, cat, question, key, after=2)
    assert right.text.startswith("✅ Correct +10 points")
    assert right.show_alert == bool(asked.question.explanation)
    assert len(right.text) <= 200
    missed = await press(env, dan, question, wrong, after=3)
    assert missed.text.startswith("❌ Wrong") and "Answer: " + key in missed.text
    assert (await press(env, bob, question, key, after=1)).text.startswith("✅")
    again = await press(env, cat, question, wrong)  # a second answer changes nothing: the first verdict again
    assert again.text.startswith("You already answered this question; it stays as it was.\n✅ Correct")
    again = await press(env, dan, question, key)
    assert "already answered" in again.text

    # the group sees a count, never a message per answer
    await fake.wait_for(lambda: "👥 3 answered" in question.text, what="the live count")
    assert len(fake.sent_to(group.id)) == 1
    assert question.button_texts and question.history  # still answerable, edited in place

    old_data = question.find_button(key)["callback_data"]
    bob.command("/reveal", group)  # the member who asked
    result = await fake.next_message(group.id)
    lines = result.text.splitlines()
    assert lines[0] == "🏁 Result"
    assert "Answer: " + key in result.text
    assert "✅ Right (2): Cat (2.0 s), Bob (6.0 s)" in lines
    assert "❌ Wrong (1): Dan" in lines
    assert result.button_texts == ["➡️ Next question"]
    assert result.reply_to is question
    await fake.wait_for(lambda: question.reply_markup is None, what="the closed question's buttons to go")
    assert "🔒 Revealed · 3 answered" in question.text
    closed = await fake.callback_answer(amy.press_data(question, old_data))  # the old button, after the close
    assert closed.text == "This question is closed."

    # points and the members' own progress
    top = await engine.top(group.id, "all")  # ties: by member id
    assert [(r.name, r.points, r.correct, r.answered) for r in top] == [
        ("Bob", 10, 1, 1),
        ("Cat", 10, 1, 1),
        ("Dan", 0, 0, 1),
    ]
    for user, correct in ((cat, 1), (bob, 1), (dan, 0)):
        stats = await engine.stats(user.id)
        assert (stats.total.total, stats.total.correct) == (1, correct)
        assert stats.streak.current == 1
        assert await engine.next_question(user.id, review_only=True) is not None
    assert len(fake.sent_to(group.id)) == 2
    assert not any(m for u in (amy, bob, cat, dan) for m in fake.sent_to(u.id))  # nothing private but toasts
    fake.assert_clean()
    assert not errors(caplog)


async def test_reveal_by_an_admin_and_a_polite_refusal_for_anyone_else(env: BotEnv) -> None:
    fake = env.fake
    amy, bob, cat, dan, group = members(fake)
    question, asked = await ask(env, bob, group, "/quiz truefalse")
    assert [b.split()[0] for b in question.button_texts] == ["True", "False"]
    await press(env, cat, question, "True" if asked.question.answer else "False", after=1)

    dan.command("/reveal", group)  # neither the asker nor an admin
    refusal = await fake.next_message(group.id)
    assert refusal.text.startswith("Only the member who asked or a group admin can reveal early")
    assert refusal.reply_to is not None and refusal.reply_to.sender["id"] == dan.id
    assert not (await env.engine.get_asked(asked.id)).closed
    # Cat's press (never wrote in the group: is Cat a member?), then Dan's /reveal (an admin?).
    assert [int(c.params["user_id"]) for c in fake.calls("getChatMember")] == [cat.id, dan.id]

    amy.command(f"/reveal@{BOT}", group)  # an admin who did not ask
    result = await fake.next_message(group.id)
    assert result.text.startswith("🏁 Result") and "✅ Right (1): Cat (1.0 s)" in result.text
    assert (await env.engine.get_asked(asked.id)).closed

    amy.command("/reveal", group)  # nothing left to reveal
    assert (await fake.next_message(group.id)).text == "No question is open now. Send /quiz for one."
    bob.command("/reveal")  # in a private chat: a group command
    assert "group" in (await fake.next_message(bob.id)).text
    fake.assert_clean()


async def test_an_anonymous_admin_and_the_creator_may_reveal(env: BotEnv) -> None:
    fake = env.fake
    owner, bob = fake.user(7101, "Owner", language_code="en"), fake.user(7102, "Bob", language_code="en")
    group = fake.group(-1007100, "Owned", creator=owner, members=[bob])
    await ask(env, bob, group)
    owner.command("/reveal", group)
    assert (await fake.next_message(group.id)).text.startswith("🏁 Result")
    await ask(env, bob, group)
    # an anonymous admin writes as the group itself (sender_chat)
    msg = fake.new_message(
        group.id,
        {"id": 1087968824, "is_bot": True, "first_name": "Group", "username": "GroupAnonymousBot"},
        text="/reveal",
        entities=[{"type": "bot_command", "offset": 0, "length": 7}],
        extra={"sender_chat": group.chat()},
    )
    fake.message_update(msg)
    assert (await fake.next_message(group.id)).text.startswith("🏁 Result")
    assert len(fake.calls("getChatMember")) == 1  # the creator's check; the anonymous admin needs none
    fake.assert_clean()


async def test_closes_by_itself_when_time_is_up_and_the_next_button_asks_again(env: BotEnv) -> None:
    fake, engine = env.fake, env.engine
    _amy, bob, cat, dan, group = members(fake)
    question, asked = await ask(env, bob, group)
    await press(env, dan, question, wrong_letter(asked.question), after=10)
    env.clock.advance(seconds=49)
    assert await _groups(env).tick() == 0  # 59 s is not yet 60
    assert len(fake.sent_to(group.id)) == 1
    env.clock.advance(seconds=1)
    assert await _groups(env).tick() == 1
    result = await fake.next_message(group.id)
    assert "❌ Wrong (1): Dan" in result.text and "Right" not in result.text
    assert (await engine.get_asked(asked.id)).closed

    answer = await fake.callback_answer(cat.press(result, "➡️"))  # the next question, by anyone
    assert answer.text is None
    second = await fake.next_message(group.id)
    again = await fake.callback_answer(dan.press(result, "➡️"))  # one open question at a time
    assert again.text == "The last question is still open: answer it first."
    assert len(fake.sent_to(group.id)) == 3
    latest = await engine.latest_open_asked(group.id)
    assert latest.message_id == second.message_id and latest.learner_id == cat.id
    assert latest.question.kind.value == "single"  # the filter of the group's last /quiz
    fake.assert_clean()


async def test_fill_questions_are_answered_by_replying_and_graded_silently(env: BotEnv) -> None:
    fake, engine = env.fake, env.engine
    _amy, bob, cat, dan, group = members(fake)
    question, asked = await ask(env, bob, group, "/quiz fill")
    assert question.buttons == [] and "reply to this message to answer" in question.text
    right = (
        asked.question.blanks()[0][0]
        if len(asked.question.blanks()) == 1
        else " ".join(b[0] for b in asked.question.blanks())
    )
    env.clock.advance(seconds=4)
    cat.reply_to(question, right)
    dan.send_text("just chatting", group)  # not a reply: not an answer
    await fake.wait_for(lambda: "👥 1 answered" in question.text, what="the count of one reply")
    env.clock.advance(seconds=2)
    dan.reply_to(question, "certainly not this")
    await fake.wait_for(lambda: "👥 2 answered" in question.text, what="the count of replies")
    cat.reply_to(question, "a second try")  # once only
    await env.settle()
    assert len(fake.sent_to(group.id)) == 1  # graded silently
    bob.command("/reveal", group)
    result = await fake.next_message(group.id)
    assert "✅ Right (1): Cat (4.0 s)" in result.text
    assert "Wrong (1): Dan" in result.text
    assert (await engine.stats(cat.id)).total.correct == 1
    fake.assert_clean()


async def test_a_group_that_asks_for_polls_gets_a_quiz_poll_closed_with_the_result(env: BotEnv) -> None:
    fake = env.fake
    _amy, bob, cat, dan, group = members(fake)
    bob.command("/quiz truefalse poll", group)
    poll_msg = await fake.next_message(group.id)
    assert poll_msg.poll is not None and poll_msg.poll["type"] == "quiz" and not poll_msg.poll["is_anonymous"]
    assert "open_period" not in poll_msg.poll  # closed by the bot, with the result
    asked = await env.engine.latest_open_asked(group.id)
    right = 0 if asked.question.answer else 1
    env.clock.advance(seconds=3)
    cat.answer_poll(poll_msg, [right])
    dan.answer_poll(poll_msg, [1 - right])

    await env.settle()
    assert sum(len(x) for x in await _result_lists(env, asked.id)) == 2
    bob.command("/reveal", group)
    result = await fake.next_message(group.id)
    assert "✅ Right (1): Cat (3.0 s)" in result.text and "❌ Wrong (1): Dan" in result.text
    await fake.wait_for(lambda: poll_msg.poll["is_closed"], what="the poll to stop")
    fake.assert_clean()


async def _result_lists(env: BotEnv, asked_id: int) -> list[list[Any]]:
    async with env.engine.store.read() as db:
        rows = await db.execute_fetchall("SELECT learner_id FROM attempts WHERE asked_id = ?", (asked_id,))
    return [list(rows)]


async def test_closing_survives_a_restart(bot_settings_env: BotEnv, caplog: pytest.LogCaptureFixture) -> None:
    env = bot_settings_env
    fake = env.fake
    _amy, bob, cat, dan, group = members(fake)
    async with env.run(_quick(env.build())):
        question, asked = await ask(env, bob, group)
        await press(env, cat, question, asked.question.letters, after=5)
    async with env.run(_quick(env.build())):  # a new process on the same database
        wrong = await press(env, dan, question, wrong_letter(asked.question), after=2)  # old buttons still work
        assert wrong.text.startswith("❌")
        await fake.wait_for(lambda: "👥 2 answered" in question.text, what="the count after the restart")
    assert len(fake.sent_to(group.id)) == 1  # not revealed while the bot was up
    env.clock.advance(seconds=120)  # its time passes while the bot is down
    async with env.run(_quick(env.build())):
        result = await fake.next_message(group.id)  # revealed at start-up
        assert "✅ Right (1): Cat (5.0 s)" in result.text and "❌ Wrong (1): Dan" in result.text
        await fake.wait_for(lambda: "🔒 Revealed · 2 answered" in question.text, what="the question to close")
        assert await _groups(env).tick() == 0
        assert len(fake.sent_to(group.id)) == 2  # once
    async with env.run(_quick(env.build())):
        await env.settle()
        assert await _groups(env).tick() == 0
        assert len(fake.sent_to(group.id)) == 2  # and never again
    fake.assert_clean()
    assert not errors(caplog)


async def _round(env: BotEnv, asker: SimUser, group: SimGroup, right: list[SimUser], wrong: list[SimUser]) -> None:
    question, asked = await ask(env, asker, group)
    for user in right:
        await press(env, user, question, asked.question.letters, after=1)
    for user in wrong:
        await press(env, user, question, wrong_letter(asked.question), after=1)
    asker.command("/reveal", group)
    assert (await env.fake.next_message(group.id)).text.startswith("🏁")


async def test_the_leaderboard_today_this_week_and_all_time(env: BotEnv) -> None:
    fake = env.fake
    amy, bob, cat, dan, group = members(fake)
    env.clock.now = datetime(2026, 2, 27, 4, 0, tzinfo=UTC)  # Friday of the week before (noon in Shanghai)
    await _round(env, amy, group, [dan], [cat])
    env.clock.now = datetime(2026, 3, 2, 4, 0, tzinfo=UTC)  # Monday
    await _round(env, amy, group, [cat, bob], [])
    env.clock.now = datetime(2026, 3, 4, 4, 0, tzinfo=UTC)  # Wednesday: today
    await _round(env, amy, group, [bob], [dan])

    bob.command("/top", group)
    board = (await fake.next_message(group.id)).text
    today, week, alltime = (part.strip().splitlines() for part in board.split("\n\n")[1:])
    assert today == ["Today", "🥇 Bob — 10 points (1/1 right)", "🥈 Dan — 0 points (0/1 right)"]
    assert week == [
        "This week",
        "🥇 Bob — 20 points (2/2 right)",
        "🥈 Cat — 10 points (1/1 right)",
        "🥉 Dan — 0 points (0/1 right)",
    ]
    assert alltime == [
        "All time",
        "🥇 Bob — 20 points (2/2 right)",
        "🥈 Cat — 10 points (1/2 right)",
        "🥉 Dan — 10 points (1/2 right)",
    ]
    cat.command("/top week", group)
    assert (await fake.next_message(group.id)).text.splitlines()[1:] == ["", *week]
    dan.command("/top yesterday", group)
    assert '"yesterday" is not a leaderboard period' in (await fake.next_message(group.id)).text
    lonely = fake.group(-1007999, "Empty", members=[bob])
    bob.command("/top", lonely)
    empty = (await fake.next_message(lonely.id)).text  # three empty boards are one
    assert empty.splitlines()[2:] == ["Today · This week · All time", "No points yet."]
    fake.assert_clean()


async def test_only_admins_subscribe_the_group_and_the_daily_question_closes_with_a_result(env: BotEnv) -> None:
    fake, engine = env.fake, env.engine
    amy, bob, cat, _dan, group = members(fake)
    env.clock.now = datetime(2026, 3, 7, 6, 0, tzinfo=UTC)
    bob.command("/subscribe 09:00 UTC", group)
    assert "Only the group's admins" in (await fake.next_message(group.id)).text
    amy.command("/subscribe 09:00 UTC", group)
    assert "This group gets 1 daily question at 09:00 (UTC)" in (await fake.next_message(group.id)).text
    cat.command("/unsubscribe", group)
    assert "Only the group's admins" in (await fake.next_message(group.id)).text
    assert [s.chat_id for s in await _active_subscriptions(env)] == [group.id]

    env.clock.now = datetime(2026, 3, 7, 9, 0, tzinfo=UTC)
    [progress] = await env.app.bot_data.deliveries.tick()
    assert progress.sent == 1
    question = await fake.next_message(group.id)
    asked = await engine.latest_open_asked(group.id)
    assert asked.learner_id is None and asked.closes_at is not None
    env.clock.advance(seconds=3)
    assert (await answer_right(env, bob, question, asked)).text.startswith("✅")
    bob.command("/reveal", group)  # nobody asked it: only an admin may reveal it early
    assert "Only the member who asked or a group admin" in (await fake.next_message(group.id)).text
    env.clock.advance(seconds=60)
    assert await _groups(env).tick() == 0  # a daily question is open for the day, not for a minute
    env.clock.now = datetime(2026, 3, 7, 22, 0, tzinfo=UTC)  # the default closing time (the group's zone: UTC)
    assert await _groups(env).tick() == 1
    result = await fake.next_message(group.id)
    assert result.text.startswith("🏁") and "Bob" in result.text
    amy.command("/unsubscribe", group)
    assert "Daily questions stopped" in (await fake.next_message(group.id)).text
    fake.assert_clean()


async def test_membership_and_migration_keep_the_groups_data(env: BotEnv) -> None:
    fake, engine = env.fake, env.engine
    amy, bob = fake.user(7201, "Amy", language_code="en"), fake.user(7202, "Bob", language_code="en")
    group = fake.group(-7200, "Small group", admins=[amy], members=[bob])
    group.add_bot(by=amy)

    async def active(chat_id: int) -> bool | None:
        chat = await engine.chat(chat_id)
        return None if chat is None else chat.active

    await env.settle()
    assert await active(group.id) is True
    assert (await fake.next_message(group.id)).text.startswith("Hello everyone!")
    await _round(env, amy, group, [bob], [amy])
    amy.command("/subscribe 08:00 UTC", group)
    await fake.next_message(group.id)
    group.remove_bot(by=amy)
    await env.settle()
    assert await active(group.id) is False
    group.add_bot(by=amy)
    await env.settle()
    assert await active(group.id) is True
    assert (await fake.next_message(group.id)).text.startswith("Hello everyone!")

    supergroup = group.migrate(-1007200, by=amy)
    await env.settle()
    assert await active(supergroup.id) is True
    assert (await engine.chat(supergroup.id)).kind == "supergroup"
    assert [(r.name, r.points) for r in await engine.top(supergroup.id)] == [("Bob", 10), ("Amy", 0)]
    assert await engine.top(group.id) == []
    assert [s.chat_id for s in await _active_subscriptions(env)] == [supergroup.id]
    bob.command("/top", supergroup)
    assert "🥇 Bob — 10 points (1/1 right)" in (await fake.next_message(supergroup.id)).text
    await _round(env, bob, supergroup, [amy], [])  # and the group quiz goes on in the supergroup
    fake.assert_clean()


async def _active_subscriptions(env: BotEnv) -> list[Any]:
    async with env.engine.store.read() as db:
        return await subscriptions.due_after(db, 2**40, None)


async def test_spam_of_commands_and_buttons_never_floods_the_group(
    http_settings_env: BotEnv, caplog: pytest.LogCaptureFixture
) -> None:
    """50 commands and 200 button presses by nine members within a minute: no flood, every press answered,
    no command dropped (those the minute had no room for wait with a 👀, kept in the update inbox).

    End to end over HTTP: updates are fetched in batches and handled concurrently, as in production."""
    env = http_settings_env
    fake = env.fake
    rng = random.Random(7)
    admin = fake.user(7300, "Admin", language_code="en")
    crowd = [fake.user(7301 + i, f"M{i}", language_code=rng.choice(["en", "zh"])) for i in range(8)]
    group = fake.group(-1007300, "Busy", admins=[admin], members=crowd)
    commands = (
        ["/quiz"] * 10
        + ["/quiz single"] * 10
        + [f"/quiz@{BOT} truefalse"] * 6
        + ["/reveal"] * 8
        + ["/top"] * 6
        + ["/top week"] * 2
        + ["/help"] * 4
        + ["/start"] * 2
    )
    assert len(commands) == 48  # and two reveals by the admin: 50
    script: list[tuple[str, Any]] = [("command", c) for c in commands] + [("press", None)] * 200
    rng.shuffle(script)
    script.insert(60, ("admin", "/reveal"))
    script.insert(150, ("admin", "/reveal"))
    loop = asyncio.get_running_loop()
    typed: list[MessageState] = []
    async with running(_quick(env.build(http=True), edit_seconds=0.5)) as app:
        started = loop.time()
        admin.command("/quiz single", group)  # the members' /reveal of it are refused
        await fake.next_message(group.id)
        presses = 0
        for i, (what, arg) in enumerate(script):
            member = rng.choice(crowd)
            if what == "command":
                typed.append(member.command(arg, group))
            elif what == "admin":
                typed.append(admin.command(arg, group))
            else:
                with_buttons = [m for m in fake.sent_to(group.id) if m.buttons]
                target = with_buttons[-1] if rng.random() < 0.8 else rng.choice(with_buttons)
                member.press(target, rng.randrange(len(target.button_texts)))
                presses += 1
            if i % 10 == 0:  # members type faster than the bot answers, but not unboundedly
                await fake.wait_for(lambda: fake.pending_updates() < 20, timeout=30, what="the bot to catch up")
        await fake.wait_for(lambda: fake.pending_updates() == 0, timeout=30, what="every update read")
        await fake.wait_for(lambda: not fake.unanswered_callbacks(), timeout=30, what="every press answered")
        await asyncio.wait_for(app.update_queue.join(), 30)  # every update handled
        elapsed = loop.time() - started
        engine = app.bot_data.engine
        waiting = app.bot_data.groups.queued(group.id)  # commands still waiting for their turn
        async with engine.store.read() as db:
            attempts = (
                await db.execute_fetchall(
                    "SELECT count(*), count(DISTINCT asked_id || ':' || learner_id) FROM attempts"
                )
            )[0]
            asked = (await db.execute_fetchall("SELECT count(*) FROM asked WHERE chat_id = ?", (group.id,)))[0][0]

    assert presses == 200 and elapsed < 60, elapsed  # it all happened within one minute
    counted = fake.max_sends_in_window(group.id, 60)  # messages and edits to the group
    to_group = [
        r
        for r in fake.requests
        if str(r.params.get("chat_id")) == str(group.id)
        and r.method.lower() in ("sendmessage", "editmessagetext", "editmessagereplymarkup", "sendpoll")
    ]
    assert fake.violations == []
    assert counted <= 20 and len(to_group) <= 20, (counted, [r.method for r in to_group])
    assert 2 <= asked <= 4  # the admin's reveals let new questions in; never more than 4 a minute
    verdicts = [a for a in fake.callback_answers.values() if a.text and a.text[:1] in "✅🟡❌"]
    assert attempts[0] == attempts[1] == len(verdicts) > 0  # one private verdict per recorded answer, once each
    assert len(fake.callback_answers) == len(fake.callback_presses) == 200
    assert not any(fake.sent_to(u.id) for u in [admin, *crowd])  # nothing sent privately
    texts = [m.text or "" for m in fake.sent_to(group.id)]
    assert sum(x.startswith("🏆") for x in texts) <= 8  # each /top answered in its turn, within the minute's room

    # No command dropped: the minute had room for some; the others waited in the group's queue, each
    # with one 👀, and (the bot stopped before their turn) stay unhandled in the update inbox, for the
    # next start to answer.
    update_of = {u["message"]["message_id"]: u["update_id"] for u in fake.all_updates if "message" in u}
    with sqlite3.connect(env.db) as db:
        unhandled = {row[0] for row in db.execute("SELECT update_id FROM updates WHERE handled_at IS NULL")}
    eyes = [m for m in typed if m.reactions == [{"type": "emoji", "emoji": "👀"}]]
    kept = [m for m in typed if update_of[m.message_id] in unhandled]
    assert waiting == len(kept) > 0 and set(map(id, kept)) <= set(map(id, eyes))
    reacted = [r for r in fake.calls("setMessageReaction") if r.params["reaction"]]
    assert len(reacted) == len(eyes)  # one 👀 per waiting command
    fake.assert_clean()
    assert not errors(caplog)


async def test_group_settings_shown_to_all_and_poll_mode_changed_by_admins_only(env: BotEnv) -> None:
    fake, engine = env.fake, env.engine
    amy, bob, cat, _dan, group = members(fake)
    bob.command("/settings", group)
    shown = (await fake.next_message(group.id)).text
    assert shown.startswith("Group settings") and "Quiz polls: off" in shown and "Daily question: off" in shown
    assert "Language: English" in shown  # the group's own (here: of its first member to use the bot)
    assert fake.calls("getChatMember") == []  # looking needs no check

    bob.command("/settings poll on", group)  # not an admin: a polite refusal, nothing changes
    refusal = (await fake.next_message(group.id)).text
    assert refusal.startswith("Sorry, only the group's admins can change its settings")
    assert [int(c.params["user_id"]) for c in fake.calls("getChatMember")] == [bob.id]
    assert not (await engine.chat(group.id)).poll

    cat.command("/settings poll maybe", group)
    assert (await fake.next_message(group.id)).text.startswith("Usage: /settings shows the group's settings")
    assert len(fake.calls("getChatMember")) == 1  # a bad value is not worth a check

    amy.command("/subscribe 09:00 UTC", group)
    await fake.next_message(group.id)
    amy.command(f"/settings@{BOT} poll on", group)
    changed = (await fake.next_message(group.id)).text
    assert "Quiz polls: on" in changed and "Daily question: daily at 09:00 (UTC)" in changed
    assert (await engine.chat(group.id)).poll

    cat.command("/quiz truefalse", group)  # no "poll" word: the group's choice
    poll_msg = await fake.next_message(group.id)
    assert poll_msg.poll is not None and poll_msg.poll["type"] == "quiz"
    cat.command("/reveal", group)
    assert (await fake.next_message(group.id)).text.startswith("🏁")

    amy.command("/settings poll off", group)
    assert "Quiz polls: off" in (await fake.next_message(group.id)).text
    assert not (await engine.chat(group.id)).poll
    bob.command("/settings")  # a private chat: Bob's own settings, untouched by the group's
    own = (await fake.next_message(bob.id)).text
    assert own.startswith("Settings") and "Language: English" in own and "Quiz polls: off" in own
    fake.assert_clean()


async def test_settings_spam_in_a_group_is_answered_in_full_within_its_budget(env: BotEnv) -> None:
    """25 /settings at once: the group's minute has room for most; the rest wait with a 👀 and are answered
    in their turn (the virtual clock moves on), never more than 20 messages in any minute."""
    fake = env.fake
    _amy, _bob, _cat, dan, group = members(fake)
    typed = [dan.command("/settings", group) for _ in range(25)]
    await env.settle()
    answers = [m for m in fake.sent_to(group.id) if (m.text or "").startswith("Group settings")]
    assert len(answers) == 25 and {m.reply_to.message_id for m in answers} == {m.message_id for m in typed}
    waited = [m for m in typed if m.reactions]
    assert 1 <= len(waited) <= 7 and all(m.reactions == [{"type": "emoji", "emoji": "👀"}] for m in waited)
    assert fake.max_sends_in_window(group.id, 60) <= 20
    assert fake.violations == []
    fake.assert_clean()


async def test_the_next_button_keeps_the_groups_filter_and_poll_mode_after_a_restart(
    bot_settings_env: BotEnv, caplog: pytest.LogCaptureFixture
) -> None:
    env = bot_settings_env
    fake = env.fake
    amy, bob, _cat, _dan, group = members(fake)
    async with env.run(_quick(env.build())):
        await ask(env, bob, group, "/quiz truefalse finetuning-2025")
        bob.command("/reveal", group)
        result = await fake.next_message(group.id)
    for _ in range(2):  # each press in a new process: only the button remembers the /quiz
        async with env.run(_quick(env.build())):
            assert (await fake.callback_answer(amy.press(result, "➡️"))).text is None
            await fake.next_message(group.id)
            asked = await env.engine.latest_open_asked(group.id)
            assert (asked.question.kind.value, asked.bank_id) == ("true_false", "finetuning-2025")
            amy.command("/reveal", group)
            result = await fake.next_message(group.id)
    async with env.run(_quick(env.build())):
        amy.command("/settings poll on", group)
        assert "Quiz polls: on" in (await fake.next_message(group.id)).text
        await fake.callback_answer(bob.press(result, "➡️"))
        poll_msg = await fake.next_message(group.id)  # the group's poll mode, the button's filter
        assert poll_msg.poll is not None and poll_msg.poll["type"] == "quiz"
        asked = await env.engine.latest_open_asked(group.id)
        assert (asked.question.kind.value, asked.bank_id) == ("true_false", "finetuning-2025")
        bob.command("/reveal", group)
        assert (await fake.next_message(group.id)).text.startswith("🏁")
    fake.assert_clean()
    assert not errors(caplog)


async def test_group_answers_count_only_from_its_own_message_by_its_members(env: BotEnv) -> None:
    fake, engine = env.fake, env.engine
    amy, bob, cat, _dan, group = members(fake)
    other = fake.group(-1007999, "Elsewhere", members=[cat])
    eve = fake.user(7990, "Eve", language_code="en")  # not in the group (a public group she only looks at)
    question, asked = await ask(env, bob, group, "/quiz truefalse")
    data = question.find_button(0)["callback_data"]

    # The group's button data pressed in a private chat: refused, and no key shown before the reveal.
    private = eve.send_text("hello")
    from_private = await fake.callback_answer(eve.press_data(private, data))
    assert "nothing was recorded" in from_private.text and "Answer" not in from_private.text
    # ... pressed on a message of another group (Cat is a member there and here): refused.
    elsewhere = cat.send_text("hi", other)
    from_other = await fake.callback_answer(cat.press_data(elsewhere, data))
    assert "nothing was recorded" in from_other.text
    # ... a press with no message at all (an inline or too old message): refused, answered.
    fake.inject({"callback_query": {"id": "77001", "from": cat.user_dict(), "chat_instance": "x", "data": data}})
    fake.callback_presses["77001"] = None  # type: ignore[assignment]  # so its answer is expected
    await fake.wait_for(lambda: "77001" in fake.callback_answers, what="the bare press answered")
    # ... the group's own message, pressed by someone who is not a member: refused.
    outsider = await fake.callback_answer(eve.press(question, 0))
    assert outsider.text == "Only the group's members' answers count."
    async with engine.store.read() as db:
        assert list(await db.execute_fetchall("SELECT count(*) FROM attempts")) == [(0,)]

    # A member's press on the group's own message counts.
    counted = await fake.callback_answer(cat.press(question, 0))
    assert counted.text.startswith(("✅", "❌"))
    await engine.close_question(asked.id)
    top = await engine.top(group.id)
    assert [r.name for r in top] == ["Cat"]

    # Poll votes: a non-member's is not counted, a member's is.
    amy.command("/quiz truefalse poll", group)
    poll = await fake.next_message(group.id)
    await fake.wait_for(lambda: poll.poll is not None and poll.poll["id"], what="the poll")

    async def voted(user_id: int) -> bool:
        async with engine.store.read() as db:
            rows = await db.execute_fetchall("SELECT count(*) FROM attempts WHERE learner_id = ?", (user_id,))
        return list(rows) == [(1,)]

    eve.answer_poll(poll, [0])
    bob.answer_poll(poll, [0])
    await env.settle()
    assert await voted(bob.id) and not await voted(eve.id)
    assert [int(c.params["user_id"]) for c in fake.calls("getChatMember")].count(eve.id) == 1  # asked once, cached


async def test_live_count_edits_stay_within_the_groups_budget(env: BotEnv) -> None:
    """The live count is the last thing a group's minute has room for: below its cap, and still shown (each
    edit waits for room: the virtual clock moves on)."""
    fake = env.fake
    crowd = [fake.user(7200 + i, f"M{i}", language_code="en") for i in range(8)]
    group = fake.group(-1007200, "Counted", members=crowd)
    groups = _groups(env)
    groups.tuning.edit_seconds = 0.05
    groups.tuning.edit_cap = 3  # the question is one request: two edits fit under the cap in a minute
    question, asked = await ask(env, crowd[0], group, "/quiz truefalse")
    for member in crowd:  # one answer after another, each count worth an edit
        await answer_right(env, member, question, asked)
    await fake.wait_for(lambda: "👥 8 answered" in (question.text or ""), what="the last count", timeout=10)
    assert fake.max_sends_in_window(group.id, 60) <= 3  # the question and two edits in any minute (edit cap 3)
    fake.assert_clean()
