"""What the desk's tests share: the bot running as `studybot run` builds it (offline against the fake
Bot API) with the desk's pages listening on 127.0.0.1, a Telegram client's signed initData, and a
document with misread parts."""

from __future__ import annotations

import hashlib
import hmac
import json
import re
import socket
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import aiohttp
import pytest
from fakebot import FakeBotServer, MessageState, SimUser
from tg_harness import BotEnv, answered, settings_env

from bot.banks.model import Bank, Kind, Question, save_bank

ADMIN = 7001
LEARNER = 8001
STRANGER = 9001


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def sign_init_data(token: str, user: dict[str, Any] | None, auth_date: int, **more: str) -> str:
    """initData as a Telegram client gets it, signed the way Telegram's documentation says (written here
    on its own, not with the code under test): the fields but `hash`, sorted, key=value joined by '\\n',
    HMAC-SHA256 under HMAC-SHA256("WebAppData", token)."""
    fields = {
        "query_id": "AAHdF6IQAAAAAN0XohDhrOrc",
        "auth_date": str(auth_date),
        "signature": "sig-for-third-parties",
        **more,
    }
    if user is not None:
        fields["user"] = json.dumps(user, ensure_ascii=False, separators=(",", ":"))
    check = "\n".join(f"{k}={fields[k]}" for k in sorted(fields))
    secret = hmac.new(b"WebAppData", token.encode(), hashlib.sha256).digest()
    fields["hash"] = hmac.new(secret, check.encode(), hashlib.sha256).hexdigest()
    return urlencode(fields)


def user_of(user_id: int, first_name: str = "Teacher", language: str = "zh") -> dict[str, Any]:
    return {"id": user_id, "first_name": first_name, "language_code": language}


@dataclass
class DeskEnv:
    bot: BotEnv
    base: str  # http://127.0.0.1:<port>

    @property
    def fake(self) -> FakeBotServer:
        return self.bot.fake

    @property
    def token(self) -> str:
        return self.bot.fake.token

    def now(self) -> int:
        return int(self.bot.clock().timestamp())

    def init_data(self, user_id: int, *, age: int = 0, language: str = "zh") -> str:
        return sign_init_data(self.token, user_of(user_id, language=language), self.now() - age)

    async def link(self, admin_id: int = ADMIN) -> str:
        """A /panel sign-in link as the engine issues it (path and query)."""
        token = await self.bot.app.bot_data.desk_access.issue_link(admin_id)  # type: ignore[union-attr]
        return f"/signin?t={token}"


class Teacher:
    """A signed-in browser, played by an aiohttp client (cookies kept for 127.0.0.1)."""

    def __init__(self, desk: DeskEnv, session: aiohttp.ClientSession) -> None:
        self.desk, self.http = desk, session
        self.csrf = ""

    async def sign_in(self, user_id: int = ADMIN, language: str = "zh") -> aiohttp.ClientResponse:
        """From the Mini App, its Telegram client set to `language`."""
        response = await self.http.post(
            self.desk.base + "/auth/telegram", data={"init_data": self.desk.init_data(user_id, language=language)}
        )
        if response.ok:
            await self.get("/")
        return response

    async def get(self, path: str) -> tuple[int, str]:
        async with self.http.get(self.desk.base + path) as response:
            text = await response.text()
        found = re.search(r'name="csrf" value="([^"]+)"', text)
        if found:
            self.csrf = found.group(1)
        return response.status, text

    async def post(self, path: str, csrf: bool = True, **fields: str) -> tuple[int, str, str]:
        data = {**fields, **({"csrf": self.csrf} if csrf else {})}
        async with self.http.post(self.desk.base + path, data=data) as response:
            return response.status, await response.text(), str(response.url.path_qs)


def desk_settings(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, fake: FakeBotServer, **extra: Any) -> DeskEnv:
    port = free_port()
    wanted = {"admins": f"{ADMIN}", "web_port": port, "web_url": f"http://127.0.0.1:{port}", **extra}
    env = settings_env(monkeypatch, tmp_path, fake, **wanted)
    return DeskEnv(env, f"http://127.0.0.1:{port}")


@asynccontextmanager
async def running(desk: DeskEnv) -> AsyncIterator[DeskEnv]:
    async with desk.bot.run():
        yield desk


# A law quiz a teacher wrote: question 2 keyed with a letter it does not have (misread as left out),
# question 4's key was typed wrong (B, where A is right), and a true/false question without its key.
MISREAD = """法律基础测验
一、单选题
1. 我国的根本大法是（ ）。
A. 宪法  B. 刑法  C. 民法典
答案：A
2. 民法典施行于哪一年？
A. 2019  B. 2020  C. 2021
3. 宪法规定的公民基本义务包括（ ）。
A. 依法纳税  B. 自由迁徙
答案：B
二、判断题
4. 法律面前人人平等。
答案：对
"""


# Banks of classical literature for the disputes (no seed bank is about it): 《红楼梦》's author goes by his
# given name 曹霑 too, which the key lacks; a question of two blanks, where one name alone cannot be a key.
AUTHOR = Question(id="f1", kind=Kind.fill, number=1, prompt="《红楼梦》的作者是 ____。", answer=["曹雪芹"])
POET = Question(
    id="s1",
    kind=Kind.single,
    number=2,
    prompt="“但愿人长久，千里共婵娟”的作者是？",
    options={"A": "苏轼", "B": "李清照", "C": "辛弃疾"},
    answer="A",
)
LIT = Bank(id="lit", title="古典文学常识", source="lit.txt", questions=[AUTHOR, POET])
EIGHT = Question(
    id="f1",
    kind=Kind.fill,
    number=1,
    prompt="唐宋八大家中的两位唐代人是 ____ 和 ____。",
    answer=[["韩愈"], ["柳宗元"]],
)
MASTERS = Bank(id="masters", title="唐宋八大家", source="masters.txt", questions=[EIGHT])
DISPUTE_BUTTON = "我的答案应该算对"
TOLD = "你对第 1 题的回答已被老师认可为正确"


def save_literature(desk: DeskEnv) -> None:
    """The literature banks beside the seed banks (before the bot starts: it reads them then)."""
    for bank in (LIT, MASTERS):
        save_bank(bank, desk.bot.banks)


async def answer_fill(desk: DeskEnv, user: SimUser, reply: str, bank: str = "lit") -> MessageState:
    """The learner's /quiz fill BANK in private and their typed reply; the verdict."""
    fake = desk.fake
    user.command(f"/quiz fill {bank}")
    question = await fake.next_message(user.id, timeout=15)
    desk.bot.clock.advance(seconds=20)
    user.send_text(reply)
    return await answered(fake, question, timeout=15)


async def dispute(desk: DeskEnv, user: SimUser, verdict: MessageState) -> None:
    """[我的答案应该算对] under a verdict, as the learner presses it."""
    answer = await desk.fake.callback_answer(user.press(verdict, DISPUTE_BUTTON))
    assert "已提交给老师核对" in (answer.text or ""), answer.text
