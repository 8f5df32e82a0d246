"""Live banks: search every question, edit one in place (/fixkey's path: its reports are resolved and
later answers graded by the new text), delete a question or a bank after a confirmation, export."""

from __future__ import annotations

import asyncio
import logging
import tempfile
from pathlib import Path

from aiohttp import web

from bot.banks.edit import EditError, QuestionForm, edited_question, form_of
from bot.banks.export import export_text
from bot.banks.key_fix import KeyFixError
from bot.banks.model import Bank
from bot.study.desk import DeskError
from bot.web.forms import question_form
from bot.web.pages import message_page, render, services, viewer
from bot.web.texts import translator

__all__ = ["routes"]

log = logging.getLogger("bot.admin")
routes = web.RouteTableDef()

SHOWN = 200  # questions on one page of a bank (a search narrows them)


def _bank(request: web.Request) -> Bank:
    bank = services(request).engine.banks.get(request.match_info["bank"])
    if bank is None:
        raise web.HTTPNotFound()
    return bank


async def _reports(request: web.Request) -> dict[tuple[str, str], int]:
    flagged = await services(request).engine.flagged_reports(limit=10000)
    return {(f.bank, f.qid): f.count for f in flagged}


@routes.get("/banks")
async def banks(request: web.Request) -> web.StreamResponse:
    me, svc = viewer(request), services(request)
    words = request.query.get("q", "").strip()
    found = svc.desk.search(words, limit=SHOWN) if words else []
    return render(
        request,
        "banks.html",
        title=translator(me.lang)("banks_title"),
        banks=sorted(svc.engine.banks.values(), key=lambda b: b.id),
        words=words,
        found=found,
        reports=await _reports(request),
    )


async def _bank_page(
    request: web.Request,
    bank: Bank,
    *,
    problem: tuple[str, QuestionForm, str] | None = None,
    notice: str | None = None,
    status: int = 200,
) -> web.Response:
    """A bank's questions (those a search finds), each with its edit form."""
    me, svc = viewer(request), services(request)
    t, query = translator(me.lang), request.query
    words = query.get("q", "").strip()
    questions = [q for _, q in svc.desk.search(words, bank.id, limit=SHOWN)] if words else bank.questions[:SHOWN]
    if notice is None and query.get("resolved", "").isdecimal() and query.get("closed", "").isdecimal():
        notice = t(
            "live_saved",
            resolved=t("n_reports", n=int(query["resolved"])),
            closed=t("n_open_questions", n=int(query["closed"])),
        )
    elif notice is None and "deleted" in query:
        notice = t("deleted_question", qid=query["deleted"][:80])
    forms = {q.id: form_of(q) for q in questions}
    if problem is not None:
        forms[problem[0]] = problem[1]
    return render(
        request,
        "bank.html",
        status=status,
        title=bank.title,
        bank=bank,
        questions=questions,
        forms=forms,
        words=words,
        problem=problem,
        notice=notice,
        reports=await _reports(request),
        shown=SHOWN if len(bank.questions) > SHOWN and not words else None,  # say that the rest is not shown
        editing=query.get("edit", ""),  # [修改这道题] on the answers page: that question's form opens
    )


@routes.get("/banks/{bank}")
async def bank_page(request: web.Request) -> web.StreamResponse:
    return await _bank_page(request, _bank(request))


@routes.post("/banks/{bank}/questions/{qid}")
async def edit_live(request: web.Request) -> web.StreamResponse:
    me, svc = viewer(request), services(request)
    t = translator(me.lang)
    bank = _bank(request)
    qid = request.match_info["qid"]
    typed = question_form(await request.post())
    try:
        _, old = svc.desk.live_question(bank.id, qid)
        question = edited_question(typed, qid=qid, number=old.number, base=old)
        edited = await svc.shelf.edit_question(bank.id, qid, question)
    except (EditError, KeyFixError) as exc:
        why = t("q_error", why=exc.message(me.lang))
        return await _bank_page(request, bank, problem=(qid, typed, why), status=422)
    except DeskError:
        raise web.HTTPNotFound() from None
    log.info(
        "admin %d edited %s/%s on the desk (%d reports resolved, %d open questions closed)",
        me.admin_id,
        bank.id,
        qid,
        edited.resolved,
        edited.closed,
    )
    query = f"saved={qid}&resolved={edited.resolved}&closed={edited.closed}"
    raise web.HTTPSeeOther(f"/banks/{bank.id}?{query}#q-{qid}")


