"""The send-failure classifier, on the errors the aiohttp transport really raises: refused connections,
5xx, read timeouts and dropped connections from real sockets, Telegram's answers from the fake server."""

from __future__ import annotations

import asyncio
import socket
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import pytest
from fakebot import FakeBotServer, Fault
from telegram import Bot
from telegram.error import ChatMigrated, NetworkError, RetryAfter, TelegramError, TimedOut

from bot.delivery.outcomes import Failure
from bot.telegram.failures import classify
from bot.telegram.transport import AiohttpRequest


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


async def _error(bot: Bot, chat_id: int = 1) -> TelegramError:
    with pytest.raises(TelegramError) as caught:
        await bot.send_message(chat_id, "x")
    return caught.value


def _bot(base_url: str, read_timeout: float = 5.0, token: str = "123:abc") -> Bot:
    return Bot(
        token,
        base_url=base_url,
        request=AiohttpRequest(4, read_timeout=read_timeout, write_timeout=0.0),
        get_updates_request=AiohttpRequest(1),
    )


async def test_a_refused_connection_never_left_so_it_is_tried_again() -> None:
    bot = _bot(f"http://127.0.0.1:{_closed_port()}/bot")
    await bot.request.initialize()  # not bot.initialize(): getMe would fail the same way
    try:
        exc = await _error(bot)
    finally:
        await bot.request.shutdown()
    assert isinstance(exc, NetworkError) and isinstance(exc.__cause__, aiohttp.ClientConnectorError)
    assert classify(exc).failure is Failure.retry


@pytest.fixture
async def dropping() -> AsyncIterator[str]:
    """A server that reads the request, then closes the connection without an answer."""

    async def handle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await reader.read(65536)
        writer.close()

    server = await asyncio.start_server(handle, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    try:
        yield f"http://127.0.0.1:{port}/bot"
    finally:
        server.close()
        await server.wait_closed()


async def test_a_connection_dropped_after_the_request_may_have_arrived(dropping: str) -> None:
    bot = _bot(dropping)
    await bot.request.initialize()
    try:
        exc = await _error(bot)
    finally:
        await bot.request.shutdown()
    assert isinstance(exc.__cause__, aiohttp.ServerDisconnectedError | aiohttp.ClientOSError)
    assert classify(exc).failure is Failure.uncertain


async def _from_fake(fake: FakeBotServer, fault: Fault | None, read_timeout: float = 5.0) -> TelegramError | None:
    fake.user(1, "A")
    if fault is not None:
        fake.fail(fault, method="sendMessage")
    async with _bot(fake.api_url, read_timeout, fake.token) as bot:
        try:
            await bot.send_message(1, "x")
        except TelegramError as exc:
            return exc
    return None


@pytest.mark.parametrize(
    ("fault", "failure"),
    [
        (Fault.server_error(), Failure.retry),
        (Fault.server_error(502), Failure.retry),
        (Fault.too_many_requests(1), Failure.retry),
        (Fault.blocked(), Failure.gone),
        (Fault.deactivated(), Failure.gone),
        (Fault.kicked(), Failure.gone),
        (Fault.chat_not_found(), Failure.gone),
        (Fault(400, "Bad Request: message is too long"), Failure.permanent),
    ],
)
async def test_telegram_answers(http_fake: FakeBotServer, fault: Fault, failure: Failure) -> None:
    exc = await _from_fake(http_fake, fault)
    assert exc is not None and classify(exc).failure is failure


async def test_a_group_that_moved_gives_its_new_id(http_fake: FakeBotServer) -> None:
    exc = await _from_fake(http_fake, Fault(400, "Bad Request: group chat was upgraded", migrate_to_chat_id=-1009))
    assert isinstance(exc, ChatMigrated)
    diagnosis = classify(exc)
    assert (diagnosis.failure, diagnosis.new_chat_id) == (Failure.migrated, -1009)


async def test_a_read_timeout_may_have_arrived(http_fake: FakeBotServer) -> None:
    fake = http_fake
    exc = await _from_fake(fake, Fault.slow(0.6), read_timeout=0.1)
    assert isinstance(exc, TimedOut) and isinstance(exc.__cause__, aiohttp.SocketTimeoutError | TimeoutError)
    assert classify(exc).failure is Failure.uncertain
    # the fake finishes the slow request (answered after the client gave up) before it stops
    await fake.wait_for(lambda: all(r.status for r in fake.calls("sendMessage")), what="the slow answer")


def _caused(exc: TelegramError, cause: BaseException) -> TelegramError:
    exc.__cause__ = cause
    return exc


@pytest.mark.parametrize(
    ("exc", "failure", "bug"),
    [
        # What the transport raises for a connect timeout (hard to provoke on loopback): it never left.
        (_caused(TimedOut(), aiohttp.ConnectionTimeoutError()), Failure.retry, False),
        (RetryAfter(3), Failure.retry, False),
        (ValueError("a bug"), Failure.permanent, True),
        (
            _caused(NetworkError("Unknown error in HTTP implementation"), RuntimeError("not initialized")),
            Failure.permanent,
            True,
        ),
    ],
)
def test_edge_cases(exc: Any, failure: Failure, bug: bool) -> None:
    diagnosis = classify(exc)
    assert (diagnosis.failure, diagnosis.bug) == (failure, bug)
