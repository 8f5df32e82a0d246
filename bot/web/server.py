"""The desk's web server: the aiohttp application with its guard and pages, started and stopped by the
composition root (bot/app.py) beside the bot on STUDYBOT_WEB_PORT."""

from __future__ import annotations

import logging
from pathlib import Path

from aiohttp import web

from bot.web import answers, banks, groups, imports, signin
from bot.web.guard import guard, headers
from bot.web.pages import SERVICES, Services

__all__ = ["DeskServer", "desk_app"]

log = logging.getLogger(__name__)

STATIC = Path(__file__).parent / "static"
MAX_REQUEST = 3 * 1024 * 1024  # an uploaded document is at most 2 MB, and its form around it


def desk_app(services: Services) -> web.Application:
    app = web.Application(middlewares=[headers, guard], client_max_size=MAX_REQUEST)
    app[SERVICES] = services
    for module in (signin, imports, banks, answers, groups):
        app.add_routes(module.routes)
    app.router.add_static("/static/", STATIC)
    return app


class DeskServer:
    """The desk listening on `host`:`port` until stopped."""

    def __init__(self, services: Services, host: str, port: int) -> None:
        self.services, self.host, self.port = services, host, port
        self._runner: web.AppRunner | None = None

    async def start(self) -> None:
        runner = web.AppRunner(desk_app(self.services), access_log=None)
        await runner.setup()
        site = web.TCPSite(runner, self.host, self.port)
        await site.start()
        self._runner = runner
        log.info("teacher's desk listening on %s:%d (%s)", self.host, self.port, self.services.config.url)

    async def stop(self) -> None:
        runner, self._runner = self._runner, None
        if runner is not None:
            await runner.cleanup()
