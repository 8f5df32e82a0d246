"""Admins (STUDYBOT_ADMINS) manage banks from the chat: send a document to import it, /reports to review
flagged keys, /fixkey to correct a key, /dismiss to close a report.

Non-admins never reach any of it: in a private chat they are told politely that only admins may do
this; a document sent in a group is ignored (groups share files all the time). Every admin action is
one log line on the `bot.admin` logger.
"""

from __future__ import annotations

import logging
import re
from dataclasses import replace

from telegram import Document, Update
from telegram.constants import ChatType
from telegram.ext import Application, MessageHandler, filters

from bot.banks.importer import ImportResult
from bot.banks.issues import DocumentError, Issue
from bot.banks.key_fix import KeyFixError, describe_key
from bot.banks.limits import UPLOAD_LIMITS, DocumentTooLarge
from bot.banks.lint import LintFinding
from bot.banks.model import Bank, Kind
from bot.banks.sandbox import import_isolated
from bot.banks.upload import bank_id_for, check_upload
from bot.grading import kind_label
from bot.study.bank_admin import NOT_WRITABLE
from bot.telegram.context import CustomContext
from bot.telegram.render import esc
from bot.telegram.texts import t

__all__ = [
    "admin_or_refuse",
    "dismiss_command",
    "fixkey_command",
    "on_document",
    "register",
    "reports_command",
]

log = logging.getLogger("bot.admin")

SHOWN = 15  # lines of warnings, lint findings or errors shown per message part
_REPORT_ID = re.compile(r"[0-9]{1,18}")


async def admin_or_refuse(update: Update, context: CustomContext, what: str, refusal: str = "admin_only") -> bool:
    """The one admin check: True for an admin; a non-admin in a private chat is told politely."""
    user, chat = update.effective_user, update.effective_chat
    if user is None or chat is None:
        return False
    if context.is_bot_admin():
        return True
    log.info("refused %s to non-admin %d", what, user.id)
    if chat.type == ChatType.PRIVATE:
        await context.reply(t(refusal, await context.lang()))
    return False


def _more(lines: list[str], lang: str) -> list[str]:
    if len(lines) <= SHOWN:
        return lines
    return [*lines[:SHOWN], t("admin_more", lang, n=len(lines) - SHOWN)]


def _issue_line(issue: Issue, lang: str) -> str:
    where = t("admin_line", lang, line=issue.line) if issue.line else t("admin_whole", lang)
    return f"{where}{esc(issue.en if lang == 'en' else issue.zh)}"


def _finding_line(finding: LintFinding, lang: str) -> str:
    where = f"{finding.bank_id}/{finding.question_id}" if finding.question_id else finding.bank_id
    level = t("admin_error" if finding.level == "error" else "admin_warning", lang)
    return f"{level} <code>{esc(where)}</code> {esc(finding.message if lang == 'en' else finding.message_zh)}"


def _counts(bank: Bank, lang: str) -> str:
    counts = bank.counts()
    sep = ", " if lang == "en" else "、"
    return sep.join(f"{kind_label(kind, lang)} {counts[kind]}" for kind in Kind if counts[kind])


# ----- document upload -----------------------------------------------------------------------------


async def on_document(update: Update, context: CustomContext) -> None:
    message, user, chat = update.effective_message, update.effective_user, update.effective_chat
    if message is None or message.document is None or user is None or chat is None:
        return
    if not await admin_or_refuse(update, context, "a document upload"):
        return
    lang = await context.lang()
    doc = message.document
    refusal = check_upload(doc.file_name, doc.file_size)
    if refusal is not None:
        log.info("admin %d: refused %r (%s bytes): %s", user.id, doc.file_name, doc.file_size, refusal.en)
        await context.reply(esc(refusal.message(lang)))
        return
    data = await _download(doc)
    refusal = check_upload(doc.file_name, len(data))  # file_size is optional in the Bot API
    if refusal is not None:
        await context.reply(esc(refusal.message(lang)))
        return
    bank_id = bank_id_for(doc.file_name, message.caption)
    settings = context.settings
    limits = replace(UPLOAD_LIMITS, max_seconds=settings.import_seconds, max_memory_mb=settings.import_memory_mb)
    try:
        # In a process of its own, memory and time capped: a zip bomb or a huge file cannot stall the bot.
        result = await import_isolated(data, doc.file_name, bank_id, limits)
    except DocumentTooLarge as exc:
        log.warning("admin %d: %s refused: %s", user.id, doc.file_name, exc)
        why = esc(exc.en if lang == "en" else exc.zh)
        await context.reply(t("admin_too_big", lang, file=esc(exc.source), why=why))
        return
    except DocumentError as exc:
        log.info("admin %d: %s is malformed: %s", user.id, doc.file_name, exc)
        lines = [t("admin_malformed", lang, file=esc(exc.source), n=len(exc.issues))]
        lines += _more([_issue_line(i, lang) for i in exc.issues], lang)
        await context.reply("\n".join(lines))
        return
    shelf = context.bank_admin
    try:
        installed = await shelf.install(result.bank)
    except OSError as exc:
        log.error("admin %d: cannot write bank %s into %s: %s", user.id, bank_id, shelf.folder, exc)
        # E.g. the Docker image's bundled banks folder is read-only: STUDYBOT_BANKS must be writable. A
        # full disk is not that; either way the old file is untouched (written whole or not at all).
        key = "admin_unwritable" if exc.errno in NOT_WRITABLE else "admin_save_failed"
        why = esc(exc.strerror or exc)
        await context.reply(t(key, lang, id=esc(bank_id), folder=esc(shelf.folder), why=why))
        return
    findings = installed.findings
    log.info(
        "admin %d imported bank %s from %s: %d questions, %d warnings, %s; lint: %d errors, %d warnings",
        user.id,
        bank_id,
        doc.file_name,
        len(result.bank.questions),
        len(result.warnings),
        "replaced" if installed.replaced else "new",
        sum(f.level == "error" for f in findings),
        sum(f.level == "warning" for f in findings),
    )
    await context.reply(_import_report(result, doc.file_name or "", installed.replaced, findings, lang))


