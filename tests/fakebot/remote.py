"""The fake Bot API server in a process of its own, driven over a small control API (for benchmarks).

In one process the fake's work for a bot's requests is charged to that bot: a benchmark comparing two
bots would measure the fake as much as the bots. ``RemoteFake`` starts an ordinary ``FakeBotServer``
in a child process (loopback, as always) next to a control server with three calls:

- ``POST /control/users`` ``{"users": [[id, first_name], ...]}``: simulated users (private chats);
- ``POST /control/texts`` ``{"texts": [[user_id, text], ...]}``: each user sends a text (queued at once);
- ``POST /control/wait`` ``{"prefixes": [...], "count": n, "timeout": s}``: answers when the bot has
  sent ``n`` messages successfully whose text starts with one of ``prefixes`` (any text when empty),
  with ``{"count", "requests", "rejected", "crashes", "cpu_seconds"}`` (the fake's own CPU time).

The fake itself is unchanged: everything it validates and records works as in-process.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import time
from multiprocessing.connection import Connection
from typing import Any

from aiohttp import ClientSession, ClientTimeout, web

from .limits import RateRules
from .server import FakeBotServer

__all__ = ["RemoteFake", "SentCounter"]


class SentCounter:
    """Successful replies whose text starts with one of ``prefixes``, counted incrementally: a sendMessage,
    or an editMessageText that writes such a text under its message's first blank line (a verdict written
    into its question's own message)."""

    def __init__(self, fake: FakeBotServer, prefixes: tuple[str, ...]) -> None:
        self.fake, self.prefixes = fake, prefixes
        self.seen = 0
        self.count = 0

    def __call__(self) -> int:
        requests = self.fake.requests
        while self.seen < len(requests):
            r = requests[self.seen]
            if r.status == 0 and r.method != "getUpdates":
                break  # still being served: look again after the next request (an open long poll is skipped)
            self.seen += 1
            method = r.method.lower()
            if r.status == 200 and method in ("sendmessage", "editmessagetext"):
                text = str(r.params.get("text", ""))
                if method == "editmessagetext":
                    text = text.split("\n\n", 1)[-1]
                if not self.prefixes or text.startswith(self.prefixes):
                    self.count += 1
        return self.count


def _control_app(fake: FakeBotServer, stop: asyncio.Event) -> web.Application:
    async def users(request: web.Request) -> web.Response:
        body = await request.json()
        for user_id, name in body["users"]:
            fake.user(int(user_id), str(name))
        return web.json_response({"users": len(body["users"])})

    async def texts(request: web.Request) -> web.Response:
        body = await request.json()
        for user_id, text in body["texts"]:
            fake.users[int(user_id)].send_text(str(text))
        return web.json_response({"queued": len(body["texts"])})

    async def wait(request: web.Request) -> web.Response:
        body = await request.json()
        counter = SentCounter(fake, tuple(body.get("prefixes") or ()))
        want = int(body["count"])
        try:
            await fake.wait_for(lambda: counter() >= want, float(body.get("timeout", 600)), f"{want} messages")
        except AssertionError as exc:
            return web.json_response({"error": str(exc), "count": counter()}, status=504)
        return web.json_response(
            {
                "count": counter(),
                "requests": len(fake.requests),
                "rejected": len(fake.rejected),
                "crashes": len(fake.crashes),
                "cpu_seconds": time.process_time(),
            }
        )

    async def halt(request: web.Request) -> web.Response:
        stop.set()
        return web.json_response({"stopping": True})

    app = web.Application()
    app.router.add_post("/control/users", users)
    app.router.add_post("/control/texts", texts)
    app.router.add_post("/control/wait", wait)
    app.router.add_post("/control/stop", halt)
    return app


async def _serve(conn: Connection, token: str, rules_enabled: bool) -> None:
    stop = asyncio.Event()
    async with FakeBotServer(token, rules=RateRules(enabled=rules_enabled)) as fake:
        runner = web.AppRunner(_control_app(fake, stop), access_log=None, shutdown_timeout=0.5)
        await runner.setup()
        await web.TCPSite(runner, "127.0.0.1", 0).start()
        conn.send((fake.port, int(runner.addresses[0][1])))
        await stop.wait()
        await runner.cleanup()


def _child(conn: Connection, token: str, rules_enabled: bool) -> None:
    asyncio.run(_serve(conn, token, rules_enabled))


class RemoteFake:
    """A ``FakeBotServer`` in a child process (spawned, so it shares nothing with this one's event loop)."""

    def __init__(self, token: str = "123456789:TEST-fake-token", *, rules_enabled: bool = False) -> None:
        self.token = token
        self._rules_enabled = rules_enabled
        self._process: multiprocessing.process.BaseProcess | None = None
        self._session: ClientSession | None = None
        self.port = 0
        self.control_port = 0

    @property
    def api_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/bot"

    @property
    def file_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/file/bot"

    async def __aenter__(self) -> RemoteFake:
        ctx = multiprocessing.get_context("spawn")
        parent, child = ctx.Pipe()
        self._process = ctx.Process(target=_child, args=(child, self.token, self._rules_enabled), daemon=True)
        self._process.start()
        ready = await asyncio.to_thread(parent.poll, 60)
        if not ready:
            self._process.kill()
            raise RuntimeError("the fake server process did not start within 60 s")
        self.port, self.control_port = parent.recv()
        self._session = ClientSession(timeout=ClientTimeout(total=None))
        return self

    async def __aexit__(self, *exc: object) -> None:
        try:
            if self._session is not None:
                await self._call("stop", {})
                await self._session.close()
        finally:
            if self._process is not None:
                await asyncio.to_thread(self._process.join, 10)
                if self._process.is_alive():
                    self._process.kill()

    async def _call(self, name: str, body: dict[str, Any]) -> dict[str, Any]:
        assert self._session is not None, "use RemoteFake as an async context manager"
        url = f"http://127.0.0.1:{self.control_port}/control/{name}"
        async with self._session.post(url, json=body) as response:
            out: dict[str, Any] = await response.json()
            if response.status != 200:
                raise AssertionError(out.get("error", out))
            return out

    async def add_users(self, users: list[tuple[int, str]]) -> None:
        await self._call("users", {"users": [list(u) for u in users]})

    async def send_texts(self, texts: list[tuple[int, str]]) -> int:
        return int((await self._call("texts", {"texts": [list(t) for t in texts]}))["queued"])

    async def wait_sent(self, count: int, prefixes: tuple[str, ...] = (), timeout: float = 600) -> dict[str, Any]:
        """Until the bot has sent ``count`` messages starting with ``prefixes``: the fake's counters."""
        return await self._call("wait", {"count": count, "prefixes": list(prefixes), "timeout": timeout})
