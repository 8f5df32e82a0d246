"""/start, /help, the command menus and chat membership, end to end through the fake Bot API server."""

from __future__ import annotations

import logging

import pytest
from quiz_kit import eventually
from tg_harness import BotEnv

from bot.telegram.commands import REGISTRY

BOT = "studybot_test_bot"


async def test_start_and_help_in_chinese_and_english(bot_env: BotEnv, caplog: pytest.LogCaptureFixture) -> None:
    fake = bot_env.fake
    li = fake.user(2001, "李雷", language_code="zh-hans")
    amy = fake.user(2002, "Amy <3", language_code="en")

    li.command("/start")
    greeting = await fake.next_message(li.id)
    lines = greeting.text.splitlines()
    assert len(lines) == 2 and "李雷" in lines[0] and "/quiz" in lines[1] and "/help" in lines[1]
    assert greeting.parse_mode == "HTML"

    amy.command("/start")
    hello = await fake.next_message(amy.id)
    assert hello.text.splitlines()[0].startswith("Hi Amy <3!")  # escaped on the way, shown as typed
    assert "/quiz" in hello.text.splitlines()[1]

    amy.command("/help")
    help_en = await fake.next_message(amy.id)
    li.command("/help")
    help_zh = await fake.next_message(li.id)
    for command in REGISTRY:
        listed = not command.admin  # admin commands are shown to admins only
        assert (f"/{command.name} — {command.description('en')}" in help_en.text) is listed
        assert (f"/{command.name} — {command.description('zh')}" in help_zh.text) is listed
    assert help_en.text.startswith("Commands") and help_zh.text.startswith("命令")
    assert help_en.entities[0]["type"] == "bold"

    learner = await bot_env.engine.learner(amy.id)
    assert learner is not None and learner.language == "en"
    assert (await bot_env.engine.learner(li.id)).language == "zh"
    fake.assert_clean()
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


async def test_command_menus_come_from_the_registry(http_bot_env: BotEnv) -> None:
    """End to end over HTTP: what `studybot run` publishes at start-up."""
    fake = http_bot_env.fake
    for lang in ("zh", "en"):
        private = fake.commands[("all_private_chats", lang)]
        group = fake.commands[("all_group_chats", lang)]
        public = [c for c in REGISTRY if not c.admin]
        assert private == [{"command": c.name, "description": c.description(lang)} for c in public if c.private]
        assert group == [{"command": c.name, "description": c.description(lang)} for c in public if c.group]
        assert not {"announce", "reports", "fixkey", "dismiss"} & {c["command"] for c in private + group}
    assert fake.commands[("all_private_chats", "")] == fake.commands[("all_private_chats", "zh")]
    assert fake.commands[("all_private_chats", "zh")] != fake.commands[("all_private_chats", "en")]
    assert fake.rejected == []


async def test_help_in_a_group_and_edited_commands_ignored(bot_env: BotEnv) -> None:
    fake = bot_env.fake
    amy = fake.user(2002, "Amy", language_code="en")
    group = fake.group(-100123, "Cohort", admins=[amy])
    amy.command(f"/help@{BOT}", group)
    reply = await fake.next_message(group.id)
    assert "/help" in reply.text and "/start" in reply.text
    own = amy.command("/start")
    await fake.next_message(amy.id)
    amy.edit(own, "/help")  # an edited command is not a new request
    amy.command("/help")
    after = await fake.next_message(amy.id)
    assert after.text.startswith("Commands")
    assert len(fake.sent_to(amy.id)) == 2
    fake.assert_clean()


async def test_blocking_unblocking_and_groups_reach_the_store(bot_env: BotEnv) -> None:
    fake, engine = bot_env.fake, bot_env.engine
    li = fake.user(2001, "李雷")
    li.command("/start")
    await fake.next_message(li.id)
    li.block_bot()
    await fake.wait_for(lambda: fake.pending_updates() == 0, what="the block to be read")

    async def blocked() -> bool:
        learner = await engine.learner(li.id)
        return bool(learner and learner.blocked)

    await eventually(blocked, True)
    li.unblock_bot()
    await eventually(blocked, False)

    group = fake.group(-4001, "Old group", admins=[li])
    group.add_bot(by=li)

    async def active(chat_id: int) -> bool | None:
        chat = await engine.chat(chat_id)
        return None if chat is None else chat.active

    await eventually(lambda: active(-4001), True)
    group.remove_bot(by=li)
    await eventually(lambda: active(-4001), False)
    group.add_bot(by=li)
    await eventually(lambda: active(-4001), True)
    group.migrate(-1004001, by=li)
    await eventually(lambda: active(-1004001), True)
    assert (await engine.chat(-1004001)).kind == "supergroup"
    fake.assert_clean()
