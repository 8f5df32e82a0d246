"""Admins (STUDYBOT_ADMINS) manage banks from the chat: send a document to import it (a preview first,
live only once the admin confirms), /reports to review flagged keys (then the learners' disputes and their
common wrong answers: bot/telegram/disputes.py), /fixkey
to correct a key, /dismiss to close a report.

An upload is imported at once (in a capped process) and held in the database with its preview's
buttons pointing at that row, so a restart between the preview and the confirmation loses nothing.
Only the admin who sent the document can confirm or cancel it (the preview is in their private chat).
Deleting a bank from /banks: bot/telegram/bank_delete.py.

Non-admins never reach any of it: in a private chat they are told politely that only admins may do
this; a document sent in a group is ignored (groups share files all the time). Every admin action is
one log line on the `bot.admin` logger.
"""

from __future__ import annotations

import logging
import re
from dataclasses import replace

from telegram import CallbackQuery, Document, InlineKeyboardButton, InlineKeyboardMarkup, Message, Update
from telegram.constants import ChatType
from telegram.error import BadRequest, TelegramError
from telegram.ext import Application, MessageHandler, filters

from bot.banks.import_queue import QueueFull
from bot.banks.importer import ImportResult
from bot.banks.issues import DocumentError, Issue
from bot.banks.key_fix import KeyFixError, describe_key
from bot.banks.limits import UPLOAD_LIMITS, DocumentTooLarge
from bot.banks.lint import LintFinding
from bot.banks.model import Bank, Kind, bank_json
from bot.banks.review import review_of
from bot.banks.sandbox import import_isolated
from bot.banks.summary import issue_line, samples, shown_key, summary
from bot.banks.upload import bank_id_for, check_upload, safe_name
from bot.grading import format_question, kind_label
from bot.records import PendingUpload
from bot.study.bank_admin import NOT_WRITABLE, Target, target_for
from bot.study.engine import StudyEngine
from bot.telegram.callbacks import Callback
from bot.telegram.context import CustomContext
from bot.telegram.desk import with_desk_button
from bot.telegram.disputes import send_disputes_and_answers
from bot.telegram.presses import PRESSES
from bot.telegram.render import esc
from bot.telegram.sending import send_html
from bot.telegram.texts import listing, t

