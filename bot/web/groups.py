"""Groups: each group's answers this week, its leaderboard and its daily question's settings."""

from __future__ import annotations

from aiohttp import web

from bot.locale import LANGUAGES, language_name
from bot.study.desk import DeskError
from bot.web.pages import render, services, viewer
from bot.web.texts import translator

__all__ = ["routes"]

routes = web.RouteTableDef()


@routes.get("/groups")
async def groups(request: web.Request) -> web.StreamResponse:
    me = viewer(request)
    chats = await services(request).desk.groups()
    return render(request, "groups.html", title=translator(me.lang)("groups_title"), chats=chats)


@routes.get("/groups/{chat}")
async def group(request: web.Request) -> web.StreamResponse:
    svc = services(request)
    text = request.match_info["chat"]
    if not text.lstrip("-").isdecimal() or len(text) > 20:
        raise web.HTTPNotFound()
    try:
        week = await svc.desk.group_week(int(text))
    except DeskError:
        raise web.HTTPNotFound() from None
    questions = {}
    for answer in week.answers:
        found = svc.engine.question_for(answer.question)
        questions[answer.question] = found[1] if found else None
    close = week.chat.close_minute if week.chat.close_minute is not None else 22 * 60
    return render(
        request,
        "group.html",
        title=week.chat.title or str(week.chat.id),
        week=week,
        questions=questions,
        close=f"{close // 60:02d}:{close % 60:02d}",
        language=language_name(week.chat.language) if week.chat.language in LANGUAGES else "—",
    )
