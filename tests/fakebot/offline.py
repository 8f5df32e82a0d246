"""The fake Bot API without sockets: python-telegram-bot's own test pattern, on the same fake.

`OfflineRequest` is a `telegram.request.BaseRequest` whose calls go straight to `FakeBotServer.call`
(the same validation, records, flood rules and faults as over HTTP, the request body turned into
parameters as the server would read them). `Feeder` hands the updates the simulated users make to
`Application.process_update`, one at a time and in order, so a test waits on events, never on time:
``await feeder.settle()`` returns once every update so far is handled. (The update processor's per-chat
queues, the inbox and getUpdates are the end-to-end tests' to check, over HTTP.)
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from typing import Any
from urllib.parse import unquote, urlsplit

from telegram import Update
from telegram.ext import Application
from telegram.request import BaseRequest, RequestData

from .server import FakeBotServer
from .spec import Upload

__all__ = ["Feeder", "OfflineRequest"]


class OfflineRequest(BaseRequest):
    """Requests answered by the fake in this process (no HTTP): what a test of handlers needs."""

    def __init__(self, fake: FakeBotServer) -> None:
        self.fake = fake

    @property
    def read_timeout(self) -> float | None:
        return None

    async def initialize(self) -> None:
        return None

    async def shutdown(self) -> None:
        return None

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
        path = unquote(urlsplit(url).path)  # as the HTTP server reads it (the token's colon is %3A)
        if path.startswith("/file/bot"):  # a download from base_file_url
            token, _, file_path = path.removeprefix("/file/bot").partition("/")
            found = self.fake.file_content(token, file_path)
            if found is None:
                return 404, json.dumps({"ok": False, "error_code": 404, "description": "Not Found"}).encode()
            return 200, found[0]
        token, _, api_method = path.rpartition("/bot")[2].partition("/")
        params: dict[str, Any] = {}
        uploads: dict[str, Upload] = {}
        if request_data is not None and request_data.contains_files:
            params = dict(request_data.json_parameters)  # as a multipart form carries them: strings
            for name, (filename, content, mime) in (request_data.multipart_data or {}).items():
                uploads[name] = Upload(name, filename, mime, bytes(content))
        elif request_data is not None:
            params = json.loads(json.dumps(request_data.parameters))  # as a JSON body carries them
        status, answer = await self.fake.call(api_method, token, params, uploads)
        return status, json.dumps(answer).encode()


class Feeder:
    """The updates the fake's simulated users make, handed to the application one by one, in order."""

    def __init__(self, app: Application, fake: FakeBotServer) -> None:  # type: ignore[type-arg]
        self.app = app
        self.fake = fake
        self._busy = False
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = asyncio.ensure_future(self._run())

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None

    async def _run(self) -> None:
        fake = self.fake
        while True:
            while fake._pending:
                data = fake._pending.pop(0)
                self._busy = True
                try:
                    await self.app.process_update(Update.de_json(data, self.app.bot))
                finally:
                    self._busy = False
                    fake._notify()
            fake._updates_event.clear()
            await fake._updates_event.wait()

    @property
    def idle(self) -> bool:
        return not self._busy and not self.fake._pending

    async def settle(self, timeout: float = 10.0) -> None:
        """Return once every update made so far is handled (what handlers left running may still run)."""
        await self.fake.wait_for(lambda: self.idle, timeout, "every update handled")