@routes.get("/banks/{bank}/questions/{qid}/delete")
async def confirm_delete_question(request: web.Request) -> web.StreamResponse:
    me, svc = viewer(request), services(request)
    bank = _bank(request)
    try:
        _, question = svc.desk.live_question(bank.id, request.match_info["qid"])
    except DeskError:
        raise web.HTTPNotFound() from None
    t = translator(me.lang)
    return render(
        request,
        "confirm.html",
        title=t("confirm_title"),
        body=t("confirm_question", bank=bank.id, qid=question.id),
        question=question,
        action=f"/banks/{bank.id}/questions/{question.id}/delete",
        back=f"/banks/{bank.id}#q-{question.id}",
    )


@routes.post("/banks/{bank}/questions/{qid}/delete")
async def delete_question(request: web.Request) -> web.StreamResponse:
    me, svc = viewer(request), services(request)
    bank = _bank(request)
    qid = request.match_info["qid"]
    t = translator(me.lang)
    try:
        await svc.shelf.edit_question(bank.id, qid, None)
    except KeyFixError as exc:
        return message_page(request, t("confirm_title"), exc.message(me.lang), status=409)
    log.info("admin %d deleted %s/%s on the desk", me.admin_id, bank.id, qid)
    raise web.HTTPSeeOther(f"/banks/{bank.id}?deleted={qid}")


@routes.get("/banks/{bank}/delete")
async def confirm_delete_bank(request: web.Request) -> web.StreamResponse:
    me = viewer(request)
    bank = _bank(request)
    t = translator(me.lang)
    return render(
        request,
        "confirm.html",
        title=t("confirm_title"),
        body=t("confirm_bank", title=bank.title, id=bank.id, n=len(bank.questions)),
        question=None,
        action=f"/banks/{bank.id}/delete",
        back=f"/banks/{bank.id}",
    )


@routes.post("/banks/{bank}/delete")
async def delete_bank(request: web.Request) -> web.StreamResponse:
    me, svc = viewer(request), services(request)
    bank = _bank(request)
    t = translator(me.lang)
    try:
        deleted = await svc.shelf.delete(bank.id)
    except OSError as exc:
        return message_page(request, t("confirm_title"), str(exc.strerror or exc), status=500)
    if deleted is None:
        raise web.HTTPNotFound()
    log.info("admin %d deleted bank %s on the desk (%s)", me.admin_id, bank.id, deleted.file)
    body = t(
        "deleted_bank",
        title=bank.title,
        id=bank.id,
        learners=t("n_learners", n=deleted.learners),
        subscriptions=t("n_pushes", n=deleted.subscriptions),
    )
    return message_page(request, t("banks_title"), body)


_EXPORTS = {
    "text": ("txt", "text/plain"),
    "xlsx": ("xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"),
    "csv": ("csv", "text/csv"),
}


def _sheet(bank: Bank, form: str) -> bytes:
    from bot.banks.sheets.template import write_csv, write_xlsx  # openpyxl only when a sheet is asked for

    with tempfile.TemporaryDirectory(prefix="studybot-export-") as folder:
        path = Path(folder) / f"bank.{form}"
        (write_xlsx if form == "xlsx" else write_csv)(bank, path)
        return path.read_bytes()


@routes.get("/banks/{bank}/export")
async def export(request: web.Request) -> web.StreamResponse:
    bank = _bank(request)
    form = request.query.get("format", "text")
    if form not in _EXPORTS:
        raise web.HTTPNotFound()
    suffix, mime = _EXPORTS[form]
    data = export_text(bank).encode() if form == "text" else await asyncio.to_thread(_sheet, bank, form)
    return web.Response(
        body=data,
        content_type=mime,
        charset="utf-8" if form != "xlsx" else None,
        headers={"Content-Disposition": f'attachment; filename="{bank.id}.{suffix}"'},
    )
