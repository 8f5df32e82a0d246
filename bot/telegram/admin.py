"""Admins (STUDYBOT_ADMINS) manage banks from the chat: send a document to import it, /reports to review
flagged keys, /fixkey to correct a key, /dismiss to close a report.

Non-admins never reach any of it: in a private chat they are told politely that only admins may do
this; a document sent in a group is ignored (groups share files all the time). Every admin action is
one log line on the `bot.admin` logger.
"""

from __future__ import annotations

import asyncio
import errno
import logging
import re
from dataclasses import replace
from pathlib import Path

from pydantic import ValidationError
from telegram import Document, Update
from telegram.constants import ChatType
from telegram.ext import Application, MessageHandler, filters

from bot.banks.importer import ImportResult
from bot.banks.issues import DocumentError, Issue
from bot.banks.key_fix import KeyFixError, describe_key, parse_key, with_key
from bot.banks.limits import UPLOAD_LIMITS, DocumentTooLarge
from bot.banks.lint import LintFinding, lint_banks
from bot.banks.model import Bank, Kind, load_bank, load_banks_serving, save_bank
from bot.banks.sandbox import import_isolated
from bot.banks.upload import bank_id_for, check_upload
from bot.grading import kind_label
from bot.store import report_admin
from bot.study.engine import StudyEngine
from bot.study.reload import reload_banks
from bot.telegram.common import Context, engine_of, lang_for, send_html, settings_of
from bot.telegram.render import esc
from bot.telegram.texts import t

__all__ = [
    "dismiss_command",
    "fixkey_command",
    "is_admin",
    "on_document",
    "register",
    "reports_command",
]

log = logging.getLogger("bot.admin")

SHOWN = 15  # lines of warnings, lint findings or errors shown per message part
_NOT_WRITABLE = {errno.EACCES, errno.EPERM, errno.EROFS}
_REPORT_ID = re.compile(r"[0-9]{1,18}")
_LOCK = "admin_lock"  # bot_data key: bank files are written and reloaded by one admin action at a time


def is_admin(context: Context, user_id: int | None) -> bool:
    return user_id is not None and user_id in settings_of(context).admins


def _lock(context: Context) -> asyncio.Lock:
    return context.application.bot_data.setdefault(_LOCK, asyncio.Lock())


async def _admin_or_refuse(update: Update, context: Context, what: str) -> bool:
    """True for an admin; a non-admin in a private chat is told that only admins may do this."""
    user, chat = update.effective_user, update.effective_chat
    if user is None or chat is None:
        return False
    if is_admin(context, user.id):
        return True
    log.info("refused %s to non-admin %d", what, user.id)
    if chat.type == ChatType.PRIVATE:
        await send_html(context, chat.id, t("admin_only", await lang_for(update, context)))
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


def _folder(context: Context) -> Path:
    return settings_of(context).banks


async def _servable(folder: Path) -> list[Bank]:
    """The banks of the folder that can be read; those that cannot are logged and left out."""
    banks, problems = await asyncio.to_thread(load_banks_serving, folder)
    for path, why in problems:
        log.error("bank file %s cannot be read (%s): not served", path, why)
    return banks


# ----- document upload -----------------------------------------------------------------------------


