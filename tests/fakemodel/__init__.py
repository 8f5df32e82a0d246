"""A loopback fake of an OpenAI-compatible chat completions API, for the model-help tests and bench.

    async with FakeModel() as fake:                  # in the test's event loop
        fake.answer(lambda body: Reply.json({"explanation": "..."}))
        client = ModelClient(fake.url, "fake-model", key="sk-test")
        ...
        fake.requests                                # every request body, in order

`POST /v1/chat/completions` answers with `respond(body)` (a `Reply`, or a coroutine giving one): a
message content, a status, a delay, a finish reason, token counts. The default answer is an empty JSON
object. `FakeModel.thread()` runs the same server on a thread of its own, for code that runs its own
event loop (the `studybot` command in process).
"""

from __future__ import annotations

import asyncio
import inspect
import json
import threading
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from aiohttp import web

__all__ = ["FakeModel", "Reply", "user_data"]


@dataclass
class Reply:
    content: str | None = "{}"  # the message content (None: no choices at all)
    status: int = 200
    delay: float = 0.0  # seconds before answering
    finish_reason: str = "stop"
    prompt_tokens: int = 100
    completion_tokens: int = 20
    raw: str | None = None  # a body sent exactly as given (not an OpenAI response)

    @classmethod
    def json(cls, value: object, **kw: Any) -> Reply:
        return cls(json.dumps(value, ensure_ascii=False), **kw)


Responder = Callable[[dict[str, Any]], "Reply | Awaitable[Reply]"]


def user_data(body: dict[str, Any]) -> dict[str, Any]:
    """The JSON object of a request's user message (every prompt of bot/ai sends one)."""
    user = next(m for m in body["messages"] if m["role"] == "user")
    return json.loads(user["content"])


class FakeModel:
    def __init__(self, respond: Responder | None = None) -> None:
        self.respond: Responder = respond or (lambda body: Reply())
        self.requests: list[dict[str, Any]] = []
        self.headers: list[dict[str, str]] = []
        self.in_flight = 0
        self.most_in_flight = 0
        self._runner: web.AppRunner | None = None
        self.url = ""

    def answer(self, respond: Responder) -> None:
        self.respond = respond

    async def _handle(self, request: web.Request) -> web.StreamResponse:
        body = await request.json()
        self.requests.append(body)
        self.headers.append(dict(request.headers))
        self.in_flight += 1
        self.most_in_flight = max(self.most_in_flight, self.in_flight)
        try:
            reply = self.respond(body)
            if inspect.isawaitable(reply):
                reply = await reply
            assert isinstance(reply, Reply)
            if reply.delay:
                await asyncio.sleep(reply.delay)
        finally:
            self.in_flight -= 1
        if reply.raw is not None:
            return web.Response(status=reply.status, text=reply.raw, content_type="application/json")
        if reply.status != 200:
            error = {"error": {"message": f"fake error {reply.status}", "type": "fake", "code": reply.status}}
            return web.json_response(error, status=reply.status)
        choices = (
            []
            if reply.content is None
            else [
                {
                    "index": 0,
                    "message": {"role": "assistant", "content": reply.content},
                    "finish_reason": reply.finish_reason,
                }
            ]
        )
        return web.json_response(
            {
                "id": f"chatcmpl-{len(self.requests)}",
                "object": "chat.completion",
                "model": body.get("model", "fake"),
                "choices": choices,
                "usage": {
                    "prompt_tokens": reply.prompt_tokens,
                    "completion_tokens": reply.completion_tokens,
                    "total_tokens": reply.prompt_tokens + reply.completion_tokens,
                },
            }
        )

    async def start(self) -> str:
        app = web.Application()
        app.router.add_post("/v1/chat/completions", self._handle)
        # A stop does not wait for a slow reply still sleeping: the test is over, its client gone.
        self._runner = web.AppRunner(app, access_log=None, shutdown_timeout=0.1)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        self.url = f"http://127.0.0.1:{port}/v1"
        return self.url

    async def stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> FakeModel:
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

    @contextmanager
    def thread(self) -> Iterator[FakeModel]:
        """The server on a thread with its own event loop (for code under test that calls asyncio.run)."""
        loop = asyncio.new_event_loop()
        ready = threading.Event()

        def serve() -> None:
            asyncio.set_event_loop(loop)
            loop.run_until_complete(self.start())
            ready.set()
            loop.run_forever()

        worker = threading.Thread(target=serve, daemon=True)
        worker.start()
        ready.wait(10)
        try:
            yield self
        finally:
            asyncio.run_coroutine_threadsafe(self.stop(), loop).result(10)
            loop.call_soon_threadsafe(loop.stop)
            worker.join(10)
            loop.close()
