"""A busy group never goes silent: its messages are planned, not discovered.

Telegram lets a bot send about 20 messages a minute to one group (the fake counts edits there too). End to
end through the fake Bot API with those limits on, on a clock the test drives (`DrivenTime`: the bot's
waits for the budget and the members' pace overlap as they would in real time, at no real cost):

- 30 commands from 6 members within one minute are each answered (the answer replies to its command)
  within 90 s, none dropped, and each command that had to wait got one 👀;
- a `/quiz 5` run posts all five questions and its board while members chat and send commands;
- while a result or a notice waits for the group's budget, no answer to a command and no live-count
  edit goes out before it;
- a reply gets a reaction only when it is right.
"""

from __future__ import annotations

import asyncio
import json
import statistics
from collections import Counter
from collections.abc import AsyncIterator, Callable
from typing import Any

import pytest
from fakebot import DrivenTime, FakeBotServer, MessageState, RateRules, SimGroup, SimUser
from fakebot.records import RequestRecord
from quiz_kit import errors, wrong_letter
from tg_harness import BotEnv

from bot.store import subscriptions
from bot.telegram.callbacks import CallbackCodec
from bot.telegram.group_quiz import WAITING, GroupQuiz

STEP = 0.5  # seconds of the driven clock per step; between two steps the bot does all it can
EYES = [{"type": "emoji", "emoji": WAITING}]


@pytest.fixture
async def fake() -> AsyncIterator[FakeBotServer]:
    server = FakeBotServer(rules=RateRules(count_edits=True), clock=DrivenTime())
    yield server
    await server.stop()


@pytest.fixture
async def env(bot_settings_env: BotEnv) -> AsyncIterator[BotEnv]:
    app = bot_settings_env.build()
    groups: GroupQuiz = app.bot_data.groups
    groups.tuning.tick_seconds = 0.01  # the closer looks often (real time); when a question is due is the test's clock
    async with bot_settings_env.run(app):
        yield bot_settings_env


class Drive:
    """The members' and the bot's time together: moved a step at a time, the bot doing all it can between
    (its waits for the group's budget are sleeps on the same clock)."""

    def __init__(self, env: BotEnv, step: float = STEP) -> None:
        assert isinstance(env.fake.clock, DrivenTime) and env.app is not None and env.feeder is not None
        self.env, self.clock, self.groups = env, env.fake.clock, env.app.bot_data.groups
        self.feeder, self.step_seconds = env.feeder, step

    @property
    def now(self) -> float:
        return self.clock()

    async def idle(self) -> None:
        """Return once the bot has done what it can at this instant: every update handled, no turn in use,
        and no request for a few loop rounds (its database work runs on a thread, in real time)."""
        fake, quiet = self.env.fake, 0
        for _ in range(5000):
            before = len(fake.requests)
            await self.feeder.settle()
            await asyncio.sleep(0.002)
            busy = self.groups.turns.held or not self.feeder.idle or len(fake.requests) != before
            quiet = 0 if busy else quiet + 1
            if quiet >= 3:
                return
        raise AssertionError("the bot never went quiet at one instant")

    async def step(self) -> None:
        await self.idle()
        self.clock.advance(self.step_seconds)
        self.env.clock.advance(seconds=self.step_seconds)  # the engine's clock: when questions close

    async def run(self, seconds: float) -> None:
        for _ in range(round(seconds / self.step_seconds)):
            await self.step()
        await self.idle()

    async def until(self, done: Callable[[], object], most: float, what: str) -> None:
        start = self.now
        await self.idle()
        while not done():
            assert self.now - start < most, f"{what}: not within {most} s"
            await self.step()


def crowd(fake: FakeBotServer, chat_id: int = -1007400) -> tuple[SimUser, list[SimUser], SimGroup]:
    """The group's admin and five members (English)."""
    amy = fake.user(7401, "Amy", language_code="en")
    names = ["Bob", "Cat", "Dan", "Eve", "Fay"]
    members = [fake.user(7402 + i, name, language_code="en") for i, name in enumerate(names)]
    group = fake.group(chat_id, "Busy <study> group", admins=[amy], members=members)
    return amy, members, group


def more_members(fake: FakeBotServer, group: SimGroup, n: int) -> list[SimUser]:
    more = [fake.user(7420 + i, f"M{i}", language_code="en") for i in range(n)]
    group.members |= {user.id for user in more}
    return more


def kept_the_limits(fake: FakeBotServer, chat_id: int, caplog: pytest.LogCaptureFixture) -> None:
    """Never more than 20 messages and edits to the group in any minute, no 429, nothing malformed."""
    assert fake.max_sends_in_window(chat_id, 60) <= 20
    assert fake.violations == []
    fake.assert_clean()
    assert not errors(caplog)


def _to(record: RequestRecord, chat_id: int) -> bool:
    return str(record.params.get("chat_id")) == str(chat_id) and record.status == 200


