"""The desk from the chat: [打开教师台] (a Mini App button) under an admin's /banks, an upload's preview and
/reports when the desk is on HTTPS; /panel's link; nothing of it for learners, nor with the desk off."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from desk_kit import ADMIN, LEARNER, MISREAD, DeskEnv, desk_settings, running
from fakebot import FakeBotServer
from fakebot.records import MessageState
from tg_harness import settings_env

URL = "https://desk.example.org"


@pytest.fixture
async def https_desk(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, fake: FakeBotServer) -> AsyncIterator[DeskEnv]:
    async with running(desk_settings(monkeypatch, tmp_path, fake, web_url=URL)) as env:
        yield env


def web_apps(message: MessageState) -> list[str]:
    return [b["web_app"]["url"] for row in message.buttons for b in row if "web_app" in b]


async def test_the_button_under_banks_an_upload_and_reports(https_desk: DeskEnv) -> None:
    fake = https_desk.fake
    admin = fake.user(ADMIN, "王老师")
    admin.command("/banks")
    await fake.next_message(ADMIN)
    manager = await fake.next_message(ADMIN)
    assert web_apps(manager) == [URL + "/"]

    admin.send_document(MISREAD.encode(), "law.txt", "text/plain")
    preview = await fake.next_message(ADMIN, timeout=30)
    while not preview.buttons:
        preview = await fake.next_message(ADMIN, timeout=30)
    assert web_apps(preview) == [URL + "/drafts/1"]
    assert preview.button_texts[0].startswith("导入 3 题")  # the chat's own buttons stay first

    learner = fake.user(LEARNER, "李雷")
    learner.command("/quiz")
    await fake.next_message(LEARNER)
    learner.command("/report 不对")
    await fake.next_message(LEARNER)
    admin.command("/reports")
    assert web_apps(await fake.next_message(ADMIN)) == [URL + "/answers"]

    learner.command("/banks")  # a learner gets no teacher's button
    assert not any(web_apps(m) for m in [await fake.next_message(LEARNER)])


async def test_panel_sends_a_link_for_the_browser_and_the_mini_app(https_desk: DeskEnv) -> None:
    fake = https_desk.fake
    fake.user(ADMIN, "王老师").command("/panel")
    message = await fake.next_message(ADMIN)
    assert f"{URL}/signin?t=" in (message.text or "")
    assert web_apps(message) == [URL + "/"]
    token = (message.text or "").split("t=")[1].split()[0]
    assert await https_desk.bot.app.bot_data.desk_access.usable_link(token) == ADMIN  # type: ignore[union-attr]

    fake.user(LEARNER, "李雷").command("/panel")
    refusal = await fake.next_message(LEARNER)
    assert "管理员" in (refusal.text or "") and "signin" not in (refusal.text or "")


async def test_with_the_desk_off_panel_says_how_to_turn_it_on(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, fake: FakeBotServer
) -> None:
    env = settings_env(monkeypatch, tmp_path, fake, admins=f"{ADMIN}")
    async with env.run():
        admin = fake.user(ADMIN, "王老师")
        admin.command("/panel")
        assert "STUDYBOT_WEB_PORT" in ((await fake.next_message(ADMIN)).text or "")
        admin.command("/banks")
        await fake.next_message(ADMIN)
        assert web_apps(await fake.next_message(ADMIN)) == []
