"""One running bot process: start, serve (long polling or a webhook), stop, whatever goes wrong.

What python-telegram-bot's `run_polling`/`run_webhook` do, with what a hardened process needs besides:

- a token Telegram rejects (401, or 404 for a wrong STUDYBOT_API_URL) ends the process with exit code 2
  and a sentence, never a traceback (python-telegram-bot's error message holds the token);
- SIGTERM and SIGINT always end the process: the first asks for a graceful stop and starts a deadline
  (`grace` seconds) after which the process exits anyway; a second signal exits at once. The handlers are
  plain signal handlers, which run even when the event loop is stuck or has died;
- a heartbeat file (`heartbeat_path(db)`) is touched every `HEARTBEAT_SECONDS` by a task on the event
  loop: `python -m bot.health` says unhealthy when it goes stale, i.e. when the loop is stuck;
- the webhook is served by bot/telegram/webhook.py (secret first, bodies capped), not tornado, its
  connections capped and timed out (bot/telegram/connections.py).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import signal
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

from aiohttp import web
from telegram.error import InvalidToken, TelegramError
from telegram.ext import Application

from bot.health import heartbeat_path
from bot.logsetup import Throttled
from bot.telegram.connections import ConnectionGuard, GuardedSite, quiet_accept_errors
from bot.telegram.webhook import webhook_app

__all__ = ["HEARTBEAT_SECONDS", "REJECTED_TOKEN", "Serving", "Webhook"]

log = logging.getLogger(__name__)

HEARTBEAT_SECONDS = 10.0
REJECTED_TOKEN = """\
Telegram rejected the bot token (STUDYBOT_TOKEN): it was revoked or mistyped, or STUDYBOT_API_URL does
not point at a Bot API server. Check the token with @BotFather (/mybots, then API Token) and
STUDYBOT_API_URL, then run `studybot run` again.
Telegram 拒绝了机器人令牌（STUDYBOT_TOKEN）：令牌已失效或有误，或 STUDYBOT_API_URL 不是 Bot API 地址。
请在 @BotFather 中核对令牌（/mybots → API Token）和 STUDYBOT_API_URL，然后重新运行 `studybot run`。"""


@dataclass(frozen=True)
class Webhook:
    url: str  # the public URL Telegram posts to
    listen: str
    port: int
    secret: str
    max_connections: int = 128  # open at once (bot/telegram/connections.py)
    idle_seconds: float = 15.0  # a connection waiting this long for a request is closed


class Serving:
    """Run `app` until a signal; `run()` returns the exit code."""

    def __init__(
        self,
        app: Application,
        db: Path,
        *,
        webhook: Webhook | None = None,  # type: ignore[type-arg]
        grace: float = 20.0,
        redact: Callable[[str], str] = lambda text: text,
    ) -> None:
        self.app = app
        self.webhook = webhook
        self.grace = grace
        self.heartbeat = heartbeat_path(db)
        self.redact = redact
        self._stop: asyncio.Event | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._signalled = False

    # ----- signals -----------------------------------------------------------------------------------

    def _install_signals(self) -> None:
        for sig in (signal.SIGTERM, signal.SIGINT):
            signal.signal(sig, self._on_signal)

    def _on_signal(self, signum: int, frame: object) -> None:
        if self._signalled:  # asked twice: now
            _exit_now(128 + signum, f"second {signal.Signals(signum).name}: exiting at once")
        self._signalled = True
        log.info("%s: stopping (at most %.0f s)", signal.Signals(signum).name, self.grace)
        threading.Thread(target=self._deadline, name="studybot-stop-deadline", daemon=True).start()
        loop, stop = self._loop, self._stop
        if loop is not None and stop is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):  # the loop closed meanwhile
                loop.call_soon_threadsafe(stop.set)

    def _deadline(self) -> None:
        time.sleep(self.grace)
        _exit_now(1, f"did not stop within {self.grace:.0f} s: exiting anyway")

    # ----- the run -------------------------------------------------------------------------------------

    def run(self) -> int:
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        quiet_accept_errors(loop)  # out of files: one line a minute, not a traceback a second
        self._loop = loop
        self._stop = asyncio.Event()
        self._install_signals()
        try:
            return loop.run_until_complete(self._main())
        except BaseException as exc:  # the loop itself died: say so (without secrets) and end
            log.critical("the bot stopped: %s", self.redact(f"{type(exc).__name__}: {exc}"), exc_info=exc)
            return 1
        finally:
            with contextlib.suppress(Exception):
                self.heartbeat.unlink(missing_ok=True)

    async def _main(self) -> int:
        app = self.app
        try:
            await app.initialize()  # getMe: the token is checked here
        except InvalidToken:
            print(REJECTED_TOKEN, file=sys.stderr)
            await _quietly(app.shutdown())
            return 2
        except TelegramError as exc:
            print(
                self.redact(
                    f"studybot: cannot reach the Bot API ({exc}); is the network up and STUDYBOT_API_URL right?"
                ),
                file=sys.stderr,
            )
            await _quietly(app.shutdown())
            return 1
        runner: web.AppRunner | None = None
        beat = asyncio.ensure_future(self._beat())
        try:
            if app.post_init is not None:
                await app.post_init(app)
            if self._stop is not None and self._stop.is_set():
                return 0
            if self.webhook is None:
                assert app.updater is not None
                # python-telegram-bot logs each failed getUpdates with its traceback: here one line a minute
                poll_errors = Throttled(log, 60.0)
                await app.updater.start_polling(
                    error_callback=lambda exc: poll_errors(logging.WARNING, "getUpdates failed: %s", exc)
                )
                log.info("polling for updates")
            else:
                runner = await self._serve_webhook(self.webhook)
            await app.start()
            assert self._stop is not None
            await self._stop.wait()
            return 0
        finally:
            beat.cancel()
            await self._stop_all(runner)

    async def _serve_webhook(self, hook: Webhook) -> web.AppRunner:
        path = urlsplit(hook.url).path.lstrip("/")
        guard = ConnectionGuard(hook.max_connections, hook.idle_seconds)
        web_app = webhook_app(self.app, path, hook.secret, guard)
        runner = web.AppRunner(web_app, access_log=None, shutdown_timeout=2.0)
        await runner.setup()
        await GuardedSite(runner, hook.listen, hook.port, guard).start()
        await self.app.bot.set_webhook(hook.url, secret_token=hook.secret)
        log.info("serving a webhook on %s:%s/%s for %s", hook.listen, hook.port, path, hook.url)
        return runner

    async def _stop_all(self, runner: web.AppRunner | None) -> None:
        app = self.app
        if runner is not None:
            await _quietly(runner.cleanup())
        if app.updater is not None and app.updater.running:
            await _quietly(app.updater.stop())
        if app.running:
            await _quietly(app.stop())
            if app.post_stop is not None:
                await _quietly(app.post_stop(app))
        await _quietly(app.shutdown())
        if app.post_shutdown is not None:
            await _quietly(app.post_shutdown(app))

    async def _beat(self) -> None:
        """Touch the heartbeat file while the event loop runs (bot.health reads its age)."""
        self.heartbeat.parent.mkdir(parents=True, exist_ok=True)
        self.heartbeat.write_text(f"{os.getpid()}\n", encoding="utf-8")
        while True:
            with contextlib.suppress(OSError):
                os.utime(self.heartbeat)
            await asyncio.sleep(HEARTBEAT_SECONDS)


async def _quietly(step: object) -> None:
    """One step of stopping: a failure is logged and the next step still runs."""
    try:
        await step  # type: ignore[misc]
    except Exception:
        log.exception("while stopping")


def _exit_now(code: int, why: str) -> None:
    log.error(why)
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(Exception):
            stream.flush()
    logging.shutdown()
    os._exit(code)
