"""The webhook endpoint: Telegram POSTs each update here.

python-telegram-bot's webhook server (tornado) reads a request's whole body (up to 100 MB) before it
looks at the secret header, so anyone who finds the URL can make the bot hold gigabytes. Here the secret
header is checked first (a request without it is refused unread), and a body is read only up to
`MAX_BODY` (Telegram's updates are a few kilobytes; 1 MB is plenty). An update is answered 200 once it
is in the update inbox (bot/telegram/inbox.py): Telegram sends again whatever was not answered.
"""

from __future__ import annotations

import hmac
import json
import logging

from aiohttp import web
from telegram import Update
from telegram.ext import Application

__all__ = ["MAX_BODY", "SECRET_HEADER", "webhook_app"]

log = logging.getLogger(__name__)

MAX_BODY = 1024 * 1024
SECRET_HEADER = "X-Telegram-Bot-Api-Secret-Token"


def webhook_app(app: Application, path: str, secret: str) -> web.Application:  # type: ignore[type-arg]
    """An aiohttp application serving the webhook at `path` for `app`."""

    async def receive(request: web.Request) -> web.Response:
        if not hmac.compare_digest(request.headers.get(SECRET_HEADER, "").encode(), secret.encode()):
            return _refuse(403, "Forbidden")  # before a byte of the body is read
        if request.content_length is not None and request.content_length > MAX_BODY:
            return _refuse(413, "Request Entity Too Large")
        body = await request.content.read(MAX_BODY + 1)
        if len(body) > MAX_BODY:
            return _refuse(413, "Request Entity Too Large")
        try:
            update = Update.de_json(json.loads(body), app.bot)
        except (ValueError, TypeError, KeyError) as exc:
            log.warning("webhook: a request with the secret but no update in it (%s)", exc)
            return web.Response(status=400, text="Bad Request")
        inbox = app.bot_data.inbox
        if inbox is not None:
            inbox.keep_body(update.update_id, body.decode())
        await app.update_queue.put(update)
        if inbox is not None:
            await inbox.flush()  # answered only once kept: a crash now loses nothing
        return web.Response(text="OK")

    web_app = web.Application(client_max_size=MAX_BODY)
    web_app.router.add_post("/" + path.lstrip("/"), receive)
    return web_app


def _refuse(status: int, reason: str) -> web.Response:
    response = web.Response(status=status, text=reason)
    response.force_close()  # do not read (and hold) the rest of an unread body to keep the connection
    return response