__all__ = [
    "admin_or_refuse",
    "answer_press",
    "chat_of",
    "dismiss_command",
    "drop_buttons",
    "fixkey_command",
    "on_document",
    "preview_text",
    "register",
    "reports_command",
    "say",
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
    if issue.sheet:  # a row of one sheet of a workbook: the summary's wording names the sheet
        return esc(issue_line(issue, lang))
    where = t("admin_line", lang, line=issue.line) if issue.line else t("admin_whole", lang)
    return f"{where}{esc(clip(issue.en if lang == 'en' else issue.zh))}"


def _finding_line(finding: LintFinding, lang: str) -> str:
    where = f"{finding.bank_id}/{finding.question_id}" if finding.question_id else finding.bank_id
    level = t("admin_error" if finding.level == "error" else "admin_warning", lang)
    return f"{level} <code>{esc(where)}</code> {esc(clip(finding.message if lang == 'en' else finding.message_zh))}"


def _counts(bank: Bank, lang: str) -> str:
    counts = bank.counts()
    return listing((f"{kind_label(kind, lang)} {counts[kind]}" for kind in Kind if counts[kind]), lang)


# ----- document upload: import, preview, confirm ---------------------------------------------------


async def on_document(update: Update, context: CustomContext) -> None:
    """Import the document in a capped process and show a preview; nothing changes until the admin confirms."""
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
    named = bank_id == (message.caption or "").strip()  # the caption named the bank
    settings = context.settings
    limits = replace(UPLOAD_LIMITS, max_seconds=settings.import_seconds, max_memory_mb=settings.import_memory_mb)
    shown_name = esc(safe_name(doc.file_name))

    async def queued(ahead: int) -> None:
        await context.reply(t("upload_queued", lang, file=shown_name, n=ahead))

    try:
        # In a process of its own, memory and time capped: a zip bomb or a huge file cannot stall the bot;
        # one at a time, the teacher's desk's uploads too: one memory ceiling for all of them.
        result = await import_isolated(data, doc.file_name, bank_id, limits, on_wait=queued, refuse_when_full=True)
    except QueueFull as exc:
        log.info("admin %d: %s refused: %d documents are waiting to be read", user.id, doc.file_name, exc.waiting)
        await context.reply(t("upload_busy", lang, n=exc.waiting, file=shown_name))
        return
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
    # A document sent again replaces its bank (same id, else same title) instead of adding a copy.
    target = target_for(context.engine.banks, bank_id, result.bank.title, named=named)
    bank = result.bank.model_copy(update={"id": target.bank_id})
    file_name = safe_name(doc.file_name)
    review = review_of(result).model_dump_json()  # what the teacher's desk shows beside the draft
    upload_id = await context.engine.hold_upload(user.id, chat.id, bank.id, file_name, bank_json(bank), review)
    held = await context.engine.held_upload(upload_id)  # its digest, for the buttons
    assert held is not None
    log.info(
        "admin %d: %s read as bank %s (%d questions, %d left out, %s); waiting for confirmation #%d",
        user.id,
        file_name,
        bank.id,
        len(bank.questions),
        len(result.left_out),
        "replacing" if target.replaces else "new",
        upload_id,
    )
    markup = _preview_buttons(context, held, len(bank.questions), lang)
    # here, not at the top: model_reading's imports lead back to this module (learner → bank_delete)
    from bot.telegram.model_reading import offers_reading, reading_button

    if offers_reading(context, result):  # model help on, and passages left out: [AI 补读] under the preview
        _keep_import(context, upload_id, result)
        markup = InlineKeyboardMarkup([*markup.inline_keyboard, [reading_button(context, lang, held)]])
    markup = with_desk_button(context, lang, markup, f"/drafts/{upload_id}")  # every question, on the desk
    await context.reply(preview_text(result, bank, target, file_name, lang), reply_markup=markup)


def _preview_buttons(context: CustomContext, held: PendingUpload, questions: int, lang: str) -> InlineKeyboardMarkup:
    """[导入 N 题] [取消], bound to the upload's row and to the digest of the bank the preview shows."""
    confirm = t("btn_upload_confirm", lang, n=questions)
    codec = context.codec
    return InlineKeyboardMarkup(
        [
            [
                InlineKeyboardButton(confirm, callback_data=codec.encode("upload", held.id, held.digest, "y")),
                InlineKeyboardButton(
                    t("btn_cancel", lang), callback_data=codec.encode("upload", held.id, held.digest, "n")
                ),
            ]
        ]
    )


def _pressed(cb: Callback) -> tuple[int, str, str]:
    """A preview button's upload id, digest ('' on a button from before digests) and choice."""
    if cb.action.endswith("_v1"):
        return int(cb.fields[0]), "", cb.fields[-1]
    return int(cb.fields[0]), cb.fields[1], cb.fields[-1]


KEPT_IMPORTS = 16  # imports kept in memory for [AI 补读] (the newest; a restart forgets them: send it again)


def _keep_import(context: CustomContext, upload_id: int, result: ImportResult) -> None:
    kept = context.bot_data.held_imports
    kept[upload_id] = result
    while len(kept) > KEPT_IMPORTS:
        kept.pop(next(iter(kept)))


async def press_read(context: CustomContext, query: CallbackQuery, cb: Callback) -> None:
    """[AI 补读] under a preview: the model reads the passages the import left out; a new preview to confirm."""
    lang, engine = await context.lang(), context.engine
    upload_id = int(cb.fields[0])
    digest = cb.fields[1] if len(cb.fields) > 1 else ""  # '': a button from before digests
    held = await engine.held_upload(upload_id)
    if held is not None and held.digest != digest:
        held = None  # another upload's button
    if not context.is_bot_admin() or (held is not None and held.admin_id != query.from_user.id):
        await answer_press(query, t("upload_not_yours", lang), alert=True)
        return
    result = context.bot_data.held_imports.get(upload_id)
    if held is None or result is None:
        await answer_press(query, t("ai_read_gone", lang), alert=True)
        return
    await answer_press(query)
    from bot.telegram.model_reading import read_for_upload

    reading = await read_for_upload(context, chat_of(query), result, lang)
    if reading is None:
        await say(context, query, t("ai_read_gone", lang))
        return
    taken = await engine.take_upload(upload_id, digest)
    if taken is None:  # confirmed or cancelled while the model read
        await say(context, query, t("upload_stale", lang))
        return
    await drop_buttons(context, query)
    context.bot_data.held_imports.pop(upload_id, None)
    bank = reading.result.bank.model_copy(update={"id": held.bank_id})
    target = target_for(engine.banks, held.bank_id, bank.title, named=True)
    review = review_of(replace(reading.result, lines=result.lines)).model_dump_json()  # for the desk
    new_id = await engine.hold_upload(held.admin_id, held.chat_id, bank.id, held.file_name, bank_json(bank), review)
    again = await engine.held_upload(new_id)
    assert again is not None
    log.info("admin %d: upload #%d read further by the model as #%d", held.admin_id, upload_id, new_id)
    text = preview_text(reading.result, bank, target, held.file_name, lang) + "\n\n" + reading.report
    await send_html(
        context.bot,
        chat_of(query),
        text,
        reply_markup=_preview_buttons(context, again, len(bank.questions), lang),
    )


async def _download(doc: Document) -> bytes:
    """getFile, then the download from base_file_url (STUDYBOT_FILE_URL)."""
    file = await doc.get_file()
    return bytes(await file.download_as_bytearray())


PREVIEW_LINES = 60  # lines of the import summary in a preview (a document can leave out hundreds)
PREVIEW_CHARS = 10_000  # a preview is at most three messages, whatever the document
LINE_CHARS = 300  # of one line of a report (a warning can quote the document)
SAMPLE_CHARS = 800  # of one sample question as learners will see it


def clip(text: str, most: int = LINE_CHARS) -> str:
    """`text` cut to `most` characters (before it is escaped: an entity is never cut)."""
    return text if len(text) <= most else text[: most - 1] + "…"


def preview_text(result: ImportResult, bank: Bank, target: Target, file_name: str, lang: str) -> str:
    """The import summary (per section, conventions, what was left out with its line) and sample questions
    as learners will see them (HTML), in at most PREVIEW_CHARS whatever the document."""
    head = t("upload_preview_head", lang, file=esc(file_name), id=esc(clip(bank.id)), title=esc(clip(bank.title)))
    tail = [""]
    if target.replaces is not None:
        title = esc(clip(target.replaces.title))
        tail.append(t("upload_replaces", lang, title=title, n=len(target.replaces.questions)))
    else:
        tail.append(t("upload_new_bank", lang, id=esc(bank.id)))
    tail += ["", t("upload_samples", lang)]
    for q in samples(bank):
        # The learner's rendering (bot/telegram/quiz.py sends the same text), then the key to check.
        shown = esc(clip(format_question(q, lang), SAMPLE_CHARS))
        tail += ["──────", shown, t("upload_key", lang, answer=esc(clip(shown_key(q, lang))))]
    tail += ["──────", t("upload_ask", lang)]
    room = PREVIEW_CHARS - len(head) - sum(len(line) + 1 for line in tail)
    report = [esc(clip(line)) for line in summary(result, lang)[:PREVIEW_LINES]]
    shown_lines: list[str] = []
    for line in report:
        if room - len(line) - 1 < 100:  # what is left for the "… N more" line
            break
        shown_lines.append(line)
        room -= len(line) + 1
    more = len(summary(result, lang)) - len(shown_lines)
    if more:
        shown_lines.append(t("admin_more", lang, n=more))
    return "\n".join([head, *shown_lines, *tail])


async def press_upload(context: CustomContext, query: CallbackQuery, cb: Callback) -> None:
    """[导入 N 题] or [取消] under a preview: only the admin who sent the document, once, and only for the
    bank that preview showed (the button carries its digest)."""
    lang, engine = await context.lang(), context.engine
    upload_id, digest, choice = _pressed(cb)
    if not context.is_bot_admin():
        log.info("refused an upload confirmation to non-admin %d", query.from_user.id)
        await answer_press(query, t("admin_only", lang), alert=True)
        return
    held = await engine.held_upload(upload_id)
    if held is not None and held.admin_id != query.from_user.id:
        await answer_press(query, t("upload_not_yours", lang), alert=True)
        return
    if choice not in ("y", "n"):
        await answer_press(query, t("callback_invalid", lang))
        return
    if held is None:
        taken = None
    elif choice == "y":  # recorded as confirmed before it is put live: a restart finishes it
        taken = await engine.confirm_upload(upload_id, digest, lang)
    else:
        taken = await engine.take_upload(upload_id, digest)
    if taken is None:
        await answer_press(query, await _why_not(engine, upload_id, digest, lang), alert=True)
        await drop_buttons(context, query)
        return
    await answer_press(query)
    if choice == "n":
        await drop_buttons(context, query)
        log.info("admin %d cancelled upload #%d (%s)", query.from_user.id, upload_id, taken.file_name)
        await say(context, query, t("upload_cancelled", lang, file=esc(taken.file_name)))
        return
    report, live = await put_live(context, taken, lang)
    if live:
        await drop_buttons(context, query)
    try:
        await say(context, query, report)
    finally:  # done once the admin is told: a crash before that finishes it (and tells) at the restart
        if live:
            await engine.finish_import(taken.id)


async def _why_not(engine: StudyEngine, upload_id: int, digest: str, lang: str) -> str:
    """A press that takes nothing: the import is being put live, is done, or the button is stale."""
    done = await engine.confirmed_import(upload_id)
    if done is not None and done.upload.digest == digest:
        return t("upload_applying" if done.state == "applying" else "upload_done_already", lang)
    return t("upload_stale", lang)


async def put_live(context: CustomContext, taken: PendingUpload, lang: str) -> tuple[str, bool]:
    """Install a confirmed upload's bank (again, if a crash came after it was written: the same file):
    the report for the admin (HTML), and whether the bank is live (the caller marks the import done once
    the admin is told). When it could not be written the upload waits again (its buttons work once the
    folder is fixed) and the report says why."""
    engine, shelf = context.engine, context.bank_admin
    bank = Bank.model_validate_json(taken.bank_json)
    try:
        installed = await shelf.install(bank)
    except OSError as exc:
        await engine.hold_again(taken)
        log.error("admin %d: cannot write bank %s into %s: %s", taken.admin_id, bank.id, shelf.folder, exc)
        # E.g. the Docker image's bundled banks folder is read-only: STUDYBOT_BANKS must be writable. A
        # full disk is not that; either way the old file is untouched (written whole or not at all).
        key = "admin_unwritable" if exc.errno in NOT_WRITABLE else "admin_save_failed"
        why = esc(exc.strerror or exc)
        return t(key, lang, id=esc(bank.id), folder=esc(shelf.folder), why=why), False
    findings = installed.findings
    log.info(
        "admin %d imported bank %s from %s: %d questions, %s; lint: %d errors, %d warnings",
        taken.admin_id,
        bank.id,
        taken.file_name,
        len(bank.questions),
        "replaced" if installed.replaced else "new",
        sum(f.level == "error" for f in findings),
        sum(f.level == "warning" for f in findings),
    )
    return _import_report(bank, taken.file_name, installed.replaced, findings, lang), True


async def finish_confirmed(context: CustomContext) -> int:
    """At start-up: put live the imports confirmed before the last stop and not finished, telling each
    admin (or that it failed); how many there were."""
    jobs = await context.engine.imports_applying()
    for job in jobs:
        taken, lang = job.upload, job.lang
        error = None
        try:
            report, live = await put_live(context, taken, lang)
        except Exception as exc:  # a bank that no longer reads, say: said once, never retried at each start
            log.exception("admin %d: the import #%d confirmed before the restart failed", taken.admin_id, taken.id)
            error = f"{type(exc).__name__}: {exc}"[:300]
            report, live = (
                t("upload_resume_failed", lang, file=esc(taken.file_name), why=esc(type(exc).__name__)),
                False,
            )
        else:
            if live:
                report = t("upload_resumed", lang) + "\n" + report
        log.info("admin %d: import #%d confirmed before the restart: %s", taken.admin_id, taken.id, error or "live")
        try:
            await send_html(context.bot, taken.chat_id, report)
        except TelegramError as exc:
            log.warning("could not tell admin %d about import #%d: %s", taken.admin_id, taken.id, exc)
        if live or error:
            await context.engine.finish_import(taken.id, error=error)
    return len(jobs)


def _concerns(finding: LintFinding, bank_id: str) -> bool:
    return finding.bank_id == bank_id or any(r.split("/", 1)[0] == bank_id for r in finding.related)


def _import_report(bank: Bank, file_name: str, replaced: bool, findings: list[LintFinding], lang: str) -> str:
    """The bank is live: what it holds, and the lint of this bank (other banks: one line with a count)."""
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
    mine = [f for f in findings if _concerns(f, bank.id)]  # lint_banks orders errors first
    errors = sum(f.level == "error" for f in mine)
    counted = t("n_errors", lang, n=errors), t("n_warnings", lang, n=len(mine) - errors)
    lines += ["", t("upload_lint_bank", lang, errors=counted[0], warnings=counted[1])]
    lines += _more([_finding_line(f, lang) for f in mine], lang)
    others = len(findings) - len(mine)
    if others:
        lines.append(t("upload_lint_others", lang, n=others))
    return "\n".join(lines)


async def answer_press(query: CallbackQuery, text: str | None = None, *, alert: bool = False) -> None:
    """Answer a button press (a toast, or an alert); a failure is logged and the rest goes on."""
    try:
        await query.answer(text, show_alert=alert)
    except TelegramError as exc:  # answered too late, say: the message that follows still goes
        log.info("could not answer a button press: %s", exc)


async def drop_buttons(context: CustomContext, query: CallbackQuery) -> None:
    """The buttons of a preview or of a delete confirmation are used once: they go from the message."""
    msg = query.message
    if msg is None or not isinstance(msg, Message) or msg.reply_markup is None:
        return
    try:
        await context.bot.edit_message_reply_markup(msg.chat.id, msg.message_id, reply_markup=None)
    except BadRequest as exc:  # deleted meanwhile, or too old to edit
        log.info("could not remove the buttons: %s", exc)


async def say(context: CustomContext, query: CallbackQuery, text: str) -> None:
    """A message (HTML) in the chat of the pressed button."""
    await send_html(context.bot, chat_of(query), text)


def chat_of(query: CallbackQuery) -> int:
    return query.message.chat.id if query.message is not None else query.from_user.id


# ----- reports --------------------------------------------------------------------------------------


async def reports_command(update: Update, context: CustomContext) -> None:
    lang, engine = await context.lang(), context.engine
    flagged = await engine.flagged_reports()
    if not flagged:
        await context.reply(t("reports_none", lang))
        await send_disputes_and_answers(context, lang)
        return
    parts = [t("reports_header", lang, n=sum(f.count for f in flagged))]
    for i, item in enumerate(flagged, start=1):
        found = engine.question_for(item.question)
        question = found[1] if found else None
        ids = listing((f"#{r}" for r in item.report_ids), lang)
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
    await context.reply("\n\n".join(parts), reply_markup=with_desk_button(context, lang, None, "/answers"))
    await send_disputes_and_answers(context, lang)


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
        done = await engine.resolve_reports(args[0], args[1], "dismissed")
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


PRESSES.update({"upload": press_upload, "upload_v1": press_upload, "aread": press_read, "aread_v1": press_read})
