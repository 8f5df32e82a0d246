"""Every request passes here: security headers on every answer; a session (the cookie), an admin (the
admin list, read on every request) and, for a form, the session's CSRF token, or the request goes no
further. The pages that sign in are the only ones open without a session."""

from __future__ import annotations

import hmac
import logging
from collections.abc import Awaitable, Callable

from aiohttp import web

from bot.locale import language_of as resolve
from bot.web.pages import SERVICES, VIEWER, Viewer, message_page, render
from bot.web.texts import both, translator

__all__ = ["COOKIE", "guard", "headers", "language_of", "set_session_cookie"]

log = logging.getLogger("bot.admin")

COOKIE = "studybot_desk"
OPEN = ("/static/", "/signin", "/auth/telegram", "/signed-out")
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]

# Telegram's script (theme, back button) is the one script from elsewhere; Telegram Web shows a Mini App
# in a frame of its own pages.
_CSP = (
    "default-src 'self'; script-src 'self' https://telegram.org; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; form-action 'self'; base-uri 'none'; object-src 'none'; "
    "frame-ancestors 'self' https://web.telegram.org"
)


@web.middleware
async def headers(request: web.Request, handler: Handler) -> web.StreamResponse:
    try:
        response = await handler(request)
    except web.HTTPNotFound:
        response = message_page(request, both("not_found"), "", status=404)
    except web.HTTPMethodNotAllowed as exc:
        response = exc
    response.headers.setdefault("Content-Security-Policy", _CSP)
    response.headers["X-Content-Type-Options"] = "nosniff"
    response.headers["Referrer-Policy"] = "no-referrer"  # a sign-in link's token never leaves in a Referer
    if not request.path.startswith("/static/"):
        response.headers["Cache-Control"] = "no-store"
    return response


def set_session_cookie(response: web.StreamResponse, request: web.Request, value: str, max_age: int) -> None:
    response.set_cookie(
        COOKIE,
        value,
        max_age=max_age,
        path="/",
        httponly=True,
        samesite="Strict",
        secure=request.app[SERVICES].config.secure,
    )


async def language_of(request: web.Request, admin_id: int, told: str | None) -> str:
    """The language the bot speaks with this admin (their /lang), else what their Telegram client said;
    any language of the bot's list (bot/locale), as the chat resolves it."""
    learner = await request.app[SERVICES].engine.learner(admin_id)
    return resolve(learner.language if learner is not None else told)


@web.middleware
async def guard(request: web.Request, handler: Handler) -> web.StreamResponse:
    if request.path.startswith(OPEN):
        return await handler(request)
    svc = request.app[SERVICES]
    cookie = request.cookies.get(COOKIE, "")
    session = await svc.access.session(cookie) if cookie else None
    if session is None:
        # Not signed in: inside Telegram this page signs in with the Mini App's initData and comes back.
        status = 200 if request.method == "GET" else 401
        return render(
            request,
            "bootstrap.html",
            status=status,
            telegram=True,
            title=both("signin_needed"),
            next_path=request.path_qs if request.method == "GET" else "/",
        )
    if session.admin_id not in svc.config.admins:
        log.info("teacher's desk: refused %s %s to non-admin %d", request.method, request.path, session.admin_id)
        t = translator(session.language or "zh")
        return message_page(request, t("desk"), t("refused_not_admin"), status=403)
    lang = await language_of(request, session.admin_id, session.language)
    request[VIEWER] = Viewer(session.admin_id, lang, session.csrf, session.via)
    if request.method not in ("GET", "HEAD"):
        form = await request.post()
        sent = form.get("csrf")
        if not isinstance(sent, str) or not hmac.compare_digest(sent.encode(), session.csrf.encode()):
            log.info("teacher's desk: refused %s %s without its CSRF token", request.method, request.path)
            return message_page(request, translator(lang)("desk"), translator(lang)("csrf_refused"), status=403)
    return await handler(request)
