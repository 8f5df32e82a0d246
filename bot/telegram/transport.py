"""Bot API requests over aiohttp instead of python-telegram-bot's default httpx.

Why: every answer costs the bot two requests (the verdict, and taking the buttons off the question),
and httpx with httpcore and anyio spends about twice aiohttp's CPU time per request; on a busy bot
the HTTP client, not grading or the database, is what limits answers per second (bench/updates.py).
Behaviour follows `telegram.request.HTTPXRequest`: multipart when files are sent, the same default
timeouts, timeouts raised as TimedOut and connection errors as NetworkError; other requests go as one
JSON body (the Bot API accepts application/json), which costs less than form-encoding every field.

`post_unread` is for requests whose result nobody reads (taking a keyboard off, a verdict): it takes
the same arguments as `bot.send_message(...)` and friends and goes through the same rate limiter with
the same errors, but its body is built as `post_json`'s and no python-telegram-bot object is built from
the answer, which on a busy bot cost more than the request.

`post_json` is leaner still, for pushes (a thousand a second): the parameters are plain JSON values
(a keyboard as the dicts Telegram reads), encoded once into the request body without python-telegram-bot's
parameter objects, and the answer is read as JSON. The rate limiter and the error mapping (429, 403,
timeouts) are python-telegram-bot's, as for every other request.
"""

from __future__ import annotations

import json
from enum import Enum
from typing import Any
from urllib.parse import urlsplit

import aiohttp
from telegram import Bot, TelegramObject
from telegram._utils.defaultvalue import DefaultValue
from telegram.error import NetworkError, TimedOut
from telegram.ext import BaseRateLimiter
from telegram.request import BaseRequest, RequestData

from bot.telegram.breaker import Breaker

__all__ = ["AiohttpRequest", "JsonBody", "post_json", "post_unread"]

_JSON = {"Content-Type": "application/json"}
_GATEWAY_ERRORS = frozenset({502, 503, 504})


class JsonBody(RequestData):  # type: ignore[misc]  # final for users; the transports here read it
    """A request body encoded once: one JSON document (no files)."""

    __slots__ = ("body",)

    def __init__(self, body: bytes) -> None:
        super().__init__()
        self.body = body

    @property
    def parameters(self) -> dict[str, Any]:  # type: ignore[override]
        """The parameters, for a transport that wants them (the tests' offline one)."""
        return dict(json.loads(self.body))


