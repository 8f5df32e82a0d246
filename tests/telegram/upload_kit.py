"""What the admin tests share: a small exam document, and sending one through preview and confirmation."""

from __future__ import annotations

from fakebot import FakeBotServer, SimUser
from fakebot.records import MessageState
from tg_harness import BotEnv

from bot.config import Settings

__all__ = ["ADMIN", "LAW", "OTHER_ADMIN", "as_admins", "import_document", "preview_of"]

ADMIN = 7001
OTHER_ADMIN = 7002

LAW = """法律基础测验
一、单选题（共 2 题）
1. 我国的根本大法是（ ）。
A. 宪法  B. 刑法  C. 民法典  D. 行政法
答案：A
解析：宪法是根本大法。
3. 民法典施行于哪一年？
A. 2019  B. 2020  C. 2021
答案：C
二、判断题（共 1 题）
4. 法律面前人人平等。
答案：对
"""


async def preview_of(fake: FakeBotServer, admin: SimUser, data: bytes, name: str, mime: str) -> MessageState:
    """Send a document; the message that carries the preview's buttons (a long preview comes in parts)."""
    admin.send_document(data, name, mime)
    message = await fake.next_message(admin.id, timeout=30)
    while not message.buttons:
        message = await fake.next_message(admin.id, timeout=30)
    return message


async def import_document(fake: FakeBotServer, admin: SimUser, data: bytes, name: str, mime: str) -> str:
    """Send a document and confirm its preview (the first button); the bot's answer."""
    admin.press(await preview_of(fake, admin, data, name, mime), 0)
    message = await fake.next_message(admin.id, timeout=15)
    assert message.text is not None
    return message.text


def as_admins(env: BotEnv, monkeypatch: object) -> BotEnv:
    """The bot's settings with ADMIN and OTHER_ADMIN as its admins."""
    monkeypatch.setenv("STUDYBOT_ADMINS", f"{ADMIN},{OTHER_ADMIN}")  # type: ignore[attr-defined]
    env.settings = Settings()
    return env