async def on_document(update: Update, context: Context) -> None:
    message, user, chat = update.effective_message, update.effective_user, update.effective_chat
    if message is None or message.document is None or user is None or chat is None:
        return
    if not await _admin_or_refuse(update, context, "a document upload"):
        return
    lang = await lang_for(update, context)
    doc = message.document
    refusal = check_upload(doc.file_name, doc.file_size)
    if refusal is not None:
        log.info("admin %d: refused %r (%s bytes): %s", user.id, doc.file_name, doc.file_size, refusal.en)
        await send_html(context, chat.id, esc(refusal.message(lang)))
        return
    data = await _download(doc)
    refusal = check_upload(doc.file_name, len(data))  # file_size is optional in the Bot API
    if refusal is not None:
        await send_html(context, chat.id, esc(refusal.message(lang)))
        return
    bank_id = bank_id_for(doc.file_name, message.caption)
    settings = settings_of(context)
    limits = replace(UPLOAD_LIMITS, max_seconds=settings.import_seconds, max_memory_mb=settings.import_memory_mb)
    try:
        # In a process of its own, memory and time capped: a zip bomb or a huge file cannot stall the bot.
        result = await import_isolated(data, doc.file_name, bank_id, limits)
    except DocumentTooLarge as exc:
        log.warning("admin %d: %s refused: %s", user.id, doc.file_name, exc)
        await send_html(
            context,
            chat.id,
            t("admin_too_big", lang, file=esc(exc.source), why=esc(exc.en if lang == "en" else exc.zh)),
        )
        return
    except DocumentError as exc:
        log.info("admin %d: %s is malformed: %s", user.id, doc.file_name, exc)
        lines = [t("admin_malformed", lang, file=esc(exc.source), n=len(exc.issues))]
        lines += _more([_issue_line(i, lang) for i in exc.issues], lang)
        await send_html(context, chat.id, "\n".join(lines))
        return
    engine = engine_of(context)
    async with _lock(context):
        folder = _folder(context)
        replaced = (folder / f"{bank_id}.json").is_file()
        try:
            await asyncio.to_thread(save_bank, result.bank, folder)
        except OSError as exc:
            log.error("admin %d: cannot write bank %s into %s: %s", user.id, bank_id, folder, exc)
            # E.g. the Docker image's bundled banks folder is read-only: STUDYBOT_BANKS must be writable. A
            # full disk is not that; either way the old file is untouched (written whole or not at all).
            key = "admin_unwritable" if exc.errno in _NOT_WRITABLE else "admin_save_failed"
            await send_html(
                context, chat.id, t(key, lang, id=esc(bank_id), folder=esc(folder), why=esc(exc.strerror or exc))
            )
            return
        banks = await _servable(folder)
        findings = await asyncio.to_thread(lint_banks, banks)
        if engine is not None:
            await reload_banks(engine, banks)
    log.info(
        "admin %d imported bank %s from %s: %d questions, %d warnings, %s; lint: %d errors, %d warnings",
        user.id,
        bank_id,
        doc.file_name,
        len(result.bank.questions),
        len(result.warnings),
        "replaced" if replaced else "new",
        sum(f.level == "error" for f in findings),
        sum(f.level == "warning" for f in findings),
    )
    await send_html(context, chat.id, _import_report(result, doc.file_name or "", replaced, findings, lang))


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


async def reports_command(update: Update, context: Context) -> None:
    chat = update.effective_chat
    if chat is None or not await _admin_or_refuse(update, context, "/reports"):
        return
    lang = await lang_for(update, context)
    engine = engine_of(context)
    if engine is None:
        return
    async with engine.store.read() as db:
        flagged = await report_admin.flagged_questions(db)
    if not flagged:
        await send_html(context, chat.id, t("reports_none", lang))
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
    await send_html(context, chat.id, "\n\n".join(parts))


def _bank_path(folder: Path, bank_id: str) -> Path | None:
    """The file in the banks folder that holds bank `bank_id` (normally `<id>.json`)."""
    usual = folder / f"{bank_id}.json"
    try:
        candidates = [usual] if usual.is_file() else []
    except (OSError, ValueError):  # a name no file system takes
        candidates = []
    candidates += sorted(p for p in folder.glob("*.json") if p != usual)
    for path in candidates:
        try:
            if load_bank(path).id == bank_id:
                return path
        except (OSError, ValidationError, ValueError):
            continue
    return None


async def fixkey_command(update: Update, context: Context) -> None:
    message, user, chat = update.effective_message, update.effective_user, update.effective_chat
    if message is None or user is None or chat is None or not await _admin_or_refuse(update, context, "/fixkey"):
        return
    lang = await lang_for(update, context)
    engine = engine_of(context)
    words = (message.text or "").split(maxsplit=3)
    if len(words) < 4 or engine is None:
        await send_html(context, chat.id, t("fixkey_usage", lang))
        return
    _, bank_id, qid, typed = words
    try:
        async with _lock(context):
            old, new, resolved = await _fix_key(engine, _folder(context), bank_id, qid, typed)
    except KeyFixError as exc:
        await send_html(context, chat.id, esc(exc.message(lang)))
        return
    log.info(
        "admin %d fixed the key of %s/%s: %s -> %s (%d reports resolved)", user.id, bank_id, qid, old, new, resolved
    )
    await send_html(
        context,
        chat.id,
        t("fixkey_done", lang, bank=esc(bank_id), qid=esc(qid), old=esc(old), new=esc(new), n=resolved),
    )


