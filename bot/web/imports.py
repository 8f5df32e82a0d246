"""Imports under review: the list and the upload form, one draft's page (every question beside its
source lines, the passages left out, the conventions, the lint), its edits, [发布] and cancelling."""

from __future__ import annotations

import logging
from dataclasses import dataclass

from aiohttp import web

from bot.banks.edit import EditError, QuestionForm, form_of
from bot.banks.issues import DocumentError
from bot.banks.limits import DocumentTooLarge
from bot.banks.review import source_spans
from bot.banks.sandbox import import_isolated
from bot.banks.upload import ALLOWED_SUFFIXES, bank_id_for, check_upload, safe_name
from bot.study.bank_admin import NOT_WRITABLE
from bot.study.desk import DeskError, Draft
from bot.web.forms import field, question_form, revision_of
from bot.web.pages import message_page, render, services, viewer
from bot.web.texts import translator

__all__ = ["Problem", "draft_page", "routes"]

log = logging.getLogger("bot.admin")
routes = web.RouteTableDef()


@dataclass(frozen=True)
class Problem:
    """A form sent back with why it was not saved (shown open, with what was typed)."""

    where: str  # 'q:<id>' or 'p:<first line>'
    form: QuestionForm
    why: str


@routes.get("/")
async def home(request: web.Request) -> web.StreamResponse:
    me = viewer(request)
    desk = services(request).desk
    drafts = []
    for upload in await desk.drafts(me.admin_id):
        try:
            drafts.append(await desk.draft(upload.id, me.admin_id))
        except DeskError:
            continue
    return render(
        request,
        "home.html",
        title=translator(me.lang)("imports_title"),
        drafts=drafts,
        formats=" ".join(ALLOWED_SUFFIXES),
    )


@routes.post("/upload")
async def upload(request: web.Request) -> web.StreamResponse:
    me, svc = viewer(request), services(request)
    t = translator(me.lang)
    form = await request.post()
    sent = form.get("document")
    if not isinstance(sent, web.FileField):
        return message_page(request, t("upload_title"), t("upload_missing"), status=400)
    data = sent.file.read()
    name = safe_name(sent.filename)
    refusal = check_upload(name, len(data))
    if refusal is not None:
        return message_page(request, t("upload_title"), refusal.message(me.lang), status=400)
    caption = field(form, "bank_id").strip()
    bank_id = bank_id_for(name, caption)
    try:
        result = await import_isolated(data, name, bank_id, svc.config.import_limits)
    except DocumentTooLarge as exc:
        return message_page(request, t("upload_title"), exc.en if me.lang == "en" else exc.zh, status=400)
    except DocumentError as exc:
        lines = [t("upload_malformed", file=exc.source)]
        lines += [f"{i.line}: {i.en if me.lang == 'en' else i.zh}" for i in exc.issues[:30]]
        return message_page(request, t("upload_title"), "\n".join(lines), status=400)
    upload_id, bank, _ = await svc.desk.hold(me.admin_id, me.admin_id, result, name, named=bank_id == caption)
    log.info(
        "admin %d: %s uploaded on the desk as bank %s (%d questions), draft #%d",
        me.admin_id,
        name,
        bank.id,
        len(bank.questions),
        upload_id,
    )
    raise web.HTTPSeeOther(f"/drafts/{upload_id}")


def _upload_id(request: web.Request) -> int:
    text = request.match_info["upload"]
    if not text.isdecimal() or len(text) > 18:
        raise web.HTTPNotFound()
    return int(text)


def draft_page(
    request: web.Request,
    draft: Draft,
    *,
    problem: Problem | None = None,
    saved: str | None = None,
    status: int = 200,
) -> web.StreamResponse:
    me = viewer(request)
    t = translator(me.lang)
    findings: dict[str, list[object]] = {}
    for f in draft.findings:
        findings.setdefault(f.question_id or "", []).append(f)
    show = request.query.get("show", "all")
    questions = [q for q in draft.bank.questions if show != "flagged" or q.id in findings]
    forms = {q.id: form_of(q) for q in questions}
    if problem is not None and problem.where.startswith("q:"):
        forms[problem.where[2:]] = problem.form
    errors = sum(f.level == "error" for f in draft.findings)
    return render(
        request,
        "draft.html",
        status=status,
        title=t("draft_title", file=draft.upload.file_name),
        draft=draft,
        questions=questions,
        forms=forms,
        spans=source_spans(draft.bank, draft.review),
        findings=findings,
        errors=errors,
        warnings=len(draft.findings) - errors,
        problem=problem,
        saved=saved or request.query.get("saved"),
        added=request.query.get("added"),
        show=show,
    )