class AiohttpRequest(BaseRequest):
    def __init__(
        self,
        connection_pool_size: int = 256,
        *,
        read_timeout: float | None = 5.0,
        write_timeout: float | None = 5.0,
        connect_timeout: float | None = 5.0,
        media_write_timeout: float | None = 20.0,
    ) -> None:
        self._pool_size = connection_pool_size
        self._read_timeout = read_timeout
        self._write_timeout = write_timeout
        self._connect_timeout = connect_timeout
        self._media_write_timeout = media_write_timeout
        self._session: aiohttp.ClientSession | None = None
        self.breaker: Breaker | None = None  # told of every request without files (set by the application)

    @property
    def read_timeout(self) -> float | None:
        return self._read_timeout

    async def initialize(self) -> None:
        if self._session is None or self._session.closed:
            connector = aiohttp.TCPConnector(limit=self._pool_size)
            self._session = aiohttp.ClientSession(connector=connector, headers={"User-Agent": self.USER_AGENT})

    async def shutdown(self) -> None:
        if self._session is not None and not self._session.closed:
            await self._session.close()
        self._session = None

    def _timeout(self, read: Any, write: Any, connect: Any, files: bool) -> aiohttp.ClientTimeout:
        read = self._read_timeout if isinstance(read, DefaultValue) else read
        connect = self._connect_timeout if isinstance(connect, DefaultValue) else connect
        if isinstance(write, DefaultValue):
            write = self._media_write_timeout if files else self._write_timeout
        # aiohttp has no separate write timeout: the body is sent within the connect + read budget.
        sock_read = None if read is None else read + (write or 0.0)
        return aiohttp.ClientTimeout(total=None, sock_connect=connect, sock_read=sock_read)

    async def do_request(
        self,
        url: str,
        method: str,
        request_data: RequestData | None = None,
        read_timeout: Any = BaseRequest.DEFAULT_NONE,
        write_timeout: Any = BaseRequest.DEFAULT_NONE,
        connect_timeout: Any = BaseRequest.DEFAULT_NONE,
        pool_timeout: Any = BaseRequest.DEFAULT_NONE,
    ) -> tuple[int, bytes]:
        if self._session is None or self._session.closed:
            raise RuntimeError("This AiohttpRequest is not initialized!")
        files = request_data.multipart_data if request_data and request_data.contains_files else None
        body: Any = None
        headers: dict[str, str] | None = None
        if isinstance(request_data, JsonBody):
            body, headers = request_data.body, _JSON
        elif files:
            assert request_data is not None
            form = aiohttp.FormData()
            for name, value in request_data.json_parameters.items():
                form.add_field(name, value)
            for name, (filename, content, mime) in files.items():
                form.add_field(name, content, filename=filename, content_type=mime)
            body = form
        elif request_data is not None and request_data.parameters:
            body, headers = json.dumps(request_data.parameters, ensure_ascii=False).encode(), _JSON
        timeout = self._timeout(read_timeout, write_timeout, connect_timeout, bool(files))
        # An upload or a file download may take long: not a sign of a stall.
        breaker = self.breaker if method == "POST" and not files else None
        ticket = breaker.begin() if breaker is not None else 0
        answered = False
        try:
            async with self._session.request(method, url, data=body, headers=headers, timeout=timeout) as response:
                answer = response.status, await response.read()
            answered = True
        except (TimeoutError, aiohttp.ServerTimeoutError) as exc:
            if breaker is not None:
                breaker.fail("a request timed out")
            raise TimedOut from exc
        except aiohttp.ClientError as exc:
            # The URL holds the token (…/bot<token>/method): never put it into a message.
            text = str(exc).replace(url, _without_path(url))
            if breaker is not None:
                breaker.fail(f"aiohttp.{exc.__class__.__name__}")
            raise NetworkError(f"aiohttp.{exc.__class__.__name__}: {text}") from exc
        finally:
            if breaker is not None:
                breaker.end(ticket, answered=answered)
        if breaker is not None and answer[0] in _GATEWAY_ERRORS:  # a proxy in front of the API, nothing behind
            breaker.fail(f"HTTP {answer[0]}")
        return answer


def _without_path(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}/…"


async def post_unread(bot: Bot, endpoint: str, **params: Any) -> Any:
    """Call ``endpoint`` (camelCase, e.g. "editMessageReplyMarkup") and drop the result unparsed.

    As ``bot.<method>(...)`` does it: None values dropped, python-telegram-bot's objects (a keyboard, reply
    parameters) and enums sent as the JSON Telegram reads, ``rate_limit_args`` handed to the rate limiter,
    errors raised as usual; but no python-telegram-bot object is built from the answer and the request body
    is one JSON document encoded at once (`post_json`), which on a busy bot costs less than the request.
    A bot with `Defaults` goes the library's own way (``Bot._post``), which inserts them. Returns the
    result as JSON (a sent message's ``message_id`` can be read from it).
    """
    if getattr(bot, "defaults", None) is not None:
        return await bot._post(endpoint, params)
    limits = params.pop("rate_limit_args", None)
    return await post_json(bot, endpoint, _plain(params), rate_limit_args=limits)


def _plain(params: dict[str, Any]) -> dict[str, Any]:
    """Parameters as JSON values: None dropped, objects as their dicts, enums as their values."""
    out: dict[str, Any] = {}
    for key, value in params.items():
        if value is None:
            continue
        if isinstance(value, TelegramObject):
            value = value.to_dict()
        elif isinstance(value, Enum):
            value = value.value
        out[key] = value
    return out


async def post_json(
    bot: Bot, endpoint: str, params: dict[str, Any], *, rate_limit_args: dict[str, Any] | None = None
) -> Any:
    """Call ``endpoint`` (camelCase) with ``params`` (plain JSON values, no None) as one JSON body; returns
    the answer's result as JSON. Through the bot's rate limiter, with python-telegram-bot's errors."""
    body = JsonBody(json.dumps(params, ensure_ascii=False, separators=(",", ":")).encode())
    url = f"{bot.base_url}/{endpoint}"
    request = bot.request

    async def call() -> Any:
        payload = await request._request_wrapper(url, "POST", request_data=body)
        return json.loads(payload)["result"]

    limiter: BaseRateLimiter[Any] | None = getattr(bot, "rate_limiter", None)
    if limiter is None:
        return await call()
    return await limiter.process_request(call, (), {}, endpoint, params, rate_limit_args)