async def _fix_key(engine: StudyEngine, folder: Path, bank_id: str, qid: str, typed: str) -> tuple[str, str, int]:
    """Write the new key into the bank file, put it live, resolve the question's reports."""
    # Only a bank the bot serves: a typed id never becomes a path of its own (../, NUL, 300 bytes...).
    path = await asyncio.to_thread(_bank_path, folder, bank_id) if bank_id in engine.banks else None
    if path is None:
        raise KeyFixError(f"题库文件夹中没有题库 {bank_id}", f"there is no bank {bank_id} in the banks folder")
    bank = await asyncio.to_thread(load_bank, path)
    question = bank.question(qid)
    if question is None:
        raise KeyFixError(f"题库 {bank_id} 中没有题目 {qid}", f"bank {bank_id} has no question {qid}")
    fixed = with_key(bank, qid, parse_key(question, typed))
    new_question = fixed.question(qid)
    assert new_question is not None
    try:
        await asyncio.to_thread(save_bank, fixed, folder, path)
    except OSError as exc:
        log.error("cannot write bank file %s: %s", path, exc)
        hint = (
            ("（STUDYBOT_BANKS 须可写）", " (STUDYBOT_BANKS must be writable)")
            if exc.errno in _NOT_WRITABLE
            else ("", "")
        )
        raise KeyFixError(
            f"无法写入题库文件 {path}：{exc.strerror}{hint[0]}。答案没有改变，题库文件保持原样。",
            f"cannot write the bank file {path}: {exc.strerror}{hint[1]}. The key is unchanged "
            "and the bank file is as it was.",
        ) from exc
    await reload_banks(engine, await _servable(folder))
    key = engine.question_key(bank_id, qid)
    resolved = 0
    if key is not None:
        async with engine.store.write() as db:
            resolved = await report_admin.resolve_question(db, key)
    return describe_key(question), describe_key(new_question), resolved


async def dismiss_command(update: Update, context: Context) -> None:
    """/dismiss REPORT_ID, or /dismiss BANK QUESTION for every open report of a question."""
    user, chat = update.effective_user, update.effective_chat
    if user is None or chat is None or not await _admin_or_refuse(update, context, "/dismiss"):
        return
    lang = await lang_for(update, context)
    engine = engine_of(context)
    args = context.args or []
    report_id = _report_id(args[0]) if len(args) == 1 else None
    if engine is None or not (report_id is not None or len(args) == 2):
        await send_html(context, chat.id, t("dismiss_usage", lang))
        return
    if report_id is not None:
        async with engine.store.write() as db:
            done = 1 if await report_admin.dismiss(db, report_id) else 0
        what = f"#{report_id}"
    else:
        key = engine.question_key(args[0], args[1])
        done = 0
        if key is not None:
            async with engine.store.write() as db:
                done = await report_admin.resolve_question(db, key)
        what = f"{args[0]}/{args[1]}"
    if not done:
        await send_html(context, chat.id, t("dismiss_none", lang, what=esc(what)))
        return
    log.info("admin %d dismissed %d report(s) of %s", user.id, done, what)
    await send_html(context, chat.id, t("dismiss_done", lang, n=done, what=esc(what)))


def _report_id(word: str) -> int | None:
    """A report id as /reports shows it (#12 or 12): ASCII digits that fit SQLite's integers, else None."""
    digits = word.removeprefix("#")
    return int(digits) if _REPORT_ID.fullmatch(digits) else None


def register(app: Application) -> None:  # type: ignore[type-arg]
    # The admin commands are in the command registry; here only the upload. A document in a group is
    # not an import request (groups share files all the time).
    private = filters.ChatType.PRIVATE & filters.UpdateType.MESSAGE
    app.add_handler(MessageHandler(filters.Document.ALL & private, on_document))
