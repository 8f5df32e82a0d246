"""Signing in and out: /panel's one-time link (a page with a button: opening the link uses nothing up, so
a link preview cannot spend it; the button does), and the Mini App's signed initData."""

from __future__ import annotations

import logging

from aiohttp import web

from bot.study.desk_access import SESSION_SECONDS
from bot.web.guard import COOKIE, language_of, set_session_cookie
from bot.web.initdata import InitDataError, check_init_data
from bot.web.pages import SERVICES, message_page, render, services
from bot.web.texts import both, translator

__all__ = ["routes"]

log = logging.getLogger("bot.admin")
routes = web.RouteTableDef()


def _next(request: web.Request, wanted: object) -> str:
    """Where to go after signing in: a path of this site only (never another site's address)."""
    if isinstance(wanted, str) and wanted.startswith("/") and not wanted.startswith(("//", "/\\")):
        return wanted
    return "/"


@routes.get("/signin")
async def signin_page(request: web.Request) -> web.StreamResponse:
    token = request.query.get("t", "")
    admin_id = await services(request).access.usable_link(token)
    if admin_id is None:
        return message_page(request, both("signin_title"), both("signin_link_bad"), status=403)
    lang = await language_of(request, admin_id, None)
    t = translator(lang)
    return render(request, "signin.html", lang=lang, title=t("signin_title"), token=token)


@routes.post("/signin")
async def signin(request: web.Request) -> web.StreamResponse:
    svc = services(request)
    form = await request.post()
    token = form.get("t")
    admin_id = await svc.access.redeem_link(token) if isinstance(token, str) else None
    if admin_id is None or admin_id not in svc.config.admins:
        log.info("teacher's desk: a sign-in link was refused (forged, expired, used, or not an admin's)")
        return message_page(request, both("signin_title"), both("signin_link_bad"), status=403)
    opened = await svc.access.open_session(admin_id, "link")
    log.info("teacher's desk: admin %d signed in with a link", admin_id)
    response = web.Response(status=303, headers={"Location": "/"})
    set_session_cookie(response, request, opened.cookie, SESSION_SECONDS)
    return response


@routes.post("/auth/telegram")
async def auth_telegram(request: web.Request) -> web.StreamResponse:
    """The Mini App's initData for a session: JSON {next} on success, {error} with 403 otherwise."""
    svc = request.app[SERVICES]
    form = await request.post()
    raw = form.get("init_data")
    now = int(svc.clock().timestamp())
    try:
        user = check_init_data(
            raw if isinstance(raw, str) else "", svc.config.token, now=now, max_age=svc.config.init_data_seconds
        )
    except InitDataError as exc:
        log.info("teacher's desk: initData refused (%s)", exc.reason)
        return web.json_response({"error": both(f"refused_{exc.reason}")}, status=403)
    lang = await language_of(request, user.id, user.language_code)
    if user.id not in svc.config.admins:
        log.info("teacher's desk: refused non-admin %d (Mini App)", user.id)
        return web.json_response({"error": translator(lang)("refused_not_admin")}, status=403)
    opened = await svc.access.open_session(user.id, "telegram", user.language_code)
    log.info("teacher's desk: admin %d signed in from Telegram", user.id)
    response = web.json_response({"next": _next(request, form.get("next"))})
    set_session_cookie(response, request, opened.cookie, SESSION_SECONDS)
    return response


@routes.post("/signout")
async def signout(request: web.Request) -> web.StreamResponse:
    await services(request).access.close_session(request.cookies.get(COOKIE, ""))
    response = web.Response(status=303, headers={"Location": "/signed-out"})
    response.del_cookie(COOKIE, path="/")
    return response


@routes.get("/signed-out")
async def signed_out(request: web.Request) -> web.StreamResponse:
    return message_page(request, both("desk"), both("signed_out"))
