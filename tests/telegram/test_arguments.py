"""Every command with hostile arguments, and documents with hostile names: each gets a plain answer, none
reaches "something went wrong", nothing is logged as an error, and the bot keeps serving."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest
from fakebot import FakeBotServer, RateRules, SimUser
from quiz_kit import errors
from tg_harness import BotEnv

from bot.config import Settings
from bot.telegram.commands import REGISTRY

ADMIN = 7501
HOSTILE = [
    "1" * 25,
    "#" + "9" * 25,
    "-" + "9" * 30,
    "²",
    "٣٤",
    "a\x00b",
    "x" * 300,
    "界" * 120,
    "../../etc/passwd",
    "<b>&amp;",
    "Asia/\x00Shanghai",
    "1e309",
]
# Commands with several arguments, each of them hostile somewhere.
LINES = [
    "/fixkey " + "x" * 300 + " q A",
    "/fixkey ../../etc q A",
    "/fixkey a\x00b q A",
    "/fixkey b " + "q" * 300 + " A",
    "/fixkey .. .. ..",
    "/dismiss " + "x" * 300 + " q",
    "/dismiss a\x00 b",
    "/subscribe 9:00 UTC " + "9" * 25,
    "/subscribe " + "9" * 25 + ":00",
    "/remind 25:00 " + "x" * 300,
    "/settings tz " + "x" * 300,
    "/settings kinds \x00",
    "/settings poll " + "1" * 25,
    "/banks " + " ".join(["x" * 50] * 30),
    "/quiz " + " ".join(["y" * 40] * 50),
    "/announce " + "<" * 4000,
    "/report " + "&" * 4000,
    "/lang " + "z" * 300,
    "/start " + "s" * 300,
]
OOPS = ("Sorry, something went wrong", "抱歉，机器人出了点问题")


@pytest.fixture
async def fake() -> AsyncIterator[FakeBotServer]:
    async with FakeBotServer(rules=RateRules(enabled=False)) as server:  # arguments, not pacing, are tested here
        yield server


@pytest.fixture
async def env(bot_settings_env: BotEnv, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[BotEnv]:
    for name, value in (("ADMINS", str(ADMIN)), ("SEND_RATE", "0"), ("CHAT_RATE", "0")):
        monkeypatch.setenv(f"STUDYBOT_{name}", value)
    bot_settings_env.settings = Settings()
    async with bot_settings_env.run():
        yield bot_settings_env


async def _answered(fake: FakeBotServer, user: SimUser, sent_before: int) -> list[str]:
    await fake.wait_for(lambda: fake.pending_updates() == 0, timeout=30, what="every update read")
    await fake.wait_for(lambda: len(fake.sent_to(user.id)) > sent_before, timeout=30, what="an answer")
    return [m.text or "" for m in fake.sent_to(user.id)[sent_before:]]


async def _command_with_each(fake: FakeBotServer, user: SimUser, name: str) -> list[str]:
    """``/name ARG`` for each hostile ARG, one after the other; every answer's text."""
    texts: list[str] = []
    for arg in HOSTILE:
        before = len(fake.sent_to(user.id))
        user.command(f"/{name} {arg}")
        await fake.wait_for(
            lambda before=before: len(fake.sent_to(user.id)) > before, timeout=30, what=f"an answer to /{name} {arg!r}"
        )
        texts += [m.text or "" for m in fake.sent_to(user.id)[before:]]
    return texts


@pytest.mark.parametrize("admin", [True, False])
async def test_every_command_with_hostile_arguments_gets_a_plain_answer(
    env: BotEnv, caplog: pytest.LogCaptureFixture, admin: bool
) -> None:
    fake = env.fake
    # A learner tries every command (the admin ones are refused before their arguments are read); the admin
    # tries the admin commands.
    commands = [c.name for c in REGISTRY if c.private and (c.admin or not admin)]
    users = [fake.user(ADMIN if admin and i == 0 else 7600 + i, "U", language_code="en") for i in range(len(commands))]
    if admin:  # the admin's commands: one after the other
        answers = {name: await _command_with_each(fake, users[0], name) for name in commands}
    else:  # a learner each, side by side
        found = await asyncio.gather(*(_command_with_each(fake, u, n) for u, n in zip(users, commands, strict=True)))
        answers = dict(zip(commands, found, strict=True))
    for line in LINES:
        before = len(fake.sent_to(users[0].id))
        users[0].command(line)
        await fake.wait_for(
            lambda before=before: len(fake.sent_to(users[0].id)) > before,
            timeout=30,
            what=f"an answer to {line[:40]!r}",
        )
        answers[line[:40]] = [m.text or "" for m in fake.sent_to(users[0].id)[before:]]
    for name, texts in answers.items():
        assert not any(t.startswith(OOPS) for t in texts), (name, texts)
    fake.assert_clean()
    assert not errors(caplog), [r.getMessage()[:200] for r in errors(caplog)]


@pytest.mark.parametrize(
    "name", ["a" * 300 + ".txt", "law\x00.txt", "\x00", "../../law.txt", "法" * 100 + ".md", ".txt", "law.txt\x00.exe"]
)
async def test_documents_with_hostile_names_are_answered_plainly(
    env: BotEnv, caplog: pytest.LogCaptureFixture, name: str
) -> None:
    fake = env.fake
    admin = fake.user(ADMIN, "Teacher", language_code="en")
    admin.send_document("一、判断题\n1. 水是湿的。\n答案：对\n".encode(), name, "text/plain")
    message = await fake.next_message(admin.id, timeout=15)
    reply = message.text or ""
    assert not reply.startswith(OOPS), reply
    assert reply.startswith(("📄 ", "Cannot import")), reply
    if message.buttons:  # a preview: confirmed, the bank goes live under a safe name
        admin.press(message, 0)
        reply = (await fake.next_message(admin.id, timeout=15)).text or ""
        assert reply.startswith("Imported bank "), reply
    fake.assert_clean()
    assert not errors(caplog), [r.getMessage()[:200] for r in errors(caplog)]


async def test_group_commands_with_hostile_arguments_log_no_error(
    env: BotEnv, caplog: pytest.LogCaptureFixture
) -> None:
    fake = env.fake
    admin = fake.user(7700, "Admin", language_code="en")
    group = fake.group(-1007700, "G", admins=[admin])
    for command in [c for c in REGISTRY if c.group]:
        for arg in HOSTILE:
            admin.command(f"/{command.name} {arg}", group)
    await fake.wait_for(lambda: fake.pending_updates() == 0, timeout=30, what="every update read")
    await fake.wait_for(
        lambda: not env.app.update_processor.current_concurrent_updates, timeout=30, what="every update handled"
    )
    assert not any((m.text or "").startswith(OOPS) for m in fake.sent_to(group.id))
    fake.assert_clean()
    assert not errors(caplog), [r.getMessage()[:200] for r in errors(caplog)]