def answers(fake: FakeBotServer, chat_id: int) -> dict[int, list[float]]:
    """Message id of a member's command -> when the bot's messages that reply to it went out."""
    out: dict[int, list[float]] = {}
    for r in fake.requests:
        if r.method.lower() not in ("sendmessage", "sendphoto") or not _to(r, chat_id):
            continue
        reply = r.params.get("reply_parameters")
        if isinstance(reply, str):  # a photo's parameters travel as form fields
            reply = json.loads(reply)
        if reply:
            out.setdefault(int(reply["message_id"]), []).append(r.time)
    return out


def all_answered(fake: FakeBotServer, chat_id: int, commands: list[MessageState]) -> bool:
    quoted = answers(fake, chat_id)
    return all(m.message_id in quoted for m in commands)


def count_edits(fake: FakeBotServer, chat_id: int, message_id: int) -> list[float]:
    """When the live count under one question was edited (not its closing edit)."""
    return [
        r.time
        for r in fake.calls("editMessageText")
        if _to(r, chat_id) and int(r.params["message_id"]) == message_id and "🔒" not in str(r.params.get("text"))
    ]


def press_answer(fake: FakeBotServer, user: SimUser, message: MessageState, asked: Any, right: bool) -> None:
    codec = CallbackCodec.from_token(fake.token)
    question = asked.question
    if question.kind.value == "true_false":
        value = "1" if question.answer == right else "0"
    else:
        value = question.letters if right else wrong_letter(question)
    user.press_data(message, codec.encode("answer", asked.id, value))


ADMIN_COMMANDS = ["/subscribe 08:00 UTC", "/settings", "/streak", "/stats", "/help"]
MEMBER_COMMANDS = ["/help", "/top", "/stats", "/settings", "/start", "/streak", "/top week", "/banks", "/review"]


