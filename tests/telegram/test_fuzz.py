"""600 hostile updates from 120 simulated users, then the bot must still answer normally.

Random Unicode, 4096-character texts, commands with bad arguments, forged and stale callback data,
edited messages, channel posts, stickers and photos, votes in unknown polls, blocking and unblocking.
Afterwards: no request rejected by the fake server, no flood rule broken, every callback query
answered, no error in the log, and a new learner gets a question and a verdict as usual.
"""

from __future__ import annotations

import random
from collections.abc import AsyncIterator, Callable
from pathlib import Path

import pytest
from fakebot import FakeBotServer, RateRules, SimUser, VirtualTime
from quiz_kit import errors
from tg_harness import BotEnv, answered, settings_env

from bot.telegram.callbacks import CallbackCodec

UPDATES = 600
USERS = 120
COMMANDS = ("quiz", "review", "streak", "banks", "lang", "settings", "report", "help", "start", "nosuch")
SETTINGS_WORDS = ("poll", "kinds", "tz", "投票", "题型", "时区", "on", "off", "all", "UTC+99", "Asia/Nowhere")


def _char(rng: random.Random) -> str:
    """Any character JSON can carry: no lone surrogates (Telegram never sends them)."""
    pool = rng.choice(
        (
            (0x20, 0x7E),
            (0x00, 0x1F),
            (0x4E00, 0x9FFF),
            (0x0590, 0x06FF),
            (0x1F300, 0x1FAFF),
            (0x200B, 0x202E),
            (0xE000, 0xF8FF),
            (0x10000, 0x10FFFF),
            ("<", ">", "&", "\n"),
        )
    )
    if isinstance(pool[0], str):
        return rng.choice(pool)
    code = rng.randint(*pool)  # type: ignore[arg-type]
    return chr(code) if not 0xD800 <= code <= 0xDFFF and code != 0 else "x"


def _text(rng: random.Random, longest: int = 60) -> str:
    if rng.random() < 0.1:
        return "".join(rng.choice("对错ABCDE&<> \n") for _ in range(4096))
    return "".join(_char(rng) for _ in range(rng.randint(1, longest))) or "x"


def _forged(rng: random.Random, codec: CallbackCodec) -> str:
    kind = rng.randrange(5)
    if kind == 0:  # random bytes that fit
        return "".join(_char(rng) for _ in range(rng.randint(1, 16)))
    if kind == 1:  # our layout, wrong signature
        return f"1{rng.choice('atsnblz')}:{rng.randint(1, 10**6)}:{rng.choice('ABX1')}.{'x' * 6}"
    if kind == 2:  # signed, but pointing at rows that do not exist
        return codec.encode("answer", rng.randint(10**6, 10**9), rng.choice("ABCD"))
    if kind == 3:
        return codec.encode(rng.choice(["next", "bank", "lang"]), rng.choice(["q999999", "nosuch", "xx", "_77"]))
    return "9" + "z" * rng.randint(0, 63)


@pytest.fixture
async def fast_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> AsyncIterator[BotEnv]:
    """The bot and the fake both allowing ten times Telegram's 30 messages a second in all (the other rules
    as Telegram's): the backlog is not worth waiting for at the real pace, and the rules are still kept."""
    fake = FakeBotServer(rules=RateRules(global_rate=300, global_burst=300), clock=VirtualTime())
    env = settings_env(monkeypatch, tmp_path, fake, send_rate=300)
    async with env.run():
        yield env
    await fake.stop()


async def test_hostile_updates_then_normal_service(fast_env: BotEnv, caplog: pytest.LogCaptureFixture) -> None:
    bot_env = fast_env
    fake = bot_env.fake
    rng = random.Random(20260302)
    codec = CallbackCodec.from_token(fake.token)
    langs = ["zh", "en", "en-US", "zh-hans", "fr", "", None, "🙂", "x" * 35]
    users: list[SimUser] = [
        fake.user(6000 + i, _text(rng, 20).replace("\n", " ").strip() or "U", language_code=rng.choice(langs))
        for i in range(USERS)
    ]
    channel = fake.group(-1006000, "Channel <&>", kind="channel")
    group = fake.group(-1006001, "Group", admins=[users[0]])
    mine: dict[int, list] = {u.id: [] for u in users}  # messages each user sent, for edits
    group_commands = 0

    actions: list[Callable[[SimUser], object]] = []

    def text(u: SimUser) -> object:
        mine[u.id].append(u.send_text(_text(rng)))
        return None

    def command(u: SimUser) -> object:
        name = rng.choice(COMMANDS)
        words = [
            rng.choice(SETTINGS_WORDS) if rng.random() < 0.5 else _text(rng, 12).split("\n")[0]
            for _ in range(rng.randint(0, 3))
        ]
        line = " ".join([f"/{name}", *words])[:4096]
        mine[u.id].append(u.command(line))
        return None

    def press(u: SimUser) -> object:
        sent = fake.sent_to(u.id)
        if sent and rng.random() < 0.5:
            msg = rng.choice(sent)
            if msg.buttons and rng.random() < 0.7:
                return u.press(msg, rng.randrange(len(msg.button_texts)))
            return u.press_data(msg, _forged(rng, codec))
        return None

    def edit(u: SimUser) -> object:
        if mine[u.id]:
            msg = rng.choice(mine[u.id])
            if msg.text is not None:
                u.edit(msg, _text(rng))
        return None

    def other(u: SimUser) -> object:
        nonlocal group_commands
        roll = rng.randrange(6)
        if roll == 0:
            u.send_sticker(emoji=_char(rng))
        elif roll == 1:
            u.send_photo(b"\x89PNG not really")
        elif roll == 2:
            channel.post(_text(rng))
        elif roll == 3:
            option = rng.randrange(5)
            fake.inject(
                {
                    "poll_answer": {
                        "poll_id": _text(rng, 10),
                        "user": u.user_dict(),
                        "option_ids": [option],
                        "option_persistent_ids": [str(option)],
                    }
                }
            )
        elif roll == 4 and group_commands < 4:
            group_commands += 1  # a few only: a group gets 20 messages a minute
            u.command(f"/{rng.choice(COMMANDS)}@studybot_test_bot {_text(rng, 10)}", group)
        else:
            u.block_bot()
            u.unblock_bot()
        return None

    actions = [text, text, command, command, command, press, press, edit, other]
    while len(fake.all_updates) < UPDATES:
        rng.choice(actions)(rng.choice(users))
        if rng.random() < 0.1:  # let the bot catch up now and then, so buttons exist to press
            await bot_env.settle()
    kinds = [next(k for k in u if k != "update_id") for u in fake.all_updates]
    for kind in ("message", "edited_message", "channel_post", "callback_query", "poll_answer", "my_chat_member"):
        assert kinds.count(kind) >= 5, (kind, kinds.count(kind))

    await bot_env.settle()  # every update handled: the bot has finished with the backlog
    assert not fake.unanswered_callbacks()  # every button press answered
    assert len(fake.calls("sendMessage")) > 150 and len(fake.calls("answerCallbackQuery")) == kinds.count(
        "callback_query"
    )

    # still serving normally
    newcomer = fake.user(6999, "新同学")
    newcomer.command("/quiz 单选")
    question = await fake.next_message(newcomer.id, timeout=30)
    asked = await bot_env.engine.latest_open_asked(newcomer.id, newcomer.id)
    newcomer.press(question, asked.question.letters)
    assert (await answered(fake, question, timeout=30)).text.startswith("✅")
    fake.assert_clean()
    assert not errors(caplog), [r.getMessage()[:300] for r in errors(caplog)]