async def _draft(request: web.Request) -> Draft:
    me = viewer(request)
    try:
        return await services(request).desk.draft(_upload_id(request), me.admin_id)
    except DeskError as exc:
        raise web.HTTPNotFound() if not exc.stale else _gone(request, exc) from None


def _gone(request: web.Request, exc: DeskError) -> web.HTTPException:
    me = viewer(request)
    page = message_page(request, translator(me.lang)("imports_title"), exc.message(me.lang), status=409)
    return web.HTTPConflict(text=page.text, content_type="text/html")


@routes.get("/drafts/{upload}")
async def show_draft(request: web.Request) -> web.StreamResponse:
    return draft_page(request, await _draft(request))


@routes.post("/drafts/{upload}/questions/{qid}")
async def save_question(request: web.Request) -> web.StreamResponse:
    me, desk = viewer(request), services(request).desk
    form = await request.post()
    qid = request.match_info["qid"]
    typed = question_form(form)
    try:
        await desk.save_question(_upload_id(request), me.admin_id, revision_of(form), qid, typed)
    except EditError as exc:
        draft = await _draft(request)
        why = translator(me.lang)("q_error", why=exc.message(me.lang))
        return draft_page(request, draft, problem=Problem(f"q:{qid}", typed, why), status=422)
    except DeskError as exc:
        raise _gone(request, exc) from None
    log.info("admin %d edited %s of draft #%s", me.admin_id, qid, request.match_info["upload"])
    raise web.HTTPSeeOther(f"/drafts/{_upload_id(request)}?saved={qid}#q-{qid}")


@routes.post("/drafts/{upload}/questions/{qid}/remove")
async def remove_question(request: web.Request) -> web.StreamResponse:
    me, desk = viewer(request), services(request).desk
    form = await request.post()
    try:
        await desk.remove_question(_upload_id(request), me.admin_id, revision_of(form), request.match_info["qid"])
    except DeskError as exc:
        raise _gone(request, exc) from None
    raise web.HTTPSeeOther(f"/drafts/{_upload_id(request)}")


@routes.post("/drafts/{upload}/passages/{line}")
async def add_passage(request: web.Request) -> web.StreamResponse:
    me, desk = viewer(request), services(request).desk
    form = await request.post()
    line = request.match_info["line"]
    if not line.isdecimal() or len(line) > 9:
        raise web.HTTPNotFound()
    typed = question_form(form)
    try:
        _, qid = await desk.add_passage(_upload_id(request), me.admin_id, revision_of(form), int(line), typed)
    except EditError as exc:
        draft = await _draft(request)
        why = translator(me.lang)("q_error", why=exc.message(me.lang))
        return draft_page(request, draft, problem=Problem(f"p:{line}", typed, why), status=422)
    except DeskError as exc:
        raise _gone(request, exc) from None
    log.info("admin %d added line %s of draft #%s as %s", me.admin_id, line, request.match_info["upload"], qid)
    raise web.HTTPSeeOther(f"/drafts/{_upload_id(request)}?added={qid}#q-{qid}")


@routes.post("/drafts/{upload}/publish")
async def publish(request: web.Request) -> web.StreamResponse:
    me, svc = viewer(request), services(request)
    t = translator(me.lang)
    draft = await _draft(request)
    try:
        published = await svc.desk.publish(draft.upload.id, me.admin_id, me.lang)
    except DeskError as exc:
        raise _gone(request, exc) from None
    except OSError as exc:  # the draft waits again (a full disk, a read-only folder): the old file is as it was
        log.error("admin %d: cannot write bank %s from draft #%d: %s", me.admin_id, draft.bank.id, draft.upload.id, exc)
        why = str(exc.strerror or exc)
        if exc.errno in NOT_WRITABLE:
            why += " (STUDYBOT_BANKS)"
        body = t("publish_failed", id=draft.bank.id, why=why)
        return message_page(request, t("published_title"), body, status=500)
    bank = published.bank
    log.info(
        "admin %d published bank %s from the desk (%s, %d questions)",
        me.admin_id,
        bank.id,
        published.file_name,
        len(bank.questions),
    )
    findings = await svc.desk.lint(bank)
    errors = sum(f.level == "error" for f in findings)
    return render(
        request,
        "published.html",
        title=t("published_title"),
        bank=bank,
        replaced=published.installed.replaced,
        findings=findings,
        errors=errors,
        warnings=len(findings) - errors,
    )


@routes.post("/drafts/{upload}/cancel")
async def cancel(request: web.Request) -> web.StreamResponse:
    me, desk = viewer(request), services(request).desk
    try:
        taken = await desk.cancel(_upload_id(request), me.admin_id)
    except DeskError as exc:
        raise _gone(request, exc) from None
    t = translator(me.lang)
    return message_page(request, t("imports_title"), t("draft_cancelled", file=taken.file_name))