async def test_thirty_commands_from_six_members_in_a_minute_are_each_answered_within_90_seconds(
    env: BotEnv, caplog: pytest.LogCaptureFixture
) -> None:
    fake, drive = env.fake, Drive(env)
    amy, members, group = crowd(fake)
    bob = members[0]
    bob.command("/quiz single", group)  # open all the minute: answers, a live count, then its result
    await drive.until(lambda: fake.sent_to(group.id), 5, "the question")
    question = fake.sent_to(group.id)[0]
    asked = await env.engine.latest_open_asked(group.id)
    people = [amy, *members]
    todo = {amy.id: list(ADMIN_COMMANDS)}
    for i, member in enumerate(members):
        todo[member.id] = [MEMBER_COMMANDS[(2 * i + k) % len(MEMBER_COMMANDS)] for k in range(5)]

    sent: list[tuple[MessageState, float]] = []
    first = drive.now
    for i in range(30):  # one command every 2 s, the six members in turn
        person = people[i % 6]
        sent.append((person.command(todo[person.id].pop(0), group), drive.now))
        if i % 6 == 3:
            press_answer(fake, members[i // 6], question, asked, right=i % 2 == 0)
        if i % 4 == 1:
            members[i % 5].send_text("anyone done with chapter 3?", group)
        await drive.run(2)
    assert sent[-1][1] - first < 60  # thirty commands within one minute

    await drive.until(lambda: all_answered(fake, group.id, [m for m, _ in sent]), 120, "every command answered")
    await drive.run(10)  # nothing more comes for them
    quoted = answers(fake, group.id)
    latencies = []
    for message, at in sent:
        times = quoted.get(message.message_id, [])
        assert len(times) == 1, (message.text, times)  # answered, once
        latencies.append(times[0] - at)
    assert max(latencies) <= 90, latencies

    # One 👀 on each command that had to wait, none on a command answered at once.
    reactions = Counter(int(r.params["message_id"]) for r in fake.calls("setMessageReaction") if _to(r, group.id))
    waited = 0
    for (message, _), latency in zip(sent, latencies, strict=True):
        assert reactions[message.message_id] <= 1
        if message.reactions:
            assert message.reactions == EYES and latency > 0, (message.text, latency)
            waited += 1
        elif latency > 3 * STEP:  # beyond the bot's own working time: it waited, and said so
            raise AssertionError(f"{message.text} waited {latency} s without a 👀")
    assert waited >= 5  # the minute really was too full for them all at once

    # The question's result came in its time, among them (results go first).
    result = next(m for m in fake.sent_to(group.id) if (m.text or "").startswith("🏁 Result"))
    assert result.reply_to is question
    print(
        f"\n30 commands in {sent[-1][1] - first:.0f} s: answered in {min(latencies):.1f}-{max(latencies):.1f} s "
        f"(median {statistics.median(latencies):.1f} s), {waited} waited with a 👀; "
        f"at most {fake.max_sends_in_window(group.id, 60)} messages and edits to the group in any minute"
    )
    kept_the_limits(fake, group.id, caplog)


async def test_a_run_of_five_questions_finishes_while_members_chat(
    env: BotEnv, caplog: pytest.LogCaptureFixture
) -> None:
    fake, drive, engine = env.fake, Drive(env, step=1.0), env.engine  # what is measured here is no latency
    amy, members, group = crowd(fake)
    more = more_members(fake, group, 5)
    amy.command("/quiz 5 single", group)
    chatter = ["hi all", "who is up for lunch?", "this one is hard", "ok", "brb", "did anyone get 4?"]
    # What a lively group sends besides: boards, "that question is still open", refused reveals, /help...
    commands = ["/top", "/quiz", "/help", "/reveal", "/top week", "/stats", "/settings", "/quiz single"]
    sent: list[MessageState] = []
    answered: set[tuple[int, int]] = set()
    seen: dict[int, float] = {}  # asked id -> when the test first saw it open
    revealed: set[int] = set()

    def board() -> list[MessageState]:
        return [m for m in fake.sent_to(group.id) if (m.text or "").startswith("🏁 The run of")]

    tick = 0
    start = drive.now
    while not board():
        assert drive.now - start < 900, "the run did not finish"
        if tick % 6 == 0:
            members[tick % 5].send_text(chatter[tick % len(chatter)], group)
        if tick % 3 == 1:  # twenty commands a minute besides
            sent.append(members[(tick // 3) % 5].command(commands[(tick // 3) % len(commands)], group))
        current = await engine.latest_open_asked(group.id)
        if current is not None and current.message_id is not None:
            seen.setdefault(current.id, drive.now)
            message = next(m for m in fake.sent_to(group.id) if m.message_id == current.message_id)
            for k, member in enumerate([*members, *more]):  # each answers some seconds after it appears
                if (current.id, member.id) not in answered and drive.now - seen[current.id] >= 4 + 2 * k:
                    answered.add((current.id, member.id))
                    press_answer(fake, member, message, current, right=k % 2 == 0)
            if current.id not in revealed and drive.now - seen[current.id] >= 25:  # a brisk run: revealed early
                revealed.add(current.id)
                amy.command("/reveal", group)
        await drive.run(1)
        tick += 1

    texts = [m.text or "" for m in fake.sent_to(group.id)]
    headers = [x.splitlines()[0] for x in texts if x.startswith("📚 Question")]
    assert headers == [f"📚 Question {i} of 5" for i in range(1, 6)]
    assert sum(x.startswith("🏁 Result") for x in texts) == 5
    assert len(board()) == 1 and "The run of 5 questions is over" in board()[0].text
    quoting = [m for m in sent if not (m.text or "").startswith("/quiz")]  # a /quiz's answer is the question
    await drive.until(lambda: all_answered(fake, group.id, quoting), 120, "the commands answered")
    assert all(len(answers(fake, group.id)[m.message_id]) == 1 for m in quoting)
    kept_the_limits(fake, group.id, caplog)


async def test_results_and_notices_go_before_commands_and_the_live_count(
    env: BotEnv, caplog: pytest.LogCaptureFixture
) -> None:
    fake, drive, engine = env.fake, Drive(env), env.engine
    amy, members, group = crowd(fake)
    crowd_more = more_members(fake, group, 10)
    group.add_bot(by=amy)
    await drive.until(lambda: fake.sent_to(group.id), 5, "the hello")
    now = int(env.clock().timestamp())
    async with engine.store.write() as db:  # the day's question, due now: two questions open beside /quiz
        await subscriptions.subscribe(
            db, chat_id=group.id, learner_id=amy.id, minute=0, tz="UTC", now=now, next_due=now, kinds=["single"]
        )
    await env.app.bot_data.deliveries.tick()
    members[0].command("/quiz single", group)
    await drive.until(lambda: len(fake.sent_to(group.id)) == 3, 5, "the two questions")
    await drive.idle()
    quiz = await engine.latest_open_asked(group.id)
    question = next(m for m in fake.sent_to(group.id) if m.message_id == quiz.message_id)
    due = quiz.closes_at

    triggers: list[tuple[str, float, Callable[[MessageState], bool]]] = []
    commands: list[MessageState] = []
    for second in range(150):
        if second < 10:  # answers by button, one a second: each worth a live-count edit
            press_answer(fake, crowd_more[second], question, quiz, right=second % 3 == 0)
        if second == 12:  # a burst of commands fills the group's minute
            commands += [crowd_more[i % 10].command("/help" if i % 2 else "/top", group) for i in range(22)]
        if second in (6, 14, 30):  # a bare letter two questions could take: the group is told to reply
            ambiguous = members[second % 5].send_text("A", group)
            triggers.append(("notice", drive.now, lambda m, a=ambiguous: m.reply_to is a))
        if env.clock() >= due and not any(kind == "result" for kind, _, _ in triggers):
            triggers.append(("result", drive.now, lambda m: m.reply_to is question and m.text.startswith("🏁")))
        await drive.run(1)

    quoted = answers(fake, group.id)
    assert all(len(quoted.get(m.message_id, [])) == 1 for m in commands)  # every command answered, once
    others = [t for m in commands for t in quoted[m.message_id]] + count_edits(fake, group.id, question.message_id)
    assert count_edits(fake, group.id, question.message_id)  # the live count was shown while there was room
    sends = {id(m): r.time for m, r in _sends(fake, group.id)}
    for kind, at, matches in triggers:
        found = [m for m in fake.sent_to(group.id) if matches(m)]
        assert len(found) == 1, kind
        went = sends[id(found[0])]
        assert not [t for t in others if at < t < went], (kind, at, went)  # nothing of less weight went first
    assert {kind for kind, _, _ in triggers} == {"notice", "result"} and len(triggers) == 4
    kept_the_limits(fake, group.id, caplog)


def _sends(fake: FakeBotServer, chat_id: int) -> list[tuple[MessageState, RequestRecord]]:
    """Each message the bot sent to the group with the request that sent it (in order)."""
    records = [r for r in fake.requests if r.method.lower().startswith("send") and _to(r, chat_id)]
    messages = fake.sent_to(chat_id)
    assert len(records) == len(messages)
    return list(zip(messages, records, strict=True))


async def test_a_reply_gets_a_reaction_only_when_it_is_right(env: BotEnv) -> None:
    fake, drive, engine = env.fake, Drive(env), env.engine
    _amy, members, group = crowd(fake)
    bob, cat, dan, eve, _fay = members
    bob.command("/quiz fill", group)
    await drive.until(lambda: fake.sent_to(group.id), 5, "the question")
    fill = fake.sent_to(group.id)[0]
    asked = await engine.latest_open_asked(group.id)
    right = cat.reply_to(fill, " ".join(b[0] for b in asked.question.blanks()))
    wrong = dan.reply_to(fill, "certainly not this")
    unread = eve.reply_to(fill, "嗯……")  # a sound of thinking; a question mark alone gives up
    await drive.run(2)
    assert right.reactions == [{"type": "emoji", "emoji": "👍"}]
    assert wrong.reactions == []  # counted (the result says so), but not marked in front of everyone
    assert unread.reactions == [{"type": "emoji", "emoji": "🤔"}]
    assert {r.name: r.answered for r in await engine.top(group.id, "today")} == {"Cat": 1, "Dan": 1}
    bob.command("/reveal", group)
    await drive.run(2)

    bob.command("/quiz single", group)
    await drive.run(2)
    asked = await engine.latest_open_asked(group.id)
    key = cat.send_text(asked.question.letters.lower(), group)  # bare letters, one question open
    miss = dan.send_text(wrong_letter(asked.question), group)
    await drive.run(2)
    assert key.reactions == [{"type": "emoji", "emoji": "👍"}] and miss.reactions == []
    assert len(fake.calls("setMessageReaction")) == 3
    fake.assert_clean()


async def test_an_announcement_to_a_busy_group_leaves_the_results_their_places(
    env: BotEnv, caplog: pytest.LogCaptureFixture
) -> None:
    """An announcement reaches a group (subscribed to the day's question) in its turn, as the day's question
    would: never in the two places a minute kept for results and notices."""
    fake, drive, engine = env.fake, Drive(env), env.engine
    amy, members, group = crowd(fake)
    group.add_bot(by=amy)
    await drive.until(lambda: fake.sent_to(group.id), 5, "the hello")
    now = int(env.clock().timestamp())
    async with engine.store.write() as db:  # a recipient of announcements; its own push is not due
        await subscriptions.subscribe(
            db, chat_id=group.id, learner_id=amy.id, minute=0, tz="UTC", now=now, next_due=now + 86_400
        )
    typed = [members[i % 5].command("/help", group) for i in range(17)]  # with the hello: 18 in the minute
    await drive.idle()
    assert all(m.message_id in answers(fake, group.id) for m in typed)
    start = drive.now
    await env.app.bot_data.subscriptions.announce("The library opens at 8 tomorrow.", amy.id)
    ticking = asyncio.ensure_future(env.app.bot_data.deliveries.tick())
    await drive.until(lambda: any((m.text or "").startswith("📢") for m in fake.sent_to(group.id)), 90, "it")
    went = next(r.time for r in fake.calls("sendMessage") if str(r.params.get("text", "")).startswith("📢"))
    assert went - start >= 55  # when the minute's first messages left it, not at once as the 19th
    await ticking
    kept_the_limits(fake, group.id, caplog)
    assert fake.max_sends_in_window(group.id, 60) <= 18
