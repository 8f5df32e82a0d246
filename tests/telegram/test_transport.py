"""The aiohttp transport and `post_unread` against the fake server; the fake in its own process."""

from __future__ import annotations

from typing import Any

import pytest
from fakebot import FakeBotServer
from fakebot.remote import RemoteFake
from telegram import Bot, InlineKeyboardButton, InlineKeyboardMarkup
from telegram.error import BadRequest, NetworkError
from telegram.ext import BaseRateLimiter, ExtBot

from bot.telegram.transport import AiohttpRequest, post_unread


class RecordingLimiter(BaseRateLimiter[dict[str, Any]]):
    def __init__(self) -> None:
        self.endpoints: list[str] = []

    async def initialize(self) -> None:
        return None

    async def shutdown(self) -> None:
        return None

    async def process_request(
        self, callback: Any, args: Any, kwargs: Any, endpoint: str, data: Any, rate_limit_args: Any
    ) -> Any:
        self.endpoints.append(endpoint)
        return await callback(*args, **kwargs)


def _ext_bot(fake: FakeBotServer, limiter: RecordingLimiter) -> ExtBot[Any]:
    return ExtBot(
        fake.token,
        base_url=fake.api_url,
        request=AiohttpRequest(),
        get_updates_request=AiohttpRequest(1),
        rate_limiter=limiter,
    )


async def test_post_unread_goes_through_the_rate_limiter_and_sends_json(http_fake: FakeBotServer) -> None:
    fake = http_fake
    alice = fake.user(1001, "Alice")
    limiter = RecordingLimiter()
    markup = InlineKeyboardMarkup([[InlineKeyboardButton("下一题", callback_data="n1")]])
    async with _ext_bot(fake, limiter) as bot:
        await post_unread(
            bot, "sendMessage", chat_id=alice.id, text="<b>✅ 对</b> a &lt; b", parse_mode="HTML", reply_markup=markup
        )
        sent = await fake.next_message(alice.id)
        await post_unread(
            bot, "editMessageReplyMarkup", chat_id=alice.id, message_id=sent.message_id, reply_markup=None
        )
        with pytest.raises(BadRequest, match="not found"):
            await post_unread(bot, "editMessageReplyMarkup", chat_id=alice.id, message_id=999)
    assert limiter.endpoints == ["getMe", "sendMessage", "editMessageReplyMarkup", "editMessageReplyMarkup"]
    assert sent.text == "✅ 对 a < b" and sent.history and sent.history[0][1] is not None
    assert sent.reply_markup is None  # the edit without reply_markup took the keyboard off
    first = fake.calls("sendMessage")[0]
    assert isinstance(first.params["reply_markup"], dict)  # a JSON body, not form fields holding JSON text
    assert [r.method for r in fake.rejected] == ["editMessageReplyMarkup"]  # only the missing message


async def test_a_remote_fake_serves_queues_and_counts_from_its_own_process() -> None:
    async with RemoteFake() as fake:
        await fake.add_users([(2001, "Bo"), (2002, "Cy")])
        assert await fake.send_texts([(2001, "hello"), (2002, "A")]) == 2
        async with Bot(fake.token, base_url=fake.api_url) as bot:
            updates = await bot.get_updates(timeout=0)
            assert [(u.effective_user.id, u.message.text) for u in updates if u.effective_user and u.message] == [
                (2001, "hello"),
                (2002, "A"),
            ]
            await bot.send_message(2001, "✅ right")
            await bot.send_message(2002, "plain")
        counted = await fake.wait_sent(1, ("✅",), timeout=5)
        assert counted["count"] == 1 and counted["rejected"] == 0 and counted["crashes"] == 0
        assert (await fake.wait_sent(2, timeout=5))["count"] == 2  # both sends were awaited: no third


async def test_a_network_error_never_carries_the_token() -> None:
    request = AiohttpRequest(1)
    await request.initialize()
    try:
        with pytest.raises(NetworkError) as caught:  # a wrong STUDYBOT_API_URL: aiohttp names the whole URL
            await request.do_request("ftp://example.org/bot123:SECRETtoken/getMe", "POST")
    finally:
        await request.shutdown()
    assert "SECRETtoken" not in str(caught.value)
