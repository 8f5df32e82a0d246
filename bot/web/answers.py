"""What learners answered: the open reports (each with the question's key and the learners' comments;
[答案没错] closes them, editing the question resolves them). Attempts, % right and the most common wrong
replies per question, and "my answer should count" disputes come from the grading engine's methods."""

from __future__ import annotations

import logging

from aiohttp import web

from bot.banks.key_fix import describe_key
from bot.web.pages import render, services, viewer
from bot.web.texts import translator

__all__ = ["routes"]

log = logging.getLogger("bot.admin")
routes = web.RouteTableDef()


@routes.get("/answers")
async def answers(request: web.Request) -> web.StreamResponse:
    me, engine = viewer(request), services(request).engine
    t = translator(me.lang)
    reports = []
    for item in await engine.flagged_reports(limit=200):
        found = engine.question_for(item.question)
        question = found[1] if found else None
        key = describe_key(question, me.lang) if question is not None else None
        reports.append((item, question, key))
    return render(
        request,
        "answers.html",
        title=t("answers_title"),
        reports=reports,
        dismissed=request.query.get("dismissed"),
    )


@routes.post("/answers/{bank}/{qid}/dismiss")
async def dismiss(request: web.Request) -> web.StreamResponse:
    me, engine = viewer(request), services(request).engine
    bank, qid = request.match_info["bank"], request.match_info["qid"]
    done = await engine.resolve_reports(bank, qid)
    log.info("admin %d dismissed %d report(s) of %s/%s on the desk", me.admin_id, done, bank, qid)
    raise web.HTTPSeeOther(f"/answers?dismissed={done}")
