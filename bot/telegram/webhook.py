"""The webhook endpoint: Telegram POSTs each update here.

python-telegram-bot's webhook server (tornado) reads a request's whole body (up to 100 MB) before it
looks at the secret header, so anyone who finds the URL can make the bot hold gigabytes. Here the secret
header is checked first (a request without it is refused unread), and a body is read only up to
`MAX_BODY` (Telegram's updates are a few kilobytes; 1 MB is plenty). An update is answered 200 once it
is in the update inbox (bot/telegram/inbox.py): Telegram sends again whatever was not answered.

A body with the secret that holds no update (not JSON, nested too deeply, `[]`, `null`, an update_id that
is no number) is answered 400 and kept as a dead letter; an update that cannot be stored or read (a lone
surrogate in its text) is answered 200, so Telegram does not send it again, and kept as a dead letter. The
server answers every request after it as before. While the database cannot be written at all, an update
is answered 503 (Telegram sends it again later) until the bot serves without keeping it (the inbox says).
"""

from __future__ import annotations

import asyncio
import hmac
import logging

from aiohttp import web
from telegram.ext import Application

from bot.telegram.connections import ConnectionGuard
from bot.telegram.inbox import Inbox
from bot.telegram.update_check import Unreadable, examine, parse_body, shown

__all__ = ["BODY_SECONDS", "MAX_BODY", "SECRET_HEADER", "webhook_app"]

log = logging.getLogger(__name__)

MAX_BODY = 1024 * 1024
BODY_SECONDS = 10.0  # to send a body of at most MAX_BODY: Telegram's take milliseconds
SECRET_HEADER = "X-Telegram-Bot-Api-Secret-Token"


def webhook_app(
    app: Application,  # type: ignore[type-arg]
    path: str,
    secret: str,
    guard: ConnectionGuard | None = None,
) -> web.Application:
    """An aiohttp application serving the webhook at `path` for `app`; `guard` holds its connections
    (bot/telegram/connections.py: a request being handled is not idle time)."""

    async def receive(request: web.Request) -> web.Response:
        if guard is None:
            return await handle(request)
        with guard.handling(request.transport):
            return await handle(request)

    async def handle(request: web.Request) -> web.Response:
        if not hmac.compare_digest(request.headers.get(SECRET_HEADER, "").encode(), secret.encode()):
            return _refuse(403, "Forbidden")  # before a byte of the body is read
        if request.content_length is not None and request.content_length > MAX_BODY:
            return _refuse(413, "Request Entity Too Large")
        try:
            async with asyncio.timeout(BODY_SECONDS):
                body = await request.content.read(MAX_BODY + 1)
        except TimeoutError:
            return _refuse(408, "Request Timeout")
        if len(body) > MAX_BODY:
            return _refuse(413, "Request Entity Too Large")
        inbox = app.bot_data.inbox
        try:
            checked = examine(parse_body(body), app.bot)
        except ValueError as exc:
            checked = Unreadable(None, shown(body), str(exc))
        if isinstance(checked, Unreadable):
            if inbox is not None and inbox.is_open:
                inbox.bury(checked)
                await _kept(inbox)
            else:
                log.warning("webhook: an update that cannot be handled: %s", checked.error)
            # No usable id: not an update at all. Else one that is confirmed, never to come again.
            return web.Response(status=400, text="Bad Request") if checked.update_id is None else _ok()
        if inbox is not None:
            inbox.keep_body(checked.update.update_id, checked.body)
        await app.update_queue.put(checked.update)
        if inbox is not None and not await _kept(inbox):  # answered only once kept: a crash now loses nothing
            return web.Response(status=503, text="Service Unavailable")
        return _ok()

    web_app = web.Application(client_max_size=MAX_BODY)
    web_app.router.add_post("/" + path.lstrip("/"), receive)
    return web_app


async def _kept(inbox: Inbox) -> bool:
    """Whether what the inbox holds is written (or the bot serves without it); its fault is logged there."""
    try:
        await inbox.flush()
    except Exception:
        return False
    return True


def _ok() -> web.Response:
    return web.Response(text="OK")


def _refuse(status: int, reason: str) -> web.Response:
    response = web.Response(status=status, text=reason)
    response.force_close()  # do not read (and hold) the rest of an unread body to keep the connection
    return response