async def _download(doc: Document) -> bytes:
    """getFile, then the download from base_file_url (STUDYBOT_FILE_URL)."""
    file = await doc.get_file()
    return bytes(await file.download_as_bytearray())


def _import_report(result: ImportResult, file_name: str, replaced: bool, findings: list[LintFinding], lang: str) -> str:
    bank = result.bank
    lines = [
        t(
            "admin_imported",
            lang,
            id=esc(bank.id),
            title=esc(bank.title),
            file=esc(file_name),
            n=len(bank.questions),
            counts=_counts(bank, lang),
        )
    ]
    if replaced:
        lines.append(t("admin_replaced", lang))
    lines.append(t("admin_live", lang))
    if result.warnings:
        lines += ["", t("admin_warnings", lang, n=len(result.warnings))]
        lines += _more([_issue_line(w, lang) for w in result.warnings], lang)
    errors = sum(f.level == "error" for f in findings)
    lines += ["", t("admin_lint", lang, errors=errors, warnings=len(findings) - errors)]
    # The new bank's findings first, errors before warnings: what the admin just did matters most.
    ordered = sorted(
        findings, key=lambda f: (f.bank_id != bank.id and bank.id not in " ".join(f.related), f.level != "error")
    )
    lines += _more([_finding_line(f, lang) for f in ordered], lang)
    return "\n".join(lines)


# ----- reports --------------------------------------------------------------------------------------


async def reports_command(update: Update, context: CustomContext) -> None:
    lang, engine = await context.lang(), context.engine
    flagged = await engine.flagged_reports()
    if not flagged:
        await context.reply(t("reports_none", lang))
        return
    parts = [t("reports_header", lang, n=sum(f.count for f in flagged))]
    for i, item in enumerate(flagged, start=1):
        found = engine.question_for(item.question)
        question = found[1] if found else None
        ids = ", ".join(f"#{r}" for r in item.report_ids)
        block = [t("reports_item", lang, i=i, bank=esc(item.bank), qid=esc(item.qid), n=item.count, ids=ids)]
        if question is None:
            block.append(t("reports_gone", lang))
        else:
            prompt = question.prompt.strip().replace("\n", " ")
            block.append(f"【{kind_label(question.kind, lang)}】{esc(prompt[:90])}{'…' if len(prompt) > 90 else ''}")
            block.append(t("reports_key", lang, answer=esc(describe_key(question, lang))))
        block += [f"  💬 {esc(c[:200])}" for c in item.comments[:5]]
        block.append(t("reports_actions", lang, bank=esc(item.bank), qid=esc(item.qid), first=item.report_ids[0]))
        parts.append("\n".join(block))
    await context.reply("\n\n".join(parts))


async def fixkey_command(update: Update, context: CustomContext) -> None:
    message, user = update.effective_message, update.effective_user
    if message is None or user is None:
        return
    lang = await context.lang()
    words = (message.text or "").split(maxsplit=3)
    if len(words) < 4:
        await context.reply(t("fixkey_usage", lang))
        return
    _, bank_id, qid, typed = words
    try:
        fixed = await context.bank_admin.fix_key(bank_id, qid, typed)
    except KeyFixError as exc:
        await context.reply(esc(exc.message(lang)))
        return
    log.info(
        "admin %d fixed the key of %s/%s: %s -> %s (%d reports resolved)",
        user.id,
        bank_id,
        qid,
        fixed.old,
        fixed.new,
        fixed.resolved,
    )
    await context.reply(
        t(
            "fixkey_done",
            lang,
            bank=esc(bank_id),
            qid=esc(qid),
            old=esc(fixed.old),
            new=esc(fixed.new),
            n=fixed.resolved,
        )
    )


async def dismiss_command(update: Update, context: CustomContext) -> None:
    """/dismiss REPORT_ID, or /dismiss BANK QUESTION for every open report of a question."""
    user = update.effective_user
    if user is None:
        return
    lang, engine = await context.lang(), context.engine
    args = context.args or []
    report_id = _report_id(args[0]) if len(args) == 1 else None
    if not (report_id is not None or len(args) == 2):
        await context.reply(t("dismiss_usage", lang))
        return
    if report_id is not None:
        done = 1 if await engine.dismiss_report(report_id) else 0
        what = f"#{report_id}"
    else:
        done = await engine.resolve_reports(args[0], args[1])
        what = f"{args[0]}/{args[1]}"
    if not done:
        await context.reply(t("dismiss_none", lang, what=esc(what)))
        return
    log.info("admin %d dismissed %d report(s) of %s", user.id, done, what)
    await context.reply(t("dismiss_done", lang, n=done, what=esc(what)))


def _report_id(word: str) -> int | None:
    """A report id as /reports shows it (#12 or 12): ASCII digits that fit SQLite's integers, else None."""
    digits = word.removeprefix("#")
    return int(digits) if _REPORT_ID.fullmatch(digits) else None


def register(app: Application) -> None:  # type: ignore[type-arg]
    # The admin commands are in the command registry; here only the upload. A document in a group is
    # not an import request (groups share files all the time).
    private = filters.ChatType.PRIVATE & filters.UpdateType.MESSAGE
    app.add_handler(MessageHandler(filters.Document.ALL & private, on_document))
